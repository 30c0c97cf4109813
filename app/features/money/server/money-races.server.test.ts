// Money under concurrency, in-process against a real database: a director's edit of the fees or the match type racing
// a payment (from the balance, and a late card payment), finalize refusing to pay out money that was not collected,
// the webhook's event id claimed once, and what verify-payment says once the player has left. Each race is run for
// real (both calls at once, many times) and also forced into the interleaving that used to create money (the edit
// landing between the payment's read and its write); the ledger and every tournament's escrow are summed after each.
import { expect, test } from "vitest";
import type { Sender } from "~/db/batch.server.ts";
import { escrowTypes } from "~/features/money/domain/money.ts";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { addCashEntry } from "~/features/entries/server/cash-entries.server.ts";
import { leaveTournament } from "~/features/entries/server/leaving.server.ts";
import { finalizeTournament } from "~/features/play/server/finalize.server.ts";
import { joinTournament, PRICE_CHANGED_BALANCE, payFromBalance } from "~/features/entries/server/joining.server.ts";
import { handleWebhook, LEFT_AFTER_PAYING, paymentQuery, verifyPayment } from "./payment-confirmation.server.ts";
import { confirmSimulatedPayment, simulatedWebhookSecret } from "./payments/simulated.server.ts";
import {
  editReadQuery,
  ownTournament,
  saveTournamentEdit,
  settingsOf,
} from "~/features/tournaments/server/tournament-edit.server.ts";
import type { TournamentSettings } from "~/features/tournaments/domain/tournament-edit.ts";

const s = useServiceDb();

/** What the tournament's escrow holds: its entry fees in, less what was given back and paid out (0 when settled). */
async function escrow(t: { id: string }): Promise<number> {
  const [row] = await s.rows<{ sum: number }>(
    `select -coalesce(sum(amount_pence), 0) as sum from transactions where tournament_id = ?
      and type in (${escrowTypes.map(() => "?").join(", ")})`,
    [t.id, ...escrowTypes],
  );
  return Number(row?.sum);
}

/** The entry fees actually taken for the tournament (positive pence). */
async function feesTaken(t: { id: string }): Promise<number> {
  const [row] = await s.rows<{ sum: number }>(
    "select -coalesce(sum(amount_pence), 0) as sum from transactions where tournament_id = ? and type = 'entry_fee'",
    [t.id],
  );
  return Number(row?.sum);
}

/** The director's edit as the edit route runs it: the read its locks are decided from, then the guarded write. */
async function edit(director: Account, t: { id: string }, change: Partial<TournamentSettings>) {
  const read = await s.sender.send(editReadQuery({ id: t.id }, Date.now()));
  const own = ownTournament(read.t, director.id);
  return saveTournamentEdit(s.sender, {
    t: own,
    facts: read.facts,
    next: { ...settingsOf(own), ...change },
    now: Date.now(),
  });
}

/** A sender whose next write first lets `meanwhile` run: another request landing between a read and its write. */
function interleaved(meanwhile: () => Promise<unknown>): Sender {
  let pending: (() => Promise<unknown>) | null = meanwhile;
  return {
    send: (read) => s.sender.send(read),
    async write(batch) {
      const run = pending;
      pending = null;
      if (run) await run();
      return s.sender.write(batch);
    },
  };
}

const changes: [string, Partial<TournamentSettings>][] = [
  ["the entry fee", { entryFeePence: 500 }],
  ["the site fee", { siteFeePence: 0 }],
  ["singles to doubles", { matchType: "2v2" }],
];

test.each(changes)("a balance payment forced behind an edit of %s is refused and takes nothing", async (_, change) => {
  const director = await s.organiser();
  const t = await s.tournament(director, { maxPlayers: 8 });
  const player = await s.player();
  await s.credit("player", player.id, 3000);
  const sender = interleaved(() => edit(director, t, change));
  const paid = await answered(payFromBalance(sender, { playerId: player.id, tournament: { id: t.id } }));
  expect(paid).toEqual({ status: 409, message: PRICE_CHANGED_BALANCE });
  expect(await s.balance("player", player.id)).toBe(3000);
  expect(await s.count("tournament_players", "tournament_id = ?", [t.id])).toBe(0);
  await s.expectLedgerTrue();
});

