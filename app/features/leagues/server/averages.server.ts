// The averages' reads (DESIGN §11): a season's registered players and its decided frames, for the merit table (the
// league's page and `GET /api/seasons/{slug}/players`), a team's (its page's roster) and one player's across the
// seasons they are registered for (their profile). Each is statements of one batch; which frames count is the pure
// domain's (averages.ts). Names, teams and ratings only: no e-mail. A rating is as the ratings' replay last left it.
import { and, asc, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { build, first, mapRead, query, reads } from "~/db/batch.server.ts";
import {
  leagueFixtures,
  leagueFrames,
  leagueRoster,
  leagues,
  leagueTeams,
  playerRatings,
  players,
  seasons,
} from "~/db/schema.ts";
import { playerSeasonAverages, seasonAverages } from "~/features/leagues/domain/averages.ts";
import { START_RATING } from "~/features/ratings/domain/ratings.ts";

const frameColumns = {
  fixtureStatus: leagueFixtures.status,
  homePlayer1: leagueFrames.homePlayer1,
  homePlayer2: leagueFrames.homePlayer2,
  awayPlayer1: leagueFrames.awayPlayer1,
  awayPlayer2: leagueFrames.awayPlayer2,
  winner: leagueFrames.winner,
};

/** The decided frames of the fixtures `where` picks (by the fixtures' indexes), with their fixture's status. */
const decidedFrames = (where: SQL | undefined) =>
  query(
    build
      .select({ ...frameColumns, seasonId: leagueFixtures.seasonId })
      .from(leagueFixtures)
      .innerJoin(leagueFrames, eq(leagueFrames.fixtureId, leagueFixtures.id))
      .where(and(where, isNotNull(leagueFrames.winner))),
  );

/** The players registered for the roster rows `where` picks: their team and their rating, whole (a new one's start). */
const registered = (where: SQL) =>
  query(
    build
      .select({
        playerId: players.id,
        name: players.name,
        teamId: leagueTeams.id,
        team: leagueTeams.name,
        rating: playerRatings.rating,
      })
      .from(leagueRoster)
      .innerJoin(players, eq(players.id, leagueRoster.playerId))
      .innerJoin(leagueTeams, eq(leagueTeams.id, leagueRoster.teamId))
      .leftJoin(playerRatings, eq(playerRatings.playerId, players.id))
      .where(where),
    (rows) => rows.map((r) => ({ ...r, rating: Math.round(r.rating ?? START_RATING) })),
  );

/**
 * The season `seasonId` (an SQL subquery) names: its merit table's minimum and every registered player's average, the
 * qualified first in the table's order; null for no season.
 */
export function seasonAveragesRead(seasonId: SQL) {
  return mapRead(
    reads({
      season: first(
        build.select({ meritMinFrames: seasons.meritMinFrames }).from(seasons).where(sql`${seasons.id} = ${seasonId}`),
      ),
      players: registered(sql`${leagueRoster.seasonId} = ${seasonId}`),
      frames: decidedFrames(sql`${leagueFixtures.seasonId} = ${seasonId}`),
    }),
    ({ season, players: registrations, frames }) =>
      season && {
        meritMinFrames: season.meritMinFrames,
        players: seasonAverages(registrations, frames, season.meritMinFrames),
      },
  );
}

/** `GET /api/seasons/{slug}/players`: the season's averages by its slug, or null. */
export const seasonAveragesQuery = (slug: string) =>
  seasonAveragesRead(
    sql`(select ${seasons.id} from ${seasons} where ${seasons.slug} = ${slug.length <= 160 ? slug : ""})`,
  );

/** A team's players' averages, by player id: from the team's own fixtures (a player is on one team a season). */
export function teamAveragesQuery(teamId: string) {
  const id = teamId.length <= 64 ? teamId : "";
  return mapRead(
    reads({
      season: first(
        build
          .select({ meritMinFrames: seasons.meritMinFrames })
          .from(leagueTeams)
          .innerJoin(seasons, eq(seasons.id, leagueTeams.seasonId))
          .where(eq(leagueTeams.id, id)),
      ),
      players: registered(eq(leagueRoster.teamId, id)),
      frames: decidedFrames(sql`${leagueFixtures.id} in (select ${leagueFixtures.id} from ${leagueFixtures}
        where ${leagueFixtures.homeTeamId} = ${id} union select ${leagueFixtures.id} from ${leagueFixtures}
        where ${leagueFixtures.awayTeamId} = ${id})`),
    }),
    ({ season, players: registrations, frames }) =>
      new Map(seasonAverages(registrations, frames, season?.meritMinFrames ?? 0).map((a) => [a.playerId, a])),
  );
}

/**
 * The league seasons a player is registered for (their profile), the latest first: the league, the season, their team
 * and their line in its averages.
 */
export function playerLeagueSeasonsQuery(playerId: string) {
  const id = playerId.length <= 64 ? playerId : "";
  const theirTeams = sql`(select ${leagueRoster.teamId} from ${leagueRoster} where ${leagueRoster.playerId} = ${id})`;
  return mapRead(
    reads({
      registrations: query(
        build
          .select({
            seasonId: seasons.id,
            seasonSlug: seasons.slug,
            season: seasons.name,
            meritMinFrames: seasons.meritMinFrames,
            leagueSlug: leagues.slug,
            league: leagues.name,
            teamId: leagueTeams.id,
            team: leagueTeams.name,
          })
          .from(leagueRoster)
          .innerJoin(leagueTeams, eq(leagueTeams.id, leagueRoster.teamId))
          .innerJoin(seasons, eq(seasons.id, leagueRoster.seasonId))
          .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
          .where(eq(leagueRoster.playerId, id))
          .orderBy(desc(seasons.startDate), desc(seasons.createdAt), asc(seasons.id)),
      ),
      // Their frames are in their teams' fixtures (each found on its index), not found by scanning every frame.
      frames: decidedFrames(sql`${leagueFixtures.id} in (select ${leagueFixtures.id} from ${leagueFixtures}
        where ${leagueFixtures.homeTeamId} in ${theirTeams} union select ${leagueFixtures.id} from ${leagueFixtures}
        where ${leagueFixtures.awayTeamId} in ${theirTeams})`),
    }),
    ({ registrations, frames }) =>
      playerSeasonAverages(id, registrations, frames).map(({ meritMinFrames: _, ...line }) => line),
  );
}
