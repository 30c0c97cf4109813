// Before the break-off in-process (decisions 013–015): checking in, starting without those not checked in, leaving
// with the entry fee back (once, whatever races it), and the reserve list with its offers, which run out and go to
// the next reserve at the tidy-up. Time is an argument: the tidy-up and the services run at the moment a test
// names. The JSON, who may call it (a director is no player), the bodies and the pages without JavaScript are the
// HTTP suite's (tests/check-in.test.ts).
import { expect, test } from "vitest";
import { emailTime } from "~/domain/dates.ts";
import { OFFER_MS, reserveList, reservePosition, reservePositionText } from "~/features/entries/domain/check-in.ts";
import { joinTournament } from "~/features/entries/server/joining.server.ts";
import { start } from "~/features/play/server/use-cases.server.ts";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { checkIn, checkInQuery, myCheckInQuery } from "./check-in.server.ts";
import { leaveTournament } from "./leaving.server.ts";
import { joinReserve } from "./reserves.server.ts";
import { checkInAsPlayer, join, leave, payEntryFromBalance } from "./use-cases.server.ts";

const s = useServiceDb();

const fees = { entryFee: "10.00", siteFee: "1.00" };
type T = { id: string; slug: string };
const ref = (t: T) => ({ tournament: { id: t.id } });

const checkingIn = (who: Account, t: T) => s.perform(checkInAsPlayer, { playerId: who.id, ...ref(t) });
const leaving = (who: Account, t: T) => s.perform(leave, { playerId: who.id, ...ref(t) });
const joining = (who: Account, t: T, reserve?: boolean) =>
  s.perform(join, { provider: s.payments, playerId: who.id, ...ref(t), reserve });
const starting = (td: Account, t: T, dropAbsent?: boolean) =>
  s.perform(start, { organiserId: td.id, ...ref(t), dropAbsent });
const refunds = (t: T) => s.count("transactions", "tournament_id = ? and type = 'refund'", [t.id]);

/** A full two-place tournament (entry £10 + £1) with `count` reserves on its list, in order. */
async function fullWithReserves(count: number) {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 2 });
  const [a, b] = await s.enterFromBalance(t, 2);
  if (!a || !b) throw new Error("entrants");
  const reserves: Account[] = [];
  for (let i = 0; i < count; i++) {
    const r = await s.player(`Reserve ${i + 1}`);
    expect(await joining(r, t, true)).toEqual({ reserve: true, position: i + 1 });
    reserves.push(r);
  }
  const [r1, r2] = reserves;
  if (!r1 || !r2) throw new Error("two reserves at least");
  return { td, t, a, b, r1, r2, reserves };
}

/** Who holds a place at `now` without having paid yet: a player paying, or a reserve offered it. */
const holders = async (t: T, now = Date.now()) =>
  (
    await s.rows(
      "select player_id from tournament_players where tournament_id = ? and paid = 0 and hold_expires_at > ?",
      [t.id, now],
    )
  ).map((row) => String(row.player_id));

/** The moment every hold and offer made by now has run out (a join's hold or an offer: both last OFFER_MS). */
const afterOffers = () => Date.now() + OFFER_MS + 60_000;

test("check-in: an entrant checks in once, the director's list counts it; others are refused", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 8 });
  const [ann, bo] = await s.enterFromBalance(t, 2);
  if (!ann || !bo) throw new Error("two entrants");
  const first = await checkingIn(ann, t);
  expect(first).toEqual({ checkedIn: true, checkedInAt: expect.any(String) });
  // Twice is fine and keeps the first time.
  const again = await checkIn(s.sender, { playerId: ann.id, ...ref(t), now: Date.now() + 60_000 });
  expect(again.checkedInAt).toBe(first.checkedInAt);
  const { entries } = await s.sender.send(checkInQuery({ id: t.id }));
  expect(entries.map((e) => e.checkedInAt !== null).sort()).toEqual([false, true]);

  const stranger = await s.player("Stranger");
  expect(await answered(checkingIn(stranger, t))).toEqual({
    status: 403,
    message: "Only a player entered in this tournament can do that",
  });
  expect((await answered(checkingIn(ann, { id: "no-such-id", slug: "" }))).status).toBe(404);

  await starting(td, t);
  expect(await answered(checkingIn(bo, t))).toEqual({
    status: 409,
    message: "Check-in is over: the tournament has started",
  });
});

