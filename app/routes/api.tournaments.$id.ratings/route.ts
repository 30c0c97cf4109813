import { StartingRatingsSchema } from "~/features/ratings/domain/starting-ratings-schema.ts";
import { saveStartingRatings } from "~/features/ratings/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** PUT the director's starting ratings for provisional players entered in their open singles tournament. */
const api = endpoint({
  PUT: on({ who: "organiser", body: StartingRatingsSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const saved = await perform(app, caller, saveStartingRatings, {
      organiserId: caller.id,
      tournament: { id: params.id },
      ratings: body.ratings,
    });
    return Response.json({ message: "Starting ratings saved", ratings: saved.ratings });
  }),
});
export { api as loader, api as action };
