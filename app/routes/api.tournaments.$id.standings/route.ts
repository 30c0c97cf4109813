import { formatStandings } from "~/features/play/domain/standings.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { payoutPlanQuery } from "~/features/play/server/finalize.server.ts";

/** The standings in finishing order, public like the bracket. */
const api = endpoint({
  GET: on({ who: "anyone", params: ["id"] }, async ({ caller, params }) => {
    if (params.id.length > 64) return jsonError(404, "Tournament not found");
    const { plan } = await caller.read({ plan: payoutPlanQuery({ id: params.id }) });
    if (!plan.t) return jsonError(404, "Tournament not found");
    return Response.json(formatStandings(plan.bracket, plan.entries));
  }),
});
export { api as loader, api as action };
