import { endpoint, on } from "~/services/endpoint.server.ts";
import { leaveTeam } from "~/services/teams.server.ts";

/** A member leaves their team, before the start (decision 011). */
const api = endpoint({
  POST: on({ who: "player", params: ["id", "teamId"] }, async ({ caller, params }) =>
    Response.json(await leaveTeam(caller, { playerId: caller.id, tournamentId: params.id, teamId: params.teamId })),
  ),
});
export { api as loader, api as action };
