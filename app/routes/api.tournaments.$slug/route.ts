import { endpoint, on } from "~/services/endpoint.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { tournamentBySlugQuery, tournamentJson } from "~/services/tournaments.server.ts";

const api = endpoint({
  GET: on({ who: "anyone", params: ["slug"] }, async ({ caller, params }) => {
    const found = params.slug.length <= 120 ? (await caller.read({ t: tournamentBySlugQuery(params.slug) })).t : null;
    if (!found) return jsonError(404, "Tournament not found");
    return Response.json(tournamentJson(found));
  }),
});
export { api as loader, api as action };
