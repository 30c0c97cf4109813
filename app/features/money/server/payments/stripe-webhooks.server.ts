// Stripe's own webhook signature helpers, with WebCrypto (workerd). The
// simulated provider signs its events the same way, so one verification
// path serves both.
import Stripe from "stripe";

const cryptoProvider = Stripe.createSubtleCryptoProvider();
let webhooks: Stripe["webhooks"] | undefined;

function getWebhooks(): Stripe["webhooks"] {
  // The webhooks helper needs no key; the client is only its carrier.
  webhooks ??= new Stripe("sk_webhooks_only", { httpClient: Stripe.createFetchHttpClient() }).webhooks;
  return webhooks;
}

export async function verifyStripeSignature(payload: string, signature: string, secret: string) {
  return getWebhooks().constructEventAsync(payload, signature, secret, 300, cryptoProvider);
}

export async function signStripePayload(payload: string, secret: string): Promise<string> {
  return getWebhooks().generateTestHeaderStringAsync({ payload, secret, cryptoProvider });
}
