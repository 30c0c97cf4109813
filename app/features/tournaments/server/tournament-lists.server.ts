// The lists of tournaments, each for the page it serves: the open ones (the public list, the JSON API, the player's
// browse page), the director's own, and the player's (open, entered, held); and the search over them.
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { build, mapRead, outer, query, reads, type Read } from "~/db/batch.server.ts";
import { organisers, players, teamMembers, teams, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { finalPlayed, summaryColumns, toSummary, type TournamentSummary } from "./tournaments.server.ts";

const openTournaments = (now: number) =>
  build
    .select(summaryColumns(now))
    .from(tournaments)
    .innerJoin(organisers, eq(organisers.id, tournaments.organiserId))
    .where(eq(tournaments.status, "open"))
    .orderBy(asc(tournaments.date), asc(tournaments.time), asc(tournaments.createdAt))
    .limit(500);

/** Open tournaments, soonest first (the public list and the player's browse page). */
export const openTournamentsQuery = (now = Date.now()): Read<TournamentSummary[]> =>
  query(openTournaments(now), (rows) => rows.map(toSummary));

export function organiserTournamentsQuery(
  organiserId: string,
  now = Date.now(),
): Read<(TournamentSummary & { finalPlayed: boolean })[]> {
  return query(
    build
      .select({ ...summaryColumns(now), finalPlayed: finalPlayed(outer(tournaments.id)) })
      .from(tournaments)
      .innerJoin(organisers, eq(organisers.id, tournaments.organiserId))
      .where(eq(tournaments.organiserId, organiserId))
      .orderBy(desc(tournaments.date), desc(tournaments.time), desc(tournaments.createdAt)),
    (rows) => rows.map((row) => ({ ...toSummary(row), finalPlayed: row.finalPlayed })),
  );
}

/**
 * What a player browses: open tournaments, and every tournament they have a
 * paid entry in (any status), newest first, and their live holds.
 */
export function browseForPlayerQuery(playerId: string, now = Date.now()) {
  const captain = alias(players, "captain");
  // The player's own entries, and in team events the entries of teams they play for.
  const entries = (paid: boolean) =>
    build
      .select({
        ...summaryColumns(now),
        registrationId: tournamentPlayers.id,
        withdrawnAt: tournamentPlayers.withdrawnAt,
        teamName: teams.name,
        captainId: teams.captainId,
        captainName: captain.name,
      })
      .from(tournamentPlayers)
      .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
      .innerJoin(organisers, eq(organisers.id, tournaments.organiserId))
      .leftJoin(teams, eq(teams.id, tournamentPlayers.id))
      .leftJoin(captain, eq(captain.id, teams.captainId))
      .where(
        and(
          sql`(${tournamentPlayers.playerId} = ${playerId} or ${tournamentPlayers.id} in
            (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.playerId} = ${playerId}))`,
          paid
            ? eq(tournamentPlayers.paid, true)
            : and(eq(tournamentPlayers.paid, false), gt(tournamentPlayers.holdExpiresAt, now)),
        ),
      )
      .orderBy(desc(tournaments.date), desc(tournaments.time));
  return mapRead(
    // Live holds: places kept while the player pays.
    reads({ open: query(openTournaments(now)), registered: query(entries(true)), held: query(entries(false)) }),
    ({ open, registered, held }) => {
      const mine = new Set([...registered, ...held].map((row) => row.tournament.id));
      const withTeam = (row: (typeof registered)[number]) => ({
        ...toSummary(row),
        // Taken out of play (decision 021): their standing says "Withdrawn", never "In progress".
        withdrawn: row.withdrawnAt !== null,
        team:
          row.teamName === null
            ? null
            : {
                name: row.teamName,
                captainId: row.captainId ?? "",
                captainName: row.captainName ?? "",
                // What the player's matches hold: the team's id.
                entryId: row.registrationId,
              },
      });
      return {
        available: open.filter((row) => !mine.has(row.tournament.id)).map(toSummary),
        registered: registered.map(withTeam),
        pending: held.map(withTeam),
      };
    },
  );
}

/** Case-insensitive match on name, venue or organiser name (SPEC §5). */
export function matchesSearch(
  t: Pick<TournamentSummary, "name" | "venue" | "tdName" | "organisationName">,
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [t.name, t.venue, t.tdName, t.organisationName].some((field) => field.toLowerCase().includes(q));
}
