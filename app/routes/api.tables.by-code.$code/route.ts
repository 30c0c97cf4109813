import { normalizeAccessCode } from "~/domain/tables.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { tableByCodeQuery } from "~/services/tables.server.ts";

const api = endpoint({
  GET: on({ who: "anyone", params: ["code"] }, async ({ caller, params }) => {
    const code = normalizeAccessCode(params.code);
    const table = code ? (await caller.read({ table: tableByCodeQuery(code) })).table : null;
    if (!table) return jsonError(404, "Invalid access code");
    // A table's name and code hardly change: a CDN may answer for a couple of seconds.
    return Response.json(table, { headers: { "Cache-Control": "public, max-age=2, s-maxage=2" } });
  }),
});
export { api as loader, api as action };
