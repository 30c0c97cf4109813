// A league team's calendar feed: its fixtures with a date, public like the team's page, and cached for a few minutes
// (calendar apps poll it), as a series' feed is (decision 030).
import { appContext } from "~/context.server.ts";
import { systemSender } from "~/db/batch.server.ts";
import {
  LEAGUE_FEED_CACHE_CONTROL,
  teamFeed,
  teamFeedQuery,
} from "~/features/leagues/server/league-calendar.server.ts";
import { calendarResponse } from "~/features/tournaments/server/calendar.server.ts";
import type { Route } from "./+types/route";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env, database } = context.get(appContext);
  if (params.slug.length > 160 || params.teamId.length > 64) return new Response("Team not found", { status: 404 });
  const feed = await systemSender(database).send(teamFeedQuery(params.slug, params.teamId));
  if (!feed) return new Response("Team not found", { status: 404 });
  return calendarResponse(teamFeed(feed, env.APP_URL), feed.team.name, LEAGUE_FEED_CACHE_CONTROL);
}
