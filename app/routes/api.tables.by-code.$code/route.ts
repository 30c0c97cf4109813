import { visitor } from "~/services/access.server.ts";
import { normalizeAccessCode } from "~/domain/tables.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import { SCOREBOARD_CACHE_CONTROL } from "~/services/scoreboard-cache.server.ts";
import { tableByCodeQuery } from "~/services/tables.server.ts";
import type { Route } from "./+types/route";

export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const code = normalizeAccessCode(params.code);
    const table = code ? (await (await visitor(context)).read({ table: tableByCodeQuery(code) })).table : null;
    if (!table) return jsonError(404, "Invalid access code");
    return Response.json(table, { headers: { "Cache-Control": SCOREBOARD_CACHE_CONTROL } });
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
