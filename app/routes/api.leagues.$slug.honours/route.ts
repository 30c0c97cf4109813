import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { honoursQuery } from "~/features/leagues/server/season-finish.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";

const api = endpoint({
  /** Public: the league's roll of honour, each finished season's champions, the latest season first. */
  GET: on({ who: "anyone", params: ["slug"] }, async ({ caller, params }) => {
    const { page } = await caller.read({ page: honoursQuery(params.slug) });
    const { league, honours } = page;
    if (!league) return jsonError(404, LEAGUE_MESSAGES.leagueNotFound);
    return Response.json({ league, honours });
  }),
});
export { api as loader, api as action };
