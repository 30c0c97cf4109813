// Stripe: PaymentIntents for entries, refunds for entries we cannot honour.
import Stripe from "stripe";
import type { AppEnv } from "~/env.server.ts";
import {
  fromStripeObject as toIntent,
  PaymentProviderError,
  type CreateIntent,
  type PaymentsProvider,
  type StripeIntentObject as StripeIntent,
} from "./provider.ts";
import { verifyStripeSignature } from "./stripe-webhooks.server.ts";

export function stripeProvider(env: AppEnv & { STRIPE_SECRET_KEY: string }): PaymentsProvider {
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });

  const wrap = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : "The payment provider could not be reached";
      throw new PaymentProviderError(message);
    }
  };

  return {
    kind: "stripe",
    async createIntent(input: CreateIntent) {
      return wrap(async () =>
        toIntent(
          (await stripe.paymentIntents.create(
            {
              amount: input.amountPence,
              currency: input.currency,
              description: input.description,
              metadata: input.metadata,
              automatic_payment_methods: { enabled: true },
            },
            { idempotencyKey: input.idempotencyKey },
          )) as unknown as StripeIntent,
        ),
      );
    },
    async retrieveIntent(id) {
      try {
        return toIntent((await stripe.paymentIntents.retrieve(id)) as unknown as StripeIntent);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw new PaymentProviderError(
          error instanceof Error ? error.message : "The payment provider could not be reached",
        );
      }
    },
    async cancelIntent(id) {
      await wrap(() => stripe.paymentIntents.cancel(id));
    },
    async refund(intentId, idempotencyKey) {
      await wrap(() => stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey }));
    },
    async parseWebhook(payload, signature) {
      if (!env.STRIPE_WEBHOOK_SECRET) throw new PaymentProviderError("STRIPE_WEBHOOK_SECRET is not set");
      const event = await verifyStripeSignature(payload, signature, env.STRIPE_WEBHOOK_SECRET);
      const object = event.data.object as unknown as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent: object.object === "payment_intent" ? toIntent(object as unknown as StripeIntent) : null,
      };
    },
  };
}