test("start dropping those not checked in: entry fees back, site fees kept, the draw without them", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 8 });
  const [a, b, c, d, e] = await s.enterFromBalance(t, 5);
  if (!a || !b || !c || !d || !e) throw new Error("five entrants");
  for (const p of [a, b, c]) await checkingIn(p, t);

  expect(await starting(td, t, true)).toMatchObject({ players: 3, dropped: 2 });
  for (const p of [d, e]) {
    expect(await s.balance("player", p.id)).toBe(1000);
    const [mail] = await s.outbox(p.email);
    expect(mail?.text).toContain("Your entry fee, £10.00, is back in your balance");
  }
  expect((await s.outbox(a.email)).some((m) => m.subject.startsWith("You were not checked in"))).toBe(false);
  for (const p of [a, b, c]) expect(await s.balance("player", p.id)).toBe(0);
  expect(await refunds(t)).toBe(2);
  const drawn = new Set((await s.matches(t)).flatMap((m) => [m.player1Id, m.player2Id]).filter(Boolean));
  expect(drawn).toEqual(new Set([a.id, b.id, c.id]));
  expect((await s.view(t)).playerCount).toBe(3);
  await s.expectLedgerTrue();
});

test("start anyway keeps everyone; dropping needs 2 checked in, and refused writes nothing", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 8 });
  const [a] = await s.enterFromBalance(t, 3);
  if (!a) throw new Error("entrants");
  await checkingIn(a, t);
  expect(await answered(starting(td, t, true))).toEqual({
    status: 409,
    message: "At least 2 checked-in players are needed to start without the others",
  });
  expect(await refunds(t)).toBe(0);
  expect(await starting(td, t, false)).toMatchObject({ players: 3, dropped: 0 });
  expect(await refunds(t)).toBe(0);
  await s.expectLedgerTrue();
});

test("leaving before the start: the entry fee back once (even twice at once), site fee kept; 409 after", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 8 });
  // Four: whichever way the race below goes, two are left to start with.
  const [a, b, c] = await s.enterFromBalance(t, 4);
  if (!a || !b || !c) throw new Error("entrants");

  const twice = [leaving(a, t), leaving(a, t)];
  const both = await Promise.all(twice.map((call) => answered(call)));
  const statuses = both.map((x) => x.status).sort();
  expect(statuses[0]).toBe(200);
  expect([403, 409]).toContain(statuses[1]);
  const loser = both.find((x) => x.status !== 200);
  if (loser?.status === 409) expect(loser.message).toBe("You have already left this tournament");
  expect(await s.balance("player", a.id)).toBe(1000);
  expect(await refunds(t)).toBe(1);
  expect(await twice[both.findIndex((x) => x.status === 200)]).toEqual({ left: "entry", refundPence: 1000 });
  expect((await answered(leaving(a, t))).status).toBe(403);
  expect((await answered(leaving(await s.player(), t))).status).toBe(403);
  expect((await answered(leaving(b, { id: "nope", slug: "" }))).status).toBe(404);

  // A leave racing the start: the leave lands first (then the start draws the others, or refuses when it read the
  // entries before the leave), or the start does (then the leave is refused); the money follows.
  const [leavingB, startingT] = [leaving(b, t), starting(td, t)];
  const [left, started] = await Promise.all([answered(leavingB), answered(startingT)]);
  if (left.status === 200 && started.status === 200) {
    expect((await startingT).players).toBe(2);
    expect(await s.balance("player", b.id)).toBe(1000);
  } else if (left.status === 200) {
    expect(started.status, `${left.message} ${started.message}`).toBe(409);
    expect(await s.balance("player", b.id)).toBe(1000);
  } else {
    expect(started.status).toBe(200);
    expect(left).toEqual({ status: 409, message: "You can only leave before the tournament starts" });
    expect(await s.balance("player", b.id)).toBe(0);
  }
  await s.expectLedgerTrue();
  // After a start (whichever way the race went, start it now if needed) leaving is refused.
  if (started.status !== 200) await starting(td, t);
  expect((await answered(leaving(c, t))).status).toBe(409);
  expect(await s.balance("player", c.id)).toBe(0);
  await s.expectLedgerTrue();
});

