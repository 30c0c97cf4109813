import { appContext } from "~/context.server.ts";
import { CreateTournamentSchema } from "~/domain/tournaments.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, readJson } from "~/services/http.server.ts";
import { createTournament, getTournamentBySlug, listOpenTournaments, tournamentJson } from "~/services/tournaments.server.ts";
import type { Route } from "./+types/route";

/** Open tournaments with tdName and playerCount. */
export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const { db } = context.get(appContext);
    return Response.json((await listOpenTournaments(db)).map((t) => tournamentJson(t)));
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return Response.json({ message: "Method not allowed" }, { status: 405 });
    const organiser = await requireApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const input = await readJson(request, CreateTournamentSchema);
    const created = await createTournament(db, organiser.id, input);
    const detail = await getTournamentBySlug(db, created.slug);
    return Response.json(detail ? tournamentJson(detail) : { id: created.id, slug: created.slug }, { status: 201 });
  });
}
