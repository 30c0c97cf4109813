// A season's settings changed by its league's secretary: the match format until a frame of the season is played, the
// table's points until a fixture is, the averages' minimum at any time. The one update checks each lock it needs, so
// a frame or a result recorded at the same moment can't slip past it.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { build, outer, query, type Sender, write } from "~/db/batch.server.ts";
import { leagueFixtures, leagueFrames, seasons } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { CARD_MESSAGES } from "~/features/leagues/domain/match-card.ts";
import type { SeasonChanges } from "~/features/leagues/domain/season-format.ts";
import { COUNTED_STATUSES } from "~/features/leagues/domain/standings.ts";
import type { SeasonOwner } from "~/features/leagues/server/leagues.server.ts";
import { quiet } from "~/web/done.ts";

type SeasonRow = typeof seasons.$inferSelect;

/** Whether a frame of any fixture of the season (its id, or the outer query's column) has a recorded winner. */
const framePlayedIn = (seasonId: unknown) =>
  sql`exists (select 1 from ${leagueFrames} inner join ${leagueFixtures}
    on ${leagueFixtures.id} = ${leagueFrames.fixtureId}
    where ${leagueFixtures.seasonId} = ${seasonId} and ${leagueFrames.winner} is not null)`;

/** Whether a fixture of the season counts in its table (played or awarded): its points can no longer change. */
const fixtureCountedIn = (seasonId: unknown) =>
  sql`exists (select 1 from ${leagueFixtures} where ${leagueFixtures.seasonId} = ${seasonId}
    and ${inArray(leagueFixtures.status, [...COUNTED_STATUSES])})`;

/** The season's (by slug) locks, for its page: the format once a frame is played, the points once a fixture is. */
export const seasonLocksQuery = (seasonSlug: string) =>
  query(
    build
      .select({
        format: sql<number>`${framePlayedIn(outer(seasons.id))}`,
        points: sql<number>`${fixtureCountedIn(outer(seasons.id))}`,
      })
      .from(seasons)
      .where(eq(seasons.slug, seasonSlug.length <= 160 ? seasonSlug : ""))
      .limit(1),
    (rows) => ({ format: Boolean(Number(rows[0]?.format ?? 0)), points: Boolean(Number(rows[0]?.points ?? 0)) }),
  );

/**
 * The secretary changes the season's settings (404 for no season, 403 for another's league): a 409 for the format
 * once a frame of the season has a winner, for the points once a fixture is played — asserted by the update itself,
 * which also reads whether the season is there at all and which lock held it.
 */
export async function changeSeason(
  db: Sender,
  { organiserId, season, changes }: { organiserId: string; season: SeasonOwner | null; changes: SeasonChanges },
) {
  if (!season) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  if (season.organiserId !== organiserId) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
  const { format, points, meritMinFrames } = changes;
  const guards: SQL[] = [];
  if (format) guards.push(sql`not ${framePlayedIn(season.id)}`);
  if (points) guards.push(sql`not ${fixtureCountedIn(season.id)}`);
  const { row, there, framePlayed } = await db.write(
    write(
      [
        build
          .update(seasons)
          .set({
            ...(format ? { format: JSON.stringify(format) } : {}),
            ...(points
              ? { pointsWin: points.win, pointsDraw: points.draw, pointsLoss: points.loss, pointsFrame: points.frame }
              : {}),
            ...(meritMinFrames !== undefined ? { meritMinFrames } : {}),
          })
          .where(and(eq(seasons.id, season.id), ...guards))
          .returning(),
        build
          .select({ id: seasons.id, framePlayed: sql<number>`${framePlayedIn(seasons.id)}` })
          .from(seasons)
          .where(eq(seasons.id, season.id)),
      ],
      ([updated, found]) => {
        const there = (found as { framePlayed: number }[])[0];
        return {
          row: (updated as SeasonRow[])[0],
          there: there !== undefined,
          framePlayed: Boolean(Number(there?.framePlayed ?? 0)),
        };
      },
    ),
  );
  if (row) return quiet(row);
  if (!there) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  if (format && framePlayed) throw new DomainError(409, CARD_MESSAGES.formatLocked, { code: "format-locked" });
  throw new DomainError(409, LEAGUE_MESSAGES.pointsLocked, { code: "points-locked" });
}
