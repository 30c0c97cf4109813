import { PinSchema } from "~/domain/queue-schema.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { pinMatch } from "~/services/queue.server.ts";

/** Keeps a match for one table (the TV table), or lets it go to any: `{ tableId }` or `{ tableId: null }`. */
const api = endpoint({
  PATCH: on({ who: "organiser", body: PinSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const { tournamentId, floors } = await pinMatch(caller, {
      organiserId: caller.id,
      matchId: params.id,
      tableId: body.tableId,
    });
    await afterChange(caller, app, { organiserId: caller.id, tournamentId, what: "table", floors });
    return Response.json({ message: body.tableId ? "Match pinned to the table" : "Match unpinned" });
  }),
});
export { api as loader, api as action };
