import { appContext } from "~/context.server.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import { getTournamentBySlug, tournamentJson } from "~/services/tournaments.server.ts";
import type { Route } from "./+types/route";

export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const { db } = context.get(appContext);
    const tournament = params.slug.length <= 120 ? await getTournamentBySlug(db, params.slug) : null;
    if (!tournament) return jsonError(404, "Tournament not found");
    return Response.json(tournamentJson(tournament));
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
