import { AwardSchema } from "~/features/leagues/domain/match-card.ts";
import { cardQuery } from "~/features/leagues/server/card-read.server.ts";
import { awardFixture } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The secretary awards the fixture to one side: every frame to it, with a note. */
  POST: on({ who: "signed-in", body: AwardSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { read } = await caller.read({ read: cardQuery(params.id) });
    return Response.json(await perform(app, caller, awardFixture, { by: caller, read, to: body.to, note: body.note }));
  }),
});
export { api as loader, api as action };
