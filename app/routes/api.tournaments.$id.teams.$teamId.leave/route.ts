import { endpoint, on } from "~/web/endpoint.server.ts";
import { leaveTeam } from "~/features/entries/server/teams.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** A member leaves their team, before the start (decision 011). */
const api = endpoint({
  POST: on({ who: "player", params: ["id", "teamId"] }, async ({ caller, params, app }) => {
    const input = { playerId: caller.id, tournamentId: params.id, teamId: params.teamId };
    return Response.json(await perform(app, caller, leaveTeam, input));
  }),
});
export { api as loader, api as action };
