import { StartingRatingsSchema } from "~/domain/starting-ratings-schema.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { setStartingRatings } from "~/services/starting-ratings.server.ts";

/** PUT the director's starting ratings for provisional players entered in their open singles tournament. */
const api = endpoint({
  PUT: on({ who: "organiser", body: StartingRatingsSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const saved = await setStartingRatings(caller, {
      organiserId: caller.id,
      tournament: { id: params.id },
      ratings: body.ratings,
    });
    // The director's page lists the entrants' ratings: its other tabs read them again.
    await afterChange(caller, app, { organiserId: caller.id, tournamentId: saved.tournamentId, what: "entries" });
    return Response.json({ message: "Starting ratings saved", ratings: saved.ratings });
  }),
});
export { api as loader, api as action };
