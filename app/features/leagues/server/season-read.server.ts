// A season as anyone reads it (DESIGN §11): its divisions in order with their teams, and its fixtures week by week,
// with the teams' names — no e-mail anywhere. One round trip each; the public league and team pages, the API's
// `GET /api/seasons/{slug}`, the team's calendar feed and the player's next fixture read from here.
import { alias } from "drizzle-orm/sqlite-core";
import { and, asc, eq, gte, inArray, or, type SQL, sql } from "drizzle-orm";
import { build, first, mapRead, query, reads } from "~/db/batch.server.ts";
import {
  divisions,
  leagueFixtures,
  leaguePenalties,
  leagueRoster,
  leagues,
  leagueTeams,
  players,
  seasons,
} from "~/db/schema.ts";
import { UNPLAYED_STATUSES } from "~/features/leagues/domain/leagues.ts";
import { standings, tieNotes } from "~/features/leagues/domain/standings.ts";
import { seasonRulesJson } from "~/features/leagues/server/leagues.server.ts";

type SeasonRow = typeof seasons.$inferSelect;

const home = alias(leagueTeams, "home");
const away = alias(leagueTeams, "away");

const fixtureColumns = {
  id: leagueFixtures.id,
  divisionId: leagueFixtures.divisionId,
  week: leagueFixtures.week,
  date: leagueFixtures.date,
  homeTeamId: leagueFixtures.homeTeamId,
  awayTeamId: leagueFixtures.awayTeamId,
  home: home.name,
  away: away.name,
  venue: leagueFixtures.venue,
  status: leagueFixtures.status,
  homeScore: leagueFixtures.homeScore,
  awayScore: leagueFixtures.awayScore,
};
export type SeasonFixture = {
  id: string;
  divisionId: string;
  week: number;
  date: string | null;
  homeTeamId: string;
  awayTeamId: string;
  home: string;
  away: string;
  venue: string;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
};

/** A season as its reads show it: the blackout dates as a list. */
const seasonReadJson = (row: SeasonRow) => ({
  id: row.id,
  slug: row.slug,
  leagueId: row.leagueId,
  name: row.name,
  status: row.status,
  night: row.night,
  startDate: row.startDate,
  legs: row.legs,
  blackoutDates: JSON.parse(row.blackoutDates) as string[],
  ...seasonRulesJson(row),
});

/** The season whose slug is given, by an SQL subquery. */
const seasonIdOf = (slug: string) => sql`(select ${seasons.id} from ${seasons} where ${seasons.slug} = ${slug})`;

/** A season's fixtures with the teams' names, by week then division then home team. */
const fixturesOf = (seasonId: SQL) =>
  query(
    build
      .select(fixtureColumns)
      .from(leagueFixtures)
      .innerJoin(home, eq(home.id, leagueFixtures.homeTeamId))
      .innerJoin(away, eq(away.id, leagueFixtures.awayTeamId))
      .innerJoin(divisions, eq(divisions.id, leagueFixtures.divisionId))
      .where(sql`${leagueFixtures.seasonId} = ${seasonId}`)
      .orderBy(asc(leagueFixtures.week), asc(divisions.position), asc(home.name)),
  );

/**
 * `GET /api/seasons/{slug}`, and the public pages: the season and its league, its divisions (in order, each with its
 * teams as they joined, its table and what settled its ties), its fixtures and its penalties; null for no season.
 */
export function seasonPageQuery(slug: string) {
  return seasonRead(seasonIdOf(slug.length <= 160 ? slug : ""));
}

/** The season read of `seasonPageQuery`, the season named by an SQL subquery (by slug, or a league's current one). */
export function seasonRead(seasonId: SQL) {
  return mapRead(
    reads({
      season: first(
        build
          .select({ season: seasons, league: { id: leagues.id, slug: leagues.slug, name: leagues.name } })
          .from(seasons)
          .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
          .where(sql`${seasons.id} = ${seasonId}`)
          .limit(1),
      ),
      divisions: query(
        build
          .select({ id: divisions.id, name: divisions.name, position: divisions.position })
          .from(divisions)
          .where(sql`${divisions.seasonId} = ${seasonId}`)
          .orderBy(asc(divisions.position)),
      ),
      teams: query(
        build
          .select({
            id: leagueTeams.id,
            name: leagueTeams.name,
            venue: leagueTeams.venue,
            divisionId: leagueTeams.divisionId,
          })
          .from(leagueTeams)
          .where(sql`${leagueTeams.seasonId} = ${seasonId}`)
          .orderBy(asc(leagueTeams.createdAt), asc(leagueTeams.id)),
      ),
      fixtures: fixturesOf(seasonId),
      penalties: query(
        build
          .select({
            id: leaguePenalties.id,
            teamId: leaguePenalties.teamId,
            points: leaguePenalties.points,
            reason: leaguePenalties.reason,
            createdAt: leaguePenalties.createdAt,
          })
          .from(leaguePenalties)
          .where(sql`${leaguePenalties.seasonId} = ${seasonId}`)
          .orderBy(asc(leaguePenalties.createdAt), asc(leaguePenalties.id)),
      ),
    }),
    ({ season: found, divisions: rows, teams, fixtures, penalties }) => {
      if (!found) return null;
      const season = seasonReadJson(found.season);
      return {
        season,
        league: found.league,
        divisions: rows.map((d) => {
          const own = teams.filter((t) => t.divisionId === d.id);
          const played = (fixtures as SeasonFixture[]).filter((f) => f.divisionId === d.id);
          const table = standings(own, played, season.points, penalties);
          return {
            ...d,
            teams: own.map(({ id, name, venue }) => ({ id, name, venue })),
            standings: table,
            tieBreaks: tieNotes(table, played, season.points),
          };
        }),
        fixtures: fixtures as SeasonFixture[],
        penalties: penalties.map(({ id, teamId, points, reason }) => ({ id, teamId, points, reason })),
      };
    },
  );
}

