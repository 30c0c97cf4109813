// Recording results: a result or its correction, in one guarded batch with what it changes after it (the walkovers
// it reaches, the knockout the last group result draws).
import { and, eq, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  isBatchGuardFailure,
  isUniqueViolation,
  reads,
  trailing,
  write,
  type Item,
  type ReadResult,
  type Sender,
  type Write,
} from "~/db/batch.server.ts";
import { matches, tableTaps, tournamentPlayers, tournaments } from "~/db/schema.ts";
import type { BracketMatch, MatchChange } from "~/features/play/domain/bracket.ts";
import type { ResultInput } from "~/features/play/domain/apply-result.ts";
import { movesAtTables, movesKey, type PlayerMove } from "~/features/play/domain/corrections.ts";
import { resultChanges } from "~/features/play/domain/result-changes.ts";
import { DomainError } from "~/domain/errors.ts";
import { checkSamePlayers, matchInPlay } from "~/features/play/domain/play-checks.ts";
import type { Change, QueuesAfter } from "~/domain/changes.ts";
import {
  bracketQuery,
  drawnSeedsQuery,
  matchesAfter,
  matchWithTournament,
  withdrawnQuery,
} from "./match-reads.server.ts";
import { changesAsRead, changeUpdate, MATCH_CHANGED } from "./match-changes.server.ts";
import { afterGroupResult, drawKnockout } from "./knockout-draw.server.ts";
import { queuesAfter } from "~/features/floor/server/queue-reads.server.ts";
import { registrationEntry } from "~/features/entries/server/entries.server.ts";
import { formatOptions } from "~/features/tournaments/domain/formats.ts";
import { boardsAfter } from "~/features/floor/server/tables.server.ts";

type MatchRow = typeof matches.$inferSelect;

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
    changesAsRead(bracket, others),
    build.update(matches).set(own.set).where(guard).returning({ id: matches.id }),
    // Our own write must have happened before the next match is touched.
    assertInBatch(
      sql`exists (select 1 from ${matches} where ${matches.id} = ${before.id} and ${matches.status} = 'completed'
        and ${matches.winnerId} is ${after.winnerId} and ${matches.player1Score} = ${after.player1Score}
        and ${matches.player2Score} = ${after.player2Score} and ${matches.completedAt} is ${after.completedAt})`,
    ),
    ...others.map((change) => changeUpdate(bracket, change)),
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

/** What a result is decided from: the match, its tournament, the bracket, the seeds drawn and the withdrawn entries. */
export const resultRead = (matchId: string) =>
  reads({
    found: matchWithTournament(matchId),
    bracket: bracketQuery({ matchId }),
    seeds: drawnSeedsQuery({ matchId }),
    withdrawn: withdrawnQuery({ matchId }),
  });

type ResultFacts = ReadResult<ReturnType<typeof resultRead>>;

/** A result decided: the guarded batch that writes it, and what its answers make of it (a knockout due: drawn). */
export type PlannedResult = {
  outcome: "planned";
  write: Write<unknown[]>;
  finish: (db: Sender, answers: unknown[]) => Promise<Saved>;
};

/**
 * Decides a result (or its correction) from `read`, writing nothing: the batch to send, or the moves a correction
 * would make that the director has not confirmed. `asWritten` is how the match stands when the batch runs, where
 * the caller's own statements ahead of it in the same batch change it (a tablet's confirm: its scores, waiting).
 */
export function planResult(
  facts: ResultFacts,
  save: SaveResult,
  asWritten: Partial<MatchRow> = {},
): PlannedResult | Extract<Saved, { outcome: "unconfirmed" }> {
  const { organiserId, matchId, input, mode, noShow = false, players: claimed = {}, confirmedMoves, approving } = save;
  const now = save.now ?? Date.now();
  const found = matchInPlay(facts.found, organiserId);
  const row = { ...found.row, ...asWritten };
  const { t } = found;
  // The bracket with the match itself as the batch will find it.
  const ownScores = { player1Score: row.player1Score, player2Score: row.player2Score };
  const read = { ...facts, bracket: facts.bracket.map((m) => (m.id === row.id ? { ...m, ...ownScores } : m)) };
  checkSamePlayers(row, claimed);
  const correcting = mode === "correct" || (mode === "either" && row.status === "completed");
  const { givesNoShow, absent, changes, groups, draw } = resultChanges(
    read,
    row,
    { ...t, advancePerGroup: formatOptions(t).advancePerGroup },
    { matchId, input, correcting, noShow, now, newId: () => crypto.randomUUID() },
  );
  if (correcting && confirmedMoves !== undefined) {
    const moves = movesAtTables(read.bracket, changes);
    const key = movesKey(moves);
    if (moves.length > 0 && key !== confirmedMoves) return { outcome: "unconfirmed", moves, key };
  }
  const otherGroupMatches = read.bracket.filter((m) => m.bracket === "group" && m.id !== matchId);
  const then = groups ? afterGroupResult(t.id, otherGroupMatches, draw, now) : [];
  // With automatic assignment on, the floor as this result leaves it is read at the end of its own batch.
  const floor = queuesAfter(organiserId, t.autoAssign);
  // The board of the match's table as the result leaves it, for that table's tablets; the matches it changed, for
  // the pages (a knockout drawn by it is new to them: they read it).
  const board = boardsAfter([row.tableId]);
  const changed = matchesAfter(draw.length > 0 ? [] : changes.map((c) => c.id));
  const batch = resultStatements(
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
  );
  const finish = async (db: Sender, answers: unknown[]): Promise<Saved> => {
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
  };
  return { outcome: "planned", write: batch, finish };
}

/**
 * Records a result (or corrects it): the match, its tournament and the
 * bracket in one read, then one guarded batch. In groups into a knockout the
 * last group result draws the knockout in the same batch, and a corrected
 * group table moves the knockout's entries (groups.ts).
 */
export async function saveResult(db: Sender, save: SaveResult): Promise<Saved> {
  const planned = planResult(await db.send(resultRead(save.matchId)), save);
  if (planned.outcome === "unconfirmed") return planned;
  return planned.finish(db, await db.write(planned.write));
}
