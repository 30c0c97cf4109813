// The simulated provider (DESIGN §4): intents live in our `payments` table,
// a test card form confirms them, and success is delivered as a signed
// webhook through the same handler Stripe's events use.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { payments, tournamentPlayers } from "~/db/schema.ts";
import { sha256Hex } from "~/features/accounts/server/crypto.server.ts";
import {
  fromStripeObject,
  PaymentProviderError,
  toStripeObject,
  type PaymentIntent,
  type PaymentsProvider,
  type StripeIntentObject,
} from "./provider.ts";
import { signStripePayload, verifyStripeSignature } from "./stripe-webhooks.server.ts";

const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
} as const;

type PaymentRow = typeof payments.$inferSelect;

function rowToIntent(row: PaymentRow): PaymentIntent {
  const status =
    row.status === "declined" ? "requires_payment_method" : row.status === "refunded" ? "succeeded" : row.status;
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status,
    amountPence: row.amountPence,
    currency: row.currency,
    metadata:
      row.topUpUserType && row.topUpUserId
        ? { topUpUserType: row.topUpUserType, topUpUserId: row.topUpUserId }
        : {
            tournamentId: row.tournamentId ?? "",
            playerId: row.playerId ?? "",
            registrationId: row.registrationId ?? "",
          },
    lastError: row.failureMessage,
  };
}

export async function simulatedWebhookSecret(sessionSecret: string): Promise<string> {
  return `whsec_sim_${(await sha256Hex(`${sessionSecret}:simulated-webhooks`)).slice(0, 32)}`;
}

export function simulatedProvider(db: Database, webhookSecret: string): PaymentsProvider {
  return {
    kind: "simulated",
    async createIntent(input) {
      // Deterministic from the idempotency key, so a retried create returns the same intent.
      const digest = await sha256Hex(input.idempotencyKey);
      const id = `pi_sim_${digest.slice(0, 24)}`;
      // The intent and its link from the hold are one batch: a database lost
      // between two writes cannot leave a payment its registration does not name.
      const { metadata } = input;
      const entry = "registrationId" in metadata ? metadata : null;
      const [, , [row]] = await db.batch([
        db
          .insert(payments)
          .values({
            id,
            provider: "simulated",
            ...("registrationId" in metadata
              ? {
                  registrationId: metadata.registrationId,
                  tournamentId: metadata.tournamentId,
                  playerId: metadata.playerId,
                }
              : { topUpUserType: metadata.topUpUserType, topUpUserId: metadata.topUpUserId }),
            amountPence: input.amountPence,
            currency: input.currency,
            clientSecret: `${id}_secret_${digest.slice(24, 48)}`,
          })
          .onConflictDoNothing({ target: payments.id }),
        db
          .update(tournamentPlayers)
          .set({ paymentIntentId: id })
          .where(and(eq(tournamentPlayers.id, entry?.registrationId ?? ""), eq(tournamentPlayers.paid, false))),
        db
          .select()
          .from(payments)
          .where(and(eq(payments.id, id), eq(payments.provider, "simulated")))
          .limit(1),
      ]);
      if (!row) throw new PaymentProviderError("Could not create the payment");
      return rowToIntent(row);
    },
    async retrieveIntent(id) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.provider, "simulated")))
        .limit(1);
      return row ? rowToIntent(row) : null;
    },
    async cancelIntent(id) {
      await db
        .update(payments)
        .set({ status: "canceled", updatedAt: Date.now() })
        .where(and(eq(payments.id, id), ne(payments.status, "succeeded"), ne(payments.status, "refunded")));
    },
    async refund(intentId) {
      await db
        .update(payments)
        .set({ status: "refunded", updatedAt: Date.now() })
        .where(and(eq(payments.id, intentId), eq(payments.status, "succeeded")));
    },
    async parseWebhook(payload, signature) {
      const event = await verifyStripeSignature(payload, signature, webhookSecret);
      const object = event.data.object as unknown as StripeIntentObject;
      return {
        id: event.id,
        type: event.type,
        intent: object.object === "payment_intent" ? fromStripeObject(object) : null,
      };
    },
  };
}

export type SimulatedConfirmation =
  | { status: "succeeded"; intent: PaymentIntent; event: { payload: string; signature: string } }
  | { status: "declined"; message: string; intent: PaymentIntent };

/**
 * The test card form's submit: marks the intent succeeded or declined (one
 * guarded statement, so a double submit charges once) and, on success,
 * returns the signed `payment_intent.succeeded` event to deliver.
 */
export async function confirmSimulatedPayment(
  db: Database,
  intentId: string,
  cardNumber: string,
  webhookSecret: string,
): Promise<SimulatedConfirmation | null> {
  const digits = cardNumber.replace(/[\s-]/g, "");
  const now = Date.now();
  // Only an intent still waiting for a card (or declined, and tried again) can be confirmed.
  const awaitingCard = and(
    eq(payments.id, intentId),
    eq(payments.provider, "simulated"),
    sql`${payments.status} in ('requires_payment_method', 'declined')`,
  );
  if (digits !== TEST_CARDS.success) {
    const message =
      digits === TEST_CARDS.declined
        ? "Your card was declined."
        : "Your card number is incorrect. Use a test card such as 4242 4242 4242 4242.";
    const [row] = await db
      .update(payments)
      .set({ status: "declined", failureMessage: message, updatedAt: now })
      .where(awaitingCard)
      .returning();
    if (!row) return null;
    return { status: "declined", message, intent: rowToIntent(row) };
  }
  const [, [row]] = await db.batch([
    db.update(payments).set({ status: "succeeded", failureMessage: null, updatedAt: now }).where(awaitingCard),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.id, intentId), eq(payments.provider, "simulated")))
      .limit(1),
  ]);
  if (!row || (row.status !== "succeeded" && row.status !== "refunded")) return null;
  const intent = rowToIntent(row);
  const payload = JSON.stringify({
    id: `evt_sim_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(now / 1000),
    data: { object: toStripeObject(intent) },
  });
  return {
    status: "succeeded",
    intent,
    event: { payload, signature: await signStripePayload(payload, webhookSecret) },
  };
}
