// Running the evening: start (draw and bracket), results and corrections,
// tables, and finalize with payouts. Every change is one guarded batch, so
// two taps at once or a double finalize cannot write twice.
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  assertInBatch,
  assertLedger,
  build,
  first,
  isBatchGuardFailure,
  isLedgerGuardFailure,
  isUniqueViolation,
  known,
  mapRead,
  outer,
  query,
  reads,
  trailing,
  write,
  type Item,
  type Read,
  type Sender,
} from "~/db/batch.server.ts";
import {
  matches,
  payouts,
  players,
  playerStats,
  tables,
  teamMembers,
  teams,
  tournamentPlayers,
  tournaments,
  transactions,
} from "~/db/schema.ts";
import {
  applyResult,
  correctResult,
  withChanges,
  type BracketMatch,
  type MatchChange,
  type ResultInput,
} from "~/domain/bracket.ts";
import { movesAtTables, movesKey, type PlayerMove } from "~/domain/corrections.ts";
import { generateFormat, type FormatOptions } from "~/domain/formats.ts";
import { ADVANCE_PER_GROUP, GROUP_SIZE, knockoutAfterGroups } from "~/domain/groups.ts";
import { checkSeedOrder, seedOrderFor } from "~/domain/seeding.ts";
import { DomainError } from "~/domain/errors.ts";
import {
  checkSamePlayers,
  checkStart,
  checkTableAssignment,
  matchInPlay,
  ownTournament,
  PAYOUTS_OFF_THE_POOL,
  planPayouts,
  type MatchView,
} from "~/domain/play.ts";
import { matchTypes, type MatchType, type TournamentStatus } from "~/domain/tournaments.ts";
import { checkedInSplit, floorMessages, leaveRefund, refundKey } from "~/domain/floor.ts";
import { teamShortMessage, teamSize } from "~/domain/teams.ts";
import { forgetCall } from "./calls.server.ts";
import { entryMembers, entryName, parseMembers, registrationEntry, registrationEntryName } from "./entries.server.ts";
import type { Change } from "./after-change.server.ts";
import { queuesAfter, type QueuesAfter } from "./queue-reads.server.ts";
import { boardsAfter } from "./tables.server.ts";
import { movementStatement } from "./ledger.server.ts";
import { inTournament, tournamentRow, type TournamentRef } from "./tournament-ref.server.ts";

type MatchRow = typeof matches.$inferSelect;

// Brackets in the order they are played and shown.
const bracketOrder = sql`case ${matches.bracket} when 'group' then 0 when 'winners' then 1 when 'knockout' then 1
  when 'losers' then 2 else 3 end`;

const tournamentQuery = (ref: TournamentRef) => first(tournamentRow(ref));

function toBracketMatch(row: MatchRow): BracketMatch {
  const slot = (value: number | null) => (value === 1 || value === 2 ? value : null);
  return {
    id: row.id,
    bracket: row.bracket,
    group: row.groupName,
    round: row.round,
    matchNumber: row.matchNumber,
    label: row.label,
    player1Id: row.player1Id,
    player2Id: row.player2Id,
    player1Score: row.player1Score,
    player2Score: row.player2Score,
    winnerId: row.winnerId,
    status: row.status,
    outcome: row.outcome,
    isBye: row.isBye,
    nextMatchId: row.nextMatchId,
    nextSlot: slot(row.nextSlot),
    loserMatchId: row.loserMatchId,
    loserSlot: slot(row.loserSlot),
    completedAt: row.completedAt,
  };
}

/** The bracket of a tournament, or of the tournament a match belongs to (so it can be read alongside the match). */
function bracketQuery(of: TournamentRef | { matchId: string }): Read<BracketMatch[]> {
  return query(
    build
      .select()
      .from(matches)
      .where(ofTournament(matches.tournamentId, of))
      .orderBy(bracketOrder, asc(matches.round), asc(matches.matchNumber)),
    (rows) => rows.map(toBracketMatch),
  );
}

