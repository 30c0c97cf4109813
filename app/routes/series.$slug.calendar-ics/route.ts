// A series' subscription feed (decision 030): its coming nights as iCalendar, public like the series page, and
// cached for a few minutes (calendar apps poll it).
import { appContext } from "~/context.server.ts";
import { systemSender } from "~/db/batch.server.ts";
import { calendarResponse } from "~/features/tournaments/server/calendar.server.ts";
import {
  SERIES_FEED_CACHE_CONTROL,
  seriesFeed,
  seriesFeedQuery,
} from "~/features/series/server/series-calendar.server.ts";
import type { Route } from "./+types/route";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env, database } = context.get(appContext);
  if (params.slug.length > 120) return new Response("Series not found", { status: 404 });
  const feed = await systemSender(database).send(seriesFeedQuery(params.slug));
  if (!feed) return new Response("Series not found", { status: 404 });
  return calendarResponse(seriesFeed(feed, env.APP_URL), feed.slug, SERIES_FEED_CACHE_CONTROL);
}
