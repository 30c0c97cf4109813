// A season's match format changed by its league's secretary, until a frame of the season is played: the one update
// checks that no frame has a winner, so a frame recorded at the same moment can't slip past it.
import { and, eq, sql } from "drizzle-orm";
import { build, outer, query, type Sender, write } from "~/db/batch.server.ts";
import { leagueFixtures, leagueFrames, seasons } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { CARD_MESSAGES, type MatchFormat } from "~/features/leagues/domain/match-card.ts";
import type { SeasonOwner } from "~/features/leagues/server/leagues.server.ts";
import { quiet } from "~/web/done.ts";

type SeasonRow = typeof seasons.$inferSelect;

/** Whether a frame of any fixture of the season (its id, or the outer query's column) has a recorded winner. */
const framePlayedIn = (seasonId: unknown) =>
  sql`exists (select 1 from ${leagueFrames} inner join ${leagueFixtures}
    on ${leagueFixtures.id} = ${leagueFrames.fixtureId}
    where ${leagueFixtures.seasonId} = ${seasonId} and ${leagueFrames.winner} is not null)`;

/** Whether the season (by slug) has a played frame: its format can no longer change, and the page says so. */
export const seasonFormatLockedQuery = (seasonSlug: string) =>
  query(
    build
      .select({ locked: sql<number>`${framePlayedIn(outer(seasons.id))}` })
      .from(seasons)
      .where(eq(seasons.slug, seasonSlug.length <= 160 ? seasonSlug : ""))
      .limit(1),
    (rows) => Boolean(Number(rows[0]?.locked ?? 0)),
  );

/**
 * The secretary sets the season's format (404 for no season, 403 for another's league); once a frame of the season
 * has a winner, a 409 — asserted by the update itself, which also reads whether the season is there at all.
 */
export async function changeSeasonFormat(
  db: Sender,
  { organiserId, season, format }: { organiserId: string; season: SeasonOwner | null; format: MatchFormat },
) {
  if (!season) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  if (season.organiserId !== organiserId) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
  const { row, there } = await db.write(
    write(
      [
        build
          .update(seasons)
          .set({ format: JSON.stringify(format) })
          .where(and(eq(seasons.id, season.id), sql`not ${framePlayedIn(season.id)}`))
          .returning(),
        build.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, season.id)),
      ],
      ([updated, found]) => ({ row: (updated as SeasonRow[])[0], there: (found as unknown[]).length > 0 }),
    ),
  );
  if (row) return quiet(row);
  if (!there) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  throw new DomainError(409, CARD_MESSAGES.formatLocked, { code: "format-locked" });
}
