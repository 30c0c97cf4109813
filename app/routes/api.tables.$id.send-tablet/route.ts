import { SendTabletSchema } from "~/features/floor/domain/tables.ts";
import { sendTabletTo } from "~/features/floor/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** "Send a tablet to another table": the tablets at this table go to `toTableId`'s board (decision 024). */
const api = endpoint({
  POST: on({ who: "organiser", body: SendTabletSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const input = { organiserId: caller.id, tableId: params.id, toTableId: body.toTableId };
    const sent = await perform(app, caller, sendTabletTo, input);
    return Response.json({ message: `${sent.from}'s tablet goes to ${sent.to}` });
  }),
});
export { api as loader, api as action };
