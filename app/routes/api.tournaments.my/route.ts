import { appContext } from "~/context.server.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { listOrganiserTournaments, tournamentJson } from "~/services/tournaments.server.ts";
import type { Route } from "./+types/route";

/** The signed-in organiser's tournaments, every status. */
export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const organiser = await requireApiUser(context, "organiser");
    const { db } = context.get(appContext);
    return Response.json((await listOrganiserTournaments(db, organiser.id)).map((t) => tournamentJson(t)));
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
