import { normalizeAccessCode } from "~/domain/tables.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { membersJson } from "~/services/entries.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { SCOREBOARD_CACHE_CONTROL, tableCacheTags } from "~/services/scoreboard-cache.server.ts";
import { scoreboardQuery } from "~/services/tables.server.ts";

/** SPEC's current-match shape, or null when nothing is on the table. */
const api = endpoint({
  GET: on({ who: "anyone", params: ["code"] }, async ({ caller, params }) => {
    const code = normalizeAccessCode(params.code);
    const board = code ? (await caller.read({ board: scoreboardQuery(code) })).board : null;
    if (!board) return jsonError(404, "Invalid access code");
    const m = board.match;
    return Response.json(
      m
        ? {
            tournament: { name: m.tournament.name },
            round: m.round,
            matchNumber: m.matchNumber,
            label: m.label,
            raceTo: m.raceTo,
            player1: m.player1,
            player2: m.player2,
            ...membersJson(m),
            player1Id: m.player1Id,
            player2Id: m.player2Id,
            player1Score: m.player1Score,
            player2Score: m.player2Score,
            winnerId: m.winnerId,
            status: m.status,
            // Not in SPEC's shape: a walkover shows as such (and a poll sees the change).
            outcome: m.outcome,
            // Issue 19: when it was called to this table (ISO).
            calledAt: m.calledAt === null ? null : new Date(m.calledAt).toISOString(),
          }
        : null,
      { headers: { "Cache-Control": SCOREBOARD_CACHE_CONTROL, "Cache-Tag": tableCacheTags(board.table) } },
    );
  }),
});
export { api as loader, api as action };
