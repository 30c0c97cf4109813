import { endpoint, on } from "~/web/endpoint.server.ts";
import { findByCode, sentCode } from "~/features/floor/server/table-codes.server.ts";
import { tableByCodeQuery } from "~/features/floor/server/tables.server.ts";

const api = endpoint({
  GET: on({ who: "anyone", params: ["code"] }, async ({ caller, params, request }) => {
    const table = await findByCode(caller, sentCode(request, params.code), tableByCodeQuery);
    // A table's name and code hardly change: a CDN may answer for a couple of seconds.
    return Response.json(table, { headers: { "Cache-Control": "public, max-age=2, s-maxage=2" } });
  }),
});
export { api as loader, api as action };
