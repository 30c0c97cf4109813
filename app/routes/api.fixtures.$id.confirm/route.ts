import { cardQuery } from "~/features/leagues/server/card-read.server.ts";
import { confirmCard } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** A captain confirms their side of the card; both confirmed, it is played. */
  POST: on({ who: "signed-in", params: ["id"] }, async ({ caller, params, app }) => {
    const { read } = await caller.read({ read: cardQuery(params.id) });
    return Response.json(await perform(app, caller, confirmCard, { by: caller, read }));
  }),
});
export { api as loader, api as action };
