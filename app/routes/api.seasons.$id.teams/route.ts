import { CreateTeamSchema } from "~/features/leagues/domain/leagues.ts";
import { teamSeasonQuery } from "~/features/leagues/server/teams.server.ts";
import { createTeam } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The secretary adds a team to a season: its division, home venue, captain and registered players. */
  POST: on({ who: "organiser", body: CreateTeamSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { season } = await caller.read({ season: teamSeasonQuery(params.id) });
    const made = await perform(app, caller, createTeam, { organiserId: caller.id, season, fields: body });
    return Response.json(made, { status: 201 });
  }),
});
export { api as loader, api as action };
