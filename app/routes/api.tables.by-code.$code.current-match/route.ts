import { visitor } from "~/services/access.server.ts";
import { normalizeAccessCode } from "~/domain/tables.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import { SCOREBOARD_CACHE_CONTROL } from "~/services/scoreboard-cache.server.ts";
import { scoreboardQuery } from "~/services/tables.server.ts";
import type { Route } from "./+types/route";

/** SPEC's current-match shape, or null when nothing is on the table. */
export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const code = normalizeAccessCode(params.code);
    const board = code ? (await (await visitor(context)).read({ board: scoreboardQuery(code) })).board : null;
    if (!board) return jsonError(404, "Invalid access code");
    const m = board.match;
    return Response.json(
      m
        ? {
            tournament: { name: m.tournament.name },
            round: m.round,
            matchNumber: m.matchNumber,
            player1: m.player1,
            player2: m.player2,
            player1Id: m.player1Id,
            player2Id: m.player2Id,
            player1Score: m.player1Score,
            player2Score: m.player2Score,
            winnerId: m.winnerId,
            status: m.status,
          }
        : null,
      { headers: { "Cache-Control": SCOREBOARD_CACHE_CONTROL } },
    );
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
