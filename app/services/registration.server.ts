// Registration and payment (DESIGN §4): holds, payment intents, paying
// from the balance, and the one place a successful payment takes effect —
// by webhook or by the return from checkout, whichever comes first.
import { and, eq, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { BatchRunner, Database } from "~/db/client.server.ts";
import { payments, processedWebhooks, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import type { Pence } from "~/domain/money.ts";
import { registrationState } from "~/domain/tournaments.ts";
import type { CurrentUser } from "./accounts.server.ts";
import { hasFunds, movementStatement } from "./ledger.server.ts";
import type { PaymentIntent, PaymentsProvider } from "./payments/provider.ts";
import { isTournament, tournamentIdSql, type TournamentRef } from "./tournament-ref.server.ts";

export const HOLD_MS = 15 * 60 * 1000;

type Tournament = typeof tournaments.$inferSelect;

async function loadTournament(db: Database, ref: TournamentRef): Promise<Tournament> {
  const [t] = await db.select().from(tournaments).where(isTournament(ref)).limit(1);
  if (!t) throw new DomainError(404, "Tournament not found");
  return t;
}

const totalPence = (t: Pick<Tournament, "entryFeePence" | "siteFeePence">): Pence => t.entryFeePence + t.siteFeePence;

/** A tournament's id, or SQL that finds it (tournament-ref.server.ts). */
type TournamentKey = string | SQL;

/** SQL: places taken by others — paid entries and live holds. */
function placesTakenByOthers(tournamentId: TournamentKey, playerId: string, now: number) {
  return sql`(select count(*) from ${tournamentPlayers} tp
    where tp.tournament_id = ${tournamentId} and tp.player_id != ${playerId}
      and (tp.paid = 1 or tp.hold_expires_at > ${now}))`;
}

/** SQL: the tournament still takes entries. */
function openForEntries(tournamentId: TournamentKey, now: number) {
  return sql`exists (select 1 from ${tournaments} t where t.id = ${tournamentId} and t.status = 'open'
    and (t.registration_deadline is null or t.registration_deadline > ${now}))`;
}

function maxPlayersOf(tournamentId: TournamentKey) {
  return sql`(select max_players from ${tournaments} where id = ${tournamentId})`;
}

/** Why a join was refused, in words a player understands. */
async function refusal(db: Database, t: Tournament, playerId: string, now: number): Promise<DomainError> {
  const [[entry], [count]] = await db.batch([
    db
      .select({ paid: tournamentPlayers.paid })
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.playerId, playerId))),
    db.all<{ n: number }>(sql`select ${placesTakenByOthers(t.id, playerId, now)} as n`),
  ]);
  const state = registrationState({
    status: t.status,
    registrationDeadline: t.registrationDeadline,
    playerCount: Number(count?.n ?? 0),
    maxPlayers: t.maxPlayers,
    registered: entry?.paid === true,
    now,
  });
  const messages = {
    registered: "You are already registered for this tournament",
    started: "Registration has closed: the tournament has started",
    closed: "Registration Closed: the deadline has passed",
    full: "This tournament is full",
    pending: "Your payment is still pending",
    open: "Could not reserve a place, please try again",
  } as const;
  return new DomainError(409, messages[state]);
}

/**
 * Takes (or renews) the player's hold on a place, in one guarded statement:
 * paid entries plus live holds never exceed maxPlayers, even when several
 * players go for the last place at once.
 */
function holdStatement(db: Database, tournament: TournamentKey, playerId: string, now: number) {
  const id = crypto.randomUUID();
  const expires = now + HOLD_MS;
  return db.all<{ id: string; paid: number; payment_intent_id: string | null; hold_expires_at: number }>(sql`
    insert into ${tournamentPlayers} (id, tournament_id, player_id, paid, hold_expires_at, joined_at)
    select ${id}, ${tournament}, ${playerId}, 0, ${expires}, ${now}
    where ${openForEntries(tournament, now)}
      and ${placesTakenByOthers(tournament, playerId, now)} < ${maxPlayersOf(tournament)}
    on conflict (tournament_id, player_id) do update
      set hold_expires_at = case when tournament_players.hold_expires_at > ${now} then tournament_players.hold_expires_at else excluded.hold_expires_at end,
          payment_intent_id = case when tournament_players.hold_expires_at > ${now} then tournament_players.payment_intent_id else null end
      where tournament_players.paid = 0
    returning id, paid, payment_intent_id, hold_expires_at`);
}

export type JoinResult =
  | { paid: true; registrationId: string }
  | { paid: false; registrationId: string; clientSecret: string; paymentIntentId: string; amountPence: Pence };

