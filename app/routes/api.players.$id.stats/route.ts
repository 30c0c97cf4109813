import { penceToDecimal } from "~/domain/pence.ts";
import { requireSelf } from "~/web/access.server.ts";
import { playerStatsQuery } from "~/features/money/server/dashboard.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";

/** A player's statistics (with earnings) are readable by that player only (docs/decisions/005). */
const api = endpoint({
  GET: on({ who: "player", params: ["id"] }, async ({ caller, params }) => {
    await requireSelf(caller, params.id, "You can only see your own statistics");
    const { stats } = await caller.read({ stats: playerStatsQuery(caller.id) });
    return Response.json({
      tournamentsPlayed: stats.tournamentsPlayed,
      tournamentsWon: stats.tournamentsWon,
      matchesPlayed: stats.matchesPlayed,
      matchesWon: stats.matchesWon,
      racksWon: stats.racksWon,
      racksLost: stats.racksLost,
      totalEarnings: penceToDecimal(stats.totalEarningsPence),
    });
  }),
});
export { api as loader, api as action };
