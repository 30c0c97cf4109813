import { appContext } from "~/context.server.ts";
import { AssignTableSchema } from "~/domain/play.ts";
import { claimApiUser } from "~/services/guards.server.ts";
import { apiHandler, jsonError, readJson } from "~/services/http.server.ts";
import { assignTable } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
    const claim = await claimApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const { tableId } = await readJson(request, AssignTableSchema);
    await claim.confirm(assignTable(db, claim.id, params.id, tableId));
    return Response.json({ message: tableId ? "Table assigned" : "Table unassigned" });
  });
}

export const loader = () => jsonError(405, "Method not allowed");
