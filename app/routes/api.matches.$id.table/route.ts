import { AssignTableSchema } from "~/domain/play.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { assignTable } from "~/services/results.server.ts";

const api = endpoint({
  PATCH: on({ who: "organiser", body: AssignTableSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const assigned = await assignTable(caller, {
      organiserId: caller.id,
      matchId: params.id,
      tableId: body.tableId,
    });
    await afterChange(caller, app, assigned.change);
    return Response.json({ message: body.tableId ? "Table assigned" : "Table unassigned" });
  }),
});
export { api as loader, api as action };
