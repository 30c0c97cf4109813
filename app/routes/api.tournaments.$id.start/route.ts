import { appContext } from "~/context.server.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, jsonError } from "~/services/http.server.ts";
import { startTournament } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    const organiser = await requireApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const result = await startTournament(db, organiser.id, params.id);
    return Response.json({ message: "Tournament started", ...result });
  });
}

export const loader = () => jsonError(405, "Method not allowed");
