// The public league pages' reads (DESIGN §11), each one round trip: a league with the season it shows and its
// averages, and one team of it with its roster (their averages too), fixtures and penalties. Names and venues only:
// no e-mail leaves here.
import { and, asc, eq } from "drizzle-orm";
import { build, first, mapRead, query, reads } from "~/db/batch.server.ts";
import { divisions, leaguePenalties, leagues, leagueTeams, seasons } from "~/db/schema.ts";
import { seasonAveragesRead, teamAveragesQuery } from "~/features/leagues/server/averages.server.ts";
import { leaguePageQuery } from "~/features/leagues/server/leagues.server.ts";
import {
  currentSeasonIdOf,
  leagueSeasonIdOf,
  rosterQuery,
  seasonRead,
  teamFixturesQuery,
} from "~/features/leagues/server/season-read.server.ts";

/**
 * `/league/{slug}`: the league and its seasons, and the season shown — the one named (`?season=`, of this league), else
 * the current one; null for no league, `season` null for a league without seasons (or a season named that is not its).
 */
export function leagueSeasonPageQuery(leagueSlug: string, seasonSlug: string | null) {
  const slug = leagueSlug.length <= 160 ? leagueSlug : "";
  const seasonId = seasonSlug === null ? currentSeasonIdOf(slug) : leagueSeasonIdOf(slug, seasonSlug);
  return mapRead(
    reads({ page: leaguePageQuery(slug), season: seasonRead(seasonId), averages: seasonAveragesRead(seasonId) }),
    ({ page, season, averages }) => (page ? { ...page, season, averages } : null),
  );
}

/** A team of a league by id, with its division, season and league (and who may add to its roster), or null. */
export const leagueTeamQuery = (leagueSlug: string, teamId: string) =>
  first(
    build
      .select({
        id: leagueTeams.id,
        name: leagueTeams.name,
        venue: leagueTeams.venue,
        captainId: leagueTeams.captainId,
        division: divisions.name,
        season: { id: seasons.id, slug: seasons.slug, name: seasons.name, status: seasons.status },
        league: { slug: leagues.slug, name: leagues.name, organiserId: leagues.organiserId },
      })
      .from(leagueTeams)
      .innerJoin(divisions, eq(divisions.id, leagueTeams.divisionId))
      .innerJoin(seasons, eq(seasons.id, leagueTeams.seasonId))
      .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
      .where(
        and(
          eq(leagueTeams.id, teamId.length <= 64 ? teamId : ""),
          eq(leagues.slug, leagueSlug.length <= 160 ? leagueSlug : ""),
        ),
      )
      .limit(1),
  );

/**
 * `/league/{slug}/teams/{teamId}`: the team, its roster (the captain first) with averages, its fixtures and the points
 * deducted from it with their reasons; null for none.
 */
export function teamPageQuery(leagueSlug: string, teamId: string) {
  return mapRead(
    reads({
      team: leagueTeamQuery(leagueSlug, teamId),
      roster: rosterQuery(teamId),
      fixtures: teamFixturesQuery(teamId),
      averages: teamAveragesQuery(teamId),
      penalties: query(
        build
          .select({ id: leaguePenalties.id, points: leaguePenalties.points, reason: leaguePenalties.reason })
          .from(leaguePenalties)
          .where(eq(leaguePenalties.teamId, teamId.length <= 64 ? teamId : ""))
          .orderBy(asc(leaguePenalties.createdAt), asc(leaguePenalties.id)),
      ),
    }),
    ({ team, roster, fixtures, averages, penalties }) =>
      team ? { team, roster, fixtures, averages, penalties } : null,
  );
}
