// The simulated provider's card confirmation (DESIGN §4): 404 unless
// payments are simulated. JSON for the enhanced checkout, or a plain form
// post that redirects back to the checkout like Stripe's return does.
import { redirect } from "react-router";
import { z } from "zod";
import { systemSender } from "~/db/batch.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError, readJson } from "~/web/http.server.ts";
import { getPaymentsProvider, paymentsAreSimulated } from "~/features/money/server/payments/index.server.ts";
import { confirmSimulatedPayment, simulatedWebhookSecret } from "~/features/money/server/payments/simulated.server.ts";
import { handleWebhook } from "~/features/money/server/payment-confirmation.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { safeRedirectPath } from "~/utils/redirect.ts";

const ConfirmSchema = z.object({
  cardNumber: z.string({ error: "Enter a card number" }).max(40, "Enter a card number"),
});

/** The card and where to go back to: a plain form post, or the enhanced checkout's JSON. */
async function readConfirmation(request: Request): Promise<{ cardNumber: string; returnTo: string; isForm: boolean }> {
  if (!(request.headers.get("Content-Type") ?? "").includes("application/x-www-form-urlencoded")) {
    return { ...(await readJson(request, ConfirmSchema)), returnTo: "/", isForm: false };
  }
  const form = await request.formData();
  const cardNumber = String(form.get("cardNumber") ?? "").slice(0, 40);
  return { cardNumber, returnTo: safeRedirectPath(form.get("returnTo"), "/"), isForm: true };
}

const api = endpoint({
  POST: on({ who: "system", params: ["id"] }, async ({ request, params, app }) => {
    const { env, database } = app;
    if (!paymentsAreSimulated(env)) return jsonError(404, "Not found");
    const { cardNumber, returnTo, isForm } = await readConfirmation(request);
    const secret = await simulatedWebhookSecret(env.SESSION_SECRET);
    const result = await confirmSimulatedPayment(database, params.id, cardNumber, secret);
    if (!result) return jsonError(404, "Payment not found or already completed");
    if (result.status === "succeeded") {
      // Delivered through the same handler Stripe's webhooks use.
      const provider = await getPaymentsProvider(env, database);
      const system = systemSender(database);
      const { payload, signature } = result.event;
      await perform(app, system, handleWebhook, { provider, payload, signature });
    }
    const outcome = {
      payment_intent: params.id,
      redirect_status: result.status === "succeeded" ? "succeeded" : "failed",
    };
    const returnUrl = `${returnTo}${returnTo.includes("?") ? "&" : "?"}${new URLSearchParams(outcome)}`;
    if (isForm) return redirect(returnUrl);
    return Response.json({
      status: result.status,
      message: result.status === "declined" ? result.message : "Payment succeeded",
      paymentIntentId: params.id,
      returnUrl,
    });
  }),
});
export { api as loader, api as action };
