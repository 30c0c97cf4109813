import { newTableCode } from "~/features/floor/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** "New code": the table gets a new access code; tablets using the old one are disconnected. */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) =>
    Response.json(await perform(app, caller, newTableCode, { organiserId: caller.id, tableId: params.id })),
  ),
});
export { api as loader, api as action };
