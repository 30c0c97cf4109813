import { endpoint, on } from "~/web/endpoint.server.ts";
import { organiserTournamentsQuery } from "~/features/tournaments/server/tournament-lists.server.ts";
import { tournamentJson } from "~/features/tournaments/server/tournaments.server.ts";

/** The signed-in organiser's tournaments, every status. */
const api = endpoint({
  GET: on({ who: "organiser" }, async ({ caller }) => {
    const { mine } = await caller.read({ mine: organiserTournamentsQuery(caller.id) });
    return Response.json(mine.map((t) => tournamentJson(t)));
  }),
});
export { api as loader, api as action };
