// A season's teams from the secretary's page (DESIGN §11, decision 037): a team added with its captain and players,
// and a player added to a team's roster — the API's schemas and use cases. A refusal comes back to the season page
// with what was typed and each message beside its field.
import { isDomainError } from "~/domain/errors.ts";
import { CreateTeamSchema, RosterPlayerSchema } from "~/features/leagues/domain/leagues.ts";
import { rosterTeamQuery, teamSeasonQuery } from "~/features/leagues/server/teams.server.ts";
import { addRosterPlayer, createTeam } from "~/features/leagues/server/use-cases.server.ts";
import { fieldMessages, formText } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { type SeasonForm, seasonForm } from "../td.leagues.$slug.seasons.$seasonSlug/forms.server.ts";
import { PLAYER_ROWS } from "../td.leagues.$slug.seasons.$seasonSlug/reply.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const page = await seasonForm(args);
  return formText(page.form, "intent") === "add-player" ? addPlayer(page) : addTeam(page);
}

/**
 * The team form as the API's body: the captain's two fields as `captain`, and the player rows filled in (a row with
 * neither a name nor an e-mail is left out) as `players`, with each one's row to put its messages back beside.
 */
function teamBody(values: Record<string, string>) {
  const rows: number[] = [];
  const players: { name: string; email: string }[] = [];
  for (let row = 0; row < PLAYER_ROWS; row++) {
    const name = values[`players.${row}.name`]?.trim() ?? "";
    const email = values[`players.${row}.email`]?.trim() ?? "";
    if (!name && !email) continue;
    rows.push(row);
    players.push({ name, email });
  }
  const body = {
    name: values.name ?? "",
    divisionId: values.divisionId ?? "",
    venue: values.venue ?? "",
    captain: { email: values.captainEmail ?? "", name: values.captainName ?? "" },
    players,
  };
  return { body, rows };
}

/** A message's field on the form: `captain.email` is `captainEmail`, the Nth player sent is its row's. */
function formField(key: string, rows: readonly number[]): string {
  const player = /^players\.(\d+)\.(name|email)$/.exec(key);
  if (player) return `players.${rows[Number(player[1])] ?? 0}.${player[2]}`;
  if (key === "captain.email") return "captainEmail";
  if (key === "captain.name") return "captainName";
  return key;
}

async function addTeam({ app, claim, seasonId, values, done, refuse }: SeasonForm): Promise<Response> {
  const at = "#add-team";
  const { body, rows } = teamBody(values);
  const parsed = CreateTeamSchema.safeParse(body);
  if (!parsed.success) {
    const errors = Object.fromEntries(
      Object.entries(fieldMessages(parsed.error.issues)).map(([key, message]) => [formField(key, rows), message]),
    );
    const message = Object.values(errors)[0] ?? "Check the team's details";
    return refuse({ form: "team", key: "", message, errors, values }, "Could not add the team", at);
  }
  try {
    const { season } = await claim.read({ season: teamSeasonQuery(seasonId) });
    const made = await perform(app, claim, createTeam, { organiserId: claim.id, season, fields: parsed.data });
    const n = made.team.players.length;
    return done(
      { type: "success", title: `${made.team.name} added`, description: `${n} ${n === 1 ? "player" : "players"}` },
      // Back at the form: the next team is entered straight away.
      at,
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const field = error.field === "email" || error.field === "players" ? "players" : error.field;
    const errors: Record<string, string> = field ? { [field]: error.message } : {};
    return refuse({ form: "team", key: "", message: error.message, errors, values }, "Could not add the team", at);
  }
}

async function addPlayer({ app, claim, seasonId, form, values, done, refuse }: SeasonForm): Promise<Response> {
  const teamId = formText(form, "teamId");
  const at = `#team-${teamId}`;
  const parsed = RosterPlayerSchema.safeParse({ name: values.name ?? "", email: values.email ?? "" });
  if (!parsed.success) {
    const errors = fieldMessages(parsed.error.issues);
    const message = Object.values(errors)[0] ?? "Check the player's details";
    return refuse({ form: "player", key: teamId, message, errors, values }, "Could not add the player", at);
  }
  try {
    const { team } = await claim.read({ team: rosterTeamQuery(seasonId, teamId) });
    const added = await perform(app, claim, addRosterPlayer, { by: claim, team, fields: parsed.data });
    return done({ type: "success", title: `${added.player.name} added`, description: team?.teamName }, at);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const field = error.field === "players" ? "name" : error.field;
    const errors: Record<string, string> = field ? { [field]: error.message } : {};
    return refuse(
      { form: "player", key: teamId, message: error.message, errors, values },
      "Could not add the player",
      at,
    );
  }
}
