import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { leaguePageQuery } from "~/features/leagues/server/leagues.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";

const api = endpoint({
  /** Public, like a series: the league and its seasons. */
  GET: on({ who: "anyone", params: ["slug"] }, async ({ caller, params }) => {
    if (params.slug.length > 120) return jsonError(404, LEAGUE_MESSAGES.leagueNotFound);
    const { page } = await caller.read({ page: leaguePageQuery(params.slug) });
    return page ? Response.json(page) : jsonError(404, LEAGUE_MESSAGES.leagueNotFound);
  }),
});
export { api as loader, api as action };
