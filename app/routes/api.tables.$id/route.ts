import { appContext } from "~/context.server.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { deleteTable } from "~/services/tables.server.ts";
import type { Route } from "./+types/route";

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "DELETE") return methodNotAllowed("DELETE");
    const organiser = await requireApiUser(context, "organiser");
    const { db } = context.get(appContext);
    await deleteTable(db, organiser.id, params.id);
    return Response.json({ message: "Table removed successfully" });
  });
}

export const loader = () => methodNotAllowed("DELETE");
