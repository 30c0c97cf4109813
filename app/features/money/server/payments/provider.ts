// One payments interface, two implementations sharing every server path:
// Stripe, and a simulated provider for local runs and tests (DESIGN §4).
import type { UserType } from "~/domain/accounts.ts";
import type { Pence } from "~/domain/pence.ts";

type IntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

export type PaymentIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountPence: Pence;
  currency: string;
  metadata: Record<string, string>;
  /** The provider's message for the last failed attempt (a declined card). */
  lastError: string | null;
};

/** An entry's payment names its registration; a top-up the account it credits (DESIGN §10). */
type IntentMetadata =
  | { tournamentId: string; playerId: string; registrationId: string }
  | { topUpUserType: UserType; topUpUserId: string };

export type CreateIntent = {
  amountPence: Pence;
  currency: "gbp";
  description: string;
  metadata: IntentMetadata;
  idempotencyKey: string;
};

type WebhookEvent = { id: string; type: string; intent: PaymentIntent | null };

export interface PaymentsProvider {
  readonly kind: "stripe" | "simulated";
  createIntent(input: CreateIntent): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  cancelIntent(id: string): Promise<void>;
  refund(intentId: string, idempotencyKey: string): Promise<void>;
  /** Verifies a webhook's signature and reads the event; throws if forged or stale. */
  parseWebhook(payload: string, signature: string): Promise<WebhookEvent>;
}

export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/** A payment intent as Stripe's API and webhooks show it (the fields we read). */
export type StripeIntentObject = {
  id: string;
  object?: string;
  client_secret: string | null;
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string> | null;
  last_payment_error?: { message?: string | null } | null;
};

export function fromStripeObject(intent: StripeIntentObject): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    status: intent.status as IntentStatus,
    amountPence: intent.amount,
    currency: intent.currency,
    metadata: intent.metadata ?? {},
    lastError: intent.last_payment_error?.message ?? null,
  };
}

export function toStripeObject(intent: PaymentIntent): StripeIntentObject {
  return {
    id: intent.id,
    object: "payment_intent",
    client_secret: intent.clientSecret,
    status: intent.status,
    amount: intent.amountPence,
    currency: intent.currency,
    metadata: intent.metadata,
    last_payment_error: intent.lastError ? { message: intent.lastError } : null,
  };
}
