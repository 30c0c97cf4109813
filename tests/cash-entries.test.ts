// Walk-ins paying at the bar (DESIGN §10) at the edge: the JSON of entering and taking out a cash entry and who may
// call them, the invited account's e-mail link signed in with, the page of a player who paid at the bar, and
// finalize's refusal (its Refusal-Code) and settlement as JSON around a card top-up. The rules, the money and the
// refusals' messages are tested in-process (app/features/entries/server/cash-entries.server.test.ts).
import { expect, test } from "vitest";
import { type Account, type TournamentJson, uniqueEmail, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Entry = { id: string; name: string; paidBy: string; playerId: string | null; guest: boolean };

const fees = { entryFee: "10.00", siteFee: "1.00", rakeType: "fixed", rakeValue: "1.00" };
const walkIn = (td: Account, t: TournamentJson, body: Record<string, unknown>) =>
  td.client.json("POST", `/api/tournaments/${t.id}/entries`, { paidBy: "cash", ...body });
const added = async (response: Response): Promise<Entry> => {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { entry: Entry }).entry;
};
const message = async (r: Response) => ((await r.json()) as { message: string }).message;
const outbox = async () =>
  (await (await app.client().get("/api/dev/outbox")).json()) as { to: string; subject: string; text: string }[];

test("a walk-in's JSON: 201 with the entry; no object, no session, a player, another director refused", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 4 });
  const guest = await added(await walkIn(td, t, { name: "Gus Guest" }));
  expect(guest).toEqual({ id: expect.any(String), name: "Gus Guest", paidBy: "cash", playerId: null, guest: true });

  const player = await f.player();
  expect((await walkIn(player, t, { name: "Sneaky" })).status).toBe(403);
  expect((await walkIn(await f.organiser("Other Director"), t, { name: "Sneaky" })).status).toBe(403);
  const anonymous = app.client().json("POST", `/api/tournaments/${t.id}/entries`, { name: "X", paidBy: "cash" });
  expect((await anonymous).status).toBe(401);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/entries`, "just a string")).status).toBe(400);
  const noName = await walkIn(td, t, { name: "  " });
  expect(noName.status).toBe(400);
  expect(await noName.json()).toMatchObject({ message: "Name is required" });
  expect(await f.count("tournament_players", "tournament_id = ?", [t.id])).toBe(1);
});

test("an invited walk-in has no password until the e-mail's link sets one; then it signs in, entered", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 4 });
  const newEmail = uniqueEmail("invited");
  const invited = await added(await walkIn(td, t, { name: "Ivy Invited", email: newEmail }));
  expect(invited).toMatchObject({ name: "Ivy Invited", paidBy: "cash", guest: false });
  const link = /\/welcome\?(\S+)/.exec((await outbox()).find((m) => m.to === newEmail)?.text ?? "")?.[1];
  expect(link).toBeTruthy();

  const noPassword = await app.client().json("POST", "/api/auth/login", {
    email: newEmail,
    password: "anything-at-all",
    userType: "player",
  });
  expect(noPassword.status).toBe(401);
  const params = new URLSearchParams(link);
  const reset = await app.client().json("POST", "/api/auth/reset-password", {
    token: params.get("token"),
    email: params.get("email"),
    password: "a-good-password-1",
  });
  expect(reset.status, await reset.clone().text()).toBe(200);
  const ivy = app.client();
  const login = { email: newEmail, password: "a-good-password-1", userType: "player" };
  expect((await ivy.json("POST", "/api/auth/login", login)).status).toBe(200);
  const mine = (await (await ivy.get("/api/tournaments/my-registrations")).json()) as { tournamentId: string }[];
  expect(mine.map((r) => r.tournamentId)).toContain(t.id);
});

test("a cash entry taken out by its director; one who paid at the bar is told on the page how to leave", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8 });
  const guest = await added(await walkIn(td, t, { name: "Gone Guest" }));
  const del = (entryId: string, who = td) => who.client.json("DELETE", `/api/tournaments/${t.id}/entries/${entryId}`);
  expect((await del(guest.id, await f.player())).status).toBe(403);
  const removed = await del(guest.id);
  expect(removed.status, await removed.clone().text()).toBe(200);
  expect(await removed.json()).toEqual({ removed: true });
  expect((await del(guest.id)).status).toBe(404);

  const sam = await f.player("Sam Cash");
  await added(await walkIn(td, t, { name: "Sam", email: sam.email }));
  const leave = await sam.client.json("POST", `/api/tournaments/${t.id}/leave`);
  expect(leave.status).toBe(409);
  expect(await message(leave)).toBe(
    "You paid at the bar: ask the director to take you out and hand your entry fee back",
  );
  // Their page says so instead of offering "Leave tournament".
  const html = await (await sam.client.get(`/tournament/${t.slug}`)).text();
  expect(html).toContain("You paid at the bar: to leave, ask the director for your entry fee back.");
  expect(html).not.toContain("Leave tournament");
});

test("finalize short of cash: a 409 with its Refusal-Code, a card top-up, then the settlement as JSON", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 2, payoutStructure: "winner_only" });
  // One card entry (£10 in escrow), one cash account holder who wins the £18 pool.
  await f.enter(t, 1);
  const sam = await f.player("Sam Cash");
  await added(await walkIn(td, t, { name: "Sam", email: sam.email }));
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<{ id: string }>(t);
  const played = await td.client.json("PATCH", `/api/matches/${final?.id}`, { winnerId: sam.id, status: "completed" });
  expect(played.status, await played.clone().text()).toBe(200);

  const refused = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(refused.status).toBe(409);
  expect(refused.headers.get("Refusal-Code")).toBe("top-up-needed");
  expect(await message(refused)).toBe("Add £9.00 to your balance to pay the prizes");

  expect((await app.client().json("POST", "/api/balance/top-up", { amount: "9.00" })).status).toBe(401);
  expect((await td.client.json("POST", "/api/balance/top-up", { amount: "abc" })).status).toBe(400);
  const top = await td.client.json("POST", "/api/balance/top-up", { amount: "9.00" });
  expect(top.status, await top.clone().text()).toBe(200);
  const { paymentIntentId, clientSecret } = (await top.json()) as { paymentIntentId: string; clientSecret: string };
  expect(clientSecret).toEqual(expect.any(String));
  const paid = await td.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
    cardNumber: "4242424242424242",
  });
  expect(paid.status).toBe(200);
  const verified = await td.client.json("POST", "/api/balance/verify-top-up", { paymentIntentId });
  expect(await verified.json()).toMatchObject({ success: true, amount: "9.00" });

  const finalize = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(finalize.status, await finalize.clone().text()).toBe(200);
  expect(await finalize.json()).toMatchObject({
    prizePool: "18.00",
    payouts: [{ playerId: sam.id, position: "1st", amount: "18.00" }],
    settlement: {
      cashEntries: 1,
      cashTaken: "11.00",
      cashPrizes: "0.00",
      siteFeesCharged: "1.00",
      directorBalanceChange: "-9.00",
      paidInCash: [],
    },
  });
  await f.expectLedgerTrue();
});
