import { appContext } from "~/context.server.ts";
import { MatchUpdateSchema } from "~/domain/play.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, jsonError, readJson } from "~/services/http.server.ts";
import { correctMatchResult, recordResult } from "~/services/play.server.ts";
import type { Route } from "./+types/route";
import { matches } from "~/db/schema.ts";
import { eq } from "drizzle-orm";

/**
 * PATCH a match: record its result (scores optional, winner required), or
 * correct a result already recorded. The players are set by the draw: a
 * player1Id/player2Id that differs from the bracket is refused.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
    const organiser = await requireApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const input = await readJson(request, MatchUpdateSchema);
    const [match] = await db.select().from(matches).where(eq(matches.id, params.id)).limit(1);
    if (!match) return jsonError(404, "Match not found");
    if ((input.player1Id !== undefined && input.player1Id !== match.player1Id) || (input.player2Id !== undefined && input.player2Id !== match.player2Id)) {
      return jsonError(400, "The players of a match are set by the draw and cannot be changed");
    }
    if (input.status !== undefined && input.status !== "completed") {
      return jsonError(400, "A result completes the match: status must be 'completed'");
    }
    const record = match.status === "completed" ? correctMatchResult : recordResult;
    await record(db, organiser.id, params.id, input);
    return Response.json({ message: match.status === "completed" ? "Result corrected" : "Result recorded" });
  });
}

export const loader = () => jsonError(405, "Method not allowed");
