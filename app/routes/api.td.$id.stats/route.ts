import { penceToDecimal } from "~/domain/money.ts";
import { directorStatsQuery } from "~/services/dashboard.server.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

/** A director's figures are theirs alone (docs/decisions/005). */
export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const claim = await apiCaller(context, "organiser");
    if (claim.id !== params.id) {
      await claim.read(); // 401 rather than 403 for a session that is over
      return jsonError(403, "You can only see your own statistics");
    }
    const { stats } = await claim.read({ stats: directorStatsQuery(claim.id) });
    return Response.json({
      tournamentsHosted: stats.tournamentsHosted,
      activeTournaments: stats.activeTournaments,
      totalPlayersServed: stats.totalPlayersServed,
      totalPrizePoolsDistributed: penceToDecimal(stats.totalPrizePoolsDistributedPence),
    });
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
