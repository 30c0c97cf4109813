import { endpoint, on } from "~/services/endpoint.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { tournamentBySlugQuery, tournamentJson } from "~/services/tournaments.server.ts";

const api = endpoint({
  GET: on({ who: "anyone", params: ["slug"] }, async ({ caller, params }) => {
    if (params.slug.length > 120) return jsonError(404, "Tournament not found");
    const { user, t: found } = await caller.read({ t: tournamentBySlugQuery(params.slug) });
    if (!found) return jsonError(404, "Tournament not found");
    const director = user?.userType === "organiser" && user.id === found.organiserId;
    return Response.json(tournamentJson(found, { director }));
  }),
});
export { api as loader, api as action };
