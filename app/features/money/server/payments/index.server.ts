// Chooses the payments provider: Stripe when STRIPE_SECRET_KEY is set, else
// the simulated one — which refuses to run in production.
import type { Database } from "~/db/client.server.ts";
import type { AppEnv } from "~/env.server.ts";
import type { PaymentsProvider } from "./provider.ts";
import { simulatedProvider, simulatedWebhookSecret } from "./simulated.server.ts";
import { stripeProvider } from "./stripe.server.ts";

export async function getPaymentsProvider(env: AppEnv, db: Database): Promise<PaymentsProvider> {
  if (env.STRIPE_SECRET_KEY) return stripeProvider({ ...env, STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY });
  if (env.APP_ENV === "production") {
    throw new Error(
      "Payments are not configured: set STRIPE_SECRET_KEY (simulated payments are refused in production)",
    );
  }
  return simulatedProvider(db, await simulatedWebhookSecret(env.SESSION_SECRET));
}

export function paymentsAreSimulated(env: AppEnv): boolean {
  return !env.STRIPE_SECRET_KEY && env.APP_ENV !== "production";
}
