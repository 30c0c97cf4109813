// A payment taking effect, in-process, with the simulated provider: by
// webhook or by the return from checkout, once; a declined card; a payment
// that lands after its hold lapsed — entered when its place is still there,
// refunded to the card when it is gone, credited to the balance when a team
// clashes (every path asserts again what the join asserted); the tidy-up of
// lapsed holds. Signatures, who may verify and the JSON are the HTTP suites'.
import { expect, test } from "vitest";
import { type Account, answered, openServiceDb, useServiceDb } from "../../../../test-support/services.ts";
import { handleWebhook, paymentQuery, releaseExpiredHolds, verifyPayment } from "./payment-confirmation.server.ts";
import { confirmSimulatedPayment, simulatedWebhookSecret } from "./payments/simulated.server.ts";
import { signStripePayload } from "./payments/stripe-webhooks.server.ts";
import { finalizeTournament } from "~/features/play/server/finalize.server.ts";
import { tournamentBySlugQuery } from "~/features/tournaments/server/tournaments.server.ts";

const s = useServiceDb();

const teamEvent = { matchType: "2v2", maxPlayers: 8, entryFee: "10.00", siteFee: "1.00", rakeValue: "1.00" };

const paidEntries = (t: { id: string }) => s.count("tournament_players", "tournament_id = ? and paid = 1", [t.id]);

/** The return from checkout, as verify-payment runs it for the player. */
async function verify(who: Account, paymentIntentId: string) {
  const found = await s.sender.send(paymentQuery(paymentIntentId));
  return (await verifyPayment(s.sender, { provider: s.payments, playerId: who.id, found })).answer;
}

/** Joins and answers the payment intent to pay the hold with. */
async function hold(who: Account, t: { id: string }, team?: { teamName: string; teammates: Account[] }) {
  const joined = await s.join(
    who,
    t,
    team ? { teamName: team.teamName, teammates: team.teammates.map((m) => m.email) } : undefined,
  );
  if (joined.paid) throw new Error("a paid tournament needs a payment");
  return joined.paymentIntentId;
}

/** Names the team and takes its hold; answers the payment intent to pay it with. */
const nameTeam = (captain: Account, t: { id: string }, teamName: string, teammates: Account[]) =>
  hold(captain, t, { teamName, teammates });

const payByCard = async (paymentIntentId: string) => {
  expect((await s.payByCard(paymentIntentId))?.status).toBe("succeeded");
};

/** The hold ran out a second ago; the tidy-up has not run (or there is no cron). */
const expireHold = (t: { id: string }, who: Account) =>
  s.rows("update tournament_players set hold_expires_at = ? where tournament_id = ? and player_id = ?", [
    Date.now() - 1000,
    t.id,
    who.id,
  ]);

/** The tournament as its page and the API read it. */
const detail = async (t: { slug: string }) => {
  const found = await s.sender.send(tournamentBySlugQuery(t.slug));
  if (!found) throw new Error("no such tournament");
  return found;
};

const players = (...names: string[]) => Promise.all(names.map((name) => s.player(name)));

test("a card payment enters the player with deposit, entry fee and site fee; the return changes nothing", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const p = await s.player();
  const intent = await hold(p, t);
  await payByCard(intent);
  expect(await paidEntries(t)).toBe(1);
  const rows = await s.rows("select type, amount_pence from transactions where user_id = ? order by rowid", [p.id]);
  expect(rows.map((r) => [r.type, r.amount_pence])).toEqual([
    ["deposit", 1100],
    ["entry_fee", -1000],
    ["site_fee", -100],
  ]);
  expect(await s.balance("player", p.id)).toBe(0);
  expect(await s.rows("select status, outcome from payments where id = ?", [intent])).toEqual([
    { status: "succeeded", outcome: "applied" },
  ]);
  expect(await verify(p, intent)).toEqual({
    success: true,
    paid: true,
    outcome: "applied",
    message: "Payment successful",
  });
  expect(await s.count("transactions", "user_id = ?", [p.id])).toBe(3);
  expect(await answered(verify(await s.player("Thief"), intent))).toEqual({
    status: 404,
    message: "Payment not found",
  });
  const shown = await detail(t);
  expect(shown.playerCount).toBe(1);
  expect(shown.players.map((x) => x.id)).toEqual([p.id]);
  await s.expectLedgerTrue();
});

