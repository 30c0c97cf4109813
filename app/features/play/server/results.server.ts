// Recording results: a result or its correction, the knockout drawn after the groups, the director's tables.
import { and, eq, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  isUniqueViolation,
  known,
  reads,
  trailing,
  write,
  type Item,
  type Sender,
} from "~/db/batch.server.ts";
import { matches, tables, tableTaps, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { withChanges, type BracketMatch, type MatchChange } from "~/features/play/domain/bracket.ts";
import { applyResult, type ResultInput } from "~/features/play/domain/apply-result.ts";
import { correctResult } from "~/features/play/domain/correct-result.ts";
import { movesAtTables, movesKey, type PlayerMove } from "~/features/play/domain/corrections.ts";
import { knockoutAfterGroups } from "~/features/play/domain/groups.ts";
import { DomainError } from "~/domain/errors.ts";
import { checkSamePlayers, checkTableAssignment, matchInPlay } from "~/features/play/domain/play-checks.ts";
import { noShowRefusal } from "~/features/floor/domain/queue.ts";
import { drawWithWalkovers, withWalkovers } from "~/features/entries/domain/withdrawn.ts";
import { forgetCall } from "~/features/floor/server/calls.server.ts";
import type { Change, QueuesAfter } from "~/domain/changes.ts";
import {
  bracketQuery,
  drawnSeedsQuery,
  matchesAfter,
  matchWithTournament,
  withdrawnQuery,
} from "./match-reads.server.ts";
import { queuesAfter } from "~/features/floor/server/queue-reads.server.ts";
import { registrationEntry } from "~/features/entries/server/entries.server.ts";
import { formatOptions, insertMatches } from "./start.server.ts";
import { racesOf } from "~/features/play/domain/races.ts";
import { boardsAfter } from "~/features/floor/server/tables.server.ts";
import { tournamentRow } from "~/features/tournaments/server/tournament-ref.server.ts";

type MatchRow = typeof matches.$inferSelect;

// A match a result changes is as we read it when the batch runs: still a bye or still no result, and the slots
// this change fills as they were (a sibling filling the other slot is fine). A change that makes a match a bye or
// not, or completes or reopens one (a double forfeit and its correction do), was worked out from the whole row,
// so all of it must be as we read it.
function stillAsRead(was: BracketMatch, change: MatchChange) {
  const whole = ["isBye", "status", "winnerId"].some((field) => field in change.set);
  const slots = (["player1Id", "player2Id"] as const)
    .filter((slot) => whole || slot in change.set)
    .map((slot) => sql` and ${matches[slot]} is ${was[slot]}`);
  const decided = whole
    ? sql` and ${matches.status} = ${was.status} and ${matches.winnerId} is ${was.winnerId}`
    : sql``;
  return sql`(${matches.id} = ${was.id} and ${matches.isBye} = ${was.isBye ? 1 : 0} and ${
    was.isBye ? sql`1` : sql`${matches.status} != 'completed'`
  }${decided}${sql.join(slots, sql``)})`;
}

// A correction can turn a match at a table into a bye or take a player out of it: it leaves the table then.
function offTable(bracket: readonly BracketMatch[], change: MatchChange) {
  const was = bracket.find((m) => m.id === change.id);
  const leaves = was?.status === "in_progress" && (change.set.isBye === true || change.set.status === "pending");
  return leaves ? { ...change.set, tableId: null, tableAssignedAt: null } : change.set;
}

export const MATCH_CHANGED = "This match changed meanwhile: reload and try again";

/**
 * Changes to matches other than a result's own (the walkovers a withdrawal gives, decision 021): each match still as
 * read when the batch runs, then its update.
 */
export function matchChangeStatements(bracket: readonly BracketMatch[], changes: readonly MatchChange[]): Item[] {
  if (changes.length === 0) return [];
  return [
    assertInBatch(
      sql`(select count(*) from ${matches} where ${sql.join(
        changes.map((change) => {
          const was = bracket.find((m) => m.id === change.id);
          if (!was) throw new Error(`A change names a match outside the bracket: ${change.id}`);
          return stillAsRead(was, change);
        }),
        sql` or `,
      )}) = ${changes.length}`,
    ),
    ...changes.map((change) => build.update(matches).set(offTable(bracket, change)).where(eq(matches.id, change.id))),
  ];
}

/**
 * The withdrawn entries are those read (a withdrawal meanwhile refuses: its walkovers were not worked out here);
 * `also` is withdrawn now (a no-show given a walkover by the floor: never called again).
 */
function withdrawnStatements(tournamentId: string, read: ReadonlySet<string>, also: string | null, now: number) {
  return [
    assertInBatch(
      sql`(select count(*) from ${tournamentPlayers} where ${tournamentPlayers.tournamentId} = ${tournamentId}
        and ${tournamentPlayers.withdrawnAt} is not null) = ${read.size}`,
    ),
    ...(also === null || read.has(also)
      ? []
      : [
          build
            .update(tournamentPlayers)
            .set({ withdrawnAt: now })
            .where(
              and(
                eq(tournamentPlayers.tournamentId, tournamentId),
                sql`${tournamentPlayers.withdrawnAt} is null`,
                sql`${registrationEntry} = ${also}`,
              ),
            ),
        ]),
  ];
}

/** Asserts that these matches still have the results they were read with (a correction meanwhile refuses). */
export function resultsUnchanged(tournamentId: string, read: readonly BracketMatch[]) {
  if (read.length === 0) return assertInBatch(sql`1`);
  return assertInBatch(
    sql`(select count(*) from ${matches} where ${matches.tournamentId} = ${tournamentId}
      and (${matches.id}, ${matches.status}, coalesce(${matches.winnerId}, ''), ${matches.player1Score},
        ${matches.player2Score})
      in (values ${sql.join(
        read.map((m) => sql`(${m.id}, ${m.status}, ${m.winnerId ?? ""}, ${m.player1Score}, ${m.player2Score})`),
        sql`, `,
      )})) = ${read.length}`,
  );
}

/**
 * The batch writing a result's changes, guarded on the match being as we read it; `then` are more statements
 * in the same batch, whose answers it returns.
 */
function resultStatements(
  before: MatchRow,
  bracket: readonly BracketMatch[],
  changes: MatchChange[],
  then: readonly Item[] = [],
  {
    waiting,
    guards = [],
  }: {
    /**
     * Whether a tablet's result must be waiting for approval when the batch runs: not for a no-show's walkover
     * (refused if a tablet confirmed a result since the read), still for an approval (refused if the table took it
     * back meanwhile). The scores are guarded anyway; undefined: either.
     */
    waiting?: boolean;
    /** More assertions of the caller's, in the same batch. */
    guards?: readonly Item[];
  } = {},
) {
  const [own, ...others] = changes;
  if (!own || own.id !== before.id) throw new Error("applyResult must change the match itself first");
  const guard = and(
    eq(matches.id, before.id),
    eq(matches.status, before.status),
    before.winnerId === null ? sql`${matches.winnerId} is null` : eq(matches.winnerId, before.winnerId),
    before.player1Id === null ? sql`${matches.player1Id} is null` : eq(matches.player1Id, before.player1Id),
    before.player2Id === null ? sql`${matches.player2Id} is null` : eq(matches.player2Id, before.player2Id),
    eq(matches.player1Score, before.player1Score),
    eq(matches.player2Score, before.player2Score),
    waiting === undefined ? undefined : eq(matches.awaitingApproval, waiting),
  );
  const after = { ...before, ...own.set };
  const items = [
    // Checked when the batch runs, not when we read: a finalize or the next
    // match's result may have landed in between.
    assertInBatch(
      sql`exists (select 1 from ${tournaments}
        where ${tournaments.id} = ${before.tournamentId} and ${tournaments.status} = 'in_progress')`,
    ),
    // The matches this result moves players into have no result meanwhile (a bye that carries them on is
    // still a bye), and the slots it fills still hold what we read: a sibling filling the other slot is fine.
    assertInBatch(
      others.length === 0
        ? sql`1`
        : sql`(select count(*) from ${matches} where ${sql.join(
            others.map((change) => {
              const was = bracket.find((m) => m.id === change.id);
              if (!was) throw new Error(`A change names a match outside the bracket: ${change.id}`);
              return stillAsRead(was, change);
            }),
            sql` or `,
          )}) = ${others.length}`,
    ),
    build.update(matches).set(own.set).where(guard).returning({ id: matches.id }),
    // Our own write must have happened before the next match is touched.
    assertInBatch(
      sql`exists (select 1 from ${matches} where ${matches.id} = ${before.id} and ${matches.status} = 'completed'
        and ${matches.winnerId} is ${after.winnerId} and ${matches.player1Score} = ${after.player1Score}
        and ${matches.player2Score} = ${after.player2Score} and ${matches.completedAt} is ${after.completedAt})`,
    ),
    ...others.map((change) => build.update(matches).set(offTable(bracket, change)).where(eq(matches.id, change.id))),
    ...guards,
  ];
  return write(
    [...items, ...then],
    (raw) => {
      if (!(raw[2] as unknown[])[0]) throw new DomainError(409, MATCH_CHANGED);
      return raw.slice(items.length);
    },
    (error) =>
      isBatchGuardFailure(error) || isUniqueViolation(error) ? new DomainError(409, MATCH_CHANGED) : undefined,
  );
}

/** A tablet's confirm tap is not undone: the result it confirmed is still the table's. */
const confirmNotUndone = (seq: number) =>
  assertInBatch(sql`exists (select 1 from ${tableTaps} where ${tableTaps.seq} = ${seq}
    and ${tableTaps.kind} = 'confirm' and ${tableTaps.undoneBy} is null)`);

/**
 * The knockout drawn after the groups, guarded on the group results it was drawn from (`groupMatches`, as read)
 * being unchanged when the batch runs.
 */
export function knockoutDraw(
  tournamentId: string,
  groupMatches: readonly BracketMatch[],
  draw: readonly BracketMatch[],
  now: number,
) {
  return [resultsUnchanged(tournamentId, groupMatches), ...insertMatches(tournamentId, draw, now)];
}

/** After a group result: whether every group match is decided while no knockout is drawn (one statement). */
const knockoutDueQuery = (tournamentId: string) =>
  build
    .select({
      due: sql<number>`(select count(*) from ${matches} where ${matches.tournamentId} = ${tournamentId}
          and ${matches.bracket} = 'group' and ${matches.status} != 'completed') = 0
        and not exists (select 1 from ${matches} where ${matches.tournamentId} = ${tournamentId}
          and ${matches.bracket} = 'knockout')`,
    })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));