/** A tournament's rows: by its id or slug, or by one of its matches (read alongside that match). */
function ofTournament(column: SQLiteColumn, of: TournamentRef | { matchId: string }): SQL {
  return "matchId" in of
    ? sql`${column} = (select ${matches.tournamentId} from ${matches} where ${matches.id} = ${of.matchId})`
    : inTournament(column, of);
}

/** The draw as seeds by entry, for the groups' tie at the cut (seeds 1..n, written at start). */
function drawnSeedsQuery(of: TournamentRef | { matchId: string }): Read<Map<string, number>> {
  return query(
    build
      .select({ entryId: registrationEntry, seed: tournamentPlayers.seed })
      .from(tournamentPlayers)
      .where(ofTournament(tournamentPlayers.tournamentId, of)),
    (rows) => new Map(rows.map((r) => [r.entryId, r.seed ?? Number.POSITIVE_INFINITY])),
  );
}

/** The matches ordered so that every match comes after the ones its links point at. */
function linkOrder(bracket: readonly BracketMatch[]): BracketMatch[] {
  const byId = new Map(bracket.map((m) => [m.id, m]));
  const placed = new Set<string>();
  const ordered: BracketMatch[] = [];
  const visit = (match: BracketMatch) => {
    if (placed.has(match.id)) return;
    placed.add(match.id);
    for (const id of [match.nextMatchId, match.loserMatchId]) {
      const linked = id === null ? undefined : byId.get(id);
      if (linked) visit(linked);
    }
    ordered.push(match);
  };
  for (const match of bracket) visit(match);
  return ordered;
}

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

/**
 * The director's seed order (issue 15): every paid entry once, while the
 * tournament is open; it makes the seeding manual. One batch, refused if an
 * entry was paid meanwhile.
 */
export async function setSeeds(
  db: Sender,
  { organiserId, tournament, order }: { organiserId: string; tournament: TournamentRef; order: string[] },
) {
  const read = await db.send(
    reads({
      t: tournamentQuery(tournament),
      entries: query(
        build
          .select({ playerId: registrationEntry })
          .from(tournamentPlayers)
          .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true))),
      ),
    }),
  );
  const t = ownTournament(read.t, organiserId);
  if (t.status !== "open") throw new DomainError(409, "Seeds can only be set while the tournament is open");
  checkSeedOrder(
    order,
    read.entries.map((e) => e.playerId),
  );
  const changed = write(
    [
      assertInBatch(
        sql`(select count(*) from ${tournamentPlayers}
          where ${tournamentPlayers.tournamentId} = ${t.id} and ${tournamentPlayers.paid} = 1) = ${order.length}`,
      ),
      build
        .update(tournaments)
        .set({ seeding: "manual" })
        .where(and(eq(tournaments.id, t.id), eq(tournaments.status, "open")))
        .returning({ id: tournaments.id }),
      ...order.map((playerId, index) =>
        build
          .update(tournamentPlayers)
          .set({ seed: index + 1 })
          .where(and(eq(tournamentPlayers.tournamentId, t.id), sql`${registrationEntry} = ${playerId}`)),
      ),
    ],
    ([, updated]) => {
      if (!(updated as unknown[])[0]) throw new DomainError(409, "Seeds can only be set while the tournament is open");
      return { seeding: "manual" as const, order };
    },
    (error) =>
      isBatchGuardFailure(error)
        ? new DomainError(409, "A new entry was paid meanwhile: save the order again")
        : undefined,
  );
  return db.write(changed);
}

/** The paid entries in the director's seed order (unseeded ones after, by when they joined). */
export function seedsQuery(tournament: TournamentRef) {
  return query(
    build
      .select({ playerId: registrationEntry, name: registrationEntryName, seed: tournamentPlayers.seed })
      .from(tournamentPlayers)
      .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true)))
      .orderBy(sql`${tournamentPlayers.seed} is null`, asc(tournamentPlayers.seed), asc(tournamentPlayers.joinedAt)),
  );
}

/** What a format is drawn with, from the tournament's settings. */
function formatOptions(t: {
  grandFinal: FormatOptions["grandFinal"];
  groupSize: number | null;
  advancePerGroup: number | null;
}): FormatOptions {
  return {
    grandFinal: t.grandFinal,
    groupSize: t.groupSize ?? GROUP_SIZE.default,
    advancePerGroup: t.advancePerGroup ?? ADVANCE_PER_GROUP.default,
  };
}

