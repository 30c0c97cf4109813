// A division added to the season, below those it has (DESIGN §11, decision 037): the API's schema and use case; a
// refusal comes back to the season page with the name as typed and the message beside it.
import { isDomainError } from "~/domain/errors.ts";
import { CreateDivisionSchema } from "~/features/leagues/domain/leagues.ts";
import { seasonOwnerQuery } from "~/features/leagues/server/leagues.server.ts";
import { createDivision } from "~/features/leagues/server/use-cases.server.ts";
import { fieldMessages } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { seasonForm } from "../td.leagues.$slug.seasons.$seasonSlug/forms.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const { app, claim, seasonId, values, done, refuse } = await seasonForm(args);
  const at = "#divisions";
  const parsed = CreateDivisionSchema.safeParse({ name: values.name ?? "" });
  if (!parsed.success) {
    const errors = fieldMessages(parsed.error.issues);
    const message = Object.values(errors)[0] ?? "Check the division's name";
    return refuse({ form: "division", key: "", message, errors, values }, "Could not add the division", at);
  }
  try {
    const { season } = await claim.read({ season: seasonOwnerQuery(seasonId) });
    const division = await perform(app, claim, createDivision, {
      organiserId: claim.id,
      season,
      name: parsed.data.name,
    });
    return done({ type: "success", title: `${division.name} added` }, at);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const errors: Record<string, string> = error.field === "name" ? { name: error.message } : {};
    return refuse(
      { form: "division", key: "", message: error.message, errors, values },
      "Could not add the division",
      at,
    );
  }
}