test("a declined card changes nothing and says why; a good card after it pays", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const p = await s.player();
  const intent = await hold(p, t);
  expect(await s.payByCard(intent, "4000 0000 0000 0002")).toMatchObject({
    status: "declined",
    message: "Your card was declined.",
  });
  expect(await paidEntries(t)).toBe(0);
  expect(await s.count("transactions", "user_id = ?", [p.id])).toBe(0);
  expect(await verify(p, intent)).toEqual({ success: false, paid: false, message: "Your card was declined." });
  await payByCard(intent);
  expect(await paidEntries(t)).toBe(1);
  // A second submit of the card form (its webhook delivered again) charges nothing more.
  expect((await s.payByCard(intent))?.status).toBe("succeeded");
  expect(await s.count("transactions", "user_id = ?", [p.id])).toBe(3);
  await s.expectLedgerTrue();
});

test("the delivery that applies a card payment says the tournament's entries changed, for its pages", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const p = await s.player();
  const intent = await hold(p, t);
  const secret = await simulatedWebhookSecret(s.app.env.SESSION_SECRET);
  const confirmed = await confirmSimulatedPayment(s.db, intent, "4242424242424242", secret);
  if (confirmed?.status !== "succeeded") throw new Error("the card was refused");
  expect(await handleWebhook(s.sender, { provider: s.payments, ...confirmed.event })).toEqual({
    answer: { received: true, duplicate: false },
    changes: [{ tournamentId: t.id, organiserId: td.id, what: "entries" }],
  });
  expect(await paidEntries(t)).toBe(1);
});

test("the same webhook event three times, and the return at the same moment, apply the payment once", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const p = await s.player();
  const intent = await hold(p, t);
  const confirmed = await s.payByCard(intent);
  if (confirmed?.status !== "succeeded") throw new Error("the card was refused");
  const { payload, signature } = confirmed.event;
  const found = await s.sender.send(paymentQuery(intent));
  const [first, second, returned] = await Promise.all([
    handleWebhook(s.sender, { provider: s.payments, payload, signature }),
    handleWebhook(s.sender, { provider: s.payments, payload, signature }),
    verifyPayment(s.sender, { provider: s.payments, playerId: p.id, found }),
  ]);
  expect(returned.answer).toMatchObject({ success: true, paid: true });
  // The first delivery (payByCard's) applied it: these change nothing the pages show.
  expect([first, second, returned].flatMap((done) => done.changes)).toEqual([]);
  expect(await handleWebhook(s.sender, { provider: s.payments, payload, signature })).toEqual({
    answer: { received: true, duplicate: true },
    changes: [],
  });
  // A new event for the same payment finds it applied.
  const again = payload.replace(/"id":"evt_sim_\w+"/, '"id":"evt_sim_again"');
  const signed = await signStripePayload(again, await simulatedWebhookSecret(s.app.env.SESSION_SECRET));
  expect(await handleWebhook(s.sender, { provider: s.payments, payload: again, signature: signed })).toEqual({
    answer: { received: true, duplicate: false },
    changes: [],
  });
  expect(await s.count("transactions", "user_id = ?", [p.id])).toBe(3);
  expect(await paidEntries(t)).toBe(1);
  expect(
    await answered(handleWebhook(s.sender, { provider: s.payments, payload, signature: "t=1,v1=deadbeef" })),
  ).toEqual({
    status: 400,
    message: "Invalid webhook signature",
  });
  await s.expectLedgerTrue();
});

