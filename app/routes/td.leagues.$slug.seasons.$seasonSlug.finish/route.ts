// The season finished from the secretary's page (DESIGN §11, decision 037), once confirmed: the API's use case. A
// refusal (a fixture unplayed meanwhile, or finished already) comes back to the page beside the panel.
import { isDomainError } from "~/domain/errors.ts";
import { seasonEndQuery } from "~/features/leagues/server/season-finish.server.ts";
import { finishSeason } from "~/features/leagues/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { seasonForm } from "../td.leagues.$slug.seasons.$seasonSlug/forms.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const { app, claim, seasonId, done, refuse } = await seasonForm(args);
  const at = "#season-end";
  try {
    const { read } = await claim.read({ read: seasonEndQuery(seasonId) });
    const { champions } = await perform(app, claim, finishSeason, { organiserId: claim.id, read });
    const description = champions.map((c) => `${c.division}: ${c.team}`).join(" · ");
    return done({ type: "success", title: "Season finished", description }, at);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const reply = { form: "finish" as const, key: "", message: error.message, errors: {}, values: {} };
    return refuse(reply, "Could not finish the season", at);
  }
}
