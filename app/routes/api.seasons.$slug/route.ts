import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { ChangeSeasonSchema, type SeasonChanges } from "~/features/leagues/domain/season-format.ts";
import { seasonJson, seasonOwnerQuery } from "~/features/leagues/server/leagues.server.ts";
import { seasonPageQuery } from "~/features/leagues/server/season-read.server.ts";
import { changeSeason } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** Public: the season, its divisions with their teams and tables, its fixtures and penalties (no e-mail anywhere). */
  GET: on({ who: "anyone", params: ["slug"] }, async ({ caller, params }) => {
    const { page } = await caller.read({ page: seasonPageQuery(params.slug) });
    if (!page) return jsonError(404, LEAGUE_MESSAGES.seasonNotFound);
    const { season, divisions, fixtures, penalties } = page;
    return Response.json({ season, divisions, fixtures, penalties });
  }),
  /**
   * The league's secretary changes the season's match format (until a frame of it is played), its points (until a
   * fixture is) or its merit table's minimum. `PATCH
   * /api/seasons/{id}` is this route's path too (one pattern, `api/seasons/:slug`): for PATCH the parameter is the
   * season's id, as every other season write names it.
   */
  PATCH: on({ who: "organiser", body: ChangeSeasonSchema, params: ["slug"] }, async ({ caller, body, params, app }) => {
    const { season } = await caller.read({ season: seasonOwnerQuery(params.slug) });
    const row = await perform(app, caller, changeSeason, {
      organiserId: caller.id,
      season,
      changes: body as SeasonChanges,
    });
    return Response.json({ season: seasonJson(row) });
  }),
});
export { api as loader, api as action };
