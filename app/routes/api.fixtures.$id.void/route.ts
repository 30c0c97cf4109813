import { VoidSchema } from "~/features/leagues/domain/match-card.ts";
import { cardQuery } from "~/features/leagues/server/card-read.server.ts";
import { voidFixture } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The secretary voids the fixture: it counts for nothing, with a note. */
  POST: on({ who: "signed-in", body: VoidSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { read } = await caller.read({ read: cardQuery(params.id) });
    return Response.json(await perform(app, caller, voidFixture, { by: caller, read, note: body.note }));
  }),
});
export { api as loader, api as action };