test.each(changes)("an edit of %s and a balance payment at once: exactly one wins, 20 times", async (_, change) => {
  const director = await s.organiser();
  for (let i = 0; i < 20; i++) {
    const t = await s.tournament(director, { maxPlayers: 8 });
    const player = await s.player();
    await s.credit("player", player.id, 3000);
    const [paid, edited] = await Promise.all([
      answered(payFromBalance(s.sender, { playerId: player.id, tournament: { id: t.id } })),
      answered(edit(director, t, change)),
    ]);
    expect([paid.status, edited.status].sort(), `try ${i}`).toEqual([200, 409]);
    const [row] = await s.rows<{ entry_fee_pence: number; site_fee_pence: number; match_type: string }>(
      "select entry_fee_pence, site_fee_pence, match_type from tournaments where id = ?",
      [t.id],
    );
    if (paid.status === 200) {
      // The payment won: the tournament kept the price it charged, and the player paid it.
      expect(row).toEqual({ entry_fee_pence: 1000, site_fee_pence: 100, match_type: "1v1" });
      expect(await s.balance("player", player.id)).toBe(3000 - 1100);
      expect(await feesTaken(t)).toBe(1000);
    } else {
      expect(paid.message).toBe(PRICE_CHANGED_BALANCE);
      expect(await s.balance("player", player.id)).toBe(3000);
      expect(await feesTaken(t)).toBe(0);
    }
  }
  await s.expectLedgerTrue();
});

/** A card payment whose hold ran out (the intent still succeeds): it lands late, read then written. */
async function latePayment(t: { id: string }, player: Account) {
  const joined = await joinTournament(s.sender, s.payments, {
    playerId: player.id,
    tournament: { id: t.id },
    now: Date.now() - 16 * 60_000,
  });
  if (joined.paid) throw new Error("a paid tournament needs a payment");
  const confirmed = await confirmSimulatedPayment(s.db, joined.paymentIntentId, "4242424242424242", await secret());
  if (confirmed?.status !== "succeeded") throw new Error("the card was declined");
  return { intentId: joined.paymentIntentId, event: confirmed.event };
}

/** The harness's webhook secret (test-support/services.ts signs with its session secret). */
const secret = () => simulatedWebhookSecret("service-tests-secret-".padEnd(64, "0"));

