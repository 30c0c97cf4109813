import { CreateSeasonSchema } from "~/features/leagues/domain/leagues.ts";
import { leagueOwnerQuery, seasonJson } from "~/features/leagues/server/leagues.server.ts";
import { createSeason } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The league's secretary adds a draft season: its night, first date, legs and blackout dates. */
  POST: on({ who: "organiser", body: CreateSeasonSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { league } = await caller.read({ league: leagueOwnerQuery(params.id) });
    const season = await perform(app, caller, createSeason, { organiserId: caller.id, league, fields: body });
    return Response.json({ season: seasonJson(season) }, { status: 201 });
  }),
});
export { api as loader, api as action };
