import { ResolveSchema } from "~/features/leagues/domain/match-card.ts";
import { cardQuery } from "~/features/leagues/server/card-read.server.ts";
import { resolveFixture } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The secretary settles the card: the frames' winners given, then it is played, with a note. */
  POST: on({ who: "signed-in", body: ResolveSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { read } = await caller.read({ read: cardQuery(params.id) });
    return Response.json(
      await perform(app, caller, resolveFixture, { by: caller, read, frames: body.frames, note: body.note }),
    );
  }),
});
export { api as loader, api as action };