/**
 * Join: a free tournament registers at once; otherwise a hold and a payment
 * intent. The hold and the tournament's row come back from one batch —
 * `batch` is a claim's, asserting the session in the same round trip.
 */
export async function joinTournament(
  db: Database,
  provider: PaymentsProvider,
  player: Pick<CurrentUser, "id" | "userType">,
  tournament: TournamentRef,
  { now = Date.now(), batch = (items) => db.batch(items) }: { now?: number; batch?: BatchRunner } = {},
): Promise<JoinResult> {
  if (player.userType !== "player") throw new DomainError(403, "Only players can join tournaments");
  const [[hold], [t]] = await batch([
    holdStatement(db, tournamentIdSql(tournament), player.id, now),
    db.select().from(tournaments).where(isTournament(tournament)).limit(1),
  ]);
  if (!t) throw new DomainError(404, "Tournament not found");
  if (!hold) throw await refusal(db, t, player.id, now);
  const amountPence = totalPence(t);

  if (amountPence === 0) {
    await db
      .update(tournamentPlayers)
      .set({ paid: true, paidAt: now, holdExpiresAt: null })
      .where(and(eq(tournamentPlayers.id, hold.id), eq(tournamentPlayers.paid, false)));
    return { paid: true, registrationId: hold.id };
  }

  // Reuse the hold's intent while it can still be paid.
  if (hold.payment_intent_id) {
    const existing = await provider.retrieveIntent(hold.payment_intent_id);
    if (existing && existing.amountPence === amountPence && (existing.status === "requires_payment_method" || existing.status === "requires_confirmation" || existing.status === "requires_action")) {
      return { paid: false, registrationId: hold.id, clientSecret: existing.clientSecret, paymentIntentId: existing.id, amountPence };
    }
  }

  const intent = await provider.createIntent({
    amountPence,
    currency: "gbp",
    description: `Entry: ${t.name}, ${t.venue}`,
    metadata: { tournamentId: t.id, playerId: player.id, registrationId: hold.id },
    // One intent per hold: a retried request cannot create a second charge.
    idempotencyKey: `hold:${hold.id}:${hold.hold_expires_at}`,
  });
  await db.batch([
    db
      .insert(payments)
      .values({
        id: intent.id,
        provider: provider.kind,
        registrationId: hold.id,
        tournamentId: t.id,
        playerId: player.id,
        amountPence,
        currency: "gbp",
        clientSecret: intent.clientSecret,
      })
      .onConflictDoNothing({ target: payments.id }),
    db
      .update(tournamentPlayers)
      .set({ paymentIntentId: intent.id })
      .where(and(eq(tournamentPlayers.id, hold.id), eq(tournamentPlayers.paid, false))),
  ]);
  return { paid: false, registrationId: hold.id, clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountPence };
}

function entryMovements(t: Tournament, playerId: string, key: string, withDeposit: boolean) {
  const label = `${t.name}, ${t.venue}`;
  return [
    ...(withDeposit
      ? [{ type: "deposit" as const, amountPence: totalPence(t), description: `Card payment — ${label}`, suffix: "deposit" }]
      : []),
    { type: "entry_fee" as const, amountPence: -t.entryFeePence, description: `Entry fee — ${label}`, suffix: "entry_fee" },
    { type: "site_fee" as const, amountPence: -t.siteFeePence, description: `Site fee — ${label}`, suffix: "site_fee" },
  ]
    .filter((m) => m.amountPence !== 0)
    .map((m) => ({
      userType: "player" as const,
      userId: playerId,
      type: m.type,
      amountPence: m.amountPence,
      description: m.description,
      tournamentId: t.id,
      idempotencyKey: `${key}:${m.suffix}`,
    }));
}

