// Readiness: the Worker can reach its database.
import { sql } from "drizzle-orm";
import { appContext } from "~/context.server.ts";
import { methodNotAllowed } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  try {
    await database.run(sql`select 1`);
    return Response.json({ ok: true, database: "ok" }, { headers: { "Cache-Control": "private, no-store" } });
  } catch {
    return Response.json({ ok: false, database: "unreachable" }, { status: 503 });
  }
}

export const action = () => methodNotAllowed("GET, HEAD");