test("a payment for a hold that expired after the field filled is refunded and writes nothing else", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 2 });
  const [slow, x, y] = [await s.player(), await s.player(), await s.player()];
  const paymentIntentId = await hold(slow, t);
  await s.rows("update tournament_players set hold_expires_at = ? where player_id = ?", [Date.now() - 1, slow.id]);
  for (const other of [x, y]) await payByCard(await hold(other, t));
  const late = await s.payByCard(paymentIntentId);
  expect(late?.status).toBe("succeeded");
  expect(await paidEntries(t)).toBe(2);
  expect(await s.count("transactions", "user_id = ?", [slow.id])).toBe(0);
  const [payment] = await s.rows("select status, outcome from payments where id = ?", [paymentIntentId]);
  expect(payment).toMatchObject({ status: "refunded", outcome: "refunded" });
  expect(await verify(slow, paymentIntentId)).toMatchObject({ success: true, paid: false });
  await s.expectLedgerTrue();
});

test("a late single entry whose place was taken is refunded to the card, saying why", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 2 });
  const [slow] = await players("Slow");
  if (!slow) throw new Error("player");
  const paymentIntentId = await hold(slow, t);
  await expireHold(t, slow);
  await s.enter(t, 2);
  await payByCard(paymentIntentId);
  expect(await verify(slow, paymentIntentId)).toEqual({
    success: true,
    paid: false,
    outcome: "refunded",
    message: "Your place could not be kept: the tournament is full. The payment was refunded to your card.",
  });
  expect(await s.balance("player", slow.id)).toBe(0);
  expect(await s.count("transactions", "user_id = ?", [slow.id])).toBe(0);
  await s.expectLedgerTrue();
});

test("a lapsed team's late payment finds its teammate and name taken: no entry, the money on the balance", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, teamEvent);
  const [ann, tom, bea, cal, dee] = (await players("Ann Captain", "Tom Teammate", "Bea", "Cal", "Dee")) as [
    Account,
    Account,
    Account,
    Account,
    Account,
  ];
  const late = await nameTeam(ann, t, "Alpha", [tom]);
  await expireHold(t, ann);
  // Another captain names the same teammate, a third the same name: both are free while Alpha's hold has lapsed.
  await payByCard(await nameTeam(bea, t, "Bravo", [tom]));
  await payByCard(await nameTeam(cal, t, "alpha", [dee]));

  await payByCard(late);
  const answer = await verify(ann, late);
  expect(answer).toEqual({
    success: true,
    paid: false,
    outcome: "credited",
    message: "Your place could not be kept: Tom Teammate is already in another team. £22.00 was added to your balance.",
  });
  // Asked again (the return and the webhook both came): the same answer, the money credited once.
  expect(await verify(ann, late)).toEqual(answer);
  expect(await s.balance("player", ann.id)).toBe(2_200);
  expect(await s.count("transactions", "user_id = ? and tournament_id = ?", [ann.id, t.id])).toBe(1);
  expect(await s.count("payments", "id = ? and outcome = 'credited'", [late])).toBe(1);

  const after = await detail(t);
  expect(after.playerCount).toBe(2);
  expect(after.teams.map((team) => team.name).sort()).toEqual(["Bravo", "alpha"]);
  const tomsTeams = after.teams.filter((team) => team.members.some((m) => m.id === tom.id));
  expect(tomsTeams.map((team) => team.name)).toEqual(["Bravo"]);
  await s.expectLedgerTrue();

  // The captain cannot pay the same team from the credited balance either: the join refuses it first.
  const again = await answered(nameTeam(ann, t, "Alpha", [tom]));
  expect(again.status).toBe(409);
  expect(await s.balance("player", ann.id)).toBe(2_200);

  // The final between the two real teams, and finalize pays exactly the pool: 4 players × (£10 − £1).
  expect((await answered(s.start(td, t))).status).toBe(200);
  const [final] = await s.matches(t);
  if (!final?.player1Id) throw new Error("no final");
  expect((await answered(s.record(td, final.id, { winnerId: final.player1Id }))).status).toBe(200);
  const finalize = await answered(finalizeTournament(s.sender, { organiserId: td.id, tournament: { id: t.id } }));
  expect(finalize.status, finalize.message ?? "").toBe(200);
  const [paid] = await s.rows(
    `select coalesce(sum(amount_pence), 0) as total, count(distinct user_id) as accounts, count(*) as n
      from transactions where tournament_id = ? and type = 'payout'`,
    [t.id],
  );
  expect([Number(paid?.total), Number(paid?.accounts), Number(paid?.n)]).toEqual([3_600, 4, 4]);
  expect(await s.balance("organiser", td.id)).toBe(400);
  expect(await s.balance("player", ann.id)).toBe(2_200);
  await s.expectLedgerTrue();
});

