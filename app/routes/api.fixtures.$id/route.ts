import { MoveFixtureSchema } from "~/features/leagues/domain/leagues.ts";
import { fixtureOwnerQuery } from "~/features/leagues/server/fixtures.server.ts";
import { moveFixture } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The secretary moves an unplayed fixture to another date, or postpones it (`date: null`). */
  PATCH: on({ who: "organiser", body: MoveFixtureSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { found } = await caller.read({ found: fixtureOwnerQuery(params.id) });
    return Response.json(await perform(app, caller, moveFixture, { organiserId: caller.id, found, date: body.date }));
  }),
});
export { api as loader, api as action };
