import { endpoint, on } from "~/web/endpoint.server.ts";
import { queueJson } from "~/features/floor/domain/queue-views.ts";
import { queueQuery } from "~/features/floor/server/queue-reads.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { matchesQuery } from "~/features/play/server/match-reads.server.ts";

/** The ready matches in the order they will be called, with when each should start: public like the bracket. */
const api = endpoint({
  GET: on({ who: "anyone", params: ["id"] }, async ({ caller, params }) => {
    if (params.id.length > 64) return jsonError(404, "Tournament not found");
    const { floor, matches } = await caller.read({
      floor: queueQuery({ id: params.id }),
      matches: matchesQuery({ id: params.id }),
    });
    if (!floor) return jsonError(404, "Tournament not found");
    return Response.json(queueJson(floor, matches, Date.now()));
  }),
});
export { api as loader, api as action };
