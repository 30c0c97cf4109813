import { NewSeasonSchema } from "~/features/leagues/domain/leagues.ts";
import { leagueOwnerQuery, seasonJson } from "~/features/leagues/server/leagues.server.ts";
import { nextSeasonQuery } from "~/features/leagues/server/next-season.server.ts";
import { createSeason, startNextSeason } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /**
   * The league's secretary adds a draft season: its night, first date, legs and blackout dates; or, `from` a finished
   * season, the next one with its divisions and teams, promoted and relegated.
   */
  POST: on({ who: "organiser", body: NewSeasonSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { fields, next } = body;
    if (!next) {
      const { league } = await caller.read({ league: leagueOwnerQuery(params.id) });
      const season = await perform(app, caller, createSeason, { organiserId: caller.id, league, fields });
      return Response.json({ season: seasonJson(season) }, { status: 201 });
    }
    const { league, from } = await caller.read({
      league: leagueOwnerQuery(params.id),
      from: nextSeasonQuery(next.from),
    });
    const made = await perform(app, caller, startNextSeason, { organiserId: caller.id, league, fields, next, from });
    return Response.json({ season: seasonJson(made.season), divisions: made.divisions }, { status: 201 });
  }),
});
export { api as loader, api as action };
