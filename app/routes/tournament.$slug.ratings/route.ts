// The director's starting ratings on the tournament page (decisions 027, 037): the same use case as
// PUT /api/tournaments/{id}/ratings. Saved: back with a toast; refused: the form comes back with what was typed and
// each message beside its player's field.
import { isDomainError, TOURNAMENT_NOT_FOUND } from "~/domain/errors.ts";
import { StartingRatingsSchema } from "~/features/ratings/domain/starting-ratings-schema.ts";
import { ratingsFromForm } from "~/features/ratings/domain/starting-ratings.ts";
import { saveStartingRatings } from "~/features/ratings/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { pageForm } from "../tournament.$slug/forms.server.ts";
import type { Route } from "./+types/route";

const PREFIX = "ratings.";

export async function action(args: Route.ActionArgs) {
  const { app, claim, tournament, slug, form, toast, reply } = await pageForm(args, "organiser");
  // Back to the ratings, open (they fold away on the page).
  const card = `/tournament/${slug}?open=ratings#starting-ratings`;
  const ratings = ratingsFromForm(form);
  // What was typed, for the ratings changed (the others show as saved).
  const values: Record<string, string> = {};
  for (const playerId of Object.keys(ratings)) {
    const typed = form[`rating:${playerId}`];
    if (playerId.length <= 80 && typeof typed === "string") values[playerId] = typed.slice(0, 20);
  }
  const refused = (message: string, errors: Record<string, string> = {}) =>
    reply({ startingRatings: { message, errors, values } }, card);

  if (Object.keys(ratings).length === 0) {
    return toast({ type: "success", title: "No ratings changed", description: "Change a rating, then save." }, card);
  }
  const parsed = StartingRatingsSchema.safeParse({ ratings });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const playerId = issue.path[1];
      if (issue.path[0] === "ratings" && typeof playerId === "string") errors[playerId] ??= issue.message;
    }
    return refused(parsed.error.issues[0]?.message ?? "Check the ratings", errors);
  }
  try {
    const saved = await perform(app, claim, saveStartingRatings, {
      organiserId: claim.id,
      tournament,
      ratings: parsed.data.ratings,
    });
    const named = saved.ratings.map((r) => `${r.name} ${r.rating}`).join(", ");
    return toast({ type: "success", title: "Starting ratings saved", description: `${named}.` }, card);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === TOURNAMENT_NOT_FOUND) {
      return toast({ type: "error", title: "Tournament not found" }, "/td/tournaments");
    }
    // Not this director's tournament: nothing of theirs to show beside a field.
    if (error.status === 403) {
      return toast({ type: "error", title: "Could not save the ratings", description: error.message }, card);
    }
    const field = error.field?.startsWith(PREFIX) ? error.field.slice(PREFIX.length) : null;
    return refused(error.message, field ? { [field]: error.message } : {});
  }
}