/** Inserts for drawn matches: those a link points at first, so every match's next match already exists. */
function insertMatches(tournamentId: string, drawn: readonly BracketMatch[], now: number) {
  const rows = linkOrder(drawn).map(({ group, ...m }) => ({ ...m, groupName: group, tournamentId, createdAt: now }));
  const chunks: (typeof rows)[] = [];
  for (let i = 0; i < rows.length; i += 64) chunks.push(rows.slice(i, i + 64));
  return chunks.map((chunk) => build.insert(matches).values(chunk));
}

/** Records the draw as seeds 1..n (one statement). */
function drawStatement(tournamentId: string, draw: readonly string[], teamEvent: boolean) {
  const seeds = sql.join(
    draw.map((entryId, index) => sql`when ${entryId} then ${index + 1}`),
    sql` `,
  );
  const entry = teamEvent ? tournamentPlayers.id : tournamentPlayers.playerId;
  return build.run(sql`update ${tournamentPlayers} set seed = case ${entry} ${seeds} end
    where ${tournamentPlayers.tournamentId} = ${tournamentId} and ${tournamentPlayers.paid} = 1`);
}

/**
 * Start: a random draw from the paid entries, the whole bracket in one batch.
 * With `dropAbsent` (issue 19) the entries not checked in are taken out in the
 * same batch and their entry fees go back to their balances (the site fee
 * kept), each with its ledger row; the draw is of those checked in.
 */