test("the reserve list: a freed place is e-mailed to the first reserve and held for them", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 2 });
  const [a, b] = await s.enterFromBalance(t, 2);
  if (!a || !b) throw new Error("entrants");
  const r1 = await s.player("Rita Reserve");
  const r2 = await s.player("Rob Reserve");
  const outsider = await s.player("Olly Outsider");
  const full = { status: 409, message: "This tournament is full" };

  expect(await answered(joining(r1, t))).toEqual(full);
  expect(await joining(r1, t, true)).toEqual({ reserve: true, position: 1 });
  expect(await joining(r1, t, true)).toEqual({ reserve: true, position: 1 });
  expect(await joining(r2, t, true)).toEqual({ reserve: true, position: 2 });
  expect(await s.count("transactions", "user_id in (?, ?)", [r1.id, r2.id])).toBe(0);
  const listed = reserveList((await s.sender.send(checkInQuery({ id: t.id }))).reserves, Date.now());
  expect(listed.map((r) => [r.position, r.name])).toEqual([
    [1, "Rita Reserve"],
    [2, "Rob Reserve"],
  ]);

  // A leaves: the place is held for Rita and she is e-mailed; it reads as full to everyone else.
  await leaving(a, t);
  const [mail] = await s.outbox(r1.email);
  expect(mail?.subject).toContain("A place is yours");
  expect(mail?.text).toContain(`/tournament/${t.slug}/checkout`);
  // The price as a headline: the total she pays first, the split beside it.
  expect(mail?.text).toContain("The price: £11.00 — £10.00 entry + £1.00 booking fee.\n");
  expect(await s.outbox(r2.email)).toEqual([]);
  expect(await answered(joining(outsider, t))).toEqual(full);
  expect(await joining(outsider, t, true)).toEqual({ reserve: true, position: 2 });

  // Rita pays for the held place.
  const held = await joining(r1, t);
  if (!("paymentIntentId" in held)) throw new Error("a hold to pay for");
  expect((await s.payByCard(held.paymentIntentId))?.status).toBe("succeeded");
  const after = await s.view(t);
  expect(after.playerCount).toBe(2);
  expect(new Set(after.players?.map((p) => p.id))).toEqual(new Set([b.id, r1.id]));
  await s.expectLedgerTrue();
});

test("an offer that runs out goes to the next reserve, once; a late payment does not take it", async () => {
  const { t, a, r1, r2 } = await fullWithReserves(2);
  await leaving(a, t);
  // The first reserve starts paying, then the offer runs out.
  const held = await joining(r1, t);
  if (!("paymentIntentId" in held)) throw new Error("a hold to pay for");
  const later = afterOffers();
  // The place is not anyone's meanwhile: the second reserve is still waiting for it.
  const newcomer = await s.player();
  const taking = joinTournament(s.sender, s.payments, { playerId: newcomer.id, ...ref(t), now: later });
  expect((await answered(taking)).status).toBe(409);
  await Promise.all([s.tidyUp(later), s.tidyUp(later)]);
  expect(await holders(t, later)).toEqual([r2.id]);
  const offers = await s.outbox(r2.email);
  expect(offers).toHaveLength(1);
  // Until when, in UK time: the clock at the venue (not UTC, which is an hour off all summer).
  const [until] = await s.rows("select hold_expires_at as at from tournament_players where player_id = ?", [r2.id]);
  expect(offers[0]?.text).toContain(`(until ${emailTime(Number(until?.at))}): pay to take it.`);
  // As a person writes it: "until 7:45pm", not "until 19:45".
  expect(offers[0]?.text).toMatch(/\(until (1[0-2]|[1-9])(:[0-5]\d)?[ap]m\)/);
  expect(offers[0]?.text).not.toContain("UTC");
  // The first reserve's late payment finds the place gone (the tidy-up cancelled her payment): she is not entered.
  expect((await answered(s.payByCard(held.paymentIntentId))).status).toBeLessThan(500);
  expect(await s.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(1);
  expect(await s.count("payments", "id = ? and outcome = 'applied'", [held.paymentIntentId])).toBe(0);
  // The second reserve pays from the balance for the place held for him (the checkout's form).
  await s.credit("player", r2.id, 1100);
  await s.perform(payEntryFromBalance, { playerId: r2.id, ...ref(t) });
  expect(await s.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(2);
  expect(await s.balance("player", r2.id)).toBe(0);
  await s.expectLedgerTrue();
});

test("a late payment after the offer ran out, before the tidy-up, is refunded: the next reserve waits", async () => {
  const { t, a, r1, r2 } = await fullWithReserves(2);
  await leaving(a, t);
  const held = await joining(r1, t);
  if (!("paymentIntentId" in held)) throw new Error("a hold to pay for");
  // The hold ran out a second ago (the webhook reads the clock itself); the tidy-up has not run yet.
  await s.rows("update tournament_players set hold_expires_at = ? where tournament_id = ? and player_id = ?", [
    Date.now() - 1000,
    t.id,
    r1.id,
  ]);
  expect((await s.payByCard(held.paymentIntentId))?.status).toBe("succeeded");
  expect(await s.count("payments", "id = ? and outcome = 'refunded'", [held.paymentIntentId])).toBe(1);
  expect(await s.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(1);
  expect(await s.outbox(r2.email)).toEqual([]);
  await s.tidyUp();
  expect(await s.outbox(r2.email)).toHaveLength(1);
  await s.expectLedgerTrue();
});

test("two entrants leaving at once with two reserves waiting: each reserve is offered one place", async () => {
  const { t, a, b, reserves } = await fullWithReserves(3);
  const [r1, r2, r3] = reserves as [Account, Account, Account];
  await Promise.all([leaving(a, t), leaving(b, t)]);
  expect(new Set(await holders(t))).toEqual(new Set([r1.id, r2.id]));
  for (const r of [r1, r2]) expect(await s.outbox(r.email)).toHaveLength(1);
  expect(await s.outbox(r3.email)).toEqual([]);
  expect(await refunds(t)).toBe(2);
  await s.expectLedgerTrue();
});

test("reserves joining at once are told their real places: the list's order, the order of offers", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 2 });
  const [a] = await s.enterFromBalance(t, 2);
  if (!a) throw new Error("entrants");
  const rush: Account[] = [];
  for (let i = 0; i < 12; i++) rush.push(await s.player(`Rush ${i + 1}`));
  const answers = await Promise.all(rush.map((r) => joining(r, t, true)));
  const positions = answers.map((x) => ("position" in x ? x.position : 0));
  expect([...positions].sort((x, y) => x - y)).toEqual(rush.map((_, i) => i + 1));
  const inOrder = rush.map((r, i) => ({ r, position: positions[i] ?? 0 })).sort((x, y) => x.position - y.position);

  // The director's list, as the database orders it: the same names at the same numbers.
  const now = Date.now();
  const listed = reserveList((await s.sender.send(checkInQuery({ id: t.id }))).reserves, now);
  expect(listed.map((x) => `${x.position}. ${x.name}`)).toEqual(inOrder.map((x) => `${x.position}. ${x.r.name}`));
  // Each reserve's own page says the place they were told.
  for (const { r, position } of inOrder) {
    const mine = await s.sender.send(myCheckInQuery({ id: t.id }, r.id));
    const told = reservePositionText(reservePosition(mine.reserves, r.id, now) ?? 0);
    expect(told, r.name).toContain(
      position === 1 ? "first on the reserve list" : `number ${position} on the reserve list`,
    );
  }

  // Places are offered in that order: an entrant leaves, then each reserve offered the place gives it up in turn.
  await leaving(a, t);
  for (const { r, position } of inOrder) {
    expect(await holders(t), `the reserve told ${position}`).toEqual([r.id]);
    await leaving(r, t);
  }
  expect(await holders(t)).toEqual([]);
});

