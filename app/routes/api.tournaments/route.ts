import { appContext } from "~/context.server.ts";
import { CreateTournamentSchema } from "~/domain/tournaments.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, readJson, methodNotAllowed } from "~/services/http.server.ts";
import { createTournament, listOpenTournaments, tournamentJson } from "~/services/tournaments.server.ts";
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
    if (request.method !== "POST") return methodNotAllowed("GET, HEAD, POST");
    const organiser = await requireApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const input = await readJson(request, CreateTournamentSchema);
    const created = await createTournament(db, organiser.id, input);
    // A new tournament has no entries yet: no need to read it back.
    return Response.json(tournamentJson({ ...created, tdName: organiser.name, playerCount: 0, players: [] }), { status: 201 });
  });
}
