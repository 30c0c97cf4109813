// The Stripe path, against a local fake Stripe API (Stripe cannot be reached
// from here) with webhook signatures made by Stripe's own helper.
import Stripe from "stripe";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Account, useFactories } from "./support/factories.ts";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe.ts";
import { useTestApp } from "./support/stack.ts";

const WEBHOOK_SECRET = "whsec_test_break_and_run";
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe?.close());

const app = useTestApp(() => ({
  STRIPE_SECRET_KEY: "sk_test_fake_key",
  STRIPE_PUBLISHABLE_KEY: "pk_test_fake_key",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: stripe.url,
}));
const f = useFactories(app);
const signer = new Stripe("sk_test_unused");

async function join(player: Account, tournamentId: string) {
  const response = await player.client.json("POST", "/api/tournaments/join", { tournamentId });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { clientSecret: string; paymentIntentId: string; registrationId: string };
}

async function deliver(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return app.client().request("/api/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": await signer.webhooks.generateTestHeaderStringAsync({ payload, secret }),
    },
  });
}

const succeededEvent = (intent: object, id = `evt_${crypto.randomUUID()}`) => ({
  id,
  object: "event",
  type: "payment_intent.succeeded",
  data: { object: intent },
});

test("join creates a Stripe PaymentIntent: amount in pence, gbp, metadata and an idempotency key", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId, clientSecret, registrationId } = await join(p, t.id);
  expect(clientSecret).toBe(`${paymentIntentId}_secret_fake`);
  const created = stripe.requests.find(
    (r) =>
      r.method === "POST" &&
      r.path === "/v1/payment_intents" &&
      r.form.get("metadata[registrationId]") === registrationId,
  );
  expect(created).toBeDefined();
  expect(created!.form.get("amount")).toBe("1100");
  expect(created!.form.get("currency")).toBe("gbp");
  expect(created!.form.get("metadata[tournamentId]")).toBe(t.id);
  expect(created!.form.get("metadata[playerId]")).toBe(p.id);
  expect(created!.idempotencyKey).toMatch(new RegExp(`^hold:${registrationId}:\\d+$`));
  expect(created!.authorization).toBe("Bearer sk_test_fake_key");
});

test("webhook before the return: paid once; the return then finds it paid", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = await join(p, t.id);
  const intent = stripe.succeed(paymentIntentId);
  const event = succeededEvent(intent);
  for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(1);
  expect(await f.count("transactions", "user_id = ?", [p.id])).toBe(3);
  const verify = await p.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId });
  expect(await verify.json()).toMatchObject({ success: true, paid: true });
  expect(await f.count("transactions", "user_id = ?", [p.id])).toBe(3);
  await f.expectLedgerTrue();
});

test("return before the webhook: verify applies it, the late webhook changes nothing", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = await join(p, t.id);
  const intent = stripe.succeed(paymentIntentId);
  const verify = await p.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId });
  expect(await verify.json()).toMatchObject({ success: true, paid: true });
  expect((await deliver(succeededEvent(intent))).status).toBe(200);
  expect(await f.count("transactions", "user_id = ?", [p.id])).toBe(3);
  await f.expectLedgerTrue();
});

test("the checkout return URL is never trusted: an unpaid intent is not applied", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = await join(p, t.id);
  const response = await p.client.get(
    `/tournament/${t.slug}/checkout?payment_intent=${paymentIntentId}&redirect_status=succeeded`,
  );
  expect(response.status).toBe(200);
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(0);
});

test("webhook and verify at the same moment: the entry is paid exactly once", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = await join(p, t.id);
  const intent = stripe.succeed(paymentIntentId);
  const results = await Promise.all([
    deliver(succeededEvent(intent)),
    deliver(succeededEvent(intent)),
    p.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId }),
    p.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId }),
  ]);
  expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  expect(await f.count("transactions", "user_id = ?", [p.id])).toBe(3);
  expect(await f.balance("player", p.id)).toBe(0);
  await f.expectLedgerTrue();
});

test(`an amount or currency mismatch is refunded through Stripe with an idempotency key, \
nothing else written`, async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = await join(p, t.id);
  const intent = stripe.succeed(paymentIntentId);
  intent.amount = 100; // someone tampered with the charge
  expect((await deliver(succeededEvent(intent))).status).toBe(200);
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(0);
  expect(await f.count("transactions", "user_id = ?", [p.id])).toBe(0);
  expect(stripe.refunds).toContainEqual({
    payment_intent: paymentIntentId,
    idempotencyKey: `refund:${paymentIntentId}`,
  });
});

test("a success for a tournament that has started is refunded", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = await join(p, t.id);
  await f.sql().execute({ sql: "update tournaments set status = 'in_progress' where id = ?", args: [t.id] });
  const intent = stripe.succeed(paymentIntentId);
  expect((await deliver(succeededEvent(intent))).status).toBe(200);
  expect(stripe.refunds.some((r) => r.payment_intent === paymentIntentId)).toBe(true);
  expect(await f.count("transactions", "user_id = ?", [p.id])).toBe(0);
  const verify = await p.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId });
  expect(await verify.json()).toMatchObject({ success: true, paid: false });
});

test("forged, tampered and stale signatures are refused and write nothing", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const { paymentIntentId } = await join(p, t.id);
  const intent = stripe.succeed(paymentIntentId);
  expect((await deliver(succeededEvent(intent), "whsec_wrong")).status).toBe(400);
  const payload = JSON.stringify(succeededEvent(intent));
  const header = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET });
  const tampered = await app.client().request("/api/stripe/webhook", {
    method: "POST",
    body: payload.replace("1100", "1"),
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
  });
  expect(tampered.status).toBe(400);
  const stale = await signer.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(Date.now() / 1000) - 3600,
  });
  expect(
    (
      await app
        .client()
        .request("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": stale } })
    ).status,
  ).toBe(400);
  expect(await f.count("transactions", "user_id = ?", [p.id])).toBe(0);
});

test("the simulated confirm endpoint answers 404 when Stripe is configured", async () => {
  const response = await app
    .client()
    .json("POST", "/api/dev/payments/pi_x/confirm", { cardNumber: "4242424242424242" });
  expect(response.status).toBe(404);
});

test("checkout in Stripe mode renders the payment step (Payment Element loads in the browser)", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  await join(p, t.id);
  const html = (await (await p.client.get(`/tournament/${t.slug}/checkout`)).text()).replaceAll("<!-- -->", "");
  expect(html).toContain("Payment Summary");
  expect(html).toContain("Payments are securely processed by Stripe");
  expect(html).not.toContain("TEST MODE");
});
