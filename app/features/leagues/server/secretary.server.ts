// What the secretary's pages read beside the public reads: their own leagues with each one's seasons count, a league
// by its slug with its secretary (to refuse another's), a season's rosters with the captain marked — names only —
// and whether a season has fixtures (making them again replaces them: the page asks first).
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { build, first, query } from "~/db/batch.server.ts";
import { leagueFixtures, leagueRoster, leagues, leagueTeams, players, seasons } from "~/db/schema.ts";

/** The secretary's leagues, newest first, each with how many seasons it has. */
export const secretaryLeaguesQuery = (organiserId: string) =>
  query(
    build
      .select({ id: leagues.id, slug: leagues.slug, name: leagues.name, seasons: count(seasons.id) })
      .from(leagues)
      .leftJoin(seasons, eq(seasons.leagueId, leagues.id))
      .where(eq(leagues.organiserId, organiserId))
      .groupBy(leagues.id)
      .orderBy(desc(leagues.createdAt), asc(leagues.name)),
  );

/** A league by its slug, with its secretary, or null. */
export const leagueSecretaryQuery = (slug: string) =>
  first(
    build
      .select({ id: leagues.id, slug: leagues.slug, name: leagues.name, organiserId: leagues.organiserId })
      .from(leagues)
      .where(eq(leagues.slug, slug.length <= 160 ? slug : ""))
      .limit(1),
  );

/** Every roster of a season by its slug: each player's team and name, the captain first, then by name. */
export const seasonRostersQuery = (seasonSlug: string) =>
  query(
    build
      .select({
        teamId: leagueRoster.teamId,
        name: players.name,
        captain: sql<number>`${players.id} = ${leagueTeams.captainId}`,
      })
      .from(leagueRoster)
      .innerJoin(players, eq(players.id, leagueRoster.playerId))
      .innerJoin(leagueTeams, eq(leagueTeams.id, leagueRoster.teamId))
      .innerJoin(seasons, eq(seasons.id, leagueRoster.seasonId))
      .where(eq(seasons.slug, seasonSlug.length <= 160 ? seasonSlug : ""))
      .orderBy(sql`${players.id} = ${leagueTeams.captainId} desc`, asc(players.name)),
    (rows) => rows.map((r) => ({ teamId: r.teamId, name: r.name, captain: Boolean(Number(r.captain)) })),
  );

/** Whether the season (by id) has a fixture list already. */
export const seasonHasFixturesQuery = (seasonId: string) =>
  query(
    build
      .select({ id: leagueFixtures.id })
      .from(leagueFixtures)
      .where(eq(leagueFixtures.seasonId, seasonId.length <= 64 ? seasonId : ""))
      .limit(1),
    (rows) => rows.length > 0,
  );
