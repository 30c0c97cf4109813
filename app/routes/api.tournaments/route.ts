import { CreateTournamentSchema } from "~/domain/tournaments.ts";
import { apiCaller, visitor } from "~/services/access.server.ts";
import { apiHandler, readJson, methodNotAllowed } from "~/services/http.server.ts";
import { createTournament, openTournamentsQuery, tournamentJson } from "~/services/tournaments.server.ts";
import type { Route } from "./+types/route";

/** Open tournaments with tdName and playerCount. */
export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const { open } = await (await visitor(context)).read({ open: openTournamentsQuery() });
    return Response.json(open.map((t) => tournamentJson(t)));
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("GET, HEAD, POST");
    const claim = await apiCaller(context, "organiser");
    const input = await readJson(request, CreateTournamentSchema);
    const { user: organiser } = await claim.read();
    const created = await createTournament(claim, organiser.id, input);
    // A new tournament has no entries yet: no need to read it back.
    return Response.json(tournamentJson({ ...created, tdName: organiser.name, playerCount: 0, players: [] }), { status: 201 });
  });
}
