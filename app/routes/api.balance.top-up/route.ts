import { z } from "zod";
import { parsePence } from "~/domain/pence.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { getPaymentsProvider } from "~/features/money/server/payments/index.server.ts";
import { startTopUp } from "~/features/money/server/use-cases.server.ts";
import { topUpAmountMessage } from "~/features/money/server/top-ups.server.ts";
import { perform } from "~/web/use-case.server.ts";

const TopUpSchema = z.object({
  amount: z.union([z.string(), z.number()], { error: topUpAmountMessage }),
});

/** A card top-up of the caller's balance (DESIGN §10): the intent to pay, completed by webhook or verify-top-up. */
const api = endpoint({
  POST: on({ who: "signed-in", body: TopUpSchema }, async ({ caller, body, app }) => {
    const provider = await getPaymentsProvider(app.env, app.database);
    const amountPence = parsePence(String(body.amount));
    const started = await perform(app, caller, startTopUp, {
      provider,
      userType: caller.userType,
      userId: caller.id,
      amountPence: amountPence ?? -1,
    });
    return Response.json({ paymentIntentId: started.paymentIntentId, clientSecret: started.clientSecret });
  }),
});
export { api as loader, api as action };
