import { TableSchema } from "~/domain/tables.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { createTable, tablesQuery } from "~/services/tables.server.ts";

const api = endpoint({
  GET: on({ who: "organiser" }, async ({ caller }) => {
    const { tables } = await caller.read({ tables: tablesQuery(caller.id) });
    return Response.json(tables);
  }),
  POST: on({ who: "organiser", body: TableSchema }, async ({ caller, body, app }) => {
    const { table, change } = await createTable(caller, caller.id, body.name);
    await afterChange(caller, app, change);
    return Response.json(table, { status: 201 });
  }),
});
export { api as loader, api as action };