test("only the name was taken: the late captain is told so, and a racing return and webhook credit once", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, teamEvent);
  const [ann, tom, cal, dee] = (await players("Ann", "Tom", "Cal", "Dee")) as [Account, Account, Account, Account];
  const late = await nameTeam(ann, t, "Alpha", [tom]);
  await expireHold(t, ann);
  await payByCard(await nameTeam(cal, t, "ALPHA", [dee]));

  // The card's success and three returns from checkout at once.
  const [, ...answers] = await Promise.all([
    payByCard(late),
    ...Array.from({ length: 3 }, () => answered(verify(ann, late))),
  ]);
  for (const response of answers) expect(response?.status).toBe(200);
  expect(await verify(ann, late)).toMatchObject({
    paid: false,
    message: 'Your place could not be kept: another team has taken the name "ALPHA". £22.00 was added to your balance.',
  });
  expect(await s.balance("player", ann.id)).toBe(2_200);
  expect(await s.count("transactions", "user_id = ?", [ann.id])).toBe(1);
  expect((await detail(t)).playerCount).toBe(1);
  await s.expectLedgerTrue();
});

test("a lapsed team whose name and members are still free is entered by its late payment", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, teamEvent);
  const [ann, tom, cal, dee] = (await players("Ann", "Tom", "Cal", "Dee")) as [Account, Account, Account, Account];
  const late = await nameTeam(ann, t, "Alpha", [tom]);
  await expireHold(t, ann);
  await payByCard(await nameTeam(cal, t, "Charlie", [dee]));
  await payByCard(late);
  expect(await verify(ann, late)).toMatchObject({ success: true, paid: true, message: "Payment successful" });
  expect((await detail(t)).playerCount).toBe(2);
  expect(await s.balance("player", ann.id)).toBe(0);
  await s.expectLedgerTrue();
});

test("the tidy-up deletes lapsed holds and cancels their intents; a live hold and a paid entry stay", async () => {
  // It tidies every tournament's holds: a database of its own, so it counts only these.
  const own = await openServiceDb();
  try {
    const td = await own.organiser();
    const t = await own.tournament(td);
    const [lapsed, waiting] = [await own.player("Lapsed"), await own.player("Waiting")];
    const joined = await own.join(lapsed, t);
    await own.join(waiting, t);
    await own.enter(t, 1);
    await own.rows("update tournament_players set hold_expires_at = ? where player_id = ?", [
      Date.now() - 1000,
      lapsed.id,
    ]);
    expect(await releaseExpiredHolds(own.sender, own.payments)).toEqual([{ tournamentId: t.id, organiserId: td.id }]);
    expect(await own.count("tournament_players", "player_id = ?", [lapsed.id])).toBe(0);
    const intent = joined.paid ? null : joined.paymentIntentId;
    expect(await own.rows("select status from payments where id = ?", [intent])).toEqual([{ status: "canceled" }]);
    expect(await own.count("tournament_players", "tournament_id = ?", [t.id])).toBe(2);
    expect(await releaseExpiredHolds(own.sender, own.payments)).toEqual([]);
  } finally {
    await own.close();
  }
});
