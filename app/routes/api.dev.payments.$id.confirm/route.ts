// The simulated provider's card confirmation (DESIGN §4): 404 unless
// payments are simulated. JSON for the enhanced checkout, or a plain form
// post that redirects back to the checkout like Stripe's return does.
import { z } from "zod";
import { redirect } from "react-router";
import { appContext } from "~/context.server.ts";
import { systemSender } from "~/db/batch.server.ts";
import { apiHandler, jsonError, readJson, methodNotAllowed } from "~/services/http.server.ts";
import { getPaymentsProvider, paymentsAreSimulated } from "~/services/payments/index.server.ts";
import { confirmSimulatedPayment, simulatedWebhookSecret } from "~/services/payments/simulated.server.ts";
import { handleWebhook } from "~/services/registration.server.ts";
import { safeRedirectPath } from "~/utils/redirect.ts";
import type { Route } from "./+types/route";

const ConfirmSchema = z.object({
  cardNumber: z.string({ error: "Enter a card number" }).max(40, "Enter a card number"),
});

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const { env, database } = context.get(appContext);
    if (!paymentsAreSimulated(env)) return jsonError(404, "Not found");
    const isForm = (request.headers.get("Content-Type") ?? "").includes("application/x-www-form-urlencoded");
    let cardNumber: string;
    let returnTo = "/";
    if (isForm) {
      const form = await request.formData();
      cardNumber = String(form.get("cardNumber") ?? "").slice(0, 40);
      returnTo = safeRedirectPath(form.get("returnTo"), "/");
    } else {
      ({ cardNumber } = await readJson(request, ConfirmSchema));
    }
    const secret = await simulatedWebhookSecret(env.SESSION_SECRET);
    const result = await confirmSimulatedPayment(database, params.id, cardNumber, secret);
    if (!result) return jsonError(404, "Payment not found or already completed");
    if (result.status === "succeeded") {
      // Delivered through the same handler Stripe's webhooks use.
      await handleWebhook(systemSender(database), await getPaymentsProvider(env, database), result.event.payload, result.event.signature);
    }
    const redirectStatus = result.status === "succeeded" ? "succeeded" : "failed";
    const returnUrl = `${returnTo}${returnTo.includes("?") ? "&" : "?"}${new URLSearchParams({ payment_intent: params.id, redirect_status: redirectStatus })}`;
    if (isForm) return redirect(returnUrl);
    return Response.json({
      status: result.status,
      message: result.status === "declined" ? result.message : "Payment succeeded",
      paymentIntentId: params.id,
      returnUrl,
    });
  });
}

export const loader = () => methodNotAllowed("POST");
