// Points deducted from a team from the secretary's page (decision 037), or a deduction taken back (`intent=remove`):
// the form checked by the API's schema, and the API's use cases; a refusal comes back to the page with what was typed
// and each message beside its field.
import { isDomainError } from "~/domain/errors.ts";
import { CreatePenaltySchema } from "~/features/leagues/domain/penalties.ts";
import { wholeOrText } from "~/features/leagues/domain/season-format.ts";
import { seasonOwnerQuery } from "~/features/leagues/server/leagues.server.ts";
import { deductPoints, removePenalty } from "~/features/leagues/server/use-cases.server.ts";
import { formText } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { seasonForm } from "../td.leagues.$slug.seasons.$seasonSlug/forms.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const { app, claim, seasonId, values, form, done, refuse } = await seasonForm(args);
  const at = "#table-rules";
  if (formText(form, "intent") === "remove") {
    try {
      const { season } = await claim.read({ season: seasonOwnerQuery(seasonId) });
      const penaltyId = formText(form, "penaltyId");
      const removed = await perform(app, claim, removePenalty, { organiserId: claim.id, season, penaltyId });
      return done({ type: "success", title: "Deduction taken back", description: removed.reason }, at);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return refuse({ form: "penalty", key: "", message: error.message, errors: {}, values: {} }, "Not taken back", at);
    }
  }
  const title = "Could not deduct the points";
  const parsed = CreatePenaltySchema.safeParse({
    teamId: values.teamId ?? "",
    points: wholeOrText(values.points ?? ""),
    reason: values.reason ?? "",
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    const message = Object.values(errors)[0] ?? "Check the penalty";
    return refuse({ form: "penalty", key: "", message, errors, values }, title, at);
  }
  try {
    const { season } = await claim.read({ season: seasonOwnerQuery(seasonId) });
    const penalty = await perform(app, claim, deductPoints, { organiserId: claim.id, season, penalty: parsed.data });
    const description = `${penalty.points} point${penalty.points === 1 ? "" : "s"}: ${penalty.reason}`;
    return done({ type: "success", title: "Points deducted", description }, at);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const errors: Record<string, string> = error.field ? { [error.field]: error.message } : {};
    return refuse({ form: "penalty", key: "", message: error.message, errors, values }, title, at);
  }
}
