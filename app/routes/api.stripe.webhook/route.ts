import { systemSender } from "~/db/batch.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { discardBody, jsonError } from "~/web/http.server.ts";
import { getPaymentsProvider } from "~/features/money/server/payments/index.server.ts";
import { handleWebhook } from "~/features/money/server/payment-confirmation.server.ts";
import { perform } from "~/web/use-case.server.ts";

const MAX_WEBHOOK_BYTES = 256 * 1024;

/** Stripe's webhook: verified by signature (not by Origin), handled once per event. */
const api = endpoint({
  POST: on({ who: "system" }, async ({ request, app }) => {
    const signature = request.headers.get("Stripe-Signature");
    if (!signature) {
      await discardBody(request);
      return jsonError(400, "Missing Stripe-Signature header");
    }
    if (Number(request.headers.get("Content-Length") ?? "0") > MAX_WEBHOOK_BYTES) {
      await discardBody(request);
      return jsonError(413, "Request body too large");
    }
    const payload = await request.text();
    const provider = await getPaymentsProvider(app.env, app.database);
    const system = systemSender(app.database);
    return Response.json(await perform(app, system, handleWebhook, { provider, payload, signature }));
  }),
});
export { api as loader, api as action };
