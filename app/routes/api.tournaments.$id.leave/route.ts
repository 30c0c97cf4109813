import { endpoint, on } from "~/services/endpoint.server.ts";
import { getMailer } from "~/services/email.server.ts";
import { leaveTournament, tellOffered } from "~/services/check-in.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { penceToDecimal } from "~/domain/pence.ts";

/**
 * Leaving before the start (decision 014): a paid entry's entry fee goes back to the balance (the site fee is kept);
 * a reserve leaves the list. The freed place is offered to the first reserve, who is e-mailed.
 */
const api = endpoint({
  POST: on({ who: "player", params: ["id"] }, async ({ caller, params, app }) => {
    const left = await leaveTournament(caller, { playerId: caller.id, tournament: { id: params.id } });
    await tellOffered(getMailer(app.env, app.database), left.offered, app.env.APP_URL);
    await afterChange(caller, app, { organiserId: left.organiserId, tournamentId: left.tournamentId, what: "entries" });
    return Response.json({ left: left.left, refund: penceToDecimal(left.refundPence) });
  }),
});
export { api as loader, api as action };
