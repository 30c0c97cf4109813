import { MatchUpdateSchema } from "~/features/play/domain/play.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { recordResult } from "~/features/play/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";

/**
 * PATCH a match: record its result (scores optional, winner required), or
 * correct a result already recorded. The players are set by the draw: a
 * player1Id/player2Id that differs from the bracket is refused.
 */
const api = endpoint({
  PATCH: on({ who: "organiser", body: MatchUpdateSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    if (body.status !== undefined && body.status !== "completed") {
      return jsonError(400, "A result completes the match: status must be 'completed'");
    }
    const players = { player1Id: body.player1Id, player2Id: body.player2Id };
    const saved = await perform(app, caller, recordResult, {
      organiserId: caller.id,
      matchId: params.id,
      input: body,
      mode: "either",
      noShow: body.noShow,
      players,
    });
    return Response.json({ message: saved.outcome === "corrected" ? "Result corrected" : "Result recorded" });
  }),
});
export { api as loader, api as action };
