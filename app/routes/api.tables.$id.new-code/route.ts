import { endpoint, on } from "~/services/endpoint.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { giveTableNewCode } from "~/services/tables.server.ts";

/** "New code": the table gets a new access code; tablets using the old one are disconnected. */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    const { table, change } = await giveTableNewCode(caller, caller.id, params.id);
    await afterChange(caller, app, change);
    return Response.json(table);
  }),
});
export { api as loader, api as action };
