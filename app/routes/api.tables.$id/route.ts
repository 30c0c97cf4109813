import { endpoint, on } from "~/services/endpoint.server.ts";
import { afterChanges } from "~/services/after-change.server.ts";
import { deleteTable } from "~/services/tables.server.ts";

const api = endpoint({
  DELETE: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    await afterChanges(caller, app, await deleteTable(caller, caller.id, params.id));
    return Response.json({ message: "Table removed successfully" });
  }),
});
export { api as loader, api as action };
