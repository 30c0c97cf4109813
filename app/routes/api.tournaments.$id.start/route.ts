import { endpoint, on } from "~/services/endpoint.server.ts";
import { fillFreeTables } from "~/services/queue.server.ts";
import { announceChange } from "~/services/live.server.ts";
import { startTournament } from "~/services/play.server.ts";

const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    const { tournamentId, floors, ...result } = await startTournament(caller, {
      organiserId: caller.id,
      tournament: { id: params.id },
    });
    announceChange(app, { organiserId: caller.id, tournamentId, what: "start" });
    // At the start every free table in rotation gets a match at once (when the floor assigns automatically).
    await fillFreeTables(caller, app, { organiserId: caller.id, floors });
    return Response.json({ message: "Tournament started", ...result });
  }),
});
export { api as loader, api as action };
