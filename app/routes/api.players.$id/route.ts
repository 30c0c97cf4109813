import { DomainError } from "~/domain/errors.ts";
import { playerProfile } from "~/features/ratings/domain/player-profile.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { profileQuery, withCurrentRatings } from "~/features/ratings/server/ratings.server.ts";

/** A player's public profile (decision 027): name, rating and its history, recent matches. No e-mail, no balance. */
const api = endpoint({
  GET: on({ who: "anyone", params: ["id"] }, async ({ app, caller, params }) => {
    if (params.id.length > 64) throw new DomainError(404, "Player not found");
    const { player, ...read } = await withCurrentRatings(app.database, () => caller.send(profileQuery(params.id)));
    if (!player) throw new DomainError(404, "Player not found");
    return Response.json(playerProfile(player, read));
  }),
});
export { api as loader, api as action };
