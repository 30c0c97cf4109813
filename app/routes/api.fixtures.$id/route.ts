import { LEAGUE_MESSAGES, MoveFixtureSchema } from "~/features/leagues/domain/leagues.ts";
import { cardJson, cardQuery } from "~/features/leagues/server/card-read.server.ts";
import { fixtureOwnerQuery } from "~/features/leagues/server/fixtures.server.ts";
import { moveFixture } from "~/features/leagues/server/use-cases.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The fixture and its match card: every frame of the season's format, players by name. No e-mail. */
  GET: on({ who: "anyone", params: ["id"] }, async ({ caller, params }) => {
    const { read } = await caller.read({ read: cardQuery(params.id) });
    if (!read) throw jsonError(404, LEAGUE_MESSAGES.fixtureNotFound);
    return Response.json(cardJson(read));
  }),
  /** The secretary moves an unplayed fixture to another date, or postpones it (`date: null`). */
  PATCH: on({ who: "organiser", body: MoveFixtureSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { found } = await caller.read({ found: fixtureOwnerQuery(params.id) });
    return Response.json(await perform(app, caller, moveFixture, { organiserId: caller.id, found, date: body.date }));
  }),
});
export { api as loader, api as action };
