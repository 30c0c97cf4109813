// "Add to calendar" (decision 030): the tournament as an iCalendar file with one event, public like the tournament
// page.
import { appContext } from "~/context.server.ts";
import { first, systemSender } from "~/db/batch.server.ts";
import { calendarFile, calendarResponse, tournamentEvent } from "~/features/tournaments/server/calendar.server.ts";
import { tournamentRow } from "~/features/tournaments/server/tournament-ref.server.ts";
import type { Route } from "./+types/route";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env, database } = context.get(appContext);
  if (params.slug.length > 120) return new Response("Tournament not found", { status: 404 });
  const t = await systemSender(database).send(first(tournamentRow({ slug: params.slug })));
  const event = t ? tournamentEvent(t, env.APP_URL) : null;
  if (!t || !event) return new Response("Tournament not found", { status: 404 });
  return calendarResponse(calendarFile([event]), t.slug);
}
