import { penceToDecimal } from "~/domain/money.ts";
import { playerStatsQuery } from "~/services/dashboard.server.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

/** A player's statistics (with earnings) are readable by that player only (docs/decisions/005). */
export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const claim = await apiCaller(context, "player");
    if (claim.id !== params.id) {
      await claim.read(); // 401 rather than 403 for a session that is over
      return jsonError(403, "You can only see your own statistics");
    }
    const { stats } = await claim.read({ stats: playerStatsQuery(claim.id) });
    return Response.json({
      tournamentsPlayed: stats.tournamentsPlayed,
      tournamentsWon: stats.tournamentsWon,
      matchesPlayed: stats.matchesPlayed,
      matchesWon: stats.matchesWon,
      totalEarnings: penceToDecimal(stats.totalEarningsPence),
    });
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