test("a late card payment forced behind an edit of the fee is refunded to the card, saying why", async () => {
  const director = await s.organiser();
  const t = await s.tournament(director, { maxPlayers: 8 });
  const player = await s.player();
  const { intentId, event } = await latePayment(t, player);
  // The webhook claims its event and reads the payment; the director's edit lands before the payment's own write
  // (the hold had run out, so nobody counts as paying and the edit is allowed).
  let writes = 0;
  const racing: Sender = {
    send: (read) => s.sender.send(read),
    async write(batch) {
      if (++writes === 2) await edit(director, t, { entryFeePence: 500 });
      return s.sender.write(batch);
    },
  };
  // Refunded, the place given up: the tournament's pages hear of it too.
  expect(await handleWebhook(racing, { provider: s.payments, ...event })).toEqual({
    answer: { received: true, duplicate: false },
    changes: [{ tournamentId: t.id, organiserId: director.id, what: "entries" }],
  });
  const [payment] = await s.rows<{ outcome: string; failure_message: string }>(
    "select outcome, failure_message from payments where id = ?",
    [intentId],
  );
  expect(payment).toEqual({
    outcome: "refunded",
    failure_message: "the entry fee changed before your payment arrived",
  });
  expect(await s.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(0);
  expect(await s.balance("player", player.id)).toBe(0);
  await s.expectLedgerTrue();
});

test("a late card payment after the director entered the player at the bar says so", async () => {
  const director = await s.organiser();
  const t = await s.tournament(director, { maxPlayers: 8 });
  const player = await s.player("Dougie");
  const { intentId, event } = await latePayment(t, player);
  await addCashEntry(s.sender, {
    organiserId: director.id,
    tournament: { id: t.id },
    check: () => ({ kind: "single", person: { name: player.name, email: player.email } }),
  });
  await handleWebhook(s.sender, { provider: s.payments, ...event });
  const found = await s.sender.send(paymentQuery(intentId));
  expect((await verifyPayment(s.sender, { provider: s.payments, playerId: player.id, found })).answer).toMatchObject({
    paid: false,
    outcome: "refunded",
    message:
      "Your place could not be kept: the director entered you at the bar, paid in cash. " +
      "The payment was refunded to your card.",
  });
  await s.expectLedgerTrue();
});

test("two deliveries of one webhook event at once: exactly one handles it", async () => {
  const director = await s.organiser();
  const t = await s.tournament(director, { maxPlayers: 16 });
  for (let i = 0; i < 10; i++) {
    const player = await s.player();
    const joined = await s.join(player, t);
    if (joined.paid) throw new Error("a paid tournament needs a payment");
    const confirmed = await confirmSimulatedPayment(s.db, joined.paymentIntentId, "4242424242424242", await secret());
    if (confirmed?.status !== "succeeded") throw new Error("declined");
    const deliver = () => handleWebhook(s.sender, { provider: s.payments, ...confirmed.event });
    const answers = await Promise.all([deliver(), deliver(), deliver()]);
    expect(answers.map((a) => a.answer.duplicate).sort(), `try ${i}`).toEqual([false, true, true]);
    expect(await s.count("transactions", "idempotency_key like ?", [`payment:${joined.paymentIntentId}:%`])).toBe(3);
  }
  await s.expectLedgerTrue();
});

test("verify-payment after the player left says they are no longer entered", async () => {
  const director = await s.organiser();
  const t = await s.tournament(director, { maxPlayers: 8 });
  const player = await s.player();
  const joined = await s.join(player, t);
  if (joined.paid) throw new Error("a paid tournament needs a payment");
  expect((await s.payByCard(joined.paymentIntentId))?.status).toBe("succeeded");
  await leaveTournament(s.sender, { playerId: player.id, tournament: { id: t.id } });
  const found = await s.sender.send(paymentQuery(joined.paymentIntentId));
  expect((await verifyPayment(s.sender, { provider: s.payments, playerId: player.id, found })).answer).toEqual({
    success: true,
    paid: false,
    outcome: "left",
    message: LEFT_AFTER_PAYING,
  });
  // The entry fee is back on the balance; the site fee is kept.
  expect(await s.balance("player", player.id)).toBe(1000);
  await s.expectLedgerTrue();
});

test("finalize refuses to pay out entry fees that were never collected", async () => {
  const director = await s.organiser();
  const t = await s.tournament(director, { maxPlayers: 2 });
  await s.enter(t, 2);
  await s.start(director, t);
  const [match] = await s.matches(t);
  if (!match) throw new Error("no match");
  await s.record(director, match.id, { winnerId: match.player1Id ?? "" });
  // A seam somewhere gave £5 of an entry fee back that the pool still counts on (as a stale price once charged £5).
  await s.rows(
    "insert into transactions (id, user_type, user_id, type, description, amount_pence, tournament_id, " +
      "idempotency_key) values (?, 'player', ?, 'refund', 'A seam', 500, ?, ?)",
    [crypto.randomUUID(), match.player1Id ?? "", t.id, `seam:${t.id}`],
  );
  const refused = await answered(finalizeTournament(s.sender, { organiserId: director.id, tournament: { id: t.id } }));
  expect(refused.status).toBe(409);
  expect(await s.count("payouts", "tournament_id = ?", [t.id])).toBe(0);
  expect(await escrow(t)).toBe(1500);
});

test("a hold given up (a leave in another tab) while its card payment is set up: a 409 to join again", async () => {
  const director = await s.organiser();
  const t = await s.tournament(director, { maxPlayers: 8 });
  const player = await s.player();
  // The hold is taken; before its payment intent is recorded, the player's other tab leaves.
  let writes = 0;
  const leaving: Sender = {
    send: (read) => s.sender.send(read),
    async write(batch) {
      const result = await s.sender.write(batch);
      if (++writes === 1) await leaveTournament(s.sender, { playerId: player.id, tournament: { id: t.id } });
      return result;
    },
  };
  const joined = await answered(joinTournament(leaving, s.payments, { playerId: player.id, tournament: { id: t.id } }));
  expect(joined).toEqual({ status: 409, message: "Your hold was given up meanwhile — join again" });
  expect(await s.count("tournament_players", "tournament_id = ?", [t.id])).toBe(0);
  // Joining again works.
  expect((await s.join(player, t)).paid).toBe(false);
});
