import { DomainError } from "~/domain/errors.ts";
import { headToHead } from "~/features/ratings/domain/player-profile.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { headToHeadQuery } from "~/features/ratings/server/ratings.server.ts";

/** Two players' completed singles matches against each other, from the first player's side (decision 027). */
const api = endpoint({
  GET: on({ who: "anyone", params: ["id", "otherId"] }, async ({ caller, params }) => {
    if (params.id.length > 64 || params.otherId.length > 64) throw new DomainError(404, "Player not found");
    const read = await caller.send(headToHeadQuery(params.id, params.otherId));
    if (!read.player || !read.other) throw new DomainError(404, "Player not found");
    return Response.json(headToHead(params.id, read.matches));
  }),
});
export { api as loader, api as action };