export async function startTournament(
  db: Sender,
  {
    organiserId,
    tournament,
    dropAbsent = false,
    now = Date.now(),
  }: { organiserId: string; tournament: TournamentRef; dropAbsent?: boolean; now?: number },
) {
  const read = await db.send(
    reads({
      t: tournamentQuery(tournament),
      entrants: query(
        build
          .select({
            playerId: tournamentPlayers.playerId,
            registrationId: tournamentPlayers.id,
            seed: tournamentPlayers.seed,
            checkedInAt: tournamentPlayers.checkedInAt,
            members: sql<number>`(select count(*) from ${teamMembers} tm
              where tm.team_id = ${outer(tournamentPlayers.id)})`,
            teamName: sql<
              string | null
            >`(select te.name from ${teams} te where te.id = ${outer(tournamentPlayers.id)})`,
            // Who paid: told by e-mail if they are dropped for not checking in.
            email: players.email,
            name: players.name,
          })
          .from(tournamentPlayers)
          .innerJoin(players, eq(players.id, tournamentPlayers.playerId))
          .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true))),
      ),
    }),
  );
  const t = ownTournament(read.t, organiserId);
  const size = teamSize(t.matchType);
  const { present, absent } = dropAbsent ? checkedInSplit(read.entrants) : { present: read.entrants, absent: [] };
  if (dropAbsent && t.status === "open" && present.length < 2) throw new DomainError(409, floorMessages.tooFewHere);
  // In a team event the draw is of teams: a match slot holds the team's id (its captain's registration).
  const entrants = present.map((e) => ({ ...e, playerId: size > 1 ? e.registrationId : e.playerId }));
  checkStart(t, entrants.length);
  const short = present.find((e) => size > 1 && Number(e.members) !== size);
  if (short) throw new DomainError(409, teamShortMessage(short.teamName ?? "A team"));

  const draw = seedOrderFor(t.seeding, entrants);
  const newId = () => crypto.randomUUID();
  const bracket = generateFormat(t.tournamentType, draw, newId, now, formatOptions(t));
  const floor = queuesAfter(organiserId, t.autoAssign);

  const started = write(
    [
      // A payment that landed after we read the entries would be charged
      // without a place in the draw: refuse, and let the director start again.
      assertInBatch(
        sql`(select count(*) from ${tournamentPlayers}
          where ${tournamentPlayers.tournamentId} = ${t.id} and ${tournamentPlayers.paid} = 1)
          = ${read.entrants.length}`,
      ),
      build
        .update(tournaments)
        .set({ status: "in_progress", startedAt: now })
        .where(and(eq(tournaments.id, t.id), eq(tournaments.status, "open")))
        .returning({ id: tournaments.id }),
      // Those dropped are the ones the director was shown: nobody checked in (or left) meanwhile.
      ...(dropAbsent
        ? [
            assertInBatch(
              sql`(select count(*) from ${tournamentPlayers} where ${tournamentPlayers.tournamentId} = ${t.id}
                and ${tournamentPlayers.paid} = 1 and ${tournamentPlayers.checkedInAt} is null) = ${absent.length}`,
            ),
          ]
        : []),
      // A team cannot play short: a member who left meanwhile refuses the start.
      ...(size > 1
        ? [
            assertInBatch(sql`not exists (select 1 from ${tournamentPlayers} tp
              where tp.tournament_id = ${t.id} and tp.paid = 1
                and (select count(*) from ${teamMembers} tm where tm.team_id = tp.id) != ${size})`),
          ]
        : []),
      // Unpaid holds are not entered; a late payment for one is refunded.
      build
        .delete(tournamentPlayers)
        .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.paid, false))),
      ...dropStatements(t, absent),
      ...insertMatches(t.id, bracket, now),
      // The draw is kept: a tie at a group's cut goes to the better seed when the knockout is drawn.
      ...(t.tournamentType === "round_robin_tier" ? [drawStatement(t.id, draw, size > 1)] : []),
      // With automatic assignment on, the floor as the start leaves it: every free table gets a match at once.
      ...floor.items,
    ],
    (raw) => {
      if (!(raw[1] as unknown[])[0]) throw new DomainError(409, "The tournament has already started");
      return {
        matches: bracket.length,
        players: draw.length,
        dropped: absent.length,
        tournamentId: t.id,
        // For the e-mails to those dropped: what came back to them.
        droppedEntries: absent.map((e) => ({ email: e.email, name: e.name })),
        refundPence: leaveRefund(t, size).refundPence,
        tournament: { name: t.name, venue: t.venue, slug: t.slug },
        floors: floor.result(raw),
      };
    },
    (error) => {
      if (isBatchGuardFailure(error))
        return new DomainError(
          409,
          "The entries changed while starting (a payment, a check-in or a leave): start again",
        );
      // A concurrent start inserted the bracket first: the unique match positions refused ours.
      if (isUniqueViolation(error)) return new DomainError(409, "The tournament has already started");
      return undefined;
    },
  );
  return db.write(started);
}

/**
 * The entries not checked in taken out at the start, each entry fee back to
 * the balance of whoever paid it (a team's captain), the site fee kept; a
 * refund is written only once its entry is gone (refundKey: once, whoever
 * gives it).
 */
function dropStatements(
  t: { id: string; name: string; venue: string; matchType: MatchType; entryFeePence: number; siteFeePence: number },
  absent: readonly { registrationId: string; playerId: string }[],
): Item[] {
  if (absent.length === 0) return [];
  const size = teamSize(t.matchType);
  const { refundPence } = leaveRefund(t, size);
  return [
    build
      .delete(tournamentPlayers)
      .where(
        and(
          eq(tournamentPlayers.tournamentId, t.id),
          eq(tournamentPlayers.paid, true),
          isNull(tournamentPlayers.checkedInAt),
        ),
      ),
    ...(refundPence > 0
      ? absent.map((e) =>
          movementStatement(
            {
              userType: "player",
              userId: e.playerId,
              type: "refund",
              amountPence: refundPence,
              description: `Entry fee back — not checked in at ${t.name}, ${t.venue}`,
              tournamentId: t.id,
              idempotencyKey: refundKey(e.registrationId),
            },
            sql`not exists (select 1 from ${tournamentPlayers} where id = ${e.registrationId})`,
          ),
        )
      : []),
  ];
}

