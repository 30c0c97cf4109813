import { endpoint, on } from "~/web/endpoint.server.ts";
import { withdrawFromPlay } from "~/features/play/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";

/**
 * The director withdraws an entry during play (decision 021): its matches become walkovers to its opponents as they
 * are reached; nothing is refunded. `entryId` is the registration's id (a team's id).
 */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id", "entryId"] }, async ({ caller, params, app }) => {
    const withdrawn = await perform(app, caller, withdrawFromPlay, {
      organiserId: caller.id,
      tournament: { id: params.id },
      registrationId: params.entryId,
    });
    return Response.json(withdrawn);
  }),
});
export { api as loader, api as action };
