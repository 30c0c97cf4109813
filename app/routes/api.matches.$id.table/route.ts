import { AssignTableSchema } from "~/domain/play.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, readJson, methodNotAllowed } from "~/services/http.server.ts";
import { assignTable } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PATCH") return methodNotAllowed("PATCH");
    const claim = await apiCaller(context, "organiser");
    const { tableId } = await readJson(request, AssignTableSchema);
    await assignTable(claim, { organiserId: claim.id, matchId: params.id, tableId });
    return Response.json({ message: tableId ? "Table assigned" : "Table unassigned" });
  });
}

export const loader = () => methodNotAllowed("PATCH");