/** Matches as displayed (SPEC's match shape with names and the table), with their tournament, in bracket order. */
function matchViews(where: SQL) {
  const rows = build
    .select({
      match: matches,
      player1Name: entryName(matches.player1Id),
      player2Name: entryName(matches.player2Id),
      player1Members: entryMembers(matches.player1Id),
      player2Members: entryMembers(matches.player2Id),
      tableName: tables.name,
    })
    .from(matches)
    .leftJoin(tables, eq(tables.id, matches.tableId))
    .where(where)
    .orderBy(
      asc(matches.tournamentId),
      bracketOrder,
      asc(matches.groupName),
      asc(matches.round),
      asc(matches.matchNumber),
    );
  return query(rows, (found) =>
    found.map(({ match: m, player1Name, player2Name, player1Members, player2Members, tableName }) => ({
      tournamentId: m.tournamentId,
      view: {
        id: m.id,
        bracket: m.bracket,
        group: m.groupName,
        label: m.label,
        outcome: m.outcome,
        round: m.round,
        matchNumber: m.matchNumber,
        player1Id: m.player1Id,
        player2Id: m.player2Id,
        player1: player1Name === null ? null : { name: player1Name },
        player2: player2Name === null ? null : { name: player2Name },
        player1Members: parseMembers(player1Members),
        player2Members: parseMembers(player2Members),
        player1Score: m.player1Score,
        player2Score: m.player2Score,
        winnerId: m.winnerId,
        status: m.status,
        isBye: m.isBye,
        tableId: m.tableId,
        tableName,
        calledAt: m.tableId === null ? null : m.tableAssignedAt,
        pinnedTableId: m.pinnedTableId,
        awaitingApproval: m.awaitingApproval && m.status === "in_progress",
        nextMatchId: m.nextMatchId,
        loserMatchId: m.loserMatchId,
      } satisfies MatchView,
    })),
  );
}

/**
 * The bracket as displayed (SPEC's match shape with names and the table): a tournament's matches in bracket order,
 * by its id or (for a page that has only the URL) its slug.
 */
export function matchesQuery(tournament: TournamentRef): Read<MatchView[]> {
  return mapRead(matchViews(inTournament(matches.tournamentId, tournament)), (rows) => rows.map((r) => r.view));
}

/**
 * The brackets of every tournament in one of `statuses` that the player has a paid entry in, by tournament id:
 * where the player stands in each is decided from the whole bracket (player-standing.ts).
 */
export function playerBracketsQuery(
  playerId: string,
  statuses: readonly TournamentStatus[],
): Read<Map<string, MatchView[]>> {
  const entered = build
    .select({ id: tournamentPlayers.tournamentId })
    .from(tournamentPlayers)
    .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
    .where(
      and(
        // Their own entry, or a team they play for.
        sql`(${tournamentPlayers.playerId} = ${playerId} or ${tournamentPlayers.id} in
          (select tm.team_id from ${teamMembers} tm where tm.player_id = ${playerId}))`,
        eq(tournamentPlayers.paid, true),
        inArray(tournaments.status, [...statuses]),
      ),
    );
  return mapRead(matchViews(inArray(matches.tournamentId, entered)), (rows) => {
    const byTournament = new Map<string, MatchView[]>();
    for (const { tournamentId, view } of rows) {
      byTournament.set(tournamentId, [...(byTournament.get(tournamentId) ?? []), view]);
    }
    return byTournament;
  });
}

/** A match and its tournament (one statement). */
export const matchWithTournament = (matchId: string) =>
  first(
    build
      .select({ row: matches, t: tournaments })
      .from(matches)
      .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
      .where(eq(matches.id, matchId))
      .limit(1),
  );

const MATCH_CHANGED = "This match changed meanwhile: reload and try again";

