// Registration and payment with the simulated provider, end to end through
// the real Worker: holds, the test card, webhooks, balance payments — who may,
// the JSON and the forms. Races and late payments are tested in-process
// (app/features/entries/server/joining.server.test.ts, payment-confirmation.server.test.ts).
import Stripe from "stripe";
import { expect, test } from "vitest";
import { type Account, useFactories } from "./support/factories.ts";
import { TEST_WEBHOOK_SECRET, useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

async function join(player: Account, tournamentId: string) {
  return player.client.json("POST", "/api/tournaments/join", { tournamentId });
}

async function confirm(player: Account, intentId: string, cardNumber = "4242 4242 4242 4242") {
  return player.client.json("POST", `/api/dev/payments/${intentId}/confirm`, { cardNumber });
}

async function paidEntries(tournamentId: string) {
  return f.count("tournament_players", "tournament_id = ? and paid = 1", [tournamentId]);
}

test("join creates a 15-minute hold and a payment intent for entry + site fee in pence", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const response = await join(p, t.id);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { clientSecret: string; paymentIntentId: string };
  expect(body.paymentIntentId).toMatch(/^pi_sim_/);
  expect(body.clientSecret).toContain("_secret_");
  const hold = (
    await f.sql().execute({
      sql:
        "select paid, hold_expires_at, payment_intent_id from tournament_players " +
        "where tournament_id = ? and player_id = ?",
      args: [t.id, p.id],
    })
  ).rows[0];
  expect(hold?.paid).toBe(0);
  expect(hold?.payment_intent_id).toBe(body.paymentIntentId);
  const ttl = Number(hold?.hold_expires_at) - Date.now();
  expect(ttl).toBeGreaterThan(14 * 60_000);
  expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  const payment = (
    await f
      .sql()
      .execute({ sql: "select amount_pence, currency from payments where id = ?", args: [body.paymentIntentId] })
  ).rows[0];
  expect(payment).toMatchObject({ amount_pence: 1100, currency: "gbp" });

  // Joining again reuses the hold and the intent.
  const again = (await (await join(p, t.id)).json()) as { paymentIntentId: string };
  expect(again.paymentIntentId).toBe(body.paymentIntentId);
  expect(await f.count("payments", "tournament_id = ?", [t.id])).toBe(1);
});

test("paying with 4242… registers the player and writes deposit, entry fee and site fee", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = (await (await join(p, t.id)).json()) as { paymentIntentId: string };
  const paid = await confirm(p, paymentIntentId);
  expect(paid.status).toBe(200);
  expect(await paid.json()).toMatchObject({ status: "succeeded" });
  expect(await paidEntries(t.id)).toBe(1);

  const rows = await f
    .sql()
    .execute({ sql: "select type, amount_pence from transactions where user_id = ? order by rowid", args: [p.id] });
  expect(rows.rows.map((r) => [r.type, Number(r.amount_pence)])).toEqual([
    ["deposit", 1100],
    ["entry_fee", -1000],
    ["site_fee", -100],
  ]);
  expect(await f.balance("player", p.id)).toBe(0);

  // The return from checkout comes second and changes nothing.
  const verify = await p.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId });
  expect(await verify.json()).toMatchObject({ success: true, paid: true });
  expect(await f.count("transactions", "user_id = ?", [p.id])).toBe(3);

  const registrations = (await (await p.client.get("/api/tournaments/my-registrations")).json()) as {
    tournamentId: string;
    paid: boolean;
  }[];
  expect(registrations).toContainEqual(expect.objectContaining({ tournamentId: t.id, paid: true }));
  const tournament = (await (await app.client().get(`/api/tournaments/${t.slug}`)).json()) as {
    playerCount: number;
    players: { id: string }[];
  };
  expect(tournament.playerCount).toBe(1);
  expect(tournament.players.map((x) => x.id)).toEqual([p.id]);
  await f.expectLedgerTrue();
});

test("a declined card changes nothing and says why", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = (await (await join(p, t.id)).json()) as { paymentIntentId: string };
  const declined = await confirm(p, paymentIntentId, "4000 0000 0000 0002");
  expect(await declined.json()).toMatchObject({ status: "declined", message: "Your card was declined." });
  expect(await paidEntries(t.id)).toBe(0);
  expect(await f.count("transactions", "user_id = ?", [p.id])).toBe(0);
  const verify = await p.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId });
  expect(await verify.json()).toMatchObject({ success: false, paid: false });
  // The player can try again with a good card.
  expect(await (await confirm(p, paymentIntentId)).json()).toMatchObject({ status: "succeeded" });
  expect(await paidEntries(t.id)).toBe(1);
  await f.expectLedgerTrue();
});

