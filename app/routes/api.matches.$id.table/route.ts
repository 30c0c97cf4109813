import { appContext } from "~/context.server.ts";
import { AssignTableSchema } from "~/domain/play.ts";
import { claimApiUser } from "~/services/guards.server.ts";
import { apiHandler, readJson, methodNotAllowed } from "~/services/http.server.ts";
import { assignTable } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PATCH") return methodNotAllowed("PATCH");
    const claim = await claimApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const { tableId } = await readJson(request, AssignTableSchema);
    await claim.confirm(assignTable(db, claim.id, params.id, tableId));
    return Response.json({ message: tableId ? "Table assigned" : "Table unassigned" });
  });
}

export const loader = () => methodNotAllowed("PATCH");
