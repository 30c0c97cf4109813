import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { seasonPageQuery } from "~/features/leagues/server/season-read.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";

const api = endpoint({
  /** Public: the season, its divisions with their teams, and its fixtures (no e-mail anywhere). */
  GET: on({ who: "anyone", params: ["slug"] }, async ({ caller, params }) => {
    const { page } = await caller.read({ page: seasonPageQuery(params.slug) });
    if (!page) return jsonError(404, LEAGUE_MESSAGES.seasonNotFound);
    const { season, divisions, fixtures } = page;
    return Response.json({ season, divisions, fixtures });
  }),
});
export { api as loader, api as action };
