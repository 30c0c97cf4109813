import { z } from "zod";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { getPaymentsProvider } from "~/features/money/server/payments/index.server.ts";
import { paymentQuery, verifyPayment } from "~/features/money/server/payment-confirmation.server.ts";
import { perform } from "~/web/use-case.server.ts";

const VerifySchema = z.object({
  paymentIntentId: z.string({ error: "paymentIntentId is required" }).min(1, "paymentIntentId is required").max(255),
});

const api = endpoint({
  POST: on({ who: "player", body: VerifySchema }, async ({ caller, body, app }) => {
    const provider = await getPaymentsProvider(app.env, app.database);
    const { found } = await caller.read({ found: paymentQuery(body.paymentIntentId) });
    return Response.json(await perform(app, caller, verifyPayment, { provider, playerId: caller.id, found }));
  }),
});
export { api as loader, api as action };
