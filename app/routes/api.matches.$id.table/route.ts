import { AssignTableSchema } from "~/features/play/domain/play.ts";
import { assignMatchTable } from "~/features/play/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  PATCH: on({ who: "organiser", body: AssignTableSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    await perform(app, caller, assignMatchTable, { organiserId: caller.id, matchId: params.id, tableId: body.tableId });
    return Response.json({ message: body.tableId ? "Table assigned" : "Table unassigned" });
  }),
});
export { api as loader, api as action };
