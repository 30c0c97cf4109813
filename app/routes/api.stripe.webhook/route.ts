import { appContext } from "~/context.server.ts";
import { systemSender } from "~/db/batch.server.ts";
import { apiHandler, discardBody, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import { getPaymentsProvider } from "~/services/payments/index.server.ts";
import { handleWebhook } from "~/services/registration.server.ts";
import type { Route } from "./+types/route";

const MAX_WEBHOOK_BYTES = 256 * 1024;

/** Stripe's webhook: verified by signature (not by Origin), handled once per event. */
export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
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
    const { env, database } = context.get(appContext);
    return Response.json(await handleWebhook(systemSender(database), await getPaymentsProvider(env, database), payload, signature));
  });
}

export const loader = () => methodNotAllowed("POST");
