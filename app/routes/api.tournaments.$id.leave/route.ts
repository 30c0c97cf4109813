import { endpoint, on } from "~/web/endpoint.server.ts";
import { leave } from "~/features/entries/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { penceToDecimal } from "~/domain/pence.ts";

/**
 * Leaving before the start (decision 014): a paid entry's entry fee goes back to the balance (the site fee is kept);
 * a reserve leaves the list. The freed place is offered to the first reserve, who is e-mailed.
 */
const api = endpoint({
  POST: on({ who: "player", params: ["id"] }, async ({ caller, params, app }) => {
    const left = await perform(app, caller, leave, { playerId: caller.id, tournament: { id: params.id } });
    return Response.json({ left: left.left, refund: penceToDecimal(left.refundPence) });
  }),
});
export { api as loader, api as action };