export type SaveResult = {
  organiserId: string;
  matchId: string;
  input: ResultInput;
  /** "either" corrects the result when the match has one already. */
  mode: "record" | "correct" | "either";
  /**
   * A walkover the floor gave a no-show (decision 021): the entry that did not turn up is withdrawn, never called
   * again, its later matches walkovers too.
   */
  noShow?: boolean;
  /** The players the caller believes are in the match: refused when the draw says otherwise. */
  players?: { player1Id?: string | null; player2Id?: string | null };
  /**
   * Asks before a correction moves a player in a match being played at a table: nothing is written unless this is
   * the key (movesKey) of exactly those moves, as shown to the director. Without it a correction saves at once.
   */
  confirmedMoves?: string;
  /**
   * The director approves the result a tablet confirmed (this confirm tap's row): written only while it still waits
   * for approval and the confirm is not undone, checked in the result's own batch (an undo at the table meanwhile
   * refuses it: decision 025).
   */
  approving?: { confirmSeq: number };
  now?: number;
};

export type Saved =
  | { outcome: "recorded" | "corrected"; tournamentId: string; floors: QueuesAfter; change: Change }
  /** Not written: the correction would move these players at tables; confirm with `key`. */
  | { outcome: "unconfirmed"; moves: PlayerMove[]; key: string };

