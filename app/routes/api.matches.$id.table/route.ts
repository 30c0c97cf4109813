import { AssignTableSchema } from "~/domain/play.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { notifyCalled } from "~/services/calls.server.ts";
import { announceChange } from "~/services/live.server.ts";
import { assignTable } from "~/services/play.server.ts";

const api = endpoint({
  PATCH: on({ who: "organiser", body: AssignTableSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { tournamentId } = await assignTable(caller, {
      organiserId: caller.id,
      matchId: params.id,
      tableId: body.tableId,
    });
    announceChange(app, { organiserId: caller.id, tournamentId, what: "table" });
    if (body.tableId) notifyCalled(app, [params.id]);
    return Response.json({ message: body.tableId ? "Table assigned" : "Table unassigned" });
  }),
});
export { api as loader, api as action };
