import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { organiserTournamentsQuery, tournamentJson } from "~/services/tournaments.server.ts";
import type { Route } from "./+types/route";

/** The signed-in organiser's tournaments, every status. */
export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const claim = await apiCaller(context, "organiser");
    const { mine } = await claim.read({ mine: organiserTournamentsQuery(claim.id) });
    return Response.json(mine.map((t) => tournamentJson(t)));
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
