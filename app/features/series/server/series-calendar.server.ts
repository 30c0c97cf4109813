// A series' calendar feed (decision 030): its nights still to come, each the same event (and UID)
// as the night's own "Add to calendar" file, under the series' name, for a calendar app to subscribe to.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { build, first, mapRead, query, reads } from "~/db/batch.server.ts";
import { series, tournaments } from "~/db/schema.ts";
import { calendarFile, tournamentEvent } from "~/features/tournaments/server/calendar.server.ts";

/**
 * How long the feed may be kept, by the edge and by anyone between: calendar apps poll a subscription (hourly at
 * most, most far less often), and a night added or moved shows within minutes. Public: the series page is.
 */
export const SERIES_FEED_CACHE_CONTROL = "public, max-age=600";
/** What the feed asks a subscribed calendar to poll at: hourly. */
const FEED_REFRESH_SECONDS = 3600;

/** The series by slug and its nights not finished, soonest first; null when there is no such series. */
export function seriesFeedQuery(slug: string) {
  const seriesId = sql`(select ${series.id} from ${series} where ${series.slug} = ${slug})`;
  return mapRead(
    reads({
      row: first(build.select({ name: series.name, slug: series.slug }).from(series).where(eq(series.slug, slug))),
      nights: query(
        build
          .select()
          .from(tournaments)
          .where(and(sql`${tournaments.seriesId} = ${seriesId}`, ne(tournaments.status, "finished")))
          .orderBy(asc(tournaments.date), asc(tournaments.time)),
      ),
    }),
    ({ row, nights }) => (row ? { ...row, nights } : null),
  );
}

/** The feed's iCalendar text: one event per night whose date and time can be read. */
export function seriesFeed(
  feed: NonNullable<ReturnType<ReturnType<typeof seriesFeedQuery>["result"]>>,
  appUrl: string,
): string {
  const events = feed.nights.flatMap((night) => tournamentEvent(night, appUrl) ?? []);
  return calendarFile(events, { name: feed.name, refreshSeconds: FEED_REFRESH_SECONDS });
}
