import { appContext } from "~/context.server.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import { listMatches } from "~/services/play.server.ts";
import { getTournamentById } from "~/services/tournaments.server.ts";
import type { Route } from "./+types/route";

/** The bracket, public like the tournament page. */
export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const { db } = context.get(appContext);
    if (params.id.length > 64) return jsonError(404, "Tournament not found");
    const [tournament, matches] = await Promise.all([getTournamentById(db, params.id), listMatches(db, { id: params.id })]);
    if (!tournament) return jsonError(404, "Tournament not found");
    return Response.json(
      matches.map((m) => ({
        id: m.id,
        round: m.round,
        matchNumber: m.matchNumber,
        player1Id: m.player1Id,
        player2Id: m.player2Id,
        player1: m.player1,
        player2: m.player2,
        player1Score: m.player1Score,
        player2Score: m.player2Score,
        winnerId: m.winnerId,
        status: m.status,
        tableId: m.tableId,
        isBye: m.isBye,
      })),
    );
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
