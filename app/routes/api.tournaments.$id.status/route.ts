import { StatusChangeSchema } from "~/domain/tournaments.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, readJson, methodNotAllowed } from "~/services/http.server.ts";
import { changeTournamentStatus, tournamentBySlugQuery, tournamentJson } from "~/services/tournaments.server.ts";
import type { Route } from "./+types/route";

/** Archive (→ finished) and restore (→ open), DESIGN §5. */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PATCH") return methodNotAllowed("PATCH");
    const claim = await apiCaller(context, "organiser");
    const { status } = await readJson(request, StatusChangeSchema);
    const row = await changeTournamentStatus(claim, { organiserId: claim.id, tournamentId: params.id, to: status });
    const { detail } = await claim.read({ detail: tournamentBySlugQuery(row.slug) });
    return Response.json(detail ? tournamentJson(detail) : { id: row.id, status: row.status });
  });
}

export const loader = () => methodNotAllowed("PATCH");