test("join refuses a second registration, a started tournament, a passed deadline and the wrong people", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = (await (await join(p, t.id)).json()) as { paymentIntentId: string };
  await confirm(p, paymentIntentId);
  const twice = await join(p, t.id);
  expect(twice.status).toBe(409);
  expect(await twice.json()).toEqual({ message: "You are already registered for this tournament" });

  const started = await f.createTournament(td);
  await f.sql().execute({ sql: "update tournaments set status = 'in_progress' where id = ?", args: [started.id] });
  expect(((await (await join(await f.player(), started.id)).json()) as { message: string }).message).toMatch(
    /tournament has started/,
  );

  const closed = await f.createTournament(td);
  await f.sql().execute({
    sql: "update tournaments set registration_deadline = ? where id = ?",
    args: [Date.now() - 1000, closed.id],
  });
  expect(((await (await join(await f.player(), closed.id)).json()) as { message: string }).message).toMatch(
    /Registration Closed/,
  );

  expect((await app.client().json("POST", "/api/tournaments/join", { tournamentId: t.id })).status).toBe(401);
  expect((await td.client.json("POST", "/api/tournaments/join", { tournamentId: t.id })).status).toBe(403);
  expect((await p.client.json("POST", "/api/tournaments/join", { tournamentId: "nope" })).status).toBe(404);
  expect((await p.client.json("POST", "/api/tournaments/join", {})).status).toBe(400);
  expect((await p.client.json("POST", "/api/tournaments/join", { tournamentId: 42 })).status).toBe(400);
});

test("verify-payment refuses another player's or a forged intent", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const [owner, thief] = [await f.player(), await f.player()];
  const { paymentIntentId } = (await (await join(owner, t.id)).json()) as { paymentIntentId: string };
  expect((await thief.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId })).status).toBe(404);
  expect(
    (await owner.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId: "pi_forged" })).status,
  ).toBe(404);
  expect((await owner.client.json("POST", "/api/tournaments/verify-payment", {})).status).toBe(400);
  expect((await app.client().json("POST", "/api/tournaments/verify-payment", { paymentIntentId })).status).toBe(401);
});

test("paying from the balance: one batch, never an overdraft, even twice at once", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const t2 = await f.createTournament(td);
  const p = await f.player();
  await f.credit("player", p.id, 1500);
  const poor = await p.client.postForm(`/tournament/${t.slug}/checkout`, { intent: "balance" });
  expect(poor.status).toBe(302);
  // Two entries at once with money for one.
  const [r1, r2] = await Promise.all([
    p.client.postForm(`/tournament/${t.slug}/checkout`, { intent: "balance" }),
    p.client.postForm(`/tournament/${t2.slug}/checkout`, { intent: "balance" }),
  ]);
  expect([r1.status, r2.status]).toEqual([302, 302]);
  const entries = (await paidEntries(t.id)) + (await paidEntries(t2.id));
  expect(entries).toBe(1);
  expect(await f.balance("player", p.id)).toBe(400);
  const types = (
    await f.sql().execute({ sql: "select type from transactions where user_id = ? order by rowid", args: [p.id] })
  ).rows.map((r) => r.type);
  expect(types).toEqual(["deposit", "entry_fee", "site_fee"]);
  await f.expectLedgerTrue();
});

test("webhooks: a forged or stale signature is refused; the same event three times changes nothing", async () => {
  const bad = await app.client().request("/api/stripe/webhook", {
    method: "POST",
    body: JSON.stringify({ id: "evt_x", type: "payment_intent.succeeded", data: { object: {} } }),
    headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=deadbeef" },
  });
  expect(bad.status).toBe(400);
  const missing = await app
    .client()
    .request("/api/stripe/webhook", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
  expect(missing.status).toBe(400);

  // A real success, delivered again and again with the simulated provider's secret.
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = (await (await join(p, t.id)).json()) as { paymentIntentId: string };
  await confirm(p, paymentIntentId);
  const secret = TEST_WEBHOOK_SECRET;
  const payload = JSON.stringify({
    id: `evt_dup_${Date.now()}`,
    object: "event",
    type: "payment_intent.succeeded",
    data: {
      object: {
        id: paymentIntentId,
        object: "payment_intent",
        status: "succeeded",
        amount: 1100,
        currency: "gbp",
        client_secret: "x",
        metadata: {},
      },
    },
  });
  const stripe = new Stripe("sk_test_unused");
  for (let i = 0; i < 3; i++) {
    const response = await app.client().request("/api/stripe/webhook", {
      method: "POST",
      body: payload,
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: i > 0 });
  }
  const stale = stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(Date.now() / 1000) - 3600,
  });
  const staleResponse = await app.client().request("/api/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": stale },
  });
  expect(staleResponse.status).toBe(400);
  expect(await f.count("transactions", "user_id = ?", [p.id])).toBe(3);
  expect(await paidEntries(t.id)).toBe(1);
  await f.expectLedgerTrue();
});

