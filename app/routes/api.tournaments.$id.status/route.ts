import { appContext } from "~/context.server.ts";
import { StatusChangeSchema } from "~/domain/tournaments.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, readJson, methodNotAllowed } from "~/services/http.server.ts";
import { changeTournamentStatus, getTournamentBySlug, tournamentJson } from "~/services/tournaments.server.ts";
import type { Route } from "./+types/route";

/** Archive (→ finished) and restore (→ open), DESIGN §5. */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PATCH") return methodNotAllowed("PATCH");
    const organiser = await requireApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const { status } = await readJson(request, StatusChangeSchema);
    const row = await changeTournamentStatus(db, organiser.id, params.id, status);
    const detail = await getTournamentBySlug(db, row.slug);
    return Response.json(detail ? tournamentJson(detail) : { id: row.id, status: row.status });
  });
}

export const loader = () => methodNotAllowed("PATCH");
