import { LineupSchema } from "~/features/leagues/domain/match-card.ts";
import { cardQuery } from "~/features/leagues/server/card-read.server.ts";
import { setLineup } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** A side's captain (or the secretary) names that side's players for some frames of the card. */
  PUT: on({ who: "signed-in", body: LineupSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { read } = await caller.read({ read: cardQuery(params.id) });
    return Response.json(await perform(app, caller, setLineup, { by: caller, read, ...body }));
  }),
});
export { api as loader, api as action };
