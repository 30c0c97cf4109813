import { FrameResultSchema } from "~/features/leagues/domain/match-card.ts";
import { cardQuery } from "~/features/leagues/server/card-read.server.ts";
import { recordFrame } from "~/features/leagues/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** Either captain (or the secretary) records who won a frame of the card. */
  POST: on(
    { who: "signed-in", body: FrameResultSchema, params: ["id", "number"] },
    async ({ caller, body, params, app }) => {
      const { read } = await caller.read({ read: cardQuery(params.id) });
      // A number that is no whole number is no frame of any card: the use case says so (a 404).
      const number = /^\d{1,4}$/.test(params.number) ? Number(params.number) : 0;
      return Response.json(await perform(app, caller, recordFrame, { by: caller, read, number, winner: body.winner }));
    },
  ),
});
export { api as loader, api as action };
