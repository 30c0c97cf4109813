import { TableSchema } from "~/domain/tables.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, readJson, methodNotAllowed } from "~/services/http.server.ts";
import { createTable, tablesQuery } from "~/services/tables.server.ts";
import type { Route } from "./+types/route";

export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const claim = await apiCaller(context, "organiser");
    const { tables } = await claim.read({ tables: tablesQuery(claim.id) });
    return Response.json(tables);
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("GET, HEAD, POST");
    const claim = await apiCaller(context, "organiser");
    const { name } = await readJson(request, TableSchema);
    return Response.json(await createTable(claim, claim.id, name), { status: 201 });
  });
}
