import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { membersJson } from "~/features/entries/server/entries.server.ts";
import { matchesQuery } from "~/features/play/server/match-reads.server.ts";
import { tournamentByIdQuery } from "~/features/tournaments/server/tournaments.server.ts";

/** The bracket, public like the tournament page. */
const api = endpoint({
  GET: on({ who: "anyone", params: ["id"] }, async ({ caller, params }) => {
    if (params.id.length > 64) return jsonError(404, "Tournament not found");
    const { tournament, matches } = await caller.read({
      tournament: tournamentByIdQuery(params.id),
      matches: matchesQuery({ id: params.id }),
    });
    if (!tournament) return jsonError(404, "Tournament not found");
    return Response.json(
      matches.map((m) => ({
        id: m.id,
        bracket: m.bracket,
        group: m.group,
        label: m.label,
        outcome: m.outcome,
        round: m.round,
        matchNumber: m.matchNumber,
        player1Id: m.player1Id,
        player2Id: m.player2Id,
        player1: m.player1,
        player2: m.player2,
        ...membersJson(m),
        player1Score: m.player1Score,
        player2Score: m.player2Score,
        // Each player's race (both the race-to unless handicapped) and their ratings (decision 027; null for teams).
        race1: m.race1,
        race2: m.race2,
        player1Rating: m.player1Rating,
        player2Rating: m.player2Rating,
        winnerId: m.winnerId,
        status: m.status,
        tableId: m.tableId,
        isBye: m.isBye,
        // when it was given its table (ISO; kept after the result), and the table it is kept for.
        calledAt: m.calledAt === null ? null : new Date(m.calledAt).toISOString(),
        pinnedTableId: m.pinnedTableId,
      })),
    );
  }),
});
export { api as loader, api as action };
