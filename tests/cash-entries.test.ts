// The real night at the bar (DESIGN §10): walk-ins entered by the
// director as paid in cash — players, invited accounts, guests and teams —,
// removing one before the start, the settlement at finalize (guests paid in
// cash, the escrow settled with the director, cash site fees charged), the
// refusal when the director's balance can't cover it, and the card top-up
// that lets it through. Real Worker, real libSQL; every money scenario ends
// with the ledger checked.
import { expect, test } from "vitest";
import { type Account, type TournamentJson, uniqueEmail, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = {
  id: string;
  player1Id: string | null;
  player2Id: string | null;
  status: string;
  winnerId: string | null;
};
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
const detail = async (t: TournamentJson, who?: Account) =>
  (await (await (who?.client ?? app.client()).get(`/api/tournaments/${t.slug}`)).json()) as TournamentJson & {
    players: { id: string; name: string; entryId: string; paidBy?: string }[];
  };

/** Plays every match, the winner picked by `pick` (default: the first player). */
async function playAll(td: Account, t: TournamentJson, pick: (m: Match) => string = (m) => m.player1Id ?? "") {
  for (let round = 0; round < 12; round++) {
    const playable = (await f.matchesOf<Match>(t)).filter(
      (m) => m.status !== "completed" && m.player1Id && m.player2Id,
    );
    if (playable.length === 0) return;
    for (const m of playable) {
      const r = await td.client.json("PATCH", `/api/matches/${m.id}`, { winnerId: pick(m), status: "completed" });
      expect(r.status, await r.clone().text()).toBe(200);
    }
  }
}

const ledger = async (t: TournamentJson, type: string) =>
  Number(
    (
      await f.sql().execute({
        sql: "select coalesce(sum(amount_pence), 0) as s from transactions where tournament_id = ? and type = ?",
        args: [t.id, type],
      })
    ).rows[0]?.s,
  );

test("walk-ins: a player's e-mail enters them, an unknown one invites, none makes a guest; all paid", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 4 });
  const sam = await f.player("Sam Known");
  const known = await added(await walkIn(td, t, { name: "Whatever", email: sam.email.toUpperCase() }));
  expect(known).toMatchObject({ name: "Sam Known", paidBy: "cash", playerId: sam.id, guest: false });

  const newEmail = uniqueEmail("invited");
  const invited = await added(await walkIn(td, t, { name: "Ivy Invited", email: newEmail }));
  expect(invited).toMatchObject({ name: "Ivy Invited", paidBy: "cash", guest: false });
  expect(invited.playerId).toEqual(expect.any(String));

  const guest = await added(await walkIn(td, t, { name: "Gus Guest" }));
  expect(guest).toMatchObject({ name: "Gus Guest", paidBy: "cash", playerId: null, guest: true });

  // Paid everywhere: the count, the list (with entry ids; how it was paid for the director only).
  const seen = await detail(t, td);
  expect(seen.playerCount).toBe(3);
  expect(seen.players.map((p) => [p.name, p.paidBy])).toEqual([
    ["Sam Known", "cash"],
    ["Ivy Invited", "cash"],
    ["Gus Guest", "cash"],
  ]);
  expect(seen.players.find((p) => p.name === "Gus Guest")?.entryId).toBe(guest.id);
  expect((await detail(t)).players.every((p) => p.paidBy === undefined)).toBe(true);

  // E-mails: the invited player gets a link to set a password; the known one is told; the guest has none.
  const mail = await outbox();
  const invite = mail.find((m) => m.to === newEmail);
  expect(invite?.text).toContain("Set a password");
  const link = /\/reset-password\?(\S+)/.exec(invite?.text ?? "")?.[1];
  expect(link).toBeTruthy();
  expect(mail.some((m) => m.to === sam.email && m.text.includes("paid at the bar"))).toBe(true);

  // The invited account has no password until set from the link; then it signs in and sees the entry.
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

  // Nothing in the ledger: the cash is in the director's hand.
  expect(await f.count("transactions", "tournament_id = ?", [t.id])).toBe(0);

  // A fourth fills it; a fifth is refused as full, and writes nothing (no guest account left behind).
  await added(await walkIn(td, t, { name: "Fay Fourth" }));
  const guestsBefore = await f.count("players", "guest = 1");
  const full = await walkIn(td, t, { name: "Fifth Guest" });
  expect(full.status).toBe(409);
  expect(await message(full)).toBe("This tournament is full");
  expect(await f.count("players", "guest = 1")).toBe(guestsBefore);
  await f.expectLedgerTrue();
});

