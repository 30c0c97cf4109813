import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { seasonAveragesQuery } from "~/features/leagues/server/averages.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";

const api = endpoint({
  /**
   * Public: the season's averages — every registered player with their team, singles frames played, won and lost,
   * win percentage and rating, the merit table's qualified first in its order (no e-mail anywhere).
   */
  GET: on({ who: "anyone", params: ["slug"] }, async ({ caller, params }) => {
    const { averages } = await caller.read({ averages: seasonAveragesQuery(params.slug) });
    if (!averages) return jsonError(404, LEAGUE_MESSAGES.seasonNotFound);
    return Response.json({
      players: averages.players.map((p) => ({
        playerId: p.playerId,
        name: p.name,
        teamId: p.teamId,
        team: p.team,
        played: p.played,
        won: p.won,
        lost: p.lost,
        winPercent: p.winPercent,
        rating: p.rating,
        qualified: p.qualified,
      })),
    });
  }),
});
export { api as loader, api as action };
