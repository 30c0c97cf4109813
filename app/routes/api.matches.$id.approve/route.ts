import { endpoint, on } from "~/services/endpoint.server.ts";
import { announceChange } from "~/services/live.server.ts";
import { approveTableResult } from "~/services/table-scoring.server.ts";

/** The director approves a result confirmed at the table (tournaments that wait for approval). */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    const saved = await approveTableResult(caller, { organiserId: caller.id, matchId: params.id });
    if (saved.outcome !== "unconfirmed") {
      announceChange(app, { organiserId: caller.id, tournamentId: saved.tournamentId, what: "result" });
    }
    return Response.json({ message: "Result recorded" });
  }),
});
export { api as loader, api as action };
