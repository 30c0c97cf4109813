import { DisputeSchema } from "~/features/leagues/domain/match-card.ts";
import { cardQuery } from "~/features/leagues/server/card-read.server.ts";
import { disputeFixture } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** A captain disputes the card before both have confirmed it; the secretary is told. */
  POST: on({ who: "signed-in", body: DisputeSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { read } = await caller.read({ read: cardQuery(params.id) });
    return Response.json(await perform(app, caller, disputeFixture, { by: caller, read, reason: body.reason }));
  }),
});
export { api as loader, api as action };
