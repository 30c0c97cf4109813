import { removeWalkIn } from "~/features/entries/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** A cash entry taken out before the start (DESIGN §10): the director hands the cash back; nothing in the ledger. */
const api = endpoint({
  DELETE: on({ who: "organiser", params: ["id", "entryId"] }, async ({ caller, params, app }) => {
    const input = { organiserId: caller.id, tournament: { id: params.id }, entryId: params.entryId };
    return Response.json(await perform(app, caller, removeWalkIn, input));
  }),
});
export { api as loader, api as action };
