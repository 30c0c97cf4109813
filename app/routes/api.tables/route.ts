import { appContext } from "~/context.server.ts";
import { TableSchema } from "~/domain/tables.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, readJson, methodNotAllowed } from "~/services/http.server.ts";
import { createTable, listTables } from "~/services/tables.server.ts";
import type { Route } from "./+types/route";

export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const organiser = await requireApiUser(context, "organiser");
    const { db } = context.get(appContext);
    return Response.json(await listTables(db, organiser.id));
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("GET, HEAD, POST");
    const organiser = await requireApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const { name } = await readJson(request, TableSchema);
    return Response.json(await createTable(db, organiser.id, name), { status: 201 });
  });
}
