import { CreateDivisionSchema } from "~/features/leagues/domain/leagues.ts";
import { divisionJson, seasonOwnerQuery } from "~/features/leagues/server/leagues.server.ts";
import { createDivision } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The secretary of the season's league adds a division below those it has. */
  POST: on({ who: "organiser", body: CreateDivisionSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { season } = await caller.read({ season: seasonOwnerQuery(params.id) });
    const division = await perform(app, caller, createDivision, { organiserId: caller.id, season, name: body.name });
    return Response.json({ division: divisionJson(division) }, { status: 201 });
  }),
});
export { api as loader, api as action };
