import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { startTournament } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const claim = await apiCaller(context, "organiser");
    const result = await startTournament(claim, { organiserId: claim.id, tournament: { id: params.id } });
    return Response.json({ message: "Tournament started", ...result });
  });
}

export const loader = () => methodNotAllowed("POST");
