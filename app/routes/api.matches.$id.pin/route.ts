import { PinSchema } from "~/features/floor/domain/queue-schema.ts";
import { pinMatchToTable } from "~/features/floor/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** Keeps a match for one table (the TV table), or lets it go to any: `{ tableId }` or `{ tableId: null }`. */
const api = endpoint({
  PATCH: on({ who: "organiser", body: PinSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const input = { organiserId: caller.id, matchId: params.id, tableId: body.tableId };
    const { pinned } = await perform(app, caller, pinMatchToTable, input);
    return Response.json({ message: pinned ? "Match pinned to the table" : "Match unpinned" });
  }),
});
export { api as loader, api as action };
