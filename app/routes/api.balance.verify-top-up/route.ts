import { z } from "zod";
import { penceToDecimal } from "~/domain/pence.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { getPaymentsProvider } from "~/features/money/server/payments/index.server.ts";
import { verifyTopUp } from "~/features/money/server/use-cases.server.ts";
import { topUpQuery } from "~/features/money/server/top-ups.server.ts";
import { perform } from "~/web/use-case.server.ts";

const VerifySchema = z.object({
  paymentIntentId: z.string({ error: "paymentIntentId is required" }).min(1, "paymentIntentId is required").max(255),
});

/** The return from a top-up's checkout: the provider is asked, and a success credits the balance once. */
const api = endpoint({
  POST: on({ who: "signed-in", body: VerifySchema }, async ({ caller, body, app }) => {
    const provider = await getPaymentsProvider(app.env, app.database);
    const { record } = await caller.read({ record: topUpQuery(body.paymentIntentId) });
    const input = { provider, userType: caller.userType, userId: caller.id, record };
    const verified = await perform(app, caller, verifyTopUp, input);
    return Response.json(
      verified.success
        ? { success: true, amount: penceToDecimal(verified.amount ?? 0), message: verified.message }
        : { success: false, message: verified.message },
    );
  }),
});
export { api as loader, api as action };
