import { endpoint, on } from "~/web/endpoint.server.ts";
import { SCOREBOARD_CACHE_CONTROL, tableCacheTags } from "~/features/floor/server/scoreboard-cache.server.ts";
import { findByCode, sentCode } from "~/features/floor/server/table-codes.server.ts";
import { scoreboardQuery } from "~/features/floor/server/tables.server.ts";
import { currentMatchJson } from "~/features/floor/server/table-scoring.server.ts";

/** SPEC's current-match shape, or null when nothing is on the table. */
const api = endpoint({
  GET: on({ who: "anyone", params: ["code"] }, async ({ caller, params, request }) => {
    const board = await findByCode(caller, sentCode(request, params.code), scoreboardQuery);
    return Response.json(currentMatchJson(board.match), {
      headers: { "Cache-Control": SCOREBOARD_CACHE_CONTROL, "Cache-Tag": tableCacheTags(board.table) },
    });
  }),
});
export { api as loader, api as action };
