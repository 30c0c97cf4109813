import { endpoint, on } from "~/services/endpoint.server.ts";
import { checkIn } from "~/services/check-in.server.ts";
import { afterChange } from "~/services/after-change.server.ts";

/** "I'm here" (decisions 013–015): a player entered in the tournament, before the start. */
const api = endpoint({
  POST: on({ who: "player", params: ["id"] }, async ({ caller, params, app }) => {
    const { organiserId, tournamentId, ...checked } = await checkIn(caller, {
      playerId: caller.id,
      tournament: { id: params.id },
    });
    await afterChange(caller, app, { organiserId, tournamentId, what: "entries" });
    return Response.json(checked);
  }),
});
export { api as loader, api as action };
