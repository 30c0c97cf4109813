import { RosterPlayerSchema } from "~/features/leagues/domain/leagues.ts";
import { rosterTeamQuery } from "~/features/leagues/server/teams.server.ts";
import { addRosterPlayer } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The league's secretary, or the team's captain, adds a player (by e-mail) or a guest (by name) to its roster. */
  POST: on(
    { who: "signed-in", body: RosterPlayerSchema, params: ["id", "teamId"] },
    async ({ caller, body, params, app }) => {
      const { team } = await caller.read({ team: rosterTeamQuery(params.id, params.teamId) });
      const added = await perform(app, caller, addRosterPlayer, { by: caller, team, fields: body });
      return Response.json(added, { status: 201 });
    },
  ),
});
export { api as loader, api as action };
