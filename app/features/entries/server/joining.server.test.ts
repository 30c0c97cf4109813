// Joining in-process: the hold and its payment intent, places counted with
// live holds, players racing for the last places, free tournaments, and
// paying from the balance. Who may join, the JSON and the checkout's forms
// are the HTTP suite's (tests/payments-simulated.test.ts).
import { expect, test } from "vitest";
import { answered, useServiceDb } from "../../../../test-support/services.ts";
import { DomainError } from "~/domain/errors.ts";
import { payFromBalance } from "./joining.server.ts";

const s = useServiceDb();

const paidEntries = (t: { id: string }) => s.count("tournament_players", "tournament_id = ? and paid = 1", [t.id]);

test("join holds a place for 15 minutes with an intent for entry + site fee; joining again reuses both", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const p = await s.player();
  const joined = await s.join(p, t);
  if (joined.paid) throw new Error("a paid tournament needs a payment");
  expect(joined.paymentIntentId).toMatch(/^pi_sim_/);
  expect(joined.amountPence).toBe(1100);
  const [hold] = await s.rows("select paid, hold_expires_at, payment_intent_id from tournament_players where id = ?", [
    joined.registrationId,
  ]);
  expect(hold).toMatchObject({ paid: 0, payment_intent_id: joined.paymentIntentId });
  const ttl = Number(hold?.hold_expires_at) - Date.now();
  expect(ttl).toBeGreaterThan(14 * 60_000);
  expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  const [payment] = await s.rows("select amount_pence, currency, status from payments where id = ?", [
    joined.paymentIntentId,
  ]);
  expect(payment).toEqual({ amount_pence: 1100, currency: "gbp", status: "requires_payment_method" });

  const again = await s.join(p, t);
  expect(again).toEqual(joined);
  expect(await s.count("payments", "tournament_id = ?", [t.id])).toBe(1);
  expect(await s.count("tournament_players", "tournament_id = ?", [t.id])).toBe(1);
});

test("join refuses a second registration, a started tournament and a passed deadline", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const [p] = await s.enter(t, 1);
  if (!p) throw new Error("no entrant");
  expect(await answered(s.join(p, t))).toEqual({
    status: 409,
    message: "You are already registered for this tournament",
  });
  const started = await s.tournament(td);
  await s.rows("update tournaments set status = 'in_progress' where id = ?", [started.id]);
  expect((await answered(s.join(await s.player(), started))).message).toMatch(/tournament has started/);
  const closed = await s.tournament(td);
  await s.rows("update tournaments set registration_deadline = ? where id = ?", [Date.now() - 1000, closed.id]);
  expect((await answered(s.join(await s.player(), closed))).message).toMatch(/Registration Closed/);
  expect(await answered(s.join(p, { id: "nope" }))).toEqual({ status: 404, message: "Tournament not found" });
});

test("a full tournament refuses joins; expired holds stop counting at once", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 2 });
  const [a, b, c] = [await s.player(), await s.player(), await s.player()];
  expect((await answered(s.join(a, t))).status).toBe(200);
  expect((await answered(s.join(b, t))).status).toBe(200);
  const full = await answered(s.join(c, t));
  expect(full.status).toBe(409);
  expect(full.message).toBe("This tournament is full");
  // b's hold expires: c gets the place.
  await s.rows("update tournament_players set hold_expires_at = ? where player_id = ?", [Date.now() - 1, b.id]);
  expect((await answered(s.join(c, t))).status).toBe(200);
});

test(`5 players paying at once for the last 2 places: \
exactly 2 are entered, nobody is charged for nothing`, async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 4 });
  await s.enter(t, 2);
  const racers = await Promise.all(Array.from({ length: 5 }, () => s.player()));
  const joins = await Promise.all(
    racers.map(async (r) => {
      try {
        return { status: 200, joined: await s.join(r, t) };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { status: error.status, joined: null };
      }
    }),
  );
  const statuses = joins.map((j) => j.status);
  expect(statuses.filter((x) => x === 200)).toHaveLength(2);
  expect(statuses.filter((x) => x === 409)).toHaveLength(3);
  await Promise.all(joins.map(({ joined }) => (joined && !joined.paid ? s.payByCard(joined.paymentIntentId) : null)));
  expect(await paidEntries(t)).toBe(4);
  // Those refused were never charged.
  expect(await s.count("payments", "tournament_id = ?", [t.id])).toBe(4);
  await s.expectLedgerTrue();
});

test("a free tournament is joined at once, without checkout", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { entryFee: "0", siteFee: "0", rakeValue: "0" });
  const p = await s.player();
  expect(await s.join(p, t)).toMatchObject({ paid: true });
  expect(await paidEntries(t)).toBe(1);
  expect(await s.count("transactions", "user_id = ?", [p.id])).toBe(0);
  expect(await s.count("payments", "tournament_id = ?", [t.id])).toBe(0);
});

test("paying from the balance: the entry and its two ledger rows in one batch, never an overdraft", async () => {
  const td = await s.organiser();
  const [t, t2, t3] = [await s.tournament(td), await s.tournament(td), await s.tournament(td)];
  const p = await s.player();
  const pay = (tournament: { id: string }) => payFromBalance(s.sender, { playerId: p.id, tournament });
  expect(await answered(pay(t))).toEqual({ status: 409, message: "Your balance does not cover the entry" });
  await s.credit("player", p.id, 1500);
  // Two entries at once with money for one.
  const both = await Promise.all([answered(pay(t)), answered(pay(t2))]);
  expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  expect(both.find((r) => r.status === 409)?.message).toBe("Your balance does not cover the entry");
  expect((await paidEntries(t)) + (await paidEntries(t2))).toBe(1);
  expect(await s.balance("player", p.id)).toBe(400);
  const rows = await s.rows("select type, amount_pence from transactions where user_id = ? order by rowid", [p.id]);
  expect(rows.map((r) => [r.type, r.amount_pence])).toEqual([
    ["deposit", 1500],
    ["entry_fee", -1000],
    ["site_fee", -100],
  ]);
  // A hold taken first is paid from the balance as well: the same entry, no second row.
  await s.credit("player", p.id, 700);
  const held = await s.join(p, t3);
  expect(await pay(t3)).toMatchObject({ registrationId: held.registrationId, amountPence: 1100 });
  expect(await s.count("tournament_players", "tournament_id = ? and player_id = ?", [t3.id, p.id])).toBe(1);
  expect(await s.balance("player", p.id)).toBe(0);
  // Already in: not charged twice.
  await s.credit("player", p.id, 1100);
  expect(await answered(pay(t3))).toEqual({
    status: 409,
    message: "You are already registered for this tournament",
  });
  expect(await s.balance("player", p.id)).toBe(1100);
  await s.expectLedgerTrue();
});
