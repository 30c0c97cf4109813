import { appContext } from "~/context.server.ts";
import { penceToDecimal } from "~/domain/money.ts";
import { directorStatsQuery, toDirectorStats } from "~/services/dashboard.server.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

/** A director's figures are theirs alone (docs/decisions/005). */
export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(context, "organiser");
    if (user.id !== params.id) return jsonError(403, "You can only see your own statistics");
    const { db } = context.get(appContext);
    const stats = toDirectorStats(await directorStatsQuery(db, user.id));
    return Response.json({
      tournamentsHosted: stats.tournamentsHosted,
      activeTournaments: stats.activeTournaments,
      totalPlayersServed: stats.totalPlayersServed,
      totalPrizePoolsDistributed: penceToDecimal(stats.totalPrizePoolsDistributedPence),
    });
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
