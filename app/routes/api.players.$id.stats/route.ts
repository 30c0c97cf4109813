import { appContext } from "~/context.server.ts";
import { penceToDecimal } from "~/domain/money.ts";
import { emptyPlayerStats, playerStatsQuery } from "~/services/dashboard.server.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

/** A player's statistics (with earnings) are readable by that player only (docs/decisions/005). */
export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(context, "player");
    if (user.id !== params.id) return jsonError(403, "You can only see your own statistics");
    const { db } = context.get(appContext);
    const [row] = await playerStatsQuery(db, user.id);
    const stats = row ?? emptyPlayerStats;
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
