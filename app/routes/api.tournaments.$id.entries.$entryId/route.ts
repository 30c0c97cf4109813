import { afterChange } from "~/services/after-change.server.ts";
import { removeCashEntry } from "~/services/cash-entries.server.ts";
import { tellOffered } from "~/services/check-in.server.ts";
import { getMailer } from "~/services/email.server.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";

/** A cash entry taken out before the start (DESIGN §10): the director hands the cash back; nothing in the ledger. */
const api = endpoint({
  DELETE: on({ who: "organiser", params: ["id", "entryId"] }, async ({ caller, params, app }) => {
    const removed = await removeCashEntry(caller, {
      organiserId: caller.id,
      tournament: { id: params.id },
      entryId: params.entryId,
    });
    await tellOffered(getMailer(app.env, app.database), removed.offered, app.env.APP_URL);
    await afterChange(caller, app, { organiserId: caller.id, tournamentId: removed.tournamentId, what: "entries" });
    return Response.json({ removed: true });
  }),
});
export { api as loader, api as action };
