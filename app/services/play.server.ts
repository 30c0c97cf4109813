// Running the evening: start (draw and bracket), results and corrections,
// tables, and finalize with payouts. Every change is one guarded batch, so
// two taps at once or a double finalize cannot write twice.
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/client.server.ts";
import { matches, payouts, players, playerStats, tables, tournamentPlayers, tournaments } from "~/db/schema.ts";
import {
  applyResult,
  correctResult,
  drawOrder,
  generateBracket,
  matchStats,
  standings,
  type BracketMatch,
  type MatchChange,
  type ResultInput,
} from "~/domain/bracket.ts";
import { DomainError } from "~/domain/errors.ts";
import type { MatchView } from "~/domain/play.ts";
import { poolPerEntry, positions, rakePerEntry, splitPool, type Payout, type Position } from "~/domain/money.ts";
import { assertInBatch, isBatchGuardFailure } from "./batch-guard.server.ts";
import { movementStatement } from "./ledger.server.ts";
import { inTournament, isTournament, type TournamentRef } from "./tournament-ref.server.ts";

type TournamentRow = typeof tournaments.$inferSelect;
type MatchRow = typeof matches.$inferSelect;

async function ownTournament(db: Database, organiserId: string, ref: TournamentRef): Promise<TournamentRow> {
  const [t] = await db.select().from(tournaments).where(isTournament(ref)).limit(1);
  if (!t) throw new DomainError(404, "Tournament not found");
  if (t.organiserId !== organiserId) throw new DomainError(403, "Only the tournament's director can do that");
  return t;
}

function toBracketMatch(row: MatchRow): BracketMatch {
  return {
    id: row.id,
    round: row.round,
    matchNumber: row.matchNumber,
    player1Id: row.player1Id,
    player2Id: row.player2Id,
    player1Score: row.player1Score,
    player2Score: row.player2Score,
    winnerId: row.winnerId,
    status: row.status,
    isBye: row.isBye,
    nextMatchId: row.nextMatchId,
    nextSlot: row.nextSlot === 1 || row.nextSlot === 2 ? row.nextSlot : null,
    completedAt: row.completedAt,
  };
}

/** The bracket of a tournament, or of the tournament a match belongs to (so it can be read alongside the match). */
async function bracketOf(db: Database, of: TournamentRef | { matchId: string }): Promise<BracketMatch[]> {
  const rows = await db
    .select()
    .from(matches)
    .where(
      "matchId" in of
        ? sql`${matches.tournamentId} = (select ${matches.tournamentId} from ${matches} where ${matches.id} = ${of.matchId})`
        : inTournament(matches.tournamentId, of),
    )
    .orderBy(asc(matches.round), asc(matches.matchNumber));
  return rows.map(toBracketMatch);
}

/** Start: a random draw from the paid entries, the whole bracket in one batch. */
export async function startTournament(db: Database, organiserId: string, tournament: TournamentRef, now = Date.now()) {
  const [t, entrants] = await Promise.all([
    ownTournament(db, organiserId, tournament),
    db
      .select({ playerId: tournamentPlayers.playerId })
      .from(tournamentPlayers)
      .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true))),
  ]);
  if (t.status !== "open") throw new DomainError(409, "Only an open tournament can be started");
  if (entrants.length < 2) throw new DomainError(409, "At least 2 paid players are needed to start");
  if (entrants.length > t.maxPlayers) throw new DomainError(409, "More paid entries than places: check the entries");

  const draw = drawOrder(entrants.map((e) => e.playerId));
  const bracket = generateBracket(draw, () => crypto.randomUUID(), now);
  // Later rounds first, so every match's next match already exists.
  const ordered = [...bracket].sort((a, b) => b.round - a.round || a.matchNumber - b.matchNumber);
  const rows = ordered.map((m) => ({ ...m, tournamentId: t.id, createdAt: now }));
  const chunks: (typeof rows)[] = [];
  for (let i = 0; i < rows.length; i += 64) chunks.push(rows.slice(i, i + 64));

  try {
    const [, started] = await db.batch([
      // A payment that landed after we read the entries would be charged
      // without a place in the draw: refuse, and let the director start again.
      assertInBatch(
        db,
        sql`(select count(*) from ${tournamentPlayers} where ${tournamentPlayers.tournamentId} = ${t.id} and ${tournamentPlayers.paid} = 1) = ${entrants.length}`,
      ),
      db
        .update(tournaments)
        .set({ status: "in_progress", startedAt: now })
        .where(and(eq(tournaments.id, t.id), eq(tournaments.status, "open")))
        .returning({ id: tournaments.id }),
      // Unpaid holds are not entered; a late payment for one is refunded.
      db.delete(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.paid, false))),
      ...chunks.map((chunk) => db.insert(matches).values(chunk)),
    ]);
    if (!started[0]) throw new DomainError(409, "The tournament has already started");
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (isBatchGuardFailure(error)) throw new DomainError(409, "A new entry was paid while starting: start again to include it");
    // A concurrent start inserted the bracket first: the unique match positions refused ours.
    if (String((error as Error).message).includes("UNIQUE")) throw new DomainError(409, "The tournament has already started");
    throw error;
  }
  return { matches: bracket.length, players: draw.length };
}

