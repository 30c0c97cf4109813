import { seasonOwnerQuery } from "~/features/leagues/server/leagues.server.ts";
import { penaltyJson } from "~/features/leagues/server/penalties.server.ts";
import { removePenalty } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The secretary of the season's league takes back a deduction: the team's points as they were. */
  DELETE: on({ who: "organiser", params: ["id", "penaltyId"] }, async ({ caller, params, app }) => {
    const { season } = await caller.read({ season: seasonOwnerQuery(params.id) });
    const row = await perform(app, caller, removePenalty, {
      organiserId: caller.id,
      season,
      penaltyId: params.penaltyId,
    });
    return Response.json({ penalty: penaltyJson(row) });
  }),
});
export { api as loader, api as action };
