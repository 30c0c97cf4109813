// The director's starting ratings on the tournament page (decision 027): a plain form with a hidden `intent`,
// the same service as PUT /api/tournaments/{id}/ratings. Saved: back with a toast; refused: the form comes back with
// what was typed and each message beside its player's field.
import { data, type RouterContextProvider } from "react-router";
import { appContext } from "~/context.server.ts";
import { isDomainError, TOURNAMENT_NOT_FOUND } from "~/domain/errors.ts";
import { StartingRatingsSchema } from "~/features/ratings/domain/starting-ratings-schema.ts";
import { ratingsFromForm, STARTING_RATINGS_INTENT } from "~/features/ratings/domain/starting-ratings.ts";
import { signedIn } from "~/web/access.server.ts";
import { saveStartingRatings } from "~/features/ratings/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { flashToast, type Toast } from "~/web/session.server.ts";

export const isStartingRatingsIntent = (intent: unknown): intent is typeof STARTING_RATINGS_INTENT =>
  intent === STARTING_RATINGS_INTENT;

/** Ratings not saved: a message for the form, each player's beside their field, and what was typed. */
type StartingRatingsReply = {
  startingRatings: { message: string; errors: Record<string, string>; values: Record<string, string> };
};

const PREFIX = "ratings.";

export async function startingRatingsAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  slug: string,
): Promise<Response | ReturnType<typeof data<StartingRatingsReply>>> {
  const claim = await signedIn(request, context, "organiser");
  const app = context.get(appContext);
  const back = `/tournament/${slug}`;
  const toast = async (t: Toast, to = `${back}#starting-ratings`) =>
    redirectWithCookies(to, [await flashToast(app.env, t)]);
  const form = Object.fromEntries(await request.formData());
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith("rating:") && key.length <= 80 && typeof value === "string") {
      values[key.slice("rating:".length)] = value.slice(0, 20);
    }
  }
  const refused = (status: number, message: string, errors: Record<string, string> = {}) =>
    data<StartingRatingsReply>({ startingRatings: { message, errors, values } }, { status });

  const ratings = ratingsFromForm(form);
  if (Object.keys(ratings).length === 0) {
    return toast({ type: "success", title: "No ratings changed", description: "Change a rating, then save." });
  }
  const parsed = StartingRatingsSchema.safeParse({ ratings });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const playerId = issue.path[1];
      if (issue.path[0] === "ratings" && typeof playerId === "string") errors[playerId] ??= issue.message;
    }
    return refused(400, parsed.error.issues[0]?.message ?? "Check the ratings", errors);
  }
  try {
    const saved = await perform(app, claim, saveStartingRatings, {
      organiserId: claim.id,
      tournament: { slug: slug.slice(0, 120) },
      ratings: parsed.data.ratings,
    });
    const named = saved.ratings.map((r) => `${r.name} ${r.rating}`).join(", ");
    return toast({ type: "success", title: "Starting ratings saved", description: `${named}.` });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === TOURNAMENT_NOT_FOUND) {
      return toast({ type: "error", title: "Tournament not found" }, "/td/tournaments");
    }
    const field = error.field?.startsWith(PREFIX) ? error.field.slice(PREFIX.length) : null;
    return refused(error.status, error.message, field ? { [field]: error.message } : {});
  }
}
