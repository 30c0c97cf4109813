import { endpoint, on } from "~/services/endpoint.server.ts";
import { forgetTables } from "~/services/live.server.ts";
import { deleteTable } from "~/services/tables.server.ts";

const api = endpoint({
  DELETE: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    await deleteTable(caller, caller.id, params.id);
    forgetTables(app, caller.id);
    return Response.json({ message: "Table removed successfully" });
  }),
});
export { api as loader, api as action };
