import { appContext } from "~/context.server.ts";
import { MatchUpdateSchema } from "~/domain/play.ts";
import { claimApiUser } from "~/services/guards.server.ts";
import { apiHandler, DomainError, jsonError, readJson, methodNotAllowed } from "~/services/http.server.ts";
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
    const claim = await claimApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const input = await readJson(request, MatchUpdateSchema);
    if (input.status !== undefined && input.status !== "completed") {
      return jsonError(400, "A result completes the match: status must be 'completed'");
    }
    const samePlayers = (match: { player1Id: string | null; player2Id: string | null }) => {
      if ((input.player1Id !== undefined && input.player1Id !== match.player1Id) || (input.player2Id !== undefined && input.player2Id !== match.player2Id)) {
        throw new DomainError(400, "The players of a match are set by the draw and cannot be changed");
      }
    };
    const [, saved] = await claim.confirm(saveResult(db, claim.id, params.id, input, "either", samePlayers));
    return Response.json({ message: saved === "corrected" ? "Result corrected" : "Result recorded" });
  });
}

export const loader = () => methodNotAllowed("PATCH");