/** The bracket as displayed (SPEC's match shape with names and the table): a tournament's matches in bracket order, by its id or (for a page that has only the URL) its slug. */
export async function listMatches(db: Database, tournament: TournamentRef): Promise<MatchView[]> {
  const p1 = alias(players, "p1");
  const p2 = alias(players, "p2");
  const rows = await db
    .select({ match: matches, player1Name: p1.name, player2Name: p2.name, tableName: tables.name })
    .from(matches)
    .leftJoin(p1, eq(p1.id, matches.player1Id))
    .leftJoin(p2, eq(p2.id, matches.player2Id))
    .leftJoin(tables, eq(tables.id, matches.tableId))
    .where(inTournament(matches.tournamentId, tournament))
    .orderBy(asc(matches.round), asc(matches.matchNumber));
  return rows.map(({ match: m, player1Name, player2Name, tableName }) => ({
    id: m.id,
    round: m.round,
    matchNumber: m.matchNumber,
    player1Id: m.player1Id,
    player2Id: m.player2Id,
    player1: player1Name === null ? null : { name: player1Name },
    player2: player2Name === null ? null : { name: player2Name },
    player1Score: m.player1Score,
    player2Score: m.player2Score,
    winnerId: m.winnerId,
    status: m.status,
    isBye: m.isBye,
    tableId: m.tableId,
    tableName,
    nextMatchId: m.nextMatchId,
  }));
}

/** A match and its tournament (one statement), when the director may change it. */
async function matchInPlay(db: Database, organiserId: string, matchId: string) {
  const [found] = await db.select({ row: matches, t: tournaments }).from(matches).innerJoin(tournaments, eq(tournaments.id, matches.tournamentId)).where(eq(matches.id, matchId)).limit(1);
  if (!found) throw new DomainError(404, "Match not found");
  const { row, t } = found;
  if (t.organiserId !== organiserId) throw new DomainError(403, "Only the tournament's director can do that");
  if (t.status !== "in_progress") throw new DomainError(409, "Results can only be recorded while the tournament is in progress");
  return { row, t };
}

/** Writes a result's changes, guarded on the match being as we read it. */
async function persistResult(db: Database, before: MatchRow, changes: MatchChange[]) {
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
  let updated: { id: string }[];
  try {
    [, , updated] = await db.batch([
      // Checked when the batch runs, not when we read: a finalize or the next
      // match's result may have landed in between.
      assertInBatch(db, sql`exists (select 1 from ${tournaments} where ${tournaments.id} = ${before.tournamentId} and ${tournaments.status} = 'in_progress')`),
      assertInBatch(
        db,
        others.length === 0
          ? sql`1`
          : sql`not exists (select 1 from ${matches} where ${matches.id} in (${sql.join(others.map((c) => sql`${c.id}`), sql`, `)}) and ${matches.status} = 'completed')`,
      ),
      db.update(matches).set(own.set).where(guard).returning({ id: matches.id }),
      // Our own write must have happened before the next match is touched.
      assertInBatch(
        db,
        sql`exists (select 1 from ${matches} where ${matches.id} = ${before.id} and ${matches.status} = 'completed'
          and ${matches.winnerId} = ${after.winnerId} and ${matches.player1Score} = ${after.player1Score}
          and ${matches.player2Score} = ${after.player2Score} and ${matches.completedAt} is ${after.completedAt})`,
      ),
      ...others.map((change) => db.update(matches).set(change.set).where(eq(matches.id, change.id))),
    ]);
  } catch (error) {
    if (isBatchGuardFailure(error)) throw new DomainError(409, "This match changed meanwhile: reload and try again");
    throw error;
  }
  if (!updated[0]) throw new DomainError(409, "This match changed meanwhile: reload and try again");
}

