import { TableSchema } from "~/features/floor/domain/tables.ts";
import { addTable } from "~/features/floor/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { tablesQuery } from "~/features/floor/server/tables.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { tabletsOnline } from "~/features/live/server/live.server.ts";

const api = endpoint({
  GET: on({ who: "organiser" }, async ({ caller, app }) => {
    // Which have a tablet on them now, asked of their push channel beside the read (unknown: none).
    const [{ tables }, tablets] = await Promise.all([
      caller.read({ tables: tablesQuery(caller.id) }),
      tabletsOnline(app, caller.id),
    ]);
    return Response.json(tables.map((t) => ({ ...t, tabletConnected: tablets?.has(t.id) ?? false })));
  }),
  POST: on({ who: "organiser", body: TableSchema }, async ({ caller, body, app }) => {
    const table = await perform(app, caller, addTable, { organiserId: caller.id, name: body.name });
    return Response.json(table, { status: 201 });
  }),
});
export { api as loader, api as action };
