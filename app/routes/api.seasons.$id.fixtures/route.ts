import { fixtureInputQuery } from "~/features/leagues/server/fixtures.server.ts";
import { makeFixtures } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The secretary makes the season's fixture list (again, while none is played); a draft season goes live. */
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    const { input } = await caller.read({ input: fixtureInputQuery(params.id) });
    const made = await perform(app, caller, makeFixtures, { organiserId: caller.id, input });
    return Response.json(made, { status: 201 });
  }),
});
export { api as loader, api as action };
