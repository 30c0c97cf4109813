// check-in, starting without those not checked in,
// leaving with the entry fee back, and the reserve list with its offers. Real
// Worker, real libSQL; every money scenario ends with the ledger checked.
import { expect, test } from "vitest";
import { timeInZone } from "../app/domain/dates.ts";
import type { MatchView } from "../app/features/play/domain/play.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

const fees = { entryFee: "10.00", siteFee: "1.00" };
const post = (who: Account, path: string, body?: unknown) => who.client.json("POST", path, body);
const checkIn = (who: Account, t: TournamentJson) => post(who, `/api/tournaments/${t.id}/checkin`);
const leave = (who: Account, t: TournamentJson) => post(who, `/api/tournaments/${t.id}/leave`);
const join = (who: Account, t: TournamentJson, extra: Record<string, unknown> = {}) =>
  post(who, "/api/tournaments/join", { tournamentId: t.id, ...extra });
const message = async (r: Response) => ((await r.json()) as { message: string }).message;
const outbox = async () =>
  (await (await app.client().get("/api/dev/outbox")).json()) as { to: string; subject: string; text: string }[];
const runCron = async () => {
  const response = await fetch(`${app.url}/cdn-cgi/local/scheduled?cron=*/5+*+*+*+*`);
  expect(response.status).toBe(200);
  await response.text();
};
const refunds = (t: TournamentJson) => f.count("transactions", "tournament_id = ? and type = 'refund'", [t.id]);
const payByCard = async (who: Account, paymentIntentId: string) => {
  const paid = await post(who, `/api/dev/payments/${paymentIntentId}/confirm`, { cardNumber: "4242424242424242" });
  expect(paid.status).toBe(200);
  return (await paid.json()) as Record<string, unknown>;
};

/** A full two-place tournament (entry £10 + £1) with `count` reserves on its list, in order. */
async function fullWithReserves(count: number) {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 2 });
  const [a, b] = await f.enter(t, 2);
  if (!a || !b) throw new Error("entrants");
  const reserves: Account[] = [];
  for (let i = 0; i < count; i++) {
    const r = await f.player(`Reserve ${i + 1}`);
    expect(await (await join(r, t, { reserve: true })).json()).toMatchObject({ position: i + 1 });
    reserves.push(r);
  }
  const [r1, r2] = reserves;
  if (!r1 || !r2) throw new Error("two reserves at least");
  return { t, a, b, r1, r2, reserves };
}

/** Who holds a place without having paid yet: a player paying, or a reserve offered it. */
const holders = async (t: TournamentJson) =>
  (
    await f.sql().execute({
      sql: "select player_id from tournament_players where tournament_id = ? and paid = 0 and hold_expires_at > ?",
      args: [t.id, Date.now()],
    })
  ).rows.map((row) => String(row.player_id));

/** The player's hold (a reserve's offer) ran out a second ago; the tidy-up has not run yet. */
const expireHold = (t: TournamentJson, who: Account) =>
  f.sql().execute({
    sql: "update tournament_players set hold_expires_at = ? where tournament_id = ? and player_id = ?",
    args: [Date.now() - 1000, t.id, who.id],
  });

test("check-in: an entrant checks in once, the director sees who is in; others are refused", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8 });
  const [ann, bo] = await f.enter(t, 2);
  if (!ann || !bo) throw new Error("two entrants");
  const first = await checkIn(ann, t);
  expect(first.status, await first.clone().text()).toBe(200);
  const body = (await first.json()) as { checkedIn: boolean; checkedInAt: string };
  expect(body.checkedIn).toBe(true);
  // Twice is fine and keeps the first time.
  const again = (await (await checkIn(ann, t)).json()) as { checkedInAt: string };
  expect(again.checkedInAt).toBe(body.checkedInAt);

  const stranger = await f.player("Stranger");
  const refused = await checkIn(stranger, t);
  expect(refused.status).toBe(403);
  expect(await message(refused)).toBe("Only a player entered in this tournament can do that");
  // The director checks someone in by naming them (tests/withdraw.test.ts); naming nobody is a 400.
  expect((await checkIn(td, t)).status).toBe(400);
  expect((await app.client().json("POST", `/api/tournaments/${t.id}/checkin`)).status).toBe(401);
  expect((await post(ann, "/api/tournaments/no-such-id/checkin")).status).toBe(404);

  const page = await (await td.client.get(`/tournament/${t.slug}`)).text();
  expect(page).toContain("1 of 2 checked in");
  expect(page).toContain(`/tournament/${t.slug}/check-in.svg`);
  const qr = await app.client().get(`/tournament/${t.slug}/check-in.svg`);
  expect(qr.headers.get("Content-Type")).toContain("image/svg+xml");
  expect(await qr.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);

  // The player's page from the QR code: the check-in form, or that they are in.
  const fromQr = await (await bo.client.get(`/tournament/${t.slug}?checkin=1`)).text();
  expect(fromQr).toContain("I&#x27;m here — check in");
  const signedOut = await (await app.client().get(`/tournament/${t.slug}?checkin=1`)).text();
  expect(signedOut).toContain("Sign in to check in");

  const start = await post(td, `/api/tournaments/${t.id}/start`);
  expect(start.status).toBe(200);
  const late = await checkIn(bo, t);
  expect(late.status).toBe(409);
  expect(await message(late)).toBe("Check-in is over: the tournament has started");
});