test("expired holds are released by the scheduled task and their intents cancelled", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = (await (await join(p, t.id)).json()) as { paymentIntentId: string };
  await f.sql().execute({
    sql: "update tournament_players set hold_expires_at = ? where player_id = ?",
    args: [Date.now() - 1, p.id],
  });
  const scheduled = await fetch(`${app.url}/cdn-cgi/local/scheduled?cron=*/5+*+*+*+*`);
  expect(scheduled.status).toBe(200);
  await expect.poll(() => f.count("tournament_players", "player_id = ?", [p.id])).toBe(0);
  const payment = (await f.sql().execute({ sql: "select status from payments where id = ?", args: [paymentIntentId] }))
    .rows[0];
  expect(payment?.status).toBe("canceled");
  // A late confirmation of the cancelled intent is refused.
  expect((await confirm(p, paymentIntentId)).status).toBe(404);
});

test("the checkout page: signed-out visitors go to login; the card form posts without JavaScript", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const visitor = await app.client().get(`/tournament/${t.slug}/checkout`);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe(
    `/login?redirectTo=${encodeURIComponent(`/tournament/${t.slug}/checkout`)}`,
  );

  const p = await f.player();
  const start = await p.client.postForm(`/tournament/${t.slug}/checkout`, { intent: "join" });
  expect(start.headers.get("Location")).toBe(`/tournament/${t.slug}/checkout`);
  const page = (await (await p.client.get(`/tournament/${t.slug}/checkout`)).text()).replaceAll("<!-- -->", "");
  // Titled with the tournament's name, in the tab and the heading.
  expect(page).toContain(`<title>Checkout: ${t.name} — Break &amp; Run</title>`);
  expect(page).toMatch(new RegExp(`<h1[^>]*><span class="sr-only">Checkout: </span>${t.name}</h1>`));
  for (const text of [
    "Join The Red Lion, Leeds",
    "Payment Summary",
    "Entry Fee",
    "£10.00",
    "Site Fee",
    "£1.00",
    "£11.00",
    "TEST MODE",
    "Pay £11.00 &amp; Join Tournament",
  ]) {
    expect(page).toContain(text);
  }
  const intentId = /\/api\/dev\/payments\/(pi_sim_[a-z0-9]+)\/confirm/.exec(page)?.[1];
  expect(intentId).toBeDefined();

  const declined = await p.client.postForm(`/api/dev/payments/${intentId}/confirm`, {
    cardNumber: "4000000000000002",
    returnTo: `/tournament/${t.slug}/checkout`,
  });
  expect(declined.status).toBe(302);
  const failedPage = await p.client.get(declined.headers.get("Location")!);
  const failedHtml = await failedPage.text();
  expect(failedHtml).toContain("Payment Failed");
  expect(failedHtml).toContain("Your card was declined.");
  // Without JavaScript too the message stands in the card form, between the card field and Pay.
  const form = failedHtml.slice(failedHtml.indexOf(`action="/api/dev/payments/${intentId}/confirm"`));
  const [field, message, pay] = ['id="cardNumber"', "Your card was declined.", "Pay £11.00 &amp; Join Tournament"].map(
    (text) => form.indexOf(text),
  );
  expect(field).toBeGreaterThan(-1);
  expect(message).toBeGreaterThan(field!);
  expect(pay).toBeGreaterThan(message!);
  expect(form).toMatch(/<input[^>]*aria-invalid="true"[^>]*id="cardNumber"|id="cardNumber"[^>]*aria-invalid="true"/);

  const ok = await p.client.postForm(`/api/dev/payments/${intentId}/confirm`, {
    cardNumber: "4242424242424242",
    returnTo: `/tournament/${t.slug}/checkout`,
  });
  const back = await p.client.get(ok.headers.get("Location")!);
  expect(back.status).toBe(302);
  expect(back.headers.get("Location")).toBe(`/tournament/${t.slug}?payment=success`);
  const done = await (await p.client.get(back.headers.get("Location")!)).text();
  expect(done).toContain("Payment Successful!");
  expect(done).toContain("You&#x27;re registered");
  await f.expectLedgerTrue();
});
