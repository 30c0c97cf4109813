// Money races through the real Worker, with real concurrent requests: the director's PATCH of the entry fee against a
// player paying from the balance on the checkout page, and one webhook event delivered twice at once. After every
// race the ledger is true and the tournament holds what was taken. (The forced interleavings and the property over
// random evenings are in-process: app/features/money/server/money-races.server.test.ts, escrow.server.test.ts.)
import Stripe from "stripe";
import { expect, test } from "vitest";
import { useFactories } from "./support/factories.ts";
import { TEST_WEBHOOK_SECRET, useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

const feesTaken = async (tournamentId: string) =>
  Number(
    (
      await f.sql().execute({
        sql:
          "select -coalesce(sum(amount_pence), 0) as s from transactions " +
          "where tournament_id = ? and type = 'entry_fee'",
        args: [tournamentId],
      })
    ).rows[0]?.s,
  );

test("the director's fee edit and a balance payment sent at once: exactly one wins, 10 times", async () => {
  const td = await f.organiser();
  for (let i = 0; i < 10; i++) {
    const t = await f.createTournament(td);
    const p = await f.player();
    await f.credit("player", p.id, 3000);
    const [edited] = await Promise.all([
      td.client.json("PATCH", `/api/tournaments/${t.id}`, { entryFee: "5.00" }),
      // The price the checkout showed the player goes with the form.
      p.client.postForm(`/tournament/${t.slug}/checkout`, { intent: "balance", pence: "1100" }),
    ]);
    const paid = await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id]);
    if (paid === 1) {
      // The payment came first: the edit is refused and the entry cost what the tournament still says.
      expect(edited.status, `try ${i}`).toBe(409);
      expect(await f.balance("player", p.id)).toBe(3000 - 1100);
      expect(await feesTaken(t.id)).toBe(1000);
    } else {
      expect(edited.status, `try ${i}`).toBe(200);
      expect(await f.balance("player", p.id)).toBe(3000);
      expect(await feesTaken(t.id)).toBe(0);
    }
  }
  await f.expectLedgerTrue();
});

test("one webhook event delivered twice at once: one handles it, the other says duplicate", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const stripe = new Stripe("sk_test_unused");
  for (let i = 0; i < 5; i++) {
    const p = await f.player();
    const joined = await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
    const { paymentIntentId } = (await joined.json()) as { paymentIntentId: string };
    // The card goes through (and its own delivery is handled); then Stripe sends a new event for it, twice at once.
    await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, { cardNumber: "4242424242424242" });
    const payload = JSON.stringify({
      id: `evt_race_${i}_${Date.now()}`,
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: paymentIntentId, object: "payment_intent", status: "succeeded", amount: 1100 } },
    });
    const deliver = () =>
      app.client().request("/api/stripe/webhook", {
        method: "POST",
        body: payload,
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }),
        },
      });
    const answers = await Promise.all([deliver(), deliver()]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { duplicate: boolean }[];
    expect(bodies.map((b) => b.duplicate).sort(), `try ${i}`).toEqual([false, true]);
  }
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(5);
  await f.expectLedgerTrue();
});

test("a balance payment at the price shown before an edit is refused, not charged at the new price", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  await f.credit("player", p.id, 3000);
  expect((await td.client.json("PATCH", `/api/tournaments/${t.id}`, { entryFee: "15.00" })).status).toBe(200);
  const paid = await p.client.postForm(`/tournament/${t.slug}/checkout`, { intent: "balance", pence: "1100" });
  expect(paid.status).toBe(302);
  expect(await f.count("tournament_players", "tournament_id = ?", [t.id])).toBe(0);
  expect(await f.balance("player", p.id)).toBe(3000);
  // Sent again at the price now shown, it goes through.
  await p.client.postForm(`/tournament/${t.slug}/checkout`, { intent: "balance", pence: "1600" });
  expect(await f.balance("player", p.id)).toBe(1400);
  await f.expectLedgerTrue();
});
