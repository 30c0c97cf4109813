// The team forms of the tournament page (decision 011): a member leaves, the
// captain names a replacement; back to the page with a toast.
import { data, redirect } from "react-router";
import { appContext } from "~/context.server.ts";
import { isDomainError } from "~/domain/errors.ts";
import { signedIn } from "~/web/access.server.ts";
import { formText, redirectWithCookies } from "~/web/forms.server.ts";
import { flashToast } from "~/web/session.server.ts";
import { leaveTeam, replaceTeamMember } from "~/features/entries/server/teams.server.ts";
import { perform } from "~/web/use-case.server.ts";
import type { Route } from "./+types/route";

const text = (form: FormData, name: string) => formText(form, name, 254);

export async function action({ request, params, context }: Route.ActionArgs) {
  const claim = await signedIn(request, context, "player");
  const app = context.get(appContext);
  const { env } = app;
  if (params.slug.length > 120) throw data({ message: "Tournament not found" }, { status: 404 });
  const form = await request.formData();
  const back = `/tournament/${params.slug}`;
  const tournamentId = text(form, "tournamentId");
  const teamId = text(form, "teamId");
  try {
    if (text(form, "intent") === "leave") {
      await perform(app, claim, leaveTeam, { playerId: claim.id, tournamentId, teamId });
      return redirectWithCookies(back, [
        await flashToast(env, {
          type: "success",
          title: "You left the team",
          description: "Your captain names who plays instead.",
        }),
      ]);
    }
    const from = text(form, "from");
    await perform(app, claim, replaceTeamMember, {
      captainId: claim.id,
      tournamentId,
      teamId,
      from: from.includes("@") ? from : "",
      fromId: from.includes("@") || from === "" ? undefined : from,
      to: text(form, "to"),
      toName: form.get("toName") ?? undefined,
    });
    return redirectWithCookies(back, [
      await flashToast(env, {
        type: "success",
        title: "Team updated",
        description: "Your new teammate has been told.",
      }),
    ]);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithCookies(back, [
      await flashToast(env, { type: "error", title: "Could not change the team", description: error.message }),
    ]);
  }
}

/** Nothing to show here: a visit goes to the tournament page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/tournament/${encodeURIComponent(params.slug)}`);
}