test("start dropping those not checked in: entry fees back, site fees kept, the draw without them", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8 });
  const entrants = await f.enter(t, 5);
  const [a, b, c, d, e] = entrants;
  if (!a || !b || !c || !d || !e) throw new Error("five entrants");
  for (const p of [a, b, c]) expect((await checkIn(p, t)).status).toBe(200);

  const dialog = await (await td.client.get(`/tournament/${t.slug}?confirm=start`)).text();
  expect(dialog).toContain("2 players have not checked in");

  const start = await post(td, `/api/tournaments/${t.id}/start`, { dropAbsent: true });
  expect(start.status, await start.clone().text()).toBe(200);
  expect(await start.json()).toMatchObject({ players: 3, dropped: 2 });
  for (const p of [d, e]) expect(await f.balance("player", p.id)).toBe(1000);
  const mail = await outbox();
  for (const p of [d, e]) {
    expect(mail.find((m) => m.to === p.email)?.text).toContain("Your entry fee, £10.00, is back in your balance");
  }
  expect(mail.some((m) => m.to === a.email && m.subject.startsWith("You were not checked in"))).toBe(false);
  for (const p of [a, b, c]) expect(await f.balance("player", p.id)).toBe(0);
  expect(await refunds(t)).toBe(2);
  const matches = await f.matchesOf<MatchView>(t);
  const drawn = new Set(matches.flatMap((m) => [m.player1Id, m.player2Id]).filter(Boolean));
  expect([...drawn].sort()).toEqual([a.id, b.id, c.id].sort());
  expect(
    (await app
      .client()
      .get(`/api/tournaments/${t.slug}`)
      .then((r) => r.json())) as TournamentJson,
  ).toMatchObject({ playerCount: 3 });
  await f.expectLedgerTrue();
});

test("start anyway keeps everyone; dropping needs 2 checked in; bad input writes nothing", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8 });
  const [a] = await f.enter(t, 3);
  if (!a) throw new Error("entrants");
  await checkIn(a, t);
  const tooFew = await post(td, `/api/tournaments/${t.id}/start`, { dropAbsent: true });
  expect(tooFew.status).toBe(409);
  expect(await message(tooFew)).toBe("At least 2 checked-in players are needed to start without the others");
  const bad = await post(td, `/api/tournaments/${t.id}/start`, { dropAbsent: "yes" });
  expect(bad.status).toBe(400);
  expect(await refunds(t)).toBe(0);
  const anyway = await post(td, `/api/tournaments/${t.id}/start`, { dropAbsent: false });
  expect(anyway.status).toBe(200);
  expect(await anyway.json()).toMatchObject({ players: 3, dropped: 0 });
  expect(await refunds(t)).toBe(0);
  await f.expectLedgerTrue();
});

