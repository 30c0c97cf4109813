// Topping up a balance by card (DESIGN §10): a director whose balance can't
// cover a finalize's shortfall adds to it with the same provider and checkout
// as an entry. The intent names the account it credits; its success — by
// webhook or by verify-top-up, whichever comes first — writes one `deposit`
// row, once.
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { build, first, write, type Read, type Sender } from "~/db/batch.server.ts";
import { payments } from "~/db/schema.ts";
import type { UserType } from "~/domain/accounts.ts";
import { DomainError } from "~/domain/errors.ts";
import { formatGBP, type Pence } from "~/domain/pence.ts";
import { movementStatement } from "./ledger.server.ts";
import type { PaymentIntent, PaymentsProvider } from "./payments/provider.ts";
import { intentRecord } from "./payments/records.server.ts";

/** The least and most one top-up adds. */
const TOP_UP_MIN = 100;
const TOP_UP_MAX = 500_000;
export const topUpAmountMessage = `Enter an amount from ${formatGBP(TOP_UP_MIN)} to ${formatGBP(TOP_UP_MAX)}`;

type PaymentRecord = typeof payments.$inferSelect;

/** Our record of a top-up's intent (none for an entry's). */
export function topUpQuery(intentId: string): Read<PaymentRecord | null> {
  return first(
    build
      .select()
      .from(payments)
      .where(and(eq(payments.id, intentId), isNotNull(payments.topUpUserType)))
      .limit(1),
  );
}

/** A top-up's payment intent, recorded before the card form shows it. */
export async function startTopUp(
  db: Sender,
  provider: PaymentsProvider,
  {
    userType,
    userId,
    amountPence,
    now = Date.now(),
  }: { userType: UserType; userId: string; amountPence: Pence; now?: number },
) {
  if (!Number.isSafeInteger(amountPence) || amountPence < TOP_UP_MIN || amountPence > TOP_UP_MAX) {
    throw new DomainError(400, topUpAmountMessage, { field: "amount" });
  }
  const intent = await provider.createIntent({
    amountPence,
    currency: "gbp",
    description: "Break & Run balance top-up",
    metadata: { topUpUserType: userType, topUpUserId: userId },
    idempotencyKey: `top-up:${userType}:${userId}:${now}:${crypto.randomUUID()}`,
  });
  await db.write(
    write([intentRecord(provider, intent, amountPence, { topUpUserType: userType, topUpUserId: userId })]),
  );
  return { paymentIntentId: intent.id, clientSecret: intent.clientSecret, amountPence };
}

/**
 * A top-up succeeded: the payment's outcome claimed and the deposit written in one batch, the deposit only if
 * this batch claimed it (and once per intent by its key), so a webhook and a verify racing credit it once.
 */
export async function topUpSucceeded(
  db: Sender,
  { intent, record, now = Date.now() }: { intent: PaymentIntent; record: PaymentRecord; now?: number },
): Promise<"applied" | "already-applied" | "mismatch"> {
  if (record.outcome) return "already-applied";
  const { topUpUserType: userType, topUpUserId: userId } = record;
  const matches =
    userType !== null &&
    userId !== null &&
    intent.amountPence === record.amountPence &&
    intent.currency === "gbp" &&
    intent.metadata.topUpUserType === userType &&
    intent.metadata.topUpUserId === userId;
  if (!matches || !userType || !userId) return "mismatch";
  const claimed = sql`exists (select 1 from ${payments} where id = ${intent.id} and outcome = 'applied')`;
  return db.write(
    write(
      [
        build
          .update(payments)
          .set({ status: "succeeded", outcome: "applied", updatedAt: now })
          .where(and(eq(payments.id, intent.id), isNull(payments.outcome)))
          .returning({ id: payments.id }),
        movementStatement(
          {
            userType,
            userId,
            type: "deposit",
            amountPence: record.amountPence,
            description: "Balance top-up by card",
            idempotencyKey: `top-up:${intent.id}`,
          },
          claimed,
        ),
      ],
      ([rows]) => ((rows as unknown[]).length > 0 ? ("applied" as const) : ("already-applied" as const)),
    ),
  );
}

/** The return from the top-up's checkout: ask the provider (never the URL) and apply. */
export async function verifyTopUp(
  db: Sender,
  provider: PaymentsProvider,
  { userType, userId, record }: { userType: UserType; userId: string; record: PaymentRecord | null },
) {
  if (!record || record.topUpUserType !== userType || record.topUpUserId !== userId) {
    throw new DomainError(404, "Payment not found");
  }
  const intent = await provider.retrieveIntent(record.id);
  if (!intent) throw new DomainError(404, "Payment not found");
  if (intent.status !== "succeeded") {
    return { success: false, message: intent.lastError ?? "The payment has not completed" };
  }
  const outcome = await topUpSucceeded(db, { intent, record });
  if (outcome === "mismatch") throw new DomainError(409, "The payment did not match the top-up");
  return {
    success: true,
    amount: record.amountPence,
    message: `${formatGBP(record.amountPence)} added to your balance`,
  };
}
