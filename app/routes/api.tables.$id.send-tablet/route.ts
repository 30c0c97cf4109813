import { SendTabletSchema } from "~/domain/tables.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { sendTablet } from "~/services/tablets.server.ts";

/** "Send a tablet to another table": the tablets at this table go to `toTableId`'s board (decision 024). */
const api = endpoint({
  POST: on({ who: "organiser", body: SendTabletSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const sent = await sendTablet(caller, caller.id, params.id, body.toTableId);
    await afterChange(caller, app, sent.change);
    return Response.json({ message: `${sent.from}'s tablet goes to ${sent.to}` });
  }),
});
export { api as loader, api as action };
