// Readiness: the Worker can reach its database.
import { sql } from "drizzle-orm";
import { endpoint, on } from "~/web/endpoint.server.ts";

const api = endpoint({
  GET: on({ who: "system" }, async ({ app }) => {
    try {
      await app.database.run(sql`select 1`);
      return Response.json({ ok: true, database: "ok" }, { headers: { "Cache-Control": "private, no-store" } });
    } catch {
      return Response.json({ ok: false, database: "unreachable" }, { status: 503 });
    }
  }),
});
export { api as loader, api as action };