/**
 * Records a result (or corrects it): the match, its tournament and the
 * bracket in one read, then one guarded batch. In groups into a knockout the
 * last group result draws the knockout in the same batch, and a corrected
 * group table moves the knockout's entries (groups.ts).
 */
export async function saveResult(
  db: Sender,
  {
    organiserId,
    matchId,
    input,
    mode,
    noShow = false,
    players: claimed = {},
    confirmedMoves,
    approving,
    now = Date.now(),
  }: SaveResult,
): Promise<Saved> {
  const read = await db.send(
    reads({
      found: matchWithTournament(matchId),
      bracket: bracketQuery({ matchId }),
      seeds: drawnSeedsQuery({ matchId }),
      withdrawn: withdrawnQuery({ matchId }),
    }),
  );
  const { row, t } = matchInPlay(read.found, organiserId);
  checkSamePlayers(row, claimed);
  const correcting = mode === "correct" || (mode === "either" && row.status === "completed");
  const options = { raceTo: t.raceTo, races: racesOf(t.raceTo, row), now };
  const result = (correcting ? correctResult : applyResult)(read.bracket, matchId, input, options);
  // A no-show's walkover withdraws the entry that did not turn up; every withdrawn entry's matches this result
  // reaches are walkovers (decision 021). A match being played (racks scored, a result waiting for approval) has no
  // no-show: refused, so a page left open since the clock ran out cannot give one.
  const givesNoShow = noShow && !correcting && input.outcome === "walkover";
  const playing = givesNoShow
    ? noShowRefusal({ ...row, awaitingApproval: row.awaitingApproval && row.status === "in_progress" })
    : null;
  if (playing !== null) throw new DomainError(409, playing);
  const absent = givesNoShow ? (input.winnerId === row.player1Id ? row.player2Id : row.player1Id) : null;
  const withdrawn = absent === null ? read.withdrawn : new Set([...read.withdrawn, absent]);
  let changes = withWalkovers(read.bracket, result, withdrawn, now);
  const groups = t.tournamentType === "round_robin_tier" && row.bracket === "group";
  let draw: BracketMatch[] = [];
  if (groups) {
    const knockout = knockoutAfterGroups(
      withChanges(read.bracket, changes),
      read.seeds,
      formatOptions(t).advancePerGroup,
      () => crypto.randomUUID(),
      now,
    );
    draw = drawWithWalkovers(knockout.draw, withdrawn, now);
    changes = [...changes, ...knockout.changes];
  }
  if (correcting && confirmedMoves !== undefined) {
    const moves = movesAtTables(read.bracket, changes);
    const key = movesKey(moves);
    if (moves.length > 0 && key !== confirmedMoves) return { outcome: "unconfirmed", moves, key };
  }
  const then: Item[] =
    draw.length > 0
      ? knockoutDraw(
          t.id,
          read.bracket.filter((m) => m.bracket === "group" && m.id !== matchId),
          draw,
          now,
        )
      : groups
        ? [knockoutDueQuery(t.id)]
        : [];
  // With automatic assignment on, the floor as this result leaves it is read at the end of its own batch.
  const floor = queuesAfter(organiserId, t.autoAssign);
  // The board of the match's table as the result leaves it, for that table's tablets; the matches it changed, for
  // the pages (a knockout drawn by it is new to them: they read it).
  const board = boardsAfter([row.tableId]);
  const changed = matchesAfter(draw.length > 0 ? [] : changes.map((c) => c.id));
  const answers = await db.write(
    resultStatements(
      row,
      read.bracket,
      changes,
      [
        ...then,
        ...withdrawnStatements(t.id, read.withdrawn, absent, now),
        ...changed.items,
        ...board.items,
        ...floor.items,
      ],
      approving
        ? { waiting: true, guards: [confirmNotUndone(approving.confirmSeq)] }
        : { waiting: givesNoShow ? false : undefined },
    ),
  );
  // Two last group results at once each saw the other undecided: the later batch sees both and draws it now.
  const due = groups && draw.length === 0 && (answers[0] as { due: number }[] | undefined)?.[0]?.due === 1;
  if (due) await drawKnockout(db, t.id, now);
  const [after, boards, left] = trailing(answers, changed, board, floor);
  const floors = due && t.autoAssign ? "read" : left;
  return {
    outcome: correcting ? "corrected" : "recorded",
    tournamentId: t.id,
    floors,
    // A result frees its table: the next match goes to it when the floor assigns automatically.
    change: {
      organiserId,
      tournamentId: t.id,
      what: "result",
      handicapped: t.handicap === "race",
      floors,
      boards,
      matches: due ? [] : after,
    },
  };
}

