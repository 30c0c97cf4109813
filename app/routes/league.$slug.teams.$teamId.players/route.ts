// The team page's "Add a player" form (decision 037): the team's captain, or the league's secretary, adds a player
// (by e-mail) or a guest (by name) to the roster — the same use case as
// `POST /api/seasons/{id}/teams/{teamId}/players`. Every answer is a redirect back to the roster: with a toast, or
// with the refusal beside its field.
import { appContext } from "~/context.server.ts";
import { leagueTeamPath } from "~/domain/anchors.ts";
import { isDomainError } from "~/domain/errors.ts";
import { RosterPlayerSchema } from "~/features/leagues/domain/leagues.ts";
import { rosterTeamQuery } from "~/features/leagues/server/teams.server.ts";
import { addRosterPlayer } from "~/features/leagues/server/use-cases.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { formText, redirectWithCookies } from "~/web/forms.server.ts";
import { flashToast } from "~/web/session.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { type RosterReply, rosterFieldOf } from "../league.$slug.teams.$teamId/roster-reply.ts";
import type { Route } from "./+types/route";

export async function action({ request, params, context }: Route.ActionArgs) {
  const claim = await signedIn(request, context);
  const app = context.get(appContext);
  const back = `${leagueTeamPath(params.slug.slice(0, 160), params.teamId.slice(0, 64))}#roster`;
  const form = await request.formData();
  const values = { name: formText(form, "name", 200), email: formText(form, "email", 300) };
  const refused = async (reply: RosterReply) =>
    redirectWithCookies(back, [await flashToast(app.env, null, { roster: reply })]);

  const parsed = RosterPlayerSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refused({
      message: issue?.message ?? "Check the player's details",
      field: rosterFieldOf(String(issue?.path[0] ?? "")),
      values,
    });
  }
  // The season is the page's (the form says which); a team of another season or league is none: a 404.
  const { team } = await claim.read({ team: rosterTeamQuery(formText(form, "seasonId"), params.teamId) });
  try {
    const added = await perform(app, claim, addRosterPlayer, {
      by: claim,
      team: team && team.leagueSlug === params.slug ? team : null,
      fields: parsed.data,
    });
    return redirectWithCookies(back, [
      await flashToast(app.env, {
        type: "success",
        title: `${added.player.name} added`,
        description: parsed.data.email
          ? `On ${team?.teamName ?? "the team"}'s roster.`
          : `On ${team?.teamName ?? "the team"}'s roster as a guest of the league.`,
      }),
    ]);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refused({ message: error.message, field: rosterFieldOf(error.field), values });
  }
}
