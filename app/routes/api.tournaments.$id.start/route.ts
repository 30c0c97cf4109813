import { appContext } from "~/context.server.ts";
import { claimApiUser } from "~/services/guards.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { startTournament } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const claim = await claimApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const [, result] = await claim.confirm(startTournament(db, claim.id, { id: params.id }));
    return Response.json({ message: "Tournament started", ...result });
  });
}

export const loader = () => methodNotAllowed("POST");
