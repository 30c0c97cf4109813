// A player's seasons (decision 029): the one read, for their dashboard's batch and their profile's, of every series
// they played a finalized night of (singles or in a team), with those series' finalized nights and results.
import { sql } from "drizzle-orm";
import { build, mapRead, query, reads } from "~/db/batch.server.ts";
import { series, teamMembers, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { tournamentStartInstant } from "~/domain/dates.ts";
import { playerSeasons } from "~/features/ratings/domain/player-seasons.ts";
import { finalizedResults, rulesOf } from "~/features/series/server/series.server.ts";

/** Each series the player holds a place in: position among all ranked, points, nights played; the latest first. */
export function playerSeasonsQuery(playerId: string) {
  // The series of the finalized nights the player entered, alone or in a team (each lookup on its index).
  // From the player's own entries and teams (their indexes), not from every finished night of every series.
  const theirSeries = sql`(select t.series_id from ${tournamentPlayers} tp
      join ${tournaments} t on t.id = tp.tournament_id
      where tp.player_id = ${playerId} and t.series_id is not null and t.finished_at is not null
    union select t.series_id from ${teamMembers} tm
      join ${tournaments} t on t.id = tm.tournament_id
      where tm.player_id = ${playerId} and t.series_id is not null and t.finished_at is not null)`;
  const finalized = sql`(select t.id from ${tournaments} t where t.series_id in ${theirSeries}
    and t.finished_at is not null)`;
  return mapRead(
    reads({
      rows: query(build.select().from(series).where(sql`${series.id} in ${theirSeries}`)),
      nights: query(
        build
          .select({
            id: tournaments.id,
            seriesId: tournaments.seriesId,
            slug: tournaments.slug,
            name: tournaments.name,
            date: tournaments.date,
            time: tournaments.time,
          })
          .from(tournaments)
          .where(sql`${tournaments.id} in ${finalized}`),
      ),
      ...finalizedResults(finalized),
    }),
    ({ rows, nights, ...results }) =>
      playerSeasons(
        playerId,
        rows.map((row) => ({
          slug: row.slug,
          name: row.name,
          rules: rulesOf(row),
          nights: nights
            .filter((n) => n.seriesId === row.id)
            .map((n) => ({
              id: n.id,
              slug: n.slug,
              name: n.name,
              startsAt: tournamentStartInstant(n.date, n.time),
              status: "finished" as const,
              finalized: true,
            })),
        })),
        results,
      ),
  );
}
