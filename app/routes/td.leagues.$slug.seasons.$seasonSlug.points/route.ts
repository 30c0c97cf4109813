// The season's points and merit table's minimum changed from the secretary's page (decision 037): the form read into
// the API's body (the points left out once a fixture is played), and the API's use case; a refusal comes back to the
// page with what was typed and each message beside its field.
import { isDomainError } from "~/domain/errors.ts";
import { tableSettingsFromForm } from "~/features/leagues/domain/season-format.ts";
import { seasonOwnerQuery } from "~/features/leagues/server/leagues.server.ts";
import { changeSeason } from "~/features/leagues/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { seasonForm } from "../td.leagues.$slug.seasons.$seasonSlug/forms.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const { app, claim, seasonId, values, done, refuse } = await seasonForm(args);
  const at = "#table-rules";
  const title = "Could not change the season's table";
  // The form offers the points only while they may change: a form without them changes the minimum alone.
  const read = tableSettingsFromForm(values, !("win" in values));
  if (!read.ok) {
    const message = read.errors.form ?? Object.values(read.errors)[0] ?? "Check the points";
    return refuse({ form: "points", key: "", message, errors: read.errors, values }, title, at);
  }
  try {
    const { season } = await claim.read({ season: seasonOwnerQuery(seasonId) });
    await perform(app, claim, changeSeason, { organiserId: claim.id, season, changes: read.changes });
    return done({ type: "success", title: "Table settings saved" }, at);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refuse({ form: "points", key: "", message: error.message, errors: {}, values }, title, at);
  }
}
