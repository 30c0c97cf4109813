// Reading matches: a tournament's bracket for the domain, the matches as the pages and the API show them.
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { build, first, known, mapRead, query, type Read } from "~/db/batch.server.ts";
import { matches, playerRatings, tables, teamMembers, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { racesOf } from "~/features/play/domain/races.ts";
import { slotRating } from "~/features/ratings/domain/ratings.ts";
import type { BracketMatch } from "~/features/play/domain/bracket.ts";
import type { MatchView } from "~/features/play/domain/play.ts";
import type { TournamentStatus } from "~/domain/tournaments.ts";
import { entryMembers, entryName, parseMembers, registrationEntry } from "~/features/entries/server/entries.server.ts";
import { inTournament, type TournamentRef } from "~/features/tournaments/server/tournament-ref.server.ts";

type MatchRow = typeof matches.$inferSelect;

// Brackets in the order they are played and shown.
const bracketOrder = sql`case ${matches.bracket} when 'group' then 0 when 'winners' then 1 when 'knockout' then 1
  when 'losers' then 2 else 3 end`;

export function toBracketMatch(row: MatchRow): BracketMatch {
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
export function bracketQuery(of: TournamentRef | { matchId: string }): Read<BracketMatch[]> {
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
export function drawnSeedsQuery(of: TournamentRef | { matchId: string }): Read<Map<string, number>> {
  return query(
    build
      .select({ entryId: registrationEntry, seed: tournamentPlayers.seed })
      .from(tournamentPlayers)
      .where(ofTournament(tournamentPlayers.tournamentId, of)),
    (rows) => new Map(rows.map((r) => [r.entryId, r.seed ?? Number.POSITIVE_INFINITY])),
  );
}

/** The entries withdrawn during play (decision 021), as their match slots name them. */
export function withdrawnQuery(of: TournamentRef | { matchId: string }): Read<Set<string>> {
  return query(
    build
      .select({ entryId: registrationEntry })
      .from(tournamentPlayers)
      .where(and(ofTournament(tournamentPlayers.tournamentId, of), sql`${tournamentPlayers.withdrawnAt} is not null`)),
    (rows) => new Set(rows.map((r) => r.entryId)),
  );
}

const rating1 = alias(playerRatings, "rating1");
const rating2 = alias(playerRatings, "rating2");

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
      raceTo: tournaments.raceTo,
      singles: sql<boolean>`${tournaments.matchType} = '1v1'`.mapWith(Boolean),
      rating1: rating1.rating,
      rating2: rating2.rating,
    })
    .from(matches)
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .leftJoin(tables, eq(tables.id, matches.tableId))
    .leftJoin(rating1, eq(rating1.playerId, matches.player1Id))
    .leftJoin(rating2, eq(rating2.playerId, matches.player2Id))
    .where(where)
    .orderBy(
      asc(matches.tournamentId),
      bracketOrder,
      asc(matches.groupName),
      asc(matches.round),
      asc(matches.matchNumber),
    );
  return query(rows, (found) =>
    found.map(({ match: m, player1Name, player2Name, player1Members, player2Members, tableName, ...rated }) => ({
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
        ...racesOf(rated.raceTo, m),
        player1Rating: rated.singles ? slotRating(m.player1Id, rated.rating1) : null,
        player2Rating: rated.singles ? slotRating(m.player2Id, rated.rating2) : null,
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
 * The matches a write changed, as it leaves them (read at the end of its own batch): the tournament's pages redraw
 * them from its push message without reading the page again (decision 018).
 */
export function matchesAfter(ids: readonly string[]): Read<MatchView[]> {
  if (ids.length === 0) return known([]);
  return mapRead(matchViews(inArray(matches.id, [...new Set(ids)])), (rows) => rows.map((r) => r.view));
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