/** Draws the knockout after the groups when it is due and missing (a second draw at once changes nothing). */
async function drawKnockout(db: Sender, tournamentId: string, now: number): Promise<void> {
  const read = await db.send(
    reads({
      t: first(tournamentRow({ id: tournamentId })),
      bracket: bracketQuery({ id: tournamentId }),
      seeds: drawnSeedsQuery({ id: tournamentId }),
      withdrawn: withdrawnQuery({ id: tournamentId }),
    }),
  );
  if (read.t?.status !== "in_progress") return;
  const { draw: drawn } = knockoutAfterGroups(
    read.bracket,
    read.seeds,
    formatOptions(read.t).advancePerGroup,
    () => crypto.randomUUID(),
    now,
  );
  const draw = drawWithWalkovers(drawn, read.withdrawn, now);
  if (draw.length === 0) return;
  const groupMatches = read.bracket.filter((m) => m.bracket === "group");
  try {
    await db.write(write(knockoutDraw(tournamentId, groupMatches, draw, now)));
  } catch (error) {
    // Drawn by the other result meanwhile, or a group result corrected (whose own save draws it).
    if (!isUniqueViolation(error) && !isBatchGuardFailure(error)) throw error;
  }
}

/** Assigning a table puts the match in progress; unassigning returns it to pending. */
export async function assignTable(
  db: Sender,
  {
    organiserId,
    matchId,
    tableId,
    now = Date.now(),
  }: { organiserId: string; matchId: string; tableId: string | null; now?: number },
): Promise<{ tournamentId: string; change: Change }> {
  const read = await db.send(
    reads({
      found: matchWithTournament(matchId),
      table: tableId === null ? known(null) : first(build.select().from(tables).where(eq(tables.id, tableId)).limit(1)),
    }),
  );
  const { row, t } = matchInPlay(read.found, organiserId);
  checkTableAssignment(row, tableId === null ? "none" : read.table, organiserId);
  const notCompleted = and(eq(matches.id, matchId), sql`${matches.status} != 'completed'`);
  // Taken off (or moved): with automatic assignment on, the table it leaves refills as this batch leaves the floor.
  const floor = queuesAfter(organiserId, t.autoAssign && row.tableId !== null && row.tableId !== tableId);
  // The boards of the table it leaves and the table it goes to; the match, for the pages.
  const board = boardsAfter([row.tableId, tableId]);
  const changed = matchesAfter([matchId]);
  const change = { organiserId, tournamentId: row.tournamentId, what: "table" as const };
  if (tableId === null) {
    const [views, boards, floors] = await db.write(
      write(
        [
          // A tablet's confirmed result waiting for approval goes with the table: it is played again elsewhere.
          build
            .update(matches)
            .set({ tableId: null, tableAssignedAt: null, status: "pending", awaitingApproval: false })
            .where(notCompleted),
          // Its players were told of that table: a later call is news again.
          forgetCall(matchId),
          ...changed.items,
          ...board.items,
          ...floor.items,
        ],
        (raw) => trailing(raw, changed, board, floor),
      ),
    );
    return {
      tournamentId: row.tournamentId,
      change: { ...change, floors, boards, matches: views, holdBack: matchId },
    };
  }
  // One match in progress per table: a tablet's taps go to the match on it.
  const busy = sql`exists (select 1 from ${matches} b join ${tournaments} bt on bt.id = b.tournament_id
    where b.table_id = ${tableId} and b.id != ${matchId} and b.status = 'in_progress' and bt.status = 'in_progress')`;
  const [views, boards, floors] = await db.write(
    write(
      [
        build.all<{ busy: number }>(sql`select ${busy} as busy`),
        build
          .update(matches)
          .set({ tableId, tableAssignedAt: now, status: "in_progress" })
          .where(and(notCompleted, sql`not ${busy}`))
          .returning({ id: matches.id }),
        ...changed.items,
        ...board.items,
        ...floor.items,
      ],
      (raw) => {
        if (Number((raw[0] as { busy: number }[])[0]?.busy)) {
          throw new DomainError(409, `${read.table?.name ?? "The table"} has a match in progress`, {
            field: "tableId",
          });
        }
        if (!(raw[1] as unknown[])[0]) throw new DomainError(409, "This match already has a result");
        return trailing(raw, changed, board, floor);
      },
    ),
  );
  const called = { tournamentId: row.tournamentId, matchId, tableId, calledAt: now };
  return {
    tournamentId: row.tournamentId,
    change: { ...change, called: [called], floors, boards, matches: views, holdBack: matchId },
  };
}
