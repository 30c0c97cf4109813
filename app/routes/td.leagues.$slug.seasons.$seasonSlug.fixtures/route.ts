// A season's fixtures from the secretary's page (DESIGN §11, decision 037): the list made (again, once confirmed:
// it replaces the fixtures there are), and a fixture moved to another date or postponed — the API's use cases. The
// generator's refusal (why no list can be made) comes back to the page beside the button.
import { isDomainError } from "~/domain/errors.ts";
import { MoveFixtureSchema } from "~/features/leagues/domain/leagues.ts";
import { fixtureInputQuery, fixtureOwnerQuery } from "~/features/leagues/server/fixtures.server.ts";
import { seasonHasFixturesQuery } from "~/features/leagues/server/secretary.server.ts";
import { makeFixtures, moveFixture } from "~/features/leagues/server/use-cases.server.ts";
import { fieldMessages, formText, redirectWithCookies } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { type SeasonForm, seasonForm } from "../td.leagues.$slug.seasons.$seasonSlug/forms.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const page = await seasonForm(args);
  const intent = formText(page.form, "intent");
  if (intent === "move-fixture" || intent === "postpone-fixture") return move(page, intent === "postpone-fixture");
  return make(page);
}

async function make({ app, claim, seasonId, form, page, done, refuse }: SeasonForm): Promise<Response> {
  const at = "#fixtures";
  try {
    const { input, existing } = await claim.read({
      input: fixtureInputQuery(seasonId),
      existing: seasonHasFixturesQuery(seasonId),
    });
    // Making them again replaces every fixture: only once the secretary has said so.
    if (existing && formText(form, "replace") !== "yes") return redirectWithCookies(page("?remake=1"), []);
    const made = await perform(app, claim, makeFixtures, { organiserId: claim.id, input });
    const weeks = new Set(made.fixtures.map((f) => f.week)).size;
    const n = made.fixtures.length;
    return done(
      {
        type: "success",
        title: existing ? "Fixtures made again" : "Fixtures made",
        description: `${n} ${n === 1 ? "fixture" : "fixtures"} over ${weeks} ${weeks === 1 ? "week" : "weeks"}`,
      },
      at,
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const reply = { form: "fixtures" as const, key: "", message: error.message, errors: {}, values: {} };
    return refuse(reply, "Could not make the fixtures", at);
  }
}

async function move({ app, claim, form, values, done, refuse }: SeasonForm, postpone: boolean): Promise<Response> {
  const fixtureId = formText(form, "fixtureId");
  const at = `#fixture-${fixtureId}`;
  const title = postpone ? "Could not postpone the fixture" : "Could not move the fixture";
  const date = postpone ? null : (values.date ?? "");
  if (date === "") {
    const message = "Choose the date to move it to, or postpone it";
    return refuse({ form: "move", key: fixtureId, message, errors: { date: message }, values }, title, at);
  }
  const parsed = MoveFixtureSchema.safeParse({ date });
  if (!parsed.success) {
    const errors = fieldMessages(parsed.error.issues);
    const message = Object.values(errors)[0] ?? "Check the date";
    return refuse({ form: "move", key: fixtureId, message, errors: { date: message }, values }, title, at);
  }
  try {
    const { found } = await claim.read({ found: fixtureOwnerQuery(fixtureId) });
    await perform(app, claim, moveFixture, { organiserId: claim.id, found, date: parsed.data.date });
    return done({ type: "success", title: postpone ? "Fixture postponed" : "Fixture moved" }, at);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refuse({ form: "move", key: fixtureId, message: error.message, errors: {}, values }, title, at);
  }
}
