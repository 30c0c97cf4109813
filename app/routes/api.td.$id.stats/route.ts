import { penceToDecimal } from "~/domain/pence.ts";
import { requireSelf } from "~/web/access.server.ts";
import { directorStatsQuery } from "~/features/money/server/dashboard.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";

/** A director's figures are theirs alone (docs/decisions/005). */
const api = endpoint({
  GET: on({ who: "organiser", params: ["id"] }, async ({ caller, params }) => {
    await requireSelf(caller, params.id, "You can only see your own statistics");
    const { stats } = await caller.read({ stats: directorStatsQuery(caller.id) });
    return Response.json({
      tournamentsHosted: stats.tournamentsHosted,
      activeTournaments: stats.activeTournaments,
      totalPlayersServed: stats.totalPlayersServed,
      totalPrizePoolsDistributed: penceToDecimal(stats.totalPrizePoolsDistributedPence),
    });
  }),
});
export { api as loader, api as action };