test("leaving before the start: the entry fee back once (even twice at once), site fee kept; 409 after", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8 });
  // Four: whichever way the race below goes, two are left to start with.
  const [a, b, c] = await f.enter(t, 4);
  if (!a || !b || !c) throw new Error("entrants");
  const page = await (await a.client.get(`/tournament/${t.slug}?confirm=leave`)).text();
  expect(page).toContain("You get £10.00 back to your balance. The £1.00 site fee is not refunded.");

  const both = await Promise.all([leave(a, t), leave(a, t)]);
  const statuses = both.map((r) => r.status).sort();
  expect(statuses[0]).toBe(200);
  expect([403, 409]).toContain(statuses[1]);
  const loser = both.find((r) => r.status !== 200);
  if (loser?.status === 409) expect(await message(loser)).toBe("You have already left this tournament");
  expect(await f.balance("player", a.id)).toBe(1000);
  expect(await refunds(t)).toBe(1);
  const ok = both.find((r) => r.status === 200);
  expect(await ok?.json()).toEqual({ left: "entry", refund: "10.00" });
  expect((await leave(a, t)).status).toBe(403);
  const stranger = await f.player();
  expect((await leave(stranger, t)).status).toBe(403);
  expect((await leave(td, t)).status).toBe(403);
  expect((await post(b, "/api/tournaments/nope/leave")).status).toBe(404);

  // A leave racing the start: the leave lands first (then the start draws the others, or refuses when it read the
  // entries before the leave), or the start does (then the leave is refused); the money follows.
  const [left, started] = await Promise.all([leave(b, t), post(td, `/api/tournaments/${t.id}/start`)]);
  if (left.status === 200 && started.status === 200) {
    expect(((await started.clone().json()) as { players: number }).players).toBe(2);
    expect(await f.balance("player", b.id)).toBe(1000);
  } else if (left.status === 200) {
    expect(started.status, `${await left.clone().text()} ${await started.clone().text()}`).toBe(409);
    expect(await f.balance("player", b.id)).toBe(1000);
  } else {
    expect(started.status).toBe(200);
    expect(left.status).toBe(409);
    expect(await message(left)).toBe("You can only leave before the tournament starts");
    expect(await f.balance("player", b.id)).toBe(0);
  }
  await f.expectLedgerTrue();
  // After a start (whichever way the race went, start it now if needed) leaving is refused.
  if (started.status !== 200) expect((await post(td, `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const afterStart = await leave(c, t);
  expect(afterStart.status).toBe(409);
  expect(await f.balance("player", c.id)).toBe(0);
  await f.expectLedgerTrue();
});

test("the reserve list: a freed place is e-mailed to the first reserve and held for them", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 2 });
  const [a, b] = await f.enter(t, 2);
  if (!a || !b) throw new Error("entrants");
  const r1 = await f.player("Rita Reserve");
  const r2 = await f.player("Rob Reserve");
  const outsider = await f.player("Olly Outsider");

  const full = await join(r1, t);
  expect(full.status).toBe(409);
  expect(await message(full)).toBe("This tournament is full");
  const bad = await join(r1, t, { reserve: "yes" });
  expect(bad.status).toBe(400);
  expect(await (await join(r1, t, { reserve: true })).json()).toEqual({ reserve: true, position: 1 });
  expect(await (await join(r1, t, { reserve: true })).json()).toEqual({ reserve: true, position: 1 });
  expect(await (await join(r2, t, { reserve: true })).json()).toEqual({ reserve: true, position: 2 });
  expect(await f.count("transactions", "user_id in (?, ?)", [r1.id, r2.id])).toBe(0);
  const list = await (await td.client.get(`/tournament/${t.slug}`)).text();
  expect(list).toMatch(/1\. <!-- -->Rita Reserve[\s\S]*2\. <!-- -->Rob Reserve/);

  // A leaves: the place is held for Rita and she is e-mailed; it reads as full to everyone else.
  expect((await leave(a, t)).status).toBe(200);
  const mail = (await outbox()).find((m) => m.to === r1.email);
  expect(mail?.subject).toContain("A place is yours");
  expect(mail?.text).toContain(`/tournament/${t.slug}/checkout`);
  expect((await outbox()).some((m) => m.to === r2.email)).toBe(false);
  const blocked = await join(outsider, t);
  expect(blocked.status).toBe(409);
  expect(await message(blocked)).toBe("This tournament is full");
  expect(await (await join(outsider, t, { reserve: true })).json()).toEqual({ reserve: true, position: 2 });

  // Rita pays for the held place.
  const joined = (await (await join(r1, t)).json()) as { paymentIntentId: string };
  await payByCard(r1, joined.paymentIntentId);
  const after = (await (await app.client().get(`/api/tournaments/${t.slug}`)).json()) as TournamentJson;
  expect(after.playerCount).toBe(2);
  expect((after.players as { id: string }[]).map((p) => p.id).sort()).toEqual([b.id, r1.id].sort());
  await f.expectLedgerTrue();
});

test("an offer that runs out goes to the next reserve, once; a late payment does not take it", async () => {
  const { t, a, r1, r2 } = await fullWithReserves(2);
  expect((await leave(a, t)).status).toBe(200);
  // The first reserve starts paying, then the offer runs out.
  const { paymentIntentId } = (await (await join(r1, t)).json()) as { paymentIntentId: string };
  await expireHold(t, r1);
  await f.sql().execute({
    sql: "update reserves set offer_expires_at = ? where tournament_id = ? and player_id = ?",
    args: [Date.now() - 1000, t.id, r1.id],
  });
  // The place is not anyone's meanwhile: the second reserve is still waiting for it.
  expect((await join(await f.player(), t)).status).toBe(409);
  await Promise.all([runCron(), runCron()]);
  expect(
    await f.count("tournament_players", "tournament_id = ? and paid = 0 and hold_expires_at > ?", [t.id, Date.now()]),
  ).toBe(1);
  const offers = (await outbox()).filter((m) => m.to === r2.email);
  expect(offers).toHaveLength(1);
  // Until when, in UK time: the clock at the venue (not UTC, which is an hour off all summer).
  const [held] = (
    await f.sql().execute({
      sql: "select hold_expires_at as until from tournament_players where tournament_id = ? and player_id = ?",
      args: [t.id, r2.id],
    })
  ).rows;
  expect(offers[0]?.text).toContain(`(until ${timeInZone(Number(held?.until))}): pay to take it.`);
  expect(offers[0]?.text).not.toContain("UTC");
  // The first reserve's late payment finds the place gone (the tidy-up cancelled her payment): she is not entered.
  const late = await post(r1, `/api/dev/payments/${paymentIntentId}/confirm`, { cardNumber: "4242424242424242" });
  expect(late.status).toBeLessThan(500);
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(1);
  expect(await f.count("payments", "id = ? and outcome = 'applied'", [paymentIntentId])).toBe(0);
  // The second reserve pays from the balance for the place held for him (the checkout's form).
  await f.credit("player", r2.id, 1100);
  const paid = await r2.client.postForm(`/tournament/${t.slug}/checkout`, { intent: "balance" });
  expect(paid.status).toBe(302);
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(2);
  expect(await f.balance("player", r2.id)).toBe(0);
  await f.expectLedgerTrue();
});

test("a late payment after the offer ran out, before the tidy-up, is refunded: the next reserve waits", async () => {
  const { t, a, r1, r2 } = await fullWithReserves(2);
  expect((await leave(a, t)).status).toBe(200);
  const { paymentIntentId } = (await (await join(r1, t)).json()) as { paymentIntentId: string };
  await expireHold(t, r1);
  const late = await payByCard(r1, paymentIntentId);
  expect(late.status).toBe("succeeded");
  expect(await f.count("payments", "id = ? and outcome = 'refunded'", [paymentIntentId])).toBe(1);
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(1);
  await runCron();
  expect((await outbox()).some((m) => m.to === r2.email)).toBe(true);
  await f.expectLedgerTrue();
});

test("two entrants leaving at once with two reserves waiting: each reserve is offered one place", async () => {
  const { t, a, b, reserves } = await fullWithReserves(3);
  const left = await Promise.all([leave(a, t), leave(b, t)]);
  expect(left.map((r) => r.status)).toEqual([200, 200]);
  expect((await holders(t)).sort()).toEqual([reserves[0]?.id, reserves[1]?.id].sort());
  const mail = await outbox();
  for (const r of reserves.slice(0, 2)) expect(mail.filter((m) => m.to === r.email)).toHaveLength(1);
  expect(mail.some((m) => m.to === reserves[2]?.email)).toBe(false);
  expect(await refunds(t)).toBe(2);
  await f.expectLedgerTrue();
});

test("reserves joining at once are told their real places: the list's order, the order of offers", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 2 });
  const [a] = await f.enter(t, 2);
  if (!a) throw new Error("entrants");
  const rush = await Promise.all(Array.from({ length: 12 }, (_, i) => f.player(`Rush ${i + 1}`)));
  const answers = await Promise.all(rush.map((r) => join(r, t, { reserve: true })));
  const positions = await Promise.all(
    answers.map(async (response) => {
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { position: number }).position;
    }),
  );
  expect([...positions].sort((x, y) => x - y)).toEqual(rush.map((_, i) => i + 1));
  const inOrder = rush
    .map((r, i) => ({ r, name: `Rush ${i + 1}`, position: positions[i] ?? 0 }))
    .sort((x, y) => x.position - y.position);

  // The director's list, as the database orders it: the same names at the same numbers.
  const page = await (await td.client.get(`/tournament/${t.slug}`)).text();
  const list = page.slice(
    page.indexOf('data-testid="reserve-list"'),
    page.indexOf("</ol>", page.indexOf("reserve-list")),
  );
  const listed = [...list.matchAll(/(\d+)\. (?:<!-- -->)?(Rush \d+)/g)].map((m) => `${m[1]}. ${m[2]}`);
  expect(listed).toEqual(inOrder.map(({ name, position }) => `${position}. ${name}`));
  // Each reserve's own page says the place they were told.
  for (const { r, name, position } of inOrder) {
    const own = await (await r.client.get(`/tournament/${t.slug}`)).text();
    expect(own, name).toContain(
      position === 1 ? "first on the reserve list" : `number ${position} on the reserve list`,
    );
  }

  // Places are offered in that order: an entrant leaves, then each reserve offered the place gives it up in turn.
  expect((await leave(a, t)).status).toBe(200);
  for (const { r, position } of inOrder) {
    expect(await holders(t), `the reserve told ${position}`).toEqual([r.id]);
    expect((await leave(r, t)).status).toBe(200);
  }
  expect(await holders(t)).toEqual([]);
});

test("a reserve whose offer ran out joins again at the back: told so, and offered after the others", async () => {
  const { t, a, r1, r2, reserves } = await fullWithReserves(3);
  const r3 = reserves[2];
  if (!r3) throw new Error("three reserves");
  expect((await leave(a, t)).status).toBe(200);
  await expireHold(t, r1);
  await f.sql().execute({
    sql: "update reserves set offer_expires_at = ? where tournament_id = ? and player_id = ?",
    args: [Date.now() - 1000, t.id, r1.id],
  });
  expect(await (await join(r1, t, { reserve: true })).json()).toMatchObject({ reserve: true, position: 3 });
  await runCron();
  for (const next of [r2, r3, r1]) {
    expect(await holders(t)).toEqual([next.id]);
    expect((await leave(next, t)).status).toBe(200);
  }
  expect(await holders(t)).toEqual([]);
});

test("team events: a member checks in for the team; only the captain takes it out, whole entry back", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, matchType: "2v2", maxPlayers: 2 });
  const sam = await f.player("Sam");
  const kim = await f.player("Kim");
  const joined = await join(sam, t, { teamName: "Cue Balls", teammates: [kim.email] });
  expect(joined.status).toBe(200);
  await payByCard(sam, ((await joined.json()) as { paymentIntentId: string }).paymentIntentId);
  expect((await checkIn(kim, t)).status).toBe(200);
  const memberLeave = await leave(kim, t);
  expect(memberLeave.status).toBe(403);
  expect(await message(memberLeave)).toBe(
    "Only the team's captain can take the team out; you can leave the team itself",
  );
  const captainLeave = await leave(sam, t);
  expect(await captainLeave.json()).toEqual({ left: "entry", refund: "20.00" });
  expect(await f.balance("player", sam.id)).toBe(2000);
  expect(await f.count("teams", "tournament_id = ?", [t.id])).toBe(0);
  const reserve = await join(await f.player(), t, { reserve: true });
  expect(reserve.status).toBe(400);
  expect(await message(reserve)).toBe(
    "The reserve list is for singles tournaments: a team can join when a place frees",
  );
  await f.expectLedgerTrue();
});

test("without JavaScript: check in, the reserve list and leave are plain forms on the page", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 2 });
  const [a] = await f.enter(t, 2);
  if (!a) throw new Error("entrant");
  const r = await f.player("Formy Reserve");
  const checked = await a.client.postForm(`/tournament/${t.slug}`, { intent: "check-in" });
  expect(checked.status).toBe(302);
  expect(await f.count("tournament_players", "player_id = ? and checked_in_at is not null", [a.id])).toBe(1);
  const page = await (await r.client.get(`/tournament/${t.slug}`)).text();
  expect(page).toContain("Join the reserve list");
  expect((await r.client.postForm(`/tournament/${t.slug}`, { intent: "reserve" })).status).toBe(302);
  expect(await (await r.client.get(`/tournament/${t.slug}`)).text()).toContain("first on the reserve list");
  const left = await a.client.postForm(`/tournament/${t.slug}`, { intent: "leave" });
  expect(left.status).toBe(302);
  expect(await f.balance("player", a.id)).toBe(1000);
  expect((await outbox()).some((m) => m.to === r.email)).toBe(true);
  // A director cannot use the player's forms.
  const refused = await td.client.postForm(`/tournament/${t.slug}`, { intent: "check-in" });
  expect(refused.status).toBeGreaterThanOrEqual(300);
  await f.expectLedgerTrue();
});
