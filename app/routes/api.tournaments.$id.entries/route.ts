import { z } from "zod";
import { checkCashEntry } from "~/domain/cash-entry.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { addCashEntry, tellWalkIns } from "~/services/cash-entries.server.ts";
import { getMailer } from "~/services/email.server.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";

// Any JSON object: its fields are checked for the tournament's team size (checkCashEntry).
const Body = z.record(z.string(), z.unknown(), { error: "Send a JSON object" });

/**
 * A walk-in paying at the bar (DESIGN §10): the director enters a player (`{ name, email?, paidBy: "cash" }`) or a
 * team (`{ teamName, members: [{ name, email? }], paidBy: "cash" }`) before the start.
 */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id"], body: Body }, async ({ caller, params, body, app }) => {
    const added = await addCashEntry(caller, {
      organiserId: caller.id,
      tournament: { id: params.id },
      check: (size) => checkCashEntry(body, size),
    });
    await tellWalkIns(getMailer(app.env, app.database), added, app.env.APP_URL);
    await afterChange(caller, app, {
      organiserId: caller.id,
      tournamentId: added.tournament.id,
      what: "entries",
    });
    return Response.json({ entry: added.entry }, { status: 201 });
  }),
});
export { api as loader, api as action };
