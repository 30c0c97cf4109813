import { approveResult } from "~/features/play/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** The director approves a result confirmed at the table (tournaments that wait for approval). */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    await perform(app, caller, approveResult, { organiserId: caller.id, matchId: params.id });
    return Response.json({ message: "Result recorded" });
  }),
});
export { api as loader, api as action };
