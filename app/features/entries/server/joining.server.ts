// Joining a tournament (DESIGN §4): the hold and its payment intent (a
// captain's team written with it: team-entry.server.ts), paying from the
// balance, and the player's entries as the pages read them.
import { and, eq, sql } from "drizzle-orm";
import {
  build,
  first,
  isBatchGuardFailure,
  isCheckViolation,
  isForeignKeyViolation,
  isUniqueViolation,
  outer,
  query,
  write,
  type Read,
  type Sender,
} from "~/db/batch.server.ts";
import { payments, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError, tournamentNotFound } from "~/domain/errors.ts";
import type { Pence } from "~/domain/pence.ts";
import { creditedToBalance, placeLost, placeNotKeptFromBalance } from "~/features/entries/domain/payments.ts";
import { checkoutEntry, HOLD_EXPIRED, type CheckoutEntry } from "~/features/entries/domain/holds.ts";
import { isTeamEvent, teamEntryTotalPence } from "~/features/entries/domain/teams.ts";
import { hasFunds, movementStatement } from "~/features/money/server/ledger.server.ts";
import type { PaymentsProvider } from "~/features/money/server/payments/provider.ts";
import { intentRecord } from "~/features/money/server/payments/records.server.ts";
import { teamStatements, type CheckedTeam } from "./team-entry.server.ts";
import {
  inTournament,
  tournamentIdSql,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";

import {
  NAME_YOUR_TEAM,
  entryMovements,
  holdStatement,
  openForEntries,
  placeLostFacts,
  placeLostStatement,
  priceUnchanged,
  refusal,
  refusalStatements,
  roomFor,
  teamStillStands,
  withinRatingCap,
  type EntryKind,
  type PlaceLostRow,
} from "~/features/play/server/places.server.ts";
type Tournament = typeof tournaments.$inferSelect;

const TEAM_CHANGED = "A teammate or the team name was taken meanwhile: check your team and try again";
const HOLD_GIVEN_UP = "Your hold was given up meanwhile — join again";
const PRICE_CHANGED = "The entry fee changed while you were joining: check the new price and try again";
/** Paying from the balance at the moment the director changed the fees or the match type. */
export const PRICE_CHANGED_BALANCE =
  "The entry fee changed while you were paying: nothing was taken from your balance. Check the new price and try again";

/** The tournament an entry changed: whose pages to tell (afterChange's "entries"). */
export type EntryChanged = { tournamentId: string; organiserId: string };

export type JoinResult = { changed: EntryChanged } & (
  | { paid: true; registrationId: string }
  | { paid: false; registrationId: string; clientSecret: string; paymentIntentId: string; amountPence: Pence }
);

type Hold = { id: string; paid: number; payment_intent_id: string | null; hold_expires_at: number };

/**
 * Join: a free tournament registers at once; otherwise a hold and a payment
 * intent. The hold, the tournament's row and what a refusal is explained
 * from come back from the first batch.
 */
export async function joinTournament(
  db: Sender,
  provider: PaymentsProvider,
  {
    playerId,
    tournament,
    team,
    now = Date.now(),
  }: { playerId: string; tournament: TournamentRef; team?: CheckedTeam; now?: number },
): Promise<JoinResult> {
  const key = tournamentIdSql(tournament);
  const kind: EntryKind = team ? "team" : "single";
  const { hold, t } = await db.write(
    write(
      [
        holdStatement(key, playerId, now, kind),
        tournamentRow(tournament),
        ...refusalStatements(key, playerId, now),
        ...(team ? teamStatements(team, playerId, now) : []),
      ],
      ([holds, rows, entries, counts]) => {
        const t = (rows as Tournament[])[0];
        if (!t) throw tournamentNotFound();
        const hold = (holds as Hold[])[0];
        if (!hold) throw refusal(t, (entries as { paid: boolean }[])[0], (counts as { n: number }[])[0], now, kind);
        return { hold, t };
      },
      // A guard that no longer held, or a new teammate's e-mail taken meanwhile by another captain's invitation.
      (error) =>
        isBatchGuardFailure(error) || isUniqueViolation(error) ? new DomainError(409, TEAM_CHANGED) : undefined,
    ),
  );
  const amountPence = teamEntryTotalPence(t);
  const changed = { tournamentId: t.id, organiserId: t.organiserId };

  if (amountPence === 0) {
    await db.write(enterFree(hold.id, t, now));
    return { paid: true, registrationId: hold.id, changed };
  }

  // Reuse the hold's intent while it can still be paid.
  if (hold.payment_intent_id) {
    const existing = await provider.retrieveIntent(hold.payment_intent_id);
    if (
      existing &&
      existing.amountPence === amountPence &&
      (existing.status === "requires_payment_method" ||
        existing.status === "requires_confirmation" ||
        existing.status === "requires_action")
    ) {
      return {
        changed,
        paid: false,
        registrationId: hold.id,
        clientSecret: existing.clientSecret,
        paymentIntentId: existing.id,
        amountPence,
      };
    }
  }

  const intent = await newIntent(db, provider, { hold, t, playerId, amountPence });
  return {
    changed,
    paid: false,
    registrationId: hold.id,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amountPence,
  };
}

/**
 * A payment intent for the hold, and our record of it linked from the hold. The player may give the hold up (leave,
 * in another tab) while the intent is made: the record then names a registration that is gone, and the database
 * refuses it — a 409 to join again, the provider's intent left unpaid to lapse.
 */
async function newIntent(
  db: Sender,
  provider: PaymentsProvider,
  { hold, t, playerId, amountPence }: { hold: Hold; t: Tournament; playerId: string; amountPence: Pence },
) {
  try {
    const intent = await provider.createIntent({
      amountPence,
      currency: "gbp",
      description: `Entry: ${t.name}, ${t.venue}`,
      metadata: { tournamentId: t.id, playerId, registrationId: hold.id },
      // One intent per hold: a retried request cannot create a second charge.
      idempotencyKey: `hold:${hold.id}:${hold.hold_expires_at}`,
    });
    await db.write(
      write([
        intentRecord(provider, intent, amountPence, { registrationId: hold.id, tournamentId: t.id, playerId }),
        build
          .update(tournamentPlayers)
          .set({ paymentIntentId: intent.id })
          .where(and(eq(tournamentPlayers.id, hold.id), eq(tournamentPlayers.paid, false))),
      ]),
    );
    return intent;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new DomainError(409, HOLD_GIVEN_UP);
    throw error;
  }
}

/** A free tournament's hold becomes its entry, as free as the hold found it; a fee set meanwhile leaves the hold. */
function enterFree(holdId: string, t: Tournament, now: number) {
  return write(
    [
      build
        .update(tournamentPlayers)
        .set({ paid: true, paidAt: now, paidBy: "free", holdExpiresAt: null })
        .where(and(eq(tournamentPlayers.id, holdId), eq(tournamentPlayers.paid, false), priceUnchanged(t))),
      build.select({ paid: tournamentPlayers.paid }).from(tournamentPlayers).where(eq(tournamentPlayers.id, holdId)),
    ],
    ([, rows]) => {
      if ((rows as { paid: boolean }[])[0]?.paid !== true) throw new DomainError(409, PRICE_CHANGED);
    },
  );
}

/**
 * Pays the entry from the player's balance: the place and the ledger rows in one atomic batch, at the price the
 * tournament still charges as it is written (and, when the page sent it, the price the player was shown).
 */
export async function payFromBalance(
  db: Sender,
  {
    playerId,
    tournament,
    expectedPence,
    now = Date.now(),
  }: { playerId: string; tournament: TournamentRef; expectedPence?: Pence; now?: number },
) {
  const t = await db.send(first(tournamentRow(tournament)));
  if (!t) throw tournamentNotFound();
  const amount = teamEntryTotalPence(t);
  if (expectedPence !== undefined && expectedPence !== amount) throw new DomainError(409, PRICE_CHANGED_BALANCE);
  // One key per payment (as a card's intent is): a player who left and pays again is charged again.
  const key = `balance:${t.id}:${playerId}:${now}`;
  const team = isTeamEvent(t.matchType);
  const registered = sql`exists (select 1 from ${tournamentPlayers}
    where tournament_id = ${t.id} and player_id = ${playerId} and paid = 1 and payment_intent_id = ${key})`;
  const uncovered = () => new DomainError(409, "Your balance does not cover the entry");
  const movements = entryMovements(t, playerId, key, false).map((m) => movementStatement(m, registered));
  return db.write(
    write(
      [
        // A team pays for the hold its captain took when naming it; a single player may pay straight away.
        team
          ? build.all<{ id: string }>(sql`
        update ${tournamentPlayers} set paid = 1, paid_at = ${now}, paid_by = 'balance', hold_expires_at = null,
          payment_intent_id = ${key}
        where tournament_id = ${t.id} and player_id = ${playerId} and paid = 0 and hold_expires_at > ${now}
          and ${openForEntries(t.id, now)} and ${priceUnchanged(t)} and ${hasFunds("player", playerId, amount)}
          and ${teamStillStands(t, outer(tournamentPlayers.id), now)}
        returning id`)
          : build.all<{ id: string }>(sql`
        insert into ${tournamentPlayers} (id, tournament_id, player_id, paid, paid_at, paid_by, payment_intent_id,
          joined_at)
        select ${crypto.randomUUID()}, ${t.id}, ${playerId}, 1, ${now}, 'balance', ${key}, ${now}
        where ${openForEntries(t.id, now)} and ${priceUnchanged(t)}
          and ${roomFor(t.id, playerId, now)} and ${withinRatingCap(t.id, playerId)}
          and ${hasFunds("player", playerId, amount)}
        on conflict (tournament_id, player_id) do update
          set paid = 1, paid_at = excluded.paid_at, paid_by = 'balance', hold_expires_at = null,
            payment_intent_id = excluded.payment_intent_id
          where tournament_players.paid = 0
        returning id`),
        // Why not, when not: read after the insert, in the same batch.
        build.all<{ ok: number; priced: number }>(
          sql`select ${hasFunds("player", playerId, amount)} as ok, ${priceUnchanged(t)} as priced`,
        ),
        ...refusalStatements(t.id, playerId, now),
        placeLostStatement(
          sql`(select id from ${tournamentPlayers} where tournament_id = ${t.id} and player_id = ${playerId})`,
          t,
          now,
        ),
        ...movements,
      ],
      ([entry, funds, entries, counts, facts]) => {
        const id = (entry as { id: string }[])[0]?.id;
        if (id) {
          return {
            registrationId: id,
            amountPence: amount,
            changed: { tournamentId: t.id, organiserId: t.organiserId },
          };
        }
        const found = (entries as { paid: boolean }[])[0];
        const check = (funds as { ok: number; priced: number }[])[0];
        if (found?.paid !== true && t.status === "open" && !Number(check?.priced)) {
          throw new DomainError(409, PRICE_CHANGED_BALANCE);
        }
        if (!Number(check?.ok)) throw uncovered();
        const lost = placeLost(placeLostFacts((facts as PlaceLostRow[])[0]));
        if (team && found && creditedToBalance(lost)) throw new DomainError(409, placeNotKeptFromBalance(lost));
        if (team && found?.paid !== true && t.status === "open") {
          throw new DomainError(409, found ? HOLD_EXPIRED : NAME_YOUR_TEAM);
        }
        throw refusal(t, found, (counts as { n: number }[])[0], now, team ? "team" : "single");
      },
      // The balance CHECK refused an overdraft: the whole batch rolled back.
      (error) => (isCheckViolation(error) ? uncovered() : undefined),
    ),
  );
}

/** The player's entries: paid ones and live holds (shown as 'Payment pending'). */
export function registrationsQuery(playerId: string, now = Date.now()) {
  return query(
    build
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
      ),
  );
}

/**
 * The player's entry in one tournament as the checkout sees it (paid, held,
 * a hold that ran out, or none), in one statement: their row, and whether
 * they ever started paying for it (the record outlives a tidied hold).
 */
export function checkoutEntryQuery(playerId: string, tournament: TournamentRef, now = Date.now()): Read<CheckoutEntry> {
  return query(
    build.all<{ paid: number | null; holdExpiresAt: number | null; intentId: string | null; started: number }>(sql`
      select tp.paid as paid, tp.hold_expires_at as holdExpiresAt, tp.payment_intent_id as intentId,
        exists (select 1 from ${payments} where ${inTournament(payments.tournamentId, tournament)}
          and ${payments.playerId} = ${playerId}) as started
      from (select 1) left join ${tournamentPlayers} tp
        on tp.tournament_id = ${tournamentIdSql(tournament)} and tp.player_id = ${playerId}`),
    ([row]) =>
      checkoutEntry(
        row && row.paid !== null
          ? { paid: Number(row.paid) === 1, holdExpiresAt: row.holdExpiresAt, paymentIntentId: row.intentId }
          : null,
        Number(row?.started) === 1,
        now,
      ),
  );
}
