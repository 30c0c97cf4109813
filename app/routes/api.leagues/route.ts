import { CreateLeagueSchema } from "~/features/leagues/domain/leagues.ts";
import { leagueJson } from "~/features/leagues/server/leagues.server.ts";
import { createLeague } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** A league secretary (an organiser) makes a league. */
  POST: on({ who: "organiser", body: CreateLeagueSchema }, async ({ caller, body, app }) => {
    const league = await perform(app, caller, createLeague, { organiserId: caller.id, name: body.name });
    return Response.json({ league: leagueJson(league) }, { status: 201 });
  }),
});
export { api as loader, api as action };
