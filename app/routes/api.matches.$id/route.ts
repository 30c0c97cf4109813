import { MatchUpdateSchema } from "~/domain/play.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, jsonError, readJson, methodNotAllowed } from "~/services/http.server.ts";
import { saveResult } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

/**
 * PATCH a match: record its result (scores optional, winner required), or
 * correct a result already recorded. The players are set by the draw: a
 * player1Id/player2Id that differs from the bracket is refused.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PATCH") return methodNotAllowed("PATCH");
    const claim = await apiCaller(context, "organiser");
    const input = await readJson(request, MatchUpdateSchema);
    if (input.status !== undefined && input.status !== "completed") {
      return jsonError(400, "A result completes the match: status must be 'completed'");
    }
    const players = { player1Id: input.player1Id, player2Id: input.player2Id };
    const saved = await saveResult(claim, { organiserId: claim.id, matchId: params.id, input, mode: "either", players });
    return Response.json({ message: saved === "corrected" ? "Result corrected" : "Result recorded" });
  });
}

export const loader = () => methodNotAllowed("PATCH");
