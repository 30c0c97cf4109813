import { endpoint, on } from "~/services/endpoint.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { approveTableResult } from "~/services/table-scoring.server.ts";

/** The director approves a result confirmed at the table (tournaments that wait for approval). */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    const saved = await approveTableResult(caller, { organiserId: caller.id, matchId: params.id });
    if (saved.outcome !== "unconfirmed") await afterChange(caller, app, saved.change);
    return Response.json({ message: "Result recorded" });
  }),
});
export { api as loader, api as action };
