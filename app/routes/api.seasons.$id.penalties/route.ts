import { CreatePenaltySchema } from "~/features/leagues/domain/penalties.ts";
import { seasonOwnerQuery } from "~/features/leagues/server/leagues.server.ts";
import { penaltyJson } from "~/features/leagues/server/penalties.server.ts";
import { deductPoints } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The secretary of the season's league deducts points from a team of the season, with the reason. */
  POST: on({ who: "organiser", body: CreatePenaltySchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { season } = await caller.read({ season: seasonOwnerQuery(params.id) });
    const row = await perform(app, caller, deductPoints, { organiserId: caller.id, season, penalty: body });
    return Response.json({ penalty: penaltyJson(row) }, { status: 201 });
  }),
});
export { api as loader, api as action };
