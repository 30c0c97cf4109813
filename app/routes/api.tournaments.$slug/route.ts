import { visitor } from "~/services/access.server.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import { tournamentBySlugQuery, tournamentJson } from "~/services/tournaments.server.ts";
import type { Route } from "./+types/route";

export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const tournament = params.slug.length <= 120 ? (await (await visitor(context)).read({ t: tournamentBySlugQuery(params.slug) })).t : null;
    if (!tournament) return jsonError(404, "Tournament not found");
    return Response.json(tournamentJson(tournament));
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