/** Asserts that these matches still have the results they were read with (a correction meanwhile refuses). */
function resultsUnchanged(tournamentId: string, read: readonly BracketMatch[]) {
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

/**
 * The knockout drawn after the groups, guarded on the group results it was drawn from (`groupMatches`, as read)
 * being unchanged when the batch runs.
 */
function knockoutDraw(
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
  /** The players the caller believes are in the match: refused when the draw says otherwise. */
  players?: { player1Id?: string | null; player2Id?: string | null };
  /**
   * Asks before a correction moves a player in a match being played at a table: nothing is written unless this is
   * the key (movesKey) of exactly those moves, as shown to the director. Without it a correction saves at once.
   */
  confirmedMoves?: string;
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
  { organiserId, matchId, input, mode, players: claimed = {}, confirmedMoves, now = Date.now() }: SaveResult,
): Promise<Saved> {
  const read = await db.send(
    reads({
      found: matchWithTournament(matchId),
      bracket: bracketQuery({ matchId }),
      seeds: drawnSeedsQuery({ matchId }),
    }),
  );
  const { row, t } = matchInPlay(read.found, organiserId);
  checkSamePlayers(row, claimed);
  const correcting = mode === "correct" || (mode === "either" && row.status === "completed");
  let changes = (correcting ? correctResult : applyResult)(read.bracket, matchId, input, { raceTo: t.raceTo, now });
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
    draw = knockout.draw;
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
  // The board of the match's table as the result leaves it, for that table's tablets.
  const board = boardsAfter([row.tableId]);
  const answers = await db.write(
    resultStatements(row, read.bracket, changes, [...then, ...board.items, ...floor.items]),
  );
  // Two last group results at once each saw the other undecided: the later batch sees both and draws it now.
  const due = groups && draw.length === 0 && (answers[0] as { due: number }[] | undefined)?.[0]?.due === 1;
  if (due) await drawKnockout(db, t.id, now);
  const [boards, left] = trailing(answers, board, floor);
  const floors = due && t.autoAssign ? "read" : left;
  return {
    outcome: correcting ? "corrected" : "recorded",
    tournamentId: t.id,
    floors,
    // A result frees its table: the next match goes to it when the floor assigns automatically.
    change: { organiserId, tournamentId: t.id, what: "result", floors, boards },
  };
}

/** Draws the knockout after the groups when it is due and missing (a second draw at once changes nothing). */
async function drawKnockout(db: Sender, tournamentId: string, now: number): Promise<void> {
  const read = await db.send(
    reads({
      t: tournamentQuery({ id: tournamentId }),
      bracket: bracketQuery({ id: tournamentId }),
      seeds: drawnSeedsQuery({ id: tournamentId }),
    }),
  );
  if (read.t?.status !== "in_progress") return;
  const { draw } = knockoutAfterGroups(
    read.bracket,
    read.seeds,
    formatOptions(read.t).advancePerGroup,
    () => crypto.randomUUID(),
    now,
  );
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
  // The boards of the table it leaves and the table it goes to.
  const board = boardsAfter([row.tableId, tableId]);
  const change = { organiserId, tournamentId: row.tournamentId, what: "table" as const };
  if (tableId === null) {
    const [boards, floors] = await db.write(
      write(
        [
          // A tablet's confirmed result waiting for approval goes with the table: it is played again elsewhere.
          build
            .update(matches)
            .set({ tableId: null, tableAssignedAt: null, status: "pending", awaitingApproval: false })
            .where(notCompleted),
          // Its players were told of that table: a later call is news again.
          forgetCall(matchId),
          ...board.items,
          ...floor.items,
        ],
        (raw) => trailing(raw, board, floor),
      ),
    );
    return { tournamentId: row.tournamentId, change: { ...change, floors, boards, holdBack: matchId } };
  }
  // One match in progress per table: a tablet's taps go to the match on it.
  const busy = sql`exists (select 1 from ${matches} b join ${tournaments} bt on bt.id = b.tournament_id
    where b.table_id = ${tableId} and b.id != ${matchId} and b.status = 'in_progress' and bt.status = 'in_progress')`;
  const [boards, floors] = await db.write(
    write(
      [
        build.all<{ busy: number }>(sql`select ${busy} as busy`),
        build
          .update(matches)
          .set({ tableId, tableAssignedAt: now, status: "in_progress" })
          .where(and(notCompleted, sql`not ${busy}`))
          .returning({ id: matches.id }),
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
        return trailing(raw, board, floor);
      },
    ),
  );
  const called = { tournamentId: row.tournamentId, matchId, tableId, calledAt: now };
  return {
    tournamentId: row.tournamentId,
    change: { ...change, called: [called], floors, boards, holdBack: matchId },
  };
}

/** The prizes paid at finalize, with the players' names (none before). */
export function paidPrizesQuery(tournament: TournamentRef) {
  return query(
    build
      .select({
        playerId: payouts.playerId,
        // In a team event the member's team: its prize on the podium is its members' together.
        entryId: sql<string>`coalesce((select tm.team_id from ${teamMembers} tm
          where tm.player_id = ${payouts.playerId} and tm.tournament_id = ${payouts.tournamentId}),
          ${payouts.playerId})`,
        name: players.name,
        position: payouts.position,
        amountPence: payouts.amountPence,
      })
      .from(payouts)
      .innerJoin(players, eq(players.id, payouts.playerId))
      .where(and(inTournament(payouts.tournamentId, tournament), eq(payouts.confirmed, true))),
  );
}

/** What payouts are planned from: the tournament, its paid entries and its bracket (one read, by id or slug). */
export function payoutPlanQuery(tournament: TournamentRef) {
  return reads({
    t: tournamentQuery(tournament),
    entries: query(
      build
        .select({ playerId: registrationEntry, name: registrationEntryName })
        .from(tournamentPlayers)
        .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true))),
    ),
    bracket: bracketQuery(tournament),
    // A team event's members (the captain first): they share the team's prize and its statistics.
    members: query(
      build
        .select({ teamId: teamMembers.teamId, playerId: teamMembers.playerId })
        .from(teamMembers)
        .innerJoin(tournamentPlayers, eq(tournamentPlayers.id, teamMembers.teamId))
        .where(and(inTournament(teamMembers.tournamentId, tournament), eq(tournamentPlayers.paid, true)))
        .orderBy(asc(teamMembers.teamId), asc(teamMembers.slot)),
      (rows) => {
        const byTeam = new Map<string, string[]>();
        for (const r of rows) byTeam.set(r.teamId, [...(byTeam.get(r.teamId) ?? []), r.playerId]);
        return byTeam;
      },
    ),
  });
}
/**
 * Finalize: one atomic batch writes the payouts (confirmed), each payout's
 * ledger row, the director's rake, every entrant's statistics and status
 * finished. Every write after the status change is conditioned on this very
 * finalize having made it, so a second finalize — concurrent or later —
 * changes nothing.
 */