test("a reserve whose offer ran out joins again at the back: told so, and offered after the others", async () => {
  const { t, a, r1, r2, reserves } = await fullWithReserves(3);
  const r3 = reserves[2];
  if (!r3) throw new Error("three reserves");
  await leaving(a, t);
  const later = afterOffers();
  const again = await joinReserve(s.sender, { playerId: r1.id, ...ref(t), now: later });
  expect(again).toMatchObject({ reserve: true, position: 3 });
  await s.tidyUp(later);
  for (const next of [r2, r3, r1]) {
    expect(await holders(t, later)).toEqual([next.id]);
    await leaveTournament(s.sender, { playerId: next.id, ...ref(t), now: later });
  }
  expect(await holders(t, later)).toEqual([]);
});

test("team events: a member checks in for the team; only the captain takes it out, whole entry back", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, matchType: "2v2", maxPlayers: 2 });
  const { captain, mates } = await s.enterTeam(t, 1);
  const [mate] = mates as [Account];
  expect(await checkingIn(mate, t)).toMatchObject({ checkedIn: true });
  const { entries } = await s.sender.send(checkInQuery({ id: t.id }));
  expect(entries.map((e) => [e.name, e.checkedInAt !== null])).toEqual([["Team 1", true]]);
  expect(await answered(leaving(mate, t))).toEqual({
    status: 403,
    message: "Only the team's captain can take the team out; you can leave the team itself",
  });
  expect(await leaving(captain, t)).toMatchObject({ left: "entry", refundPence: 2000 });
  expect(await s.balance("player", captain.id)).toBe(2000);
  expect(await s.count("teams", "tournament_id = ?", [t.id])).toBe(0);
  expect(await answered(joining(await s.player(), t, true))).toEqual({
    status: 400,
    message: "The reserve list is for singles tournaments: a team can join when a place frees",
  });
  await s.expectLedgerTrue();
});