/** The order a league's seasons are its current one in: being played, else finished, else draft; latest first. */
const currentFirst = [
  sql`case ${seasons.status} when 'active' then 0 when 'finished' then 1 else 2 end`,
  sql`${seasons.startDate} desc`,
  sql`${seasons.createdAt} desc`,
];
const ofLeague = (leagueSlug: string) => eq(leagues.slug, leagueSlug.length <= 160 ? leagueSlug : "");

/**
 * The season a league's page shows when none is named, as an SQL subquery of its id: the one being played (the latest
 * started), else the latest finished, else the latest draft; none for a league with none (or no league).
 */
export const currentSeasonIdOf = (leagueSlug: string): SQL =>
  sql`(${build
    .select({ id: seasons.id })
    .from(seasons)
    .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
    .where(ofLeague(leagueSlug))
    .orderBy(...currentFirst)
    .limit(1)})`;

/** A league's season by its slug, as an SQL subquery of its id: a season of another league is none. */
export const leagueSeasonIdOf = (leagueSlug: string, seasonSlug: string): SQL =>
  sql`(select ${seasons.id} from ${seasons} inner join ${leagues} on ${leagues.id} = ${seasons.leagueId}
    where ${seasons.slug} = ${seasonSlug.length <= 160 ? seasonSlug : ""}
    and ${leagues.slug} = ${leagueSlug.length <= 160 ? leagueSlug : ""})`;

/** A team's fixtures, home and away, week by week, with the teams' names. */
export const teamFixturesQuery = (teamId: string) => {
  const id = teamId.length <= 64 ? teamId : "";
  return query(
    build
      .select(fixtureColumns)
      .from(leagueFixtures)
      .innerJoin(home, eq(home.id, leagueFixtures.homeTeamId))
      .innerJoin(away, eq(away.id, leagueFixtures.awayTeamId))
      .where(or(eq(leagueFixtures.homeTeamId, id), eq(leagueFixtures.awayTeamId, id)))
      .orderBy(asc(leagueFixtures.week), asc(leagueFixtures.date)),
    (rows) => rows as SeasonFixture[],
  );
};

/** A team's roster, by name: ids and names only (no e-mail), the captain's marked. */
export const rosterQuery = (teamId: string) =>
  query(
    build
      .select({
        id: players.id,
        name: players.name,
        guest: players.guest,
        captain: sql<number>`${players.id} = ${leagueTeams.captainId}`,
      })
      .from(leagueRoster)
      .innerJoin(players, eq(players.id, leagueRoster.playerId))
      .innerJoin(leagueTeams, eq(leagueTeams.id, leagueRoster.teamId))
      .where(eq(leagueRoster.teamId, teamId.length <= 64 ? teamId : ""))
      .orderBy(sql`${players.id} = ${leagueTeams.captainId} desc`, asc(players.name)),
    (rows) =>
      rows.map((r) => ({ id: r.id, name: r.name, guest: Boolean(r.guest), captain: Boolean(Number(r.captain)) })),
  );

/**
 * The next fixtures of the teams a player is on (at most one team a season, so one per season being played): from
 * `today` on, earliest first, with the league to link to.
 */
export const nextFixturesQuery = (playerId: string, today: string) => {
  const mine = build
    .select({ teamId: leagueRoster.teamId })
    .from(leagueRoster)
    .where(eq(leagueRoster.playerId, playerId));
  return query(
    build
      .select({
        ...fixtureColumns,
        teamId: sql<string>`case when ${leagueFixtures.homeTeamId} in ${mine} then ${leagueFixtures.homeTeamId}
          else ${leagueFixtures.awayTeamId} end`,
        leagueSlug: leagues.slug,
        leagueName: leagues.name,
      })
      .from(leagueFixtures)
      .innerJoin(home, eq(home.id, leagueFixtures.homeTeamId))
      .innerJoin(away, eq(away.id, leagueFixtures.awayTeamId))
      .innerJoin(seasons, eq(seasons.id, leagueFixtures.seasonId))
      .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
      .where(
        and(
          or(inArray(leagueFixtures.homeTeamId, mine), inArray(leagueFixtures.awayTeamId, mine)),
          gte(leagueFixtures.date, today),
          inArray(leagueFixtures.status, [...UNPLAYED_STATUSES]),
          eq(seasons.status, "active"),
        ),
      )
      .orderBy(asc(leagueFixtures.date), asc(leagueFixtures.week))
      .limit(5),
  );
};
