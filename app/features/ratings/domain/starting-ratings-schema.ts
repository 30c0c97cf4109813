// PUT /api/tournaments/{id}/ratings's body (decision 027): apart from starting-ratings.ts, whose list and
// checks the tournament page uses, so the page carries no Zod (decision 016).
import { z } from "zod";
import { MAX_STARTING_RATING, MIN_STARTING_RATING, startingRatingMessages } from "./starting-ratings.ts";

const rating = z
  .number({ error: startingRatingMessages.range })
  .int(startingRatingMessages.range)
  .min(MIN_STARTING_RATING, startingRatingMessages.range)
  .max(MAX_STARTING_RATING, startingRatingMessages.range);

/** PUT /api/tournaments/{id}/ratings: `{ ratings: { [playerId]: rating } }`, a field per player (`ratings.{id}`). */
export const StartingRatingsSchema = z.object({
  ratings: z
    .record(z.string().trim().min(1).max(64), rating, { error: "ratings must map player ids to ratings" })
    .refine((r) => Object.keys(r).length > 0, startingRatingMessages.none)
    .refine((r) => Object.keys(r).length <= 512, "ratings may name at most 512 players"),
});