/**
 * Records a result (or, for "either", corrects it when the match has one
 * already): the match, its tournament and the bracket in one read, then one
 * guarded batch. `check` sees the match as read, before anything is written.
 */
export async function saveResult(
  db: Database,
  organiserId: string,
  matchId: string,
  input: ResultInput,
  mode: "record" | "correct" | "either",
  check: (row: MatchRow) => void = () => {},
  now = Date.now(),
): Promise<"recorded" | "corrected"> {
  const [{ row, t }, bracket] = await Promise.all([matchInPlay(db, organiserId, matchId), bracketOf(db, { matchId })]);
  check(row);
  const correcting = mode === "correct" || (mode === "either" && row.status === "completed");
  const changes = (correcting ? correctResult : applyResult)(bracket, matchId, input, { raceTo: t.raceTo, now });
  await persistResult(db, row, changes);
  return correcting ? "corrected" : "recorded";
}

export const recordResult = (db: Database, organiserId: string, matchId: string, input: ResultInput, now = Date.now()) =>
  saveResult(db, organiserId, matchId, input, "record", undefined, now);

export const correctMatchResult = (db: Database, organiserId: string, matchId: string, input: ResultInput, now = Date.now()) =>
  saveResult(db, organiserId, matchId, input, "correct", undefined, now);

/** Assigning a table puts the match in progress; unassigning returns it to pending. */
export async function assignTable(db: Database, organiserId: string, matchId: string, tableId: string | null, now = Date.now()) {
  const [{ row }, [table]] = await Promise.all([
    matchInPlay(db, organiserId, matchId),
    tableId === null ? Promise.resolve([]) : db.select().from(tables).where(eq(tables.id, tableId)).limit(1),
  ]);
  if (row.status === "completed") throw new DomainError(409, "This match already has a result");
  if (tableId === null) {
    await db
      .update(matches)
      .set({ tableId: null, tableAssignedAt: null, status: "pending" })
      .where(and(eq(matches.id, matchId), sql`${matches.status} != 'completed'`));
    return;
  }
  if (!row.player1Id || !row.player2Id) throw new DomainError(409, "Both players must be known before the match goes on a table");
  if (!table) throw new DomainError(404, "Table not found");
  if (table.organiserId !== organiserId) throw new DomainError(403, "You can only use your own tables");
  const [updated] = await db
    .update(matches)
    .set({ tableId, tableAssignedAt: now, status: "in_progress" })
    .where(and(eq(matches.id, matchId), sql`${matches.status} != 'completed'`))
    .returning({ id: matches.id });
  if (!updated) throw new DomainError(409, "This match already has a result");
}

type PayoutPlan = {
  t: TournamentRow;
  paidEntries: string[];
  poolPence: number;
  rakePence: number;
  payouts: Payout[];
  names: Map<string, string>;
  stats: Map<string, { played: number; won: number }>;
  champion: string | null;
  finalMatchId: string | null;
};

async function planPayouts(db: Database, organiserId: string, tournament: TournamentRef): Promise<PayoutPlan> {
  const [t, entries, bracket] = await Promise.all([
    ownTournament(db, organiserId, tournament),
    db
      .select({ playerId: tournamentPlayers.playerId, name: players.name })
      .from(tournamentPlayers)
      .innerJoin(players, eq(players.id, tournamentPlayers.playerId))
      .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true))),
    bracketOf(db, tournament),
  ]);
  if (t.status !== "in_progress") throw new DomainError(409, "Payouts can only be previewed and confirmed while the tournament is in progress");
  const placed = standings(bracket); // throws 409 until the final has a result
  const paidPositions = new Set<string>(positions);
  const placings = placed
    .filter((p): p is { playerId: string; position: Position; roundLost: number | null } => paidPositions.has(p.position))
    .map((p) => ({ playerId: p.playerId, position: p.position }));
  const rake = rakePerEntry(t.entryFeePence, t.rakeType, t.rakeValue);
  const poolPence = poolPerEntry(t.entryFeePence, rake) * entries.length;
  return {
    t,
    paidEntries: entries.map((e) => e.playerId),
    poolPence,
    rakePence: rake * entries.length,
    payouts: splitPool(t.payoutStructure, poolPence, placings),
    names: new Map(entries.map((e) => [e.playerId, e.name])),
    stats: matchStats(bracket),
    champion: placed.find((p) => p.position === "1st")?.playerId ?? null,
    finalMatchId: bracket.find((m) => m.nextMatchId === null)?.id ?? null,
  };
}

