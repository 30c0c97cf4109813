import { endpoint, on } from "~/services/endpoint.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { withdrawEntry } from "~/services/withdraw.server.ts";

/**
 * The director withdraws an entry during play (decision 021): its matches become walkovers to its opponents as they
 * are reached; nothing is refunded. `entryId` is the registration's id (a team's id).
 */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id", "entryId"] }, async ({ caller, params, app }) => {
    const { change, ...withdrawn } = await withdrawEntry(caller, {
      organiserId: caller.id,
      tournament: { id: params.id },
      registrationId: params.entryId,
    });
    await afterChange(caller, app, change);
    return Response.json(withdrawn);
  }),
});
export { api as loader, api as action };
