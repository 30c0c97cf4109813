// The season's match format changed from the secretary's page (DESIGN §11, decision 037): the form's section rows
// read into the API's body, and the API's use case; a refusal (a field's, or a frame played meanwhile) comes back to
// the page with the rows as typed and each message beside its field.
import { isDomainError } from "~/domain/errors.ts";
import { describeFormat, formatFromForm } from "~/features/leagues/domain/season-format.ts";
import { seasonOwnerQuery } from "~/features/leagues/server/leagues.server.ts";
import { changeSeason } from "~/features/leagues/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { seasonForm } from "../td.leagues.$slug.seasons.$seasonSlug/forms.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const { app, claim, seasonId, values, done, refuse } = await seasonForm(args);
  const at = "#format";
  const title = "Could not change the match format";
  const read = formatFromForm(values);
  if (!read.ok) {
    const message = read.errors.form ?? Object.values(read.errors)[0] ?? "Check the match format";
    return refuse({ form: "format", key: "", message, errors: read.errors, values }, title, at);
  }
  try {
    const { season } = await claim.read({ season: seasonOwnerQuery(seasonId) });
    await perform(app, claim, changeSeason, { organiserId: claim.id, season, changes: { format: read.format } });
    return done({ type: "success", title: "Match format changed", description: describeFormat(read.format) }, at);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refuse({ form: "format", key: "", message: error.message, errors: {}, values }, title, at);
  }
}
