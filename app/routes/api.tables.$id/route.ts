import { removeTable } from "~/features/floor/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  DELETE: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    await perform(app, caller, removeTable, { organiserId: caller.id, tableId: params.id });
    return Response.json({ message: "Table removed successfully" });
  }),
});
export { api as loader, api as action };