/** The confirm dialog's rows: player, position, amount (pence). */
export async function payoutPreview(db: Database, organiserId: string, tournament: TournamentRef) {
  const plan = await planPayouts(db, organiserId, tournament);
  return {
    poolPence: plan.poolPence,
    rakePence: plan.rakePence,
    rows: plan.payouts.map((p) => ({
      playerId: p.playerId,
      playerName: plan.names.get(p.playerId) ?? "Unknown player",
      position: p.position,
      amountPence: p.amountPence,
    })),
  };
}

/**
 * Finalize: one atomic batch writes the payouts (confirmed), each payout's
 * ledger row, the director's rake, every entrant's statistics and status
 * finished. Every write after the status change is conditioned on this very
 * finalize having made it, so a second finalize — concurrent or later —
 * changes nothing.
 */
export async function finalizeTournament(db: Database, organiserId: string, tournament: TournamentRef, now = Date.now()) {
  const plan = await planPayouts(db, organiserId, tournament);
  const { t } = plan;
  // Marks this finalize: the writes below apply only if it was ours that finished the tournament.
  const finalizeId = crypto.randomUUID();
  const ours = sql`exists (select 1 from ${tournaments} where ${tournaments.id} = ${t.id} and ${tournaments.finalizeId} = ${finalizeId})`;
  const label = `${t.name}, ${t.venue}`;
  const winnings = new Map(plan.payouts.map((p) => [p.playerId, p.amountPence]));

  let finished: { id: string }[];
  try {
    [, finished] = await db.batch([
      // A correction of the final may land after we planned the payouts.
      assertInBatch(
        db,
        sql`exists (select 1 from ${matches} where ${matches.id} = ${plan.finalMatchId} and ${matches.status} = 'completed' and ${matches.winnerId} = ${plan.champion})`,
      ),
      db
        .update(tournaments)
        .set({ status: "finished", finishedAt: now, finalizeId })
        .where(and(eq(tournaments.id, t.id), eq(tournaments.status, "in_progress"), sql`${tournaments.finishedAt} is null`))
        .returning({ id: tournaments.id }),
      ...plan.payouts.map((p) =>
        db.run(sql`insert into ${payouts} (id, tournament_id, player_id, amount_pence, position, confirmed, confirmed_at)
          select ${crypto.randomUUID()}, ${t.id}, ${p.playerId}, ${p.amountPence}, ${p.position}, 1, ${now} where ${ours}
          on conflict (tournament_id, player_id) do nothing`),
      ),
      ...plan.payouts
        .filter((p) => p.amountPence > 0)
        .map((p) =>
          movementStatement(
            db,
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
              db,
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
      ...plan.paidEntries.map((playerId) => {
        const s = plan.stats.get(playerId) ?? { played: 0, won: 0 };
        const won = plan.champion === playerId ? 1 : 0;
        const earnings = winnings.get(playerId) ?? 0;
        return db.run(sql`insert into ${playerStats} (id, player_id, tournaments_played, tournaments_won, matches_played, matches_won, total_earnings_pence, updated_at)
          select ${crypto.randomUUID()}, ${playerId}, 1, ${won}, ${s.played}, ${s.won}, ${earnings}, ${now} where ${ours}
          on conflict (player_id) do update set
            tournaments_played = tournaments_played + 1,
            tournaments_won = tournaments_won + excluded.tournaments_won,
            matches_played = matches_played + excluded.matches_played,
            matches_won = matches_won + excluded.matches_won,
            total_earnings_pence = total_earnings_pence + excluded.total_earnings_pence,
            updated_at = excluded.updated_at`);
      }),
    ]);
  } catch (error) {
    if (isBatchGuardFailure(error)) throw new DomainError(409, "The final's result changed meanwhile: check the payouts again");
    throw error;
  }
  if (!finished[0]) throw new DomainError(409, "This tournament has already been finalized");
  return { poolPence: plan.poolPence, rakePence: plan.rakePence, payouts: plan.payouts };
}

