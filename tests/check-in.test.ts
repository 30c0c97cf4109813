// Checking in, starting without those not checked in, leaving and the reserve list at the edge: their JSON and who
// may call it, the pages (the director's count and QR code, the confirmations, the reserve list), the cron trigger's
// tidy-up offering a lapsed place, and the forms without JavaScript. The rules, the money, the races and the order
// of offers are tested in-process (app/features/entries/server/check-in.server.test.ts).
import { expect, test } from "vitest";
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
const outbox = async () =>
  (await (await app.client().get("/api/dev/outbox")).json()) as { to: string; subject: string; text: string }[];

/** A full two-place tournament (entry £10 + £1): its director and entrants. */
async function fullTournament() {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 2 });
  const [a, b] = await f.enter(t, 2);
  if (!a || !b) throw new Error("entrants");
  return { td, t, a, b };
}

test("check-in's JSON and pages: the player's check-in, the director's count and QR code; 400 and 401", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8 });
  const [ann, bo] = await f.enter(t, 2);
  if (!ann || !bo) throw new Error("two entrants");
  const first = await checkIn(ann, t);
  expect(first.status, await first.clone().text()).toBe(200);
  expect(await first.json()).toEqual({ checkedIn: true, checkedInAt: expect.any(String) });
  // The director checks someone in by naming them (tests/withdraw.test.ts); naming nobody is a 400.
  expect((await checkIn(td, t)).status).toBe(400);
  expect((await app.client().json("POST", `/api/tournaments/${t.id}/checkin`)).status).toBe(401);

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
});

test("starting without those not checked in: the confirmation counts them; dropAbsent must be a boolean", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8 });
  const [a, b] = await f.enter(t, 4);
  if (!a || !b) throw new Error("entrants");
  for (const p of [a, b]) expect((await checkIn(p, t)).status).toBe(200);

  const dialog = await (await td.client.get(`/tournament/${t.slug}?confirm=start`)).text();
  expect(dialog).toContain("2 players have not checked in");
  const bad = await post(td, `/api/tournaments/${t.id}/start`, { dropAbsent: "yes" });
  expect(bad.status).toBe(400);
  const start = await post(td, `/api/tournaments/${t.id}/start`, { dropAbsent: true });
  expect(start.status, await start.clone().text()).toBe(200);
  expect(await start.json()).toMatchObject({ players: 2, dropped: 2 });
  await f.expectLedgerTrue();
});

test("leaving's JSON: the fee back as money; the page says what comes back; a director is no player", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8 });
  const [a] = await f.enter(t, 2);
  if (!a) throw new Error("entrants");
  const page = await (await a.client.get(`/tournament/${t.slug}?confirm=leave`)).text();
  expect(page).toContain("You get £10.00 back to your balance. The £1.00 site fee is not refunded.");
  expect((await leave(td, t)).status).toBe(403);
  const left = await leave(a, t);
  expect(left.status, await left.clone().text()).toBe(200);
  expect(await left.json()).toEqual({ left: "entry", refund: "10.00" });
  expect(await f.balance("player", a.id)).toBe(1000);
  await f.expectLedgerTrue();
});

test("the reserve list's JSON: `reserve` must be a boolean; the position; the director's page lists it", async () => {
  const { td, t } = await fullTournament();
  const r1 = await f.player("Rita Reserve");
  const r2 = await f.player("Rob Reserve");
  const full = await join(r1, t);
  expect(full.status).toBe(409);
  expect(((await full.json()) as { message: string }).message).toBe("This tournament is full");
  expect((await join(r1, t, { reserve: "yes" })).status).toBe(400);
  expect(await (await join(r1, t, { reserve: true })).json()).toEqual({ reserve: true, position: 1 });
  expect(await (await join(r2, t, { reserve: true })).json()).toEqual({ reserve: true, position: 2 });
  const list = await (await td.client.get(`/tournament/${t.slug}`)).text();
  expect(list).toMatch(/1\. <!-- -->Rita Reserve[\s\S]*2\. <!-- -->Rob Reserve/);
});

test("the cron trigger offers a lapsed place to the next reserve, who pays by the checkout's form", async () => {
  const { t, a } = await fullTournament();
  const [r1, r2] = [await f.player("Reserve 1"), await f.player("Reserve 2")];
  for (const r of [r1, r2]) expect((await join(r, t, { reserve: true })).status).toBe(200);
  expect((await leave(a, t)).status).toBe(200);
  // The first reserve's offer ran out a second ago; the tidy-up has not run yet.
  for (const table of ["tournament_players set hold_expires_at", "reserves set offer_expires_at"]) {
    await f.sql().execute({
      sql: `update ${table} = ? where tournament_id = ? and player_id = ?`,
      args: [Date.now() - 1000, t.id, r1.id],
    });
  }
  expect((await outbox()).some((m) => m.to === r2.email)).toBe(false);
  const cron = await fetch(`${app.url}/cdn-cgi/local/scheduled?cron=*/5+*+*+*+*`);
  expect(cron.status).toBe(200);
  await cron.text();
  expect((await outbox()).filter((m) => m.to === r2.email)).toHaveLength(1);

  await f.credit("player", r2.id, 1100);
  const paid = await r2.client.postForm(`/tournament/${t.slug}/checkout`, { intent: "balance" });
  expect(paid.status).toBe(302);
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(2);
  expect(await f.balance("player", r2.id)).toBe(0);
  await f.expectLedgerTrue();
});

test("without JavaScript: check in, the reserve list and leave are plain forms on the page", async () => {
  const { td, t, a } = await fullTournament();
  const r = await f.player("Formy Reserve");
  const checked = await a.client.pagePost(`/tournament/${t.slug}`, { intent: "check-in" });
  expect(checked.status).toBe(302);
  expect(await f.count("tournament_players", "player_id = ? and checked_in_at is not null", [a.id])).toBe(1);
  const page = await (await r.client.get(`/tournament/${t.slug}`)).text();
  expect(page).toContain("Join the reserve list");
  expect((await r.client.pagePost(`/tournament/${t.slug}`, { intent: "reserve" })).status).toBe(302);
  expect(await (await r.client.get(`/tournament/${t.slug}`)).text()).toContain("first on the reserve list");
  const left = await a.client.pagePost(`/tournament/${t.slug}`, { intent: "leave" });
  expect(left.status).toBe(302);
  expect(await f.balance("player", a.id)).toBe(1000);
  expect((await outbox()).some((m) => m.to === r.email)).toBe(true);
  // A director cannot use the player's forms.
  const refused = await td.client.pagePost(`/tournament/${t.slug}`, { intent: "check-in" });
  expect(refused.status).toBeGreaterThanOrEqual(300);
  await f.expectLedgerTrue();
});
