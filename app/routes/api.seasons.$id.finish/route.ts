import { finishSeason } from "~/features/leagues/server/use-cases.server.ts";
import { seasonEndQuery } from "~/features/leagues/server/season-finish.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The league's secretary finishes the season once every fixture is played or awarded: its champions stored. */
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    const { read } = await caller.read({ read: seasonEndQuery(params.id) });
    const done = await perform(app, caller, finishSeason, { organiserId: caller.id, read });
    return Response.json(done);
  }),
});
export { api as loader, api as action };
