// The one place a successful payment takes effect — by webhook or by the
// return from checkout, whichever comes first: the entry marked paid with its
// ledger rows, or, when the place can no longer be kept, the money given back
// (decision 017). Also the tidy-up of holds that ran out.
import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { build, first, known, query, reads, write, type Read, type Sender } from "~/db/batch.server.ts";
import { payments, processedWebhooks, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import type { Pence } from "~/domain/pence.ts";
import {
  creditedToBalance,
  placeLost,
  placeLostReason,
  placeNotKeptMessage,
  type PlaceLost,
} from "~/features/entries/domain/payments.ts";
import { teamEntryTotalPence } from "~/features/entries/domain/teams.ts";
import { movementStatement } from "./ledger.server.ts";
import { topUpQuery, topUpSucceeded } from "./top-ups.server.ts";
import { type Done, quiet } from "~/web/done.ts";
import type { Change } from "~/domain/changes.ts";
import type { PaymentIntent, PaymentsProvider } from "./payments/provider.ts";

import {
  entryMovements,
  placeLostFacts,
  placeLostStatement,
  priceUnchanged,
  roomFor,
  teamStillStands,
  type PlaceLostRow,
} from "~/features/play/server/places.server.ts";
type Tournament = typeof tournaments.$inferSelect;

type PaymentRecord = typeof payments.$inferSelect;
/** The registration the payment was for, as it stands (none once the player left or the hold was tidied). */
type PaidEntry = { paid: boolean; intentId: string | null } | null;
export type LoadedPayment = { record: PaymentRecord; t: Tournament; entry: PaidEntry } | null;

/** Our record of a payment, its tournament and its registration, in one statement. */
export function paymentQuery(intentId: string): Read<LoadedPayment> {
  return first(
    build
      .select({
        record: payments,
        t: tournaments,
        entry: { paid: tournamentPlayers.paid, intentId: tournamentPlayers.paymentIntentId },
      })
      .from(payments)
      .innerJoin(tournaments, eq(tournaments.id, payments.tournamentId))
      .leftJoin(tournamentPlayers, eq(tournamentPlayers.id, payments.registrationId))
      .where(eq(payments.id, intentId))
      .limit(1),
  );
}

/** The player left (or was taken out before the start) after this payment made their entry: refunded to the balance. */
export const LEFT_AFTER_PAYING =
  "You are no longer entered in this tournament: the entry fee of this payment went back to your balance";

/** What handling a successful payment did. */
type PaymentResult =
  | { kind: "applied" | "already-applied" | "not-ours" | "not-succeeded" }
  | { kind: "refunded" | "credited"; reason: string | null; amountPence: Pence | null };

/**
 * A payment succeeded: mark the entry paid and write the ledger rows
 * (deposit, entry fee, site fee) in one batch — or, when the entry can no
 * longer be honoured, give the money back: to the balance when the team
 * clashes with another (its captain usually re-forms it and pays again), to
 * the card when the place is gone. The payment's outcome is claimed once,
 * so a webhook and a return racing each other apply, credit or refund it
 * exactly once between them.
 */
async function paymentSucceeded(
  db: Sender,
  provider: PaymentsProvider,
  {
    intent,
    found,
    now = Date.now(),
  }: {
    intent: PaymentIntent;
    /** Our record of the intent (`paymentQuery`), read by the caller with its other reads. */
    found: LoadedPayment;
    now?: number;
  },
): Promise<PaymentResult> {
  if (intent.status !== "succeeded") return { kind: "not-succeeded" };
  if (!found) return { kind: "not-ours" };
  const { record, t } = found;
  // Set only in the batch that marked the entry paid by this very intent.
  if (record.outcome === "applied") return { kind: "already-applied" };
  if (record.outcome) return { kind: record.outcome, reason: record.failureMessage, amountPence: record.amountPence };

  const playerId = record.playerId ?? "";
  const matches =
    record.registrationId !== null &&
    "registrationId" in intent.metadata &&
    intent.amountPence === record.amountPence &&
    intent.currency === "gbp" &&
    intent.metadata.registrationId === record.registrationId &&
    intent.metadata.playerId === record.playerId;
  // What the tournament charges now (a late payment may arrive after the director changed the fees).
  const priced = matches && record.amountPence === teamEntryTotalPence(t);

  // A hold the tidy-up deleted has no registration left.
  let lost: PlaceLost =
    record.registrationId === null ? { kind: "expired" } : matches ? { kind: "price-changed" } : { kind: "mismatch" };
  const registrationId = record.registrationId;
  if (priced && registrationId) {
    const paidByThis = sql`exists (select 1 from ${tournamentPlayers}
      where id = ${registrationId} and paid = 1 and payment_intent_id = ${intent.id})`;
    const outcome = await db.write(
      write(
        [
          // The entry as the batch finds it (same transaction): already paid by
          // this intent means a concurrent delivery won, with no second look.
          build
            .select({ paid: tournamentPlayers.paid, intent: tournamentPlayers.paymentIntentId })
            .from(tournamentPlayers)
            .where(eq(tournamentPlayers.id, registrationId))
            .limit(1),
          build.all<{ id: string }>(sql`
        update ${tournamentPlayers} set paid = 1, paid_at = ${now}, paid_by = 'card', hold_expires_at = null
        where id = ${registrationId} and paid = 0 and payment_intent_id = ${intent.id}
          and (select outcome from ${payments} where id = ${intent.id}) is null
          and exists (select 1 from ${tournaments} where id = ${t.id} and status = 'open')
          and ${priceUnchanged(t)}
          and ${roomFor(t.id, playerId, now)}
          and ${teamStillStands(t, registrationId, now)}
        returning id`),
          placeLostStatement(registrationId, t, now),
          ...entryMovements(t, playerId, `payment:${intent.id}`, true).map((m) => movementStatement(m, paidByThis)),
          build
            .update(payments)
            .set({ status: "succeeded", outcome: "applied", updatedAt: now })
            .where(and(eq(payments.id, intent.id), sql`${paidByThis}`)),
        ],
        ([entryBefore, marked, facts]) => {
          if ((marked as unknown[])[0]) return { kind: "applied" as const };
          const entry = (entryBefore as { paid: boolean; intent: string | null }[])[0];
          if (entry?.paid && entry.intent === intent.id) return { kind: "already-applied" as const };
          return placeLost(placeLostFacts((facts as PlaceLostRow[])[0]));
        },
      ),
    );
    if (outcome.kind === "applied" || outcome.kind === "already-applied") return outcome;
    lost = outcome;
  }
  return giveBack(db, provider, { intent, record, t, lost, now });
}

/**
 * Gives a payment's money back once: the outcome is claimed first (a second
 * delivery finds it claimed and does nothing), with the balance's credit in
 * the same batch; a card refund follows the claim and releases it if the
 * provider fails, so the next delivery tries again.
 */
async function giveBack(
  db: Sender,
  provider: PaymentsProvider,
  {
    intent,
    record,
    t,
    lost,
    now,
  }: { intent: PaymentIntent; record: PaymentRecord; t: Tournament; lost: PlaceLost; now: number },
): Promise<PaymentResult> {
  const reason = placeLostReason(lost);
  const outcome = creditedToBalance(lost) ? ("credited" as const) : ("refunded" as const);
  const claimed = sql`exists (select 1 from ${payments} where id = ${intent.id} and outcome = 'credited')`;
  const mine = await db.write(
    write(
      [
        build
          .update(payments)
          .set({
            status: outcome === "refunded" ? "refunded" : "succeeded",
            outcome,
            failureMessage: reason,
            updatedAt: now,
          })
          .where(and(eq(payments.id, intent.id), isNull(payments.outcome)))
          .returning({ id: payments.id }),
        ...(outcome === "credited"
          ? [
              movementStatement(
                {
                  userType: "player",
                  userId: record.playerId ?? "",
                  type: "deposit",
                  amountPence: record.amountPence,
                  description: `Card payment added to your balance — ${t.name}, ${t.venue}: ${reason}`,
                  tournamentId: t.id,
                  idempotencyKey: `credit:${intent.id}`,
                },
                claimed,
              ),
            ]
          : []),
      ],
      ([rows]) => (rows as unknown[]).length > 0,
    ),
  );
  if (!mine) {
    const again = await db.send(paymentQuery(intent.id));
    const settled = again?.record;
    if (!settled?.outcome || settled.outcome === "applied") return { kind: "already-applied" };
    return { kind: settled.outcome, reason: settled.failureMessage, amountPence: settled.amountPence };
  }
  if (outcome === "refunded") {
    try {
      await provider.refund(intent.id, `refund:${intent.id}`);
    } catch (error) {
      await db.write(
        write([
          build
            .update(payments)
            .set({ status: "succeeded", outcome: null, failureMessage: null, updatedAt: now })
            .where(and(eq(payments.id, intent.id), eq(payments.outcome, "refunded"))),
        ]),
      );
      throw error;
    }
  }
  return { kind: outcome, reason, amountPence: record.amountPence };
}

/** A payment that made an entry, or gave its place up, changed the tournament's entries: its pages hear of it. */
function changesOf(result: PaymentResult, t: Tournament): Change[] {
  const changed = result.kind === "applied" || result.kind === "refunded" || result.kind === "credited";
  return changed ? [{ tournamentId: t.id, organiserId: t.organiserId, what: "entries" }] : [];
}

/** The return from checkout: ask the provider (never the URL) and apply. */
export async function verifyPayment(
  db: Sender,
  {
    provider,
    playerId,
    found,
  }: {
    provider: PaymentsProvider;
    playerId: string;
    /** Our record of the intent (`paymentQuery`), read by the caller with its other reads. */
    found: LoadedPayment;
  },
): Promise<Done<Verified>> {
  if (!found || found.record.playerId !== playerId) throw new DomainError(404, "Payment not found");
  const intent = await provider.retrieveIntent(found.record.id);
  if (!intent) throw new DomainError(404, "Payment not found");
  if (intent.status !== "succeeded") {
    return quiet({ success: false, paid: false, message: intent.lastError ?? "The payment has not completed" });
  }
  const result = await paymentSucceeded(db, provider, { intent, found });
  const changes = changesOf(result, found.t);
  const entryGone = !found.entry?.paid || found.entry.intentId !== intent.id;
  if (result.kind === "already-applied" && found.record.outcome === "applied" && entryGone) {
    return { answer: { success: true, paid: false, outcome: "left", message: LEFT_AFTER_PAYING }, changes };
  }
  if (result.kind === "refunded" || result.kind === "credited") {
    const message = placeNotKeptMessage(result.reason, result.kind, result.amountPence);
    return { answer: { success: true, paid: false, outcome: result.kind, message }, changes };
  }
  return { answer: { success: true, paid: true, outcome: "applied", message: "Payment successful" }, changes };
}

/** What the return from checkout tells the player. */
export type Verified =
  | { success: false; paid: false; message: string }
  | { success: true; paid: boolean; outcome: "left" | "refunded" | "credited" | "applied"; message: string };

/**
 * A webhook: verified by signature, handled once per event id. The id is claimed first, in the batch that reads the
 * payment, so of two deliveries at once exactly one handles it (the other answers `duplicate: true`); a delivery that
 * fails gives its claim back, so the provider's retry handles it.
 */
export async function handleWebhook(
  db: Sender,
  { provider, payload, signature }: { provider: PaymentsProvider; payload: string; signature: string },
): Promise<Done<{ received: true; duplicate: boolean }>> {
  let event: Awaited<ReturnType<PaymentsProvider["parseWebhook"]>>;
  try {
    event = await provider.parseWebhook(payload, signature);
  } catch {
    throw new DomainError(400, "Invalid webhook signature");
  }
  const succeeded = event.type === "payment_intent.succeeded" && event.intent ? event.intent : null;
  const looked = reads({
    found: succeeded ? paymentQuery(succeeded.id) : known(null),
    topUp: succeeded ? topUpQuery(succeeded.id) : known(null),
  });
  const { claimed, found, topUp } = await db.write(
    write(
      [
        build
          .insert(processedWebhooks)
          .values({ eventId: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: processedWebhooks.eventId }),
        ...looked.items,
      ],
      ([rows, ...rest]) => ({ claimed: (rows as unknown[]).length > 0, ...looked.result(rest) }),
    ),
  );
  if (!claimed) return quiet({ received: true, duplicate: true });
  let changes: Change[] = [];
  if (succeeded) {
    try {
      // The event's copy may be stale: trust the provider's current state.
      const intent = (await provider.retrieveIntent(succeeded.id)) ?? succeeded;
      if (topUp) await topUpSucceeded(db, { intent, record: topUp });
      else if (found) changes = changesOf(await paymentSucceeded(db, provider, { intent, found }), found.t);
      else await paymentSucceeded(db, provider, { intent, found });
    } catch (error) {
      await db.write(write([build.delete(processedWebhooks).where(eq(processedWebhooks.eventId, event.id))]));
      throw error;
    }
  }
  return { answer: { received: true, duplicate: false }, changes };
}

/**
 * Expired holds stop counting at once (queries compare the expiry); this
 * tidies them: cancels their intents and deletes the holds that are still
 * expired and unpaid. Answers the tournament of each hold it released.
 */
export async function releaseExpiredHolds(
  db: Sender,
  provider: PaymentsProvider,
  now = Date.now(),
): Promise<{ tournamentId: string; organiserId: string }[]> {
  const expired = await db.send(
    query(
      build
        .select({
          id: tournamentPlayers.id,
          intentId: tournamentPlayers.paymentIntentId,
          tournamentId: tournamentPlayers.tournamentId,
          organiserId: tournaments.organiserId,
        })
        .from(tournamentPlayers)
        .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
        .where(
          and(
            eq(tournamentPlayers.paid, false),
            isNotNull(tournamentPlayers.holdExpiresAt),
            lte(tournamentPlayers.holdExpiresAt, now),
          ),
        )
        .limit(500),
    ),
  );
  const released: { tournamentId: string; organiserId: string }[] = [];
  for (const hold of expired) {
    if (hold.intentId) {
      try {
        await provider.cancelIntent(hold.intentId);
      } catch {
        // Already succeeded or gone: a late success is refunded by paymentSucceeded.
      }
    }
    const deleted = await db.write(
      write(
        [
          build
            .delete(tournamentPlayers)
            .where(
              and(
                eq(tournamentPlayers.id, hold.id),
                eq(tournamentPlayers.paid, false),
                lte(tournamentPlayers.holdExpiresAt, now),
              ),
            )
            .returning({ id: tournamentPlayers.id }),
        ],
        ([rows]) => (rows as unknown[]).length > 0,
      ),
    );
    if (deleted) released.push({ tournamentId: hold.tournamentId, organiserId: hold.organiserId });
  }
  return released;
}
