import { normalizeAccessCode } from "~/domain/tables.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { SCOREBOARD_CACHE_CONTROL, tableCacheTags } from "~/services/scoreboard-cache.server.ts";
import { scoreboardQuery } from "~/services/tables.server.ts";
import { currentMatchJson } from "~/services/table-scoring.server.ts";

/** SPEC's current-match shape, or null when nothing is on the table. */
const api = endpoint({
  GET: on({ who: "anyone", params: ["code"] }, async ({ caller, params }) => {
    const code = normalizeAccessCode(params.code);
    const board = code ? (await caller.read({ board: scoreboardQuery(code) })).board : null;
    if (!board) return jsonError(404, "Invalid access code");
    return Response.json(currentMatchJson(board.match), {
      headers: { "Cache-Control": SCOREBOARD_CACHE_CONTROL, "Cache-Tag": tableCacheTags(board.table) },
    });
  }),
});
export { api as loader, api as action };
