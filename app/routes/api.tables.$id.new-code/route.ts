import { endpoint, on } from "~/services/endpoint.server.ts";
import { disconnectTable } from "~/services/live.server.ts";
import { giveTableNewCode } from "~/services/tables.server.ts";

/** "New code": the table gets a new access code; tablets using the old one are disconnected. */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    const table = await giveTableNewCode(caller, caller.id, params.id);
    disconnectTable(app, { id: table.id, organiserId: caller.id });
    return Response.json(table);
  }),
});
export { api as loader, api as action };