/** Pays the entry from the player's balance: the place and the ledger rows in one atomic batch. */
export async function payFromBalance(db: Database, player: Pick<CurrentUser, "id" | "userType">, tournament: TournamentRef, now = Date.now()) {
  if (player.userType !== "player") throw new DomainError(403, "Only players can join tournaments");
  const t = await loadTournament(db, tournament);
  const amount = totalPence(t);
  const key = `balance:${t.id}:${player.id}`;
  const registered = sql`exists (select 1 from ${tournamentPlayers} where tournament_id = ${t.id} and player_id = ${player.id} and paid = 1 and payment_intent_id = ${key})`;
  try {
    const [entry] = await db.batch([
      db.all<{ id: string }>(sql`
        insert into ${tournamentPlayers} (id, tournament_id, player_id, paid, paid_at, payment_intent_id, joined_at)
        select ${crypto.randomUUID()}, ${t.id}, ${player.id}, 1, ${now}, ${key}, ${now}
        where ${openForEntries(t.id, now)}
          and ${placesTakenByOthers(t.id, player.id, now)} < ${maxPlayersOf(t.id)}
          and ${hasFunds("player", player.id, amount)}
        on conflict (tournament_id, player_id) do update
          set paid = 1, paid_at = excluded.paid_at, hold_expires_at = null, payment_intent_id = excluded.payment_intent_id
          where tournament_players.paid = 0
        returning id`),
      ...entryMovements(t, player.id, key, false).map((m) => movementStatement(db, m, registered)),
    ]);
    if (!entry[0]) {
      const [funds] = await db.all<{ ok: number }>(sql`select ${hasFunds("player", player.id, amount)} as ok`);
      throw Number(funds?.ok) ? await refusal(db, t, player.id, now) : new DomainError(409, "Your balance does not cover the entry");
    }
    return { registrationId: entry[0].id, amountPence: amount };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // The balance CHECK refused an overdraft: the whole batch rolled back.
    if (String((error as Error).message).includes("CHECK constraint failed")) {
      throw new DomainError(409, "Your balance does not cover the entry");
    }
    throw error;
  }
}

type PaymentRecord = typeof payments.$inferSelect;
export type LoadedPayment = { record: PaymentRecord; t: Tournament } | null;

/** Our record of a payment and its tournament, in one statement. */
export async function loadPayment(db: Database, intentId: string): Promise<LoadedPayment> {
  const [row] = await db.select({ record: payments, t: tournaments }).from(payments).innerJoin(tournaments, eq(tournaments.id, payments.tournamentId)).where(eq(payments.id, intentId)).limit(1);
  return row ?? null;
}

export type PaymentOutcome = "applied" | "already-applied" | "refunded" | "not-ours" | "not-succeeded";

/**
 * A payment succeeded: mark the entry paid and write the ledger rows
 * (deposit, entry fee, site fee) in one batch — or, when the entry can no
 * longer be honoured, refund it. Idempotent: a second call changes nothing.
 */
export async function paymentSucceeded(
  db: Database,
  provider: PaymentsProvider,
  intent: PaymentIntent,
  now = Date.now(),
  /** The record as the caller read it (alongside its other reads), or it is read here. */
  loaded?: LoadedPayment,
): Promise<PaymentOutcome> {
  if (intent.status !== "succeeded") return "not-succeeded";
  const found = loaded === undefined ? await loadPayment(db, intent.id) : loaded;
  if (!found) return "not-ours";
  const { record, t } = found;
  // Set only in the batch that marked the entry paid by this very intent.
  if (record.outcome === "applied") return "already-applied";

  const matches =
    record.registrationId !== null &&
    intent.amountPence === record.amountPence &&
    intent.currency === "gbp" &&
    intent.metadata.registrationId === record.registrationId &&
    intent.metadata.playerId === record.playerId &&
    record.amountPence === totalPence(t);

  const registrationId = record.registrationId;
  if (matches && registrationId) {
    const paidByThis = sql`exists (select 1 from ${tournamentPlayers} where id = ${registrationId} and paid = 1 and payment_intent_id = ${intent.id})`;
    const [entryBefore, marked] = await db.batch([
      // The entry as the batch finds it (same transaction): already paid by
      // this intent means a concurrent delivery won, with no second look.
      db
        .select({ paid: tournamentPlayers.paid, intent: tournamentPlayers.paymentIntentId })
        .from(tournamentPlayers)
        .where(eq(tournamentPlayers.id, registrationId))
        .limit(1),
      db.all<{ id: string }>(sql`
        update ${tournamentPlayers} set paid = 1, paid_at = ${now}, hold_expires_at = null
        where id = ${registrationId} and paid = 0 and payment_intent_id = ${intent.id}
          and exists (select 1 from ${tournaments} where id = ${t.id} and status = 'open')
          and (hold_expires_at > ${now} or ${placesTakenByOthers(t.id, record.playerId, now)} < ${maxPlayersOf(t.id)})
        returning id`),
      ...entryMovements(t, record.playerId, `payment:${intent.id}`, true).map((m) => movementStatement(db, m, paidByThis)),
      db
        .update(payments)
        .set({ status: "succeeded", outcome: "applied", updatedAt: now })
        .where(and(eq(payments.id, intent.id), sql`${paidByThis}`)),
    ]);
    if (marked[0]) return "applied";
    const [entry] = entryBefore;
    if (entry?.paid && entry.intent === intent.id) return "already-applied";
  }

  // The place is gone (hold expired and the field filled, or play started),
  // or the payment does not match what we asked for: give the money back.
  if (record.outcome === "refunded") return "refunded";
  await provider.refund(intent.id, `refund:${intent.id}`);
  await db.update(payments).set({ status: "refunded", outcome: "refunded", updatedAt: now }).where(eq(payments.id, intent.id));
  return "refunded";
}

