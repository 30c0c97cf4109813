import { outboxIsReadable, readOutbox } from "~/server/email.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";

// DESIGN §6: the local outbox as JSON, newest first; 404 in production.
const api = endpoint({
  GET: on({ who: "system" }, async ({ app }) => {
    if (!outboxIsReadable(app.env)) return jsonError(404, "Not found");
    return Response.json(await readOutbox(app.database), { headers: { "Cache-Control": "private, no-store" } });
  }),
});
export { api as loader, api as action };
