import { z } from "zod";
import { checkCashEntry } from "~/features/entries/domain/cash-entry.ts";
import { addWalkIn } from "~/features/entries/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

// Any JSON object: its fields are checked for the tournament's team size (checkCashEntry).
const Body = z.record(z.string(), z.unknown(), { error: "Send a JSON object" });

/**
 * A walk-in paying at the bar (DESIGN §10): the director enters a player (`{ name, email?, paidBy: "cash" }`) or a
 * team (`{ teamName, members: [{ name, email? }], paidBy: "cash" }`) before the start.
 */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id"], body: Body }, async ({ caller, params, body, app }) => {
    const added = await perform(app, caller, addWalkIn, {
      organiserId: caller.id,
      tournament: { id: params.id },
      check: (size) => checkCashEntry(body, size),
    });
    return Response.json({ entry: added.entry }, { status: 201 });
  }),
});
export { api as loader, api as action };
