// The next season started from the secretary's page of a finished one (DESIGN §11, decision 037): the form read into
// the API's body (`from` this season) and checked by its schema, made by its use case, then on to the new season's
// page; a refusal comes back to this page with what was typed and each message beside its field.
import { isDomainError } from "~/domain/errors.ts";
import { NewSeasonSchema } from "~/features/leagues/domain/leagues.ts";
import { nextSeasonQuery } from "~/features/leagues/server/next-season.server.ts";
import { leagueSecretaryQuery } from "~/features/leagues/server/secretary.server.ts";
import { startNextSeason } from "~/features/leagues/server/use-cases.server.ts";
import { fieldMessages, redirectWithCookies } from "~/web/forms.server.ts";
import { flashToast } from "~/web/session.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { seasonForm } from "../td.leagues.$slug.seasons.$seasonSlug/forms.server.ts";
import type { Route } from "./+types/route";

/** A number field as the API takes it: blank is not given, anything else a number (or NaN, which it refuses). */
const count = (text: string | undefined) => (text?.trim() ? Number(text.trim()) : undefined);

export async function action(args: Route.ActionArgs) {
  const { app, claim, seasonId, values, refuse } = await seasonForm(args);
  const at = "#season-end";
  const title = "Could not start the next season";
  const parsed = NewSeasonSchema.safeParse({
    name: values.name ?? "",
    night: values.night ?? "",
    startDate: values.startDate ?? "",
    from: seasonId,
    promote: count(values.promote),
    relegate: count(values.relegate),
  });
  if (!parsed.success) {
    const errors = fieldMessages(parsed.error.issues);
    const message = Object.values(errors)[0] ?? "Check the next season's details";
    return refuse({ form: "next", key: "", message, errors, values }, title, at);
  }
  const { fields, next } = parsed.data;
  if (!next) throw new Error("A next season is made from this one");
  try {
    const { league, from } = await claim.read({
      league: leagueSecretaryQuery(args.params.slug),
      from: nextSeasonQuery(next.from),
    });
    const made = await perform(app, claim, startNextSeason, { organiserId: claim.id, league, fields, next, from });
    const moved = made.divisions.flatMap((d) => d.teams).filter((t) => t.moved);
    const up = moved.filter((t) => t.moved === "up").length;
    const description =
      `${up} ${up === 1 ? "team" : "teams"} up, ${moved.length - up} down. ` +
      "Check the teams, then make the fixtures.";
    const toast = { type: "success" as const, title: `${made.season.name} made`, description };
    const page = `/td/leagues/${encodeURIComponent(args.params.slug)}/seasons/${made.season.slug}`;
    return redirectWithCookies(page, [await flashToast(app.env, toast)]);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const field = error.field && ["name", "startDate", "night", "promote", "relegate"].includes(error.field);
    const errors = field && error.field ? { [error.field]: error.message } : {};
    return refuse({ form: "next", key: "", message: error.message, errors, values }, title, at);
  }
}