/** The return from checkout: ask the provider (never the URL) and apply. */
export async function verifyPayment(
  db: Database,
  provider: PaymentsProvider,
  player: Pick<CurrentUser, "id">,
  paymentIntentId: string,
  /** Our record, when the caller read it alongside its other reads. */
  preloaded?: LoadedPayment,
) {
  const loaded = preloaded === undefined ? await loadPayment(db, paymentIntentId) : preloaded;
  if (!loaded || loaded.record.playerId !== player.id) throw new DomainError(404, "Payment not found");
  const intent = await provider.retrieveIntent(paymentIntentId);
  if (!intent) throw new DomainError(404, "Payment not found");
  if (intent.status !== "succeeded") {
    return { success: false, paid: false, message: intent.lastError ?? "The payment has not completed" };
  }
  const outcome = await paymentSucceeded(db, provider, intent, Date.now(), loaded);
  const paid = outcome === "applied" || outcome === "already-applied";
  return { success: true, paid, message: paid ? "Payment successful" : "Your place could not be kept, so the payment was refunded" };
}

/** A webhook: verified by signature, handled once per event id. */
export async function handleWebhook(db: Database, provider: PaymentsProvider, payload: string, signature: string) {
  let event;
  try {
    event = await provider.parseWebhook(payload, signature);
  } catch {
    throw new DomainError(400, "Invalid webhook signature");
  }
  const succeeded = event.type === "payment_intent.succeeded" && event.intent ? event.intent : null;
  const [[seen], loaded] = await Promise.all([
    db.select().from(processedWebhooks).where(eq(processedWebhooks.eventId, event.id)).limit(1),
    succeeded ? loadPayment(db, succeeded.id) : Promise.resolve(null),
  ]);
  if (seen) return { received: true, duplicate: true };
  if (succeeded) {
    // The event's copy may be stale: trust the provider's current state.
    const intent = (await provider.retrieveIntent(succeeded.id)) ?? succeeded;
    await paymentSucceeded(db, provider, intent, Date.now(), loaded);
  }
  await db.insert(processedWebhooks).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
  return { received: true, duplicate: false };
}

/**
 * Expired holds stop counting at once (queries compare the expiry); this
 * tidies them: cancels their intents and deletes the holds that are still
 * expired and unpaid.
 */
export async function releaseExpiredHolds(db: Database, provider: PaymentsProvider, now = Date.now()) {
  const expired = await db
    .select({ id: tournamentPlayers.id, intentId: tournamentPlayers.paymentIntentId })
    .from(tournamentPlayers)
    .where(and(eq(tournamentPlayers.paid, false), isNotNull(tournamentPlayers.holdExpiresAt), lte(tournamentPlayers.holdExpiresAt, now)))
    .limit(500);
  for (const hold of expired) {
    if (hold.intentId) {
      try {
        await provider.cancelIntent(hold.intentId);
      } catch {
        // Already succeeded or gone: a late success is refunded by paymentSucceeded.
      }
    }
    await db
      .delete(tournamentPlayers)
      .where(and(eq(tournamentPlayers.id, hold.id), eq(tournamentPlayers.paid, false), lte(tournamentPlayers.holdExpiresAt, now)));
  }
  return expired.length;
}

/** The player's entries: paid ones and live holds (shown as 'Payment pending'). */
export async function playerRegistrations(db: Database, playerId: string, now = Date.now()) {
  return db
    .select({
      registrationId: tournamentPlayers.id,
      tournamentId: tournamentPlayers.tournamentId,
      slug: tournaments.slug,
      name: tournaments.name,
      status: tournaments.status,
      paid: tournamentPlayers.paid,
      holdExpiresAt: tournamentPlayers.holdExpiresAt,
      paymentIntentId: tournamentPlayers.paymentIntentId,
    })
    .from(tournamentPlayers)
    .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
    .where(
      and(
        eq(tournamentPlayers.playerId, playerId),
        sql`(${tournamentPlayers.paid} = 1 or ${tournamentPlayers.holdExpiresAt} > ${now})`,
      ),
    );
}