export async function finalizeTournament(
  db: Sender,
  { organiserId, tournament, now = Date.now() }: { organiserId: string; tournament: TournamentRef; now?: number },
) {
  const read = await db.send(payoutPlanQuery(tournament));
  const plan = planPayouts(read, organiserId);
  const { t } = plan;
  // Marks this finalize: the writes below apply only if it was ours that finished the tournament.
  const finalizeId = crypto.randomUUID();
  const ours = sql`exists (select 1 from ${tournaments}
    where ${tournaments.id} = ${t.id} and ${tournaments.finalizeId} = ${finalizeId})`;
  const label = `${t.name}, ${t.venue}`;

  const statements = [
    // A correction may land after we planned the payouts: in a knockout only the final's can still change
    // anything (earlier matches are fixed once the matches after them have results); with groups any can.
    plan.finalMatchId !== null
      ? assertInBatch(
          sql`exists (select 1 from ${matches} where ${matches.id} = ${plan.finalMatchId}
            and ${matches.status} = 'completed' and ${matches.winnerId} = ${plan.winners[0]})`,
        )
      : resultsUnchanged(t.id, read.bracket),
    build
      .update(tournaments)
      .set({ status: "finished", finishedAt: now, finalizeId })
      .where(
        and(eq(tournaments.id, t.id), eq(tournaments.status, "in_progress"), sql`${tournaments.finishedAt} is null`),
      )
      .returning({ id: tournaments.id }),
    ...plan.accounts.flatMap((p) =>
      p.position === null
        ? []
        : build.run(sql`insert into ${payouts}
            (id, tournament_id, player_id, amount_pence, position, confirmed, confirmed_at)
          select ${crypto.randomUUID()}, ${t.id}, ${p.playerId}, ${p.amountPence}, ${p.position}, 1, ${now}
          where ${ours}
          on conflict (tournament_id, player_id) do nothing`),
    ),
    ...plan.accounts
      .filter((p) => p.amountPence > 0)
      .map((p) =>
        movementStatement(
          {
            userType: "player",
            userId: p.playerId,
            type: "payout",
            amountPence: p.amountPence,
            description: `Prize (${p.position}) — ${label}`,
            tournamentId: t.id,
            idempotencyKey: `payout:${t.id}:${p.playerId}`,
          },
          ours,
        ),
      ),
    ...(plan.rakePence > 0
      ? [
          movementStatement(
            {
              userType: "organiser",
              userId: t.organiserId,
              type: "rake",
              amountPence: plan.rakePence,
              description: `Rake (${plan.paidEntries.length} entries) — ${label}`,
              tournamentId: t.id,
              idempotencyKey: `rake:${t.id}`,
            },
            ours,
          ),
        ]
      : []),
    // Each player's statistics: their entry's matches and result (a team's for each member), their own money.
    ...plan.credits.map(({ playerId, entryId, amountPence: earnings }) => {
      const s = plan.stats.get(entryId) ?? { played: 0, won: 0, racksWon: 0, racksLost: 0 };
      const won = plan.winners.includes(entryId) ? 1 : 0;
      return build.run(sql`insert into ${playerStats}
            (id, player_id, tournaments_played, tournaments_won, matches_played, matches_won, racks_won, racks_lost,
            total_earnings_pence, updated_at)
          select ${crypto.randomUUID()}, ${playerId}, 1, ${won}, ${s.played}, ${s.won}, ${s.racksWon}, ${s.racksLost},
            ${earnings}, ${now}
          where ${ours}
          on conflict (player_id) do update set
            tournaments_played = tournaments_played + 1,
            tournaments_won = tournaments_won + excluded.tournaments_won,
            matches_played = matches_played + excluded.matches_played,
            matches_won = matches_won + excluded.matches_won,
            racks_won = racks_won + excluded.racks_won,
            racks_lost = racks_lost + excluded.racks_lost,
            total_earnings_pence = total_earnings_pence + excluded.total_earnings_pence,
            updated_at = excluded.updated_at`);
    }),
  ];
  return db.write(
    write(
      [...statements, finalizePaysThePool(t.id)],
      ([, finished]) => {
        if (!(finished as unknown[])[0]) throw new DomainError(409, "This tournament has already been finalized");
        return { poolPence: plan.poolPence, rakePence: plan.rakePence, payouts: plan.payouts, tournamentId: t.id };
      },
      (error) => {
        if (isLedgerGuardFailure(error)) return new DomainError(409, PAYOUTS_OFF_THE_POOL);
        return isBatchGuardFailure(error)
          ? new DomainError(409, "The final's result changed meanwhile: check the payouts again")
          : undefined;
      },
    ),
  );
}

/**
 * The batch's own check of what finalize wrote, from the rows themselves: the
 * tournament's prizes and rake in the ledger equal the entry fees of its paid
 * entries (every player of a team), and every prize row has its ledger
 * movement (none lost on a key). Otherwise the whole batch rolls back.
 */
function finalizePaysThePool(tournamentId: string) {
  const players = sql.join(
    matchTypes.map((type) => sql`when ${type} then ${teamSize(type)}`),
    sql` `,
  );
  const ledger = (types: SQL) => sql`(select coalesce(sum(amount_pence), 0) from ${transactions}
    where tournament_id = ${tournamentId} and type in (${types}))`;
  return assertLedger(sql`${ledger(sql`'payout', 'rake'`)} = (select count(*) from ${tournamentPlayers} tp
      where tp.tournament_id = ${tournamentId} and tp.paid = 1)
      * (select t.entry_fee_pence * (case t.match_type ${players} end) from ${tournaments} t
        where t.id = ${tournamentId})
    and ${ledger(sql`'payout'`)} = (select coalesce(sum(amount_pence), 0) from ${payouts}
      where tournament_id = ${tournamentId})`);
}
