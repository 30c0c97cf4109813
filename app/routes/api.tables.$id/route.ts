import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { deleteTable } from "~/services/tables.server.ts";
import type { Route } from "./+types/route";

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "DELETE") return methodNotAllowed("DELETE");
    const claim = await apiCaller(context, "organiser");
    await deleteTable(claim, claim.id, params.id);
    return Response.json({ message: "Table removed successfully" });
  });
}

export const loader = () => methodNotAllowed("DELETE");