test("walk-ins refused: another director, a bad body, someone already in, after the start", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8 });
  const other = await f.organiser("Other Director");
  expect((await walkIn(other, t, { name: "Sneaky" })).status).toBe(403);
  const player = await f.player();
  expect((await walkIn(player, t, { name: "Sneaky" })).status).toBe(403);
  expect(
    (await app.client().json("POST", `/api/tournaments/${t.id}/entries`, { name: "X", paidBy: "cash" })).status,
  ).toBe(401);

  const noName = await walkIn(td, t, { name: "  " });
  expect(noName.status).toBe(400);
  expect(await noName.json()).toMatchObject({ message: "Name is required" });
  const badEmail = await walkIn(td, t, { name: "Bea", email: "not-an-email" });
  expect(badEmail.status).toBe(400);
  const card = await td.client.json("POST", `/api/tournaments/${t.id}/entries`, { name: "Bea", paidBy: "card" });
  expect(card.status).toBe(400);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/entries`, "just a string")).status).toBe(400);
  expect((await walkIn(td, { ...t, id: crypto.randomUUID() }, { name: "Bea" })).status).toBe(404);

  const [paid] = await f.enter(t, 1);
  if (!paid) throw new Error("an entrant");
  const twice = await walkIn(td, t, { name: "Again", email: paid.email });
  expect(twice.status).toBe(409);
  expect(await message(twice)).toBe("Player 1 is already in this tournament");

  await added(await walkIn(td, t, { name: "Cash Carl" }));
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const late = await walkIn(td, t, { name: "Too Late" });
  expect(late.status).toBe(409);
  expect(await message(late)).toBe("The tournament has started: entries can no longer be added or removed");
  expect(await f.count("tournament_players", "tournament_id = ?", [t.id])).toBe(2);
});

test("removing a cash entry before the start: gone with its guest, no ledger row; card entries stay", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8 });
  const [carded] = await f.enter(t, 1);
  const guest = await added(await walkIn(td, t, { name: "Gone Guest" }));
  const del = (entryId: string, who = td) => who.client.json("DELETE", `/api/tournaments/${t.id}/entries/${entryId}`);
  expect((await del(guest.id, await f.organiser("Other"))).status).toBe(403);
  const removed = await del(guest.id);
  expect(removed.status, await removed.clone().text()).toBe(200);
  expect(await f.count("players", "id = ?", [guest.id])).toBe(0);
  expect((await detail(t)).playerCount).toBe(1);
  expect((await del(guest.id)).status).toBe(404);
  // A card entry is not the director's to remove here (its money is in escrow: the player leaves).
  const cardEntry = (await detail(t, td)).players.find((p) => p.id === carded?.id);
  const refused = await del(cardEntry?.entryId ?? "");
  expect(refused.status).toBe(409);
  expect(await message(refused)).toBe("Only an entry paid at the bar can be removed here");
  expect(await f.count("transactions", "tournament_id = ? and type = 'refund'", [t.id])).toBe(0);

  // A cash entrant with an account can't leave on their own: the director holds their cash.
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
  await f.expectLedgerTrue();
});

test("a team walks in: members by e-mail or name only; the team counts as one paid entry", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 4, matchType: "2v2" });
  const ann = await f.player("Ann Member");
  const team = await added(
    await walkIn(td, t, {
      teamName: "Chalk Dust",
      members: [{ name: "Ann", email: ann.email }, { name: "Bob Guest" }],
    }),
  );
  expect(team).toMatchObject({ name: "Chalk Dust", paidBy: "cash", playerId: ann.id, guest: false });
  const seen = await detail(t, td);
  expect(seen.playerCount).toBe(1);
  expect(seen.players.map((p) => [p.name, p.entryId])).toEqual([
    ["Ann Member", team.id],
    ["Bob Guest", team.id],
  ]);
  const short = await walkIn(td, t, { teamName: "Solo", members: [{ name: "Only One" }] });
  expect(short.status).toBe(400);
  expect(await message(short)).toBe("Name the team's 2 players");
  const sameName = await walkIn(td, t, { teamName: "chalk dust", members: [{ name: "C" }, { name: "D" }] });
  expect(sameName.status).toBe(409);
  expect(await message(sameName)).toBe("A team name must be unique in this tournament");
  // Case in any script, and a letter sent as its parts (U+0301: the combining acute), make no other name.
  const accented = await added(
    await walkIn(td, t, { teamName: "Caf\u00e9", members: [{ name: "Cy" }, { name: "Di" }] }),
  );
  expect(accented.name).toBe("Caf\u00e9");
  for (const teamName of ["CAF\u00c9", "Cafe\u0301"]) {
    const again = await walkIn(td, t, { teamName, members: [{ name: "Ed" }, { name: "Flo" }] });
    expect(again.status, teamName).toBe(409);
    expect(await message(again)).toBe("A team name must be unique in this tournament");
  }
  const annAgain = await walkIn(td, t, {
    teamName: "Again",
    members: [{ name: "A", email: ann.email }, { name: "E" }],
  });
  expect(annAgain.status).toBe(409);
  expect(await f.count("players", "guest = 1 and name in ('C', 'D', 'E')")).toBe(0);
});

test("settlement: a cash guest wins, an account holder is second — the escrow ends at 0, the ledger true", async () => {
  const td = await f.organiser();
  // £10 entry, £1 rake, £1 site fee; winner 70% / runner-up 30% (winner_ru).
  const t = await f.createTournament(td, { ...fees, maxPlayers: 4, payoutStructure: "winner_ru" });
  const carded = await f.enter(t, 2);
  const guest = await added(await walkIn(td, t, { name: "Gus Guest" }));
  const sam = await f.player("Sam Cash");
  await added(await walkIn(td, t, { name: "Sam", email: sam.email }));
  await f.credit("organiser", td.id, 5000);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  // The guest wins every match they play; Sam every other.
  const rank = (id: string | null) => (id === guest.id ? 0 : id === sam.id ? 1 : 2);
  await playAll(td, t, (m) => (rank(m.player1Id) <= rank(m.player2Id) ? (m.player1Id ?? "") : (m.player2Id ?? "")));
  const matches = await f.matchesOf<Match>(t);
  const final = matches.find((m) => m.status === "completed" && m.winnerId === guest.id && m.player2Id && m.player1Id);
  expect(final).toBeDefined();

  const before = await f.balance("organiser", td.id);
  const finalize = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(finalize.status, await finalize.clone().text()).toBe(200);
  const body = (await finalize.json()) as {
    prizePool: string;
    payouts: { playerId: string; position: string; amount: string }[];
    settlement: { cashEntries: number; siteFeesCharged: string; directorBalanceChange: string; paidInCash: unknown[] };
  };
  // Pool 4 × £9 = £36: £25.20 to the guest (in cash), £10.80 to the runner-up's balance (Sam, or a card player
  // when the draw put Sam against the guest first).
  expect(body.prizePool).toBe("36.00");
  expect(body.settlement).toEqual({
    cashEntries: 2,
    siteFeesCharged: "2.00",
    // Escrow £20 in: pays Sam £10.80 and £2 rake; £7.20 left to the director, less £2 site fees.
    directorBalanceChange: "7.20",
    paidInCash: [{ name: "Gus Guest", amount: "25.20" }],
  });
  const runnerUp = body.payouts.find((p) => p.position === "2nd")?.playerId ?? "";
  expect([sam.id, ...carded.map((p) => p.id)]).toContain(runnerUp);
  expect(await f.balance("player", runnerUp)).toBe(1080);
  expect(await f.balance("organiser", td.id)).toBe(before + 720);
  // The escrow: every card entry fee in, prizes, rake and settlement out, to the penny.
  const escrowIn = carded.length * 1000;
  expect((await ledger(t, "payout")) + (await ledger(t, "rake")) + (await ledger(t, "settlement"))).toBe(escrowIn);
  // The guest's prize row says it was handed over in cash, with no ledger row.
  expect(await f.count("payouts", "tournament_id = ? and player_id = ? and paid_in_cash = 1", [t.id, guest.id])).toBe(
    1,
  );
  expect(await f.count("transactions", "user_id = ?", [guest.id])).toBe(0);
  // A second finalize changes nothing.
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(409);
  await f.expectLedgerTrue();
});

test("a shortfall the director's balance can't cover refuses finalize until a card top-up covers it", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 2, payoutStructure: "winner_only" });
  // One card entry (£10 in escrow), one cash account holder who wins the £18 pool.
  const [carded] = await f.enter(t, 1);
  const sam = await f.player("Sam Cash");
  await added(await walkIn(td, t, { name: "Sam", email: sam.email }));
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  await playAll(td, t, () => sam.id);

  // Rake £1 + surplus (£9 − £18) − site fee £1 = −£9 on a balance of £0.
  const refused = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(refused.status).toBe(409);
  expect(refused.headers.get("Refusal-Code")).toBe("top-up-needed");
  expect(await message(refused)).toBe("Add £9.00 to your balance to pay the prizes");
  expect(await f.count("payouts", "tournament_id = ?", [t.id])).toBe(0);

  // A top-up: refused amounts, then £9 by the simulated card, verified (and a second verify adds nothing).
  expect((await td.client.json("POST", "/api/balance/top-up", { amount: "0.50" })).status).toBe(400);
  expect((await td.client.json("POST", "/api/balance/top-up", { amount: "abc" })).status).toBe(400);
  expect((await app.client().json("POST", "/api/balance/top-up", { amount: "9.00" })).status).toBe(401);
  const top = await td.client.json("POST", "/api/balance/top-up", { amount: "9.00" });
  expect(top.status, await top.clone().text()).toBe(200);
  const { paymentIntentId, clientSecret } = (await top.json()) as { paymentIntentId: string; clientSecret: string };
  expect(clientSecret).toEqual(expect.any(String));
  // Somebody else's verify finds nothing.
  expect((await sam.client.json("POST", "/api/balance/verify-top-up", { paymentIntentId })).status).toBe(404);
  const declined = await td.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
    cardNumber: "4000000000000002",
  });
  expect(((await declined.json()) as { status: string }).status).toBe("declined");
  expect(await f.balance("organiser", td.id)).toBe(0);
  const paid = await td.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
    cardNumber: "4242424242424242",
  });
  expect(paid.status).toBe(200);
  const verified = await td.client.json("POST", "/api/balance/verify-top-up", { paymentIntentId });
  expect(await verified.json()).toMatchObject({ success: true, amount: "9.00" });
  expect(await f.balance("organiser", td.id)).toBe(900);
  expect(await f.count("transactions", "user_id = ? and type = 'deposit'", [td.id])).toBe(1);

  const finalize = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(finalize.status, await finalize.clone().text()).toBe(200);
  expect(((await finalize.json()) as { settlement: unknown }).settlement).toMatchObject({
    directorBalanceChange: "-9.00",
    siteFeesCharged: "1.00",
  });
  expect(await f.balance("organiser", td.id)).toBe(0);
  expect(await f.balance("player", sam.id)).toBe(1800);
  expect(await f.balance("player", carded?.id ?? "")).toBe(0);
  expect((await ledger(t, "payout")) + (await ledger(t, "rake")) + (await ledger(t, "settlement"))).toBe(1000);
  await f.expectLedgerTrue();
});

test("cash meets the other tools: ticked in by the director, dropped without a ledger refund, withdrawn", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { ...fees, maxPlayers: 8, payoutStructure: "winner_only" });
  const [here1, here2, absentCard] = await f.enter(t, 3);
  const guestHere = await added(await walkIn(td, t, { name: "Guest Here" }));
  await added(await walkIn(td, t, { name: "Guest Away" }));
  // The director ticks in those without phones (a guest by its entry id) and the two card players.
  for (const playerId of [guestHere.id, here1?.id, here2?.id]) {
    const ticked = await td.client.json("POST", `/api/tournaments/${t.id}/checkin`, { playerId });
    expect(ticked.status, await ticked.clone().text()).toBe(200);
  }
  const started = await td.client.json("POST", `/api/tournaments/${t.id}/start`, { dropAbsent: true });
  expect(started.status, await started.clone().text()).toBe(200);
  expect(await started.json()).toMatchObject({ players: 3, dropped: 2 });
  // The card entry's fee is back in its balance; the guest's cash is handed back at the bar: no row for it.
  expect(await f.count("transactions", "tournament_id = ? and type = 'refund'", [t.id])).toBe(1);
  expect(await f.balance("player", absentCard?.id ?? "")).toBe(1000);

  // "Gus had to leave": the guest is withdrawn, its matches walkovers; the night finishes and settles.
  const withdrawn = await td.client.json("POST", `/api/tournaments/${t.id}/entries/${guestHere.id}/withdraw`);
  expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);
  await playAll(td, t);
  await f.credit("organiser", td.id, 10_000);
  const finalize = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(finalize.status, await finalize.clone().text()).toBe(200);
  const body = (await finalize.json()) as { settlement: { cashEntries: number; paidInCash: unknown[] } };
  expect(body.settlement).toMatchObject({ cashEntries: 1, paidInCash: [] });
  await f.expectLedgerTrue();
});
