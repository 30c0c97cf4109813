// Walk-ins paying at the bar in-process (DESIGN §10): players, invited accounts, guests and teams entered as paid in
// cash, their refusals, taking one out before the start, and the settlement at finalize (guests paid in cash, the
// escrow settled with the director, the site fees charged), refused until a card top-up covers a shortfall. The
// JSON, who may call it, the e-mail's link signed in with and the pages are the HTTP suite's
// (tests/cash-entries.test.ts).
import { expect, test } from "vitest";
import { emailDateTime } from "~/domain/dates.ts";
import { isDomainError } from "~/domain/errors.ts";
import { parsePence } from "~/domain/pence.ts";
import { checkCashEntry } from "~/features/entries/domain/cash-entry.ts";
import { topUpQuery } from "~/features/money/server/top-ups.server.ts";
import { startTopUp, verifyTopUp } from "~/features/money/server/use-cases.server.ts";
import type { MatchView } from "~/features/play/domain/play.ts";
import { settlementJson } from "~/features/play/server/finalize.server.ts";
import { finalize, start, withdrawFromPlay } from "~/features/play/server/use-cases.server.ts";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { addWalkIn, checkInForEntry, leave, removeWalkIn } from "./use-cases.server.ts";

const s = useServiceDb();

const fees = { entryFee: "10.00", siteFee: "1.00", rakeType: "fixed", rakeValue: "1.00" };
type T = { id: string; slug: string };

/** The director's walk-in as the entries route sends it: the body checked for the tournament's team size. */
const walkIn = async (td: Account, t: { id: string }, body: Record<string, unknown>) =>
  (
    await s.perform(addWalkIn, {
      organiserId: td.id,
      tournament: { id: t.id },
      check: (size) => checkCashEntry({ paidBy: "cash", ...body }, size),
    })
  ).entry;

const ledger = async (t: T, type: string) =>
  Number(
    (
      await s.rows(
        "select coalesce(sum(amount_pence), 0) as s from transactions where tournament_id = ? and type = ?",
        [t.id, type],
      )
    )[0]?.s,
  );
const escrowOut = async (t: T) =>
  (await ledger(t, "payout")) + (await ledger(t, "rake")) + (await ledger(t, "settlement"));

/** Plays every match, the winner picked by `pick` (default: the first player). */
async function playAll(td: Account, t: T, pick: (m: MatchView) => string = (m) => m.player1Id ?? "") {
  for (let round = 0; round < 12; round++) {
    const playable = (await s.matches(t)).filter((m) => m.status !== "completed" && m.player1Id && m.player2Id);
    if (playable.length === 0) return;
    for (const m of playable) await s.record(td, m.id, { winnerId: pick(m) });
  }
}

const finalizing = (td: Account, t: T) => s.perform(finalize, { organiserId: td.id, tournament: { id: t.id } });

test("walk-ins: a player's e-mail enters them, an unknown one invites, none makes a guest; all paid", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 4 });
  const sam = await s.player("Sam Known");
  const known = await walkIn(td, t, { name: "Whatever", email: sam.email.toUpperCase() });
  expect(known).toMatchObject({ name: "Sam Known", paidBy: "cash", playerId: sam.id, guest: false });

  const newEmail = `invited-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const invited = await walkIn(td, t, { name: "Ivy Invited", email: newEmail });
  expect(invited).toMatchObject({ name: "Ivy Invited", paidBy: "cash", guest: false });
  expect(invited.playerId).toEqual(expect.any(String));

  const guest = await walkIn(td, t, { name: "Gus Guest" });
  expect(guest).toMatchObject({ name: "Gus Guest", paidBy: "cash", playerId: null, guest: true });

  // Paid everywhere: the count, the list (with entry ids; how it was paid for the director only).
  const seen = await s.view(t, td);
  expect(seen.playerCount).toBe(3);
  expect(seen.players?.map((p) => [p.name, "paidBy" in p ? p.paidBy : undefined])).toEqual([
    ["Sam Known", "cash"],
    ["Ivy Invited", "cash"],
    ["Gus Guest", "cash"],
  ]);
  expect(seen.players?.find((p) => p.name === "Gus Guest")?.entryId).toBe(guest.id);
  expect((await s.view(t)).players?.every((p) => !("paidBy" in p))).toBe(true);

  // E-mails: the invited player gets a link to set a password; the known one is told; the guest has none.
  const [invite] = await s.outbox(newEmail);
  expect(invite?.text).toContain("Set a password");
  expect(invite?.text).toMatch(/\/welcome\?\S+/);
  const told = (await s.outbox(sam.email)).find((m) => m.text.includes("paid at the bar"));
  // The night as a person writes it: "on Friday 3 December, 7:30pm".
  expect(told?.text).toContain(`at ${t.venue} on ${emailDateTime(t)} (paid at the bar)`);
  expect(told?.text).toMatch(/ on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+, 7:30pm \(paid at the bar\)/);
  const [guestRow] = await s.rows<{ email: string }>("select email from players where id = ?", [guest.id]);
  expect(await s.outbox(String(guestRow?.email))).toEqual([]);

  // Nothing in the ledger: the cash is in the director's hand.
  expect(await s.count("transactions", "tournament_id = ?", [t.id])).toBe(0);

  // A fourth fills it; a fifth is refused as full, and writes nothing (no guest account left behind).
  await walkIn(td, t, { name: "Fay Fourth" });
  const guestsBefore = await s.count("players", "guest = 1");
  expect(await answered(walkIn(td, t, { name: "Fifth Guest" }))).toEqual({
    status: 409,
    message: "This tournament is full",
  });
  expect(await s.count("players", "guest = 1")).toBe(guestsBefore);
  await s.expectLedgerTrue();
});

test("walk-ins refused: another director, a bad body, no tournament, one already in, after the start", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 8 });
  const other = await s.organiser("Other Director");
  expect((await answered(walkIn(other, t, { name: "Sneaky" }))).status).toBe(403);

  expect(await answered(walkIn(td, t, { name: "  " }))).toEqual({ status: 400, message: "Name is required" });
  expect((await answered(walkIn(td, t, { name: "Bea", email: "not-an-email" }))).status).toBe(400);
  expect((await answered(walkIn(td, t, { name: "Bea", paidBy: "card" }))).status).toBe(400);
  expect((await answered(walkIn(td, { id: crypto.randomUUID() }, { name: "Bea" }))).status).toBe(404);

  const [paid] = await s.enter(t, 1);
  expect(await answered(walkIn(td, t, { name: "Again", email: paid?.email }))).toEqual({
    status: 409,
    message: "Player 1 is already in this tournament",
  });

  await walkIn(td, t, { name: "Cash Carl" });
  await s.start(td, t);
  expect(await answered(walkIn(td, t, { name: "Too Late" }))).toEqual({
    status: 409,
    message: "The tournament has started: entries can no longer be added or removed",
  });
  expect(await s.count("tournament_players", "tournament_id = ?", [t.id])).toBe(2);
});

test("the page asks before a second entrant of a name already in: refused until that name is confirmed", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 8 });
  const asked = (name: string, confirmed: string | null) =>
    s.perform(addWalkIn, {
      organiserId: td.id,
      tournament: { id: t.id },
      check: (size) => checkCashEntry({ paidBy: "cash", name }, size),
      sameName: { confirmed },
    });
  await asked("Dougie", null);
  // The same name, in other letters' case: asked first, nothing written.
  expect(await answered(asked(" dougie ", null))).toEqual({
    status: 409,
    message: "Someone called dougie is already entered. Add another dougie?",
  });
  expect(await answered(asked("dougie", "Someone else"))).toMatchObject({ status: 409 });
  expect(await s.count("tournament_players", "tournament_id = ?", [t.id])).toBe(1);
  // Confirmed: a second Dougie is in. Another name is never asked about; the JSON API (no warning) never asks.
  expect((await asked("dougie", "dougie")).entry.name).toBe("dougie");
  await asked("Fran", null);
  await walkIn(td, t, { name: "Fran" });
  expect(await s.count("tournament_players", "tournament_id = ?", [t.id])).toBe(4);
});

test("removing a cash entry before the start: gone with its guest, no ledger row; card entries stay", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 8 });
  const [carded] = await s.enter(t, 1);
  const guest = await walkIn(td, t, { name: "Gone Guest" });
  const remove = (entryId: string, who = td) =>
    answered(s.perform(removeWalkIn, { organiserId: who.id, tournament: { id: t.id }, entryId }));
  expect((await remove(guest.id, await s.organiser("Other"))).status).toBe(403);
  expect((await remove(guest.id)).status).toBe(200);
  expect(await s.count("players", "id = ?", [guest.id])).toBe(0);
  expect((await s.view(t)).playerCount).toBe(1);
  expect((await remove(guest.id)).status).toBe(404);
  // A card entry is not the director's to remove here (its money is in escrow: the player leaves).
  const cardEntry = (await s.view(t, td)).players?.find((p) => p.id === carded?.id);
  expect(await remove(cardEntry?.entryId ?? "")).toEqual({
    status: 409,
    message: "Only an entry paid at the bar can be removed here",
  });
  expect(await s.count("transactions", "tournament_id = ? and type = 'refund'", [t.id])).toBe(0);

  // A cash entrant with an account can't leave on their own: the director holds their cash.
  const sam = await s.player("Sam Cash");
  await walkIn(td, t, { name: "Sam", email: sam.email });
  expect(await answered(s.perform(leave, { playerId: sam.id, tournament: { id: t.id } }))).toEqual({
    status: 409,
    message: "You paid at the bar: ask the director to take you out and hand your entry fee back",
  });
  await s.expectLedgerTrue();
});

test("a team walks in: members by e-mail or name only; the team counts as one paid entry", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 4, matchType: "2v2" });
  const ann = await s.player("Ann Member");
  const team = await walkIn(td, t, {
    teamName: "Chalk Dust",
    members: [{ name: "Ann", email: ann.email }, { name: "Bob Guest" }],
  });
  expect(team).toMatchObject({ name: "Chalk Dust", paidBy: "cash", playerId: ann.id, guest: false });
  const seen = await s.view(t, td);
  expect(seen.playerCount).toBe(1);
  expect(seen.players?.map((p) => [p.name, p.entryId])).toEqual([
    ["Ann Member", team.id],
    ["Bob Guest", team.id],
  ]);
  const nameTaken = { status: 409, message: "A team name must be unique in this tournament" };
  expect(await answered(walkIn(td, t, { teamName: "Solo", members: [{ name: "Only One" }] }))).toEqual({
    status: 400,
    message: "Name the team's 2 players",
  });
  const sameName = walkIn(td, t, { teamName: "chalk dust", members: [{ name: "C" }, { name: "D" }] });
  expect(await answered(sameName)).toEqual(nameTaken);
  // Case in any script, and a letter sent as its parts (U+0301: the combining acute), make no other name.
  const accented = await walkIn(td, t, { teamName: "Caf\u00e9", members: [{ name: "Cy" }, { name: "Di" }] });
  expect(accented.name).toBe("Caf\u00e9");
  for (const teamName of ["CAF\u00c9", "Cafe\u0301"]) {
    const again = walkIn(td, t, { teamName, members: [{ name: "Ed" }, { name: "Flo" }] });
    expect(await answered(again), teamName).toEqual(nameTaken);
  }
  const annAgain = walkIn(td, t, { teamName: "Again", members: [{ name: "A", email: ann.email }, { name: "E" }] });
  expect((await answered(annAgain)).status).toBe(409);
  expect(await s.count("players", "guest = 1 and name in ('C', 'D', 'E')")).toBe(0);
});

test("settlement: a cash guest wins, an account holder is second — the escrow ends at 0, the ledger true", async () => {
  const td = await s.organiser();
  // £10 entry, £1 rake, £1 site fee; winner 70% / runner-up 30% (winner_ru).
  const t = await s.tournament(td, { ...fees, maxPlayers: 4, payoutStructure: "winner_ru" });
  const carded = await s.enter(t, 2);
  const guest = await walkIn(td, t, { name: "Gus Guest" });
  const sam = await s.player("Sam Cash");
  await walkIn(td, t, { name: "Sam", email: sam.email });
  await s.credit("organiser", td.id, 5000);
  await s.start(td, t);
  // The guest wins every match they play; Sam every other.
  const rank = (id: string | null) => (id === guest.id ? 0 : id === sam.id ? 1 : 2);
  await playAll(td, t, (m) => (rank(m.player1Id) <= rank(m.player2Id) ? (m.player1Id ?? "") : (m.player2Id ?? "")));
  const final = (await s.matches(t)).find((m) => m.status === "completed" && m.winnerId === guest.id && m.player2Id);
  expect(final).toBeDefined();

  const before = await s.balance("organiser", td.id);
  const done = await finalizing(td, t);
  // Pool 4 × £9 = £36: £25.20 to the guest (in cash), £10.80 to the runner-up's balance (Sam, or a card player
  // when the draw put Sam against the guest first).
  expect(done.poolPence).toBe(3600);
  expect(settlementJson(done.settlement)).toEqual({
    cashEntries: 2,
    // The till: two at the bar paid £10 + £1 site fee each; the guest's prize is handed over from it.
    cashTaken: "22.00",
    cashPrizes: "25.20",
    siteFeesCharged: "2.00",
    // Escrow £20 in: pays Sam £10.80 and £2 rake; £7.20 left to the director, less £2 site fees.
    directorBalanceChange: "7.20",
    paidInCash: [{ name: "Gus Guest", amount: "25.20" }],
  });
  const runnerUp = done.payouts.find((p) => p.position === "2nd")?.playerId ?? "";
  expect([sam.id, ...carded.map((p) => p.id)]).toContain(runnerUp);
  expect(await s.balance("player", runnerUp)).toBe(1080);
  expect(await s.balance("organiser", td.id)).toBe(before + 720);
  // The director's transactions read as a story: one line per kind, with its own count.
  const story = await s.rows<{ description: string }>(
    "select description from transactions where user_type = 'organiser' and tournament_id = ? " +
      "order by amount_pence desc",
    [t.id],
  );
  expect(story.map((r) => r.description.replace(/ — .*$/, ""))).toEqual([
    "Entry fees left after the prizes paid online",
    "Rake on 2 entries paid online",
    "Site fees of 2 entries paid at the bar",
  ]);
  // The escrow: every card entry fee in, prizes, rake and settlement out, to the penny.
  expect(await escrowOut(t)).toBe(carded.length * 1000);
  // The guest's prize row says it was handed over in cash, with no ledger row.
  const inCash = "tournament_id = ? and player_id = ? and paid_in_cash = 1";
  expect(await s.count("payouts", inCash, [t.id, guest.id])).toBe(1);
  expect(await s.count("transactions", "user_id = ?", [guest.id])).toBe(0);
  // A second finalize changes nothing.
  expect((await answered(finalizing(td, t))).status).toBe(409);
  await s.expectLedgerTrue();
});

test("a shortfall the director's balance can't cover refuses finalize until a card top-up covers it", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 2, payoutStructure: "winner_only" });
  // One card entry (£10 in escrow), one cash account holder who wins the £18 pool.
  const [carded] = await s.enter(t, 1);
  const sam = await s.player("Sam Cash");
  await walkIn(td, t, { name: "Sam", email: sam.email });
  await s.start(td, t);
  await playAll(td, t, () => sam.id);

  // Rake £1 + surplus (£9 − £18) − site fee £1 = −£9 on a balance of £0.
  const refused = await finalizing(td, t).then(
    () => null,
    (error: unknown) => (isDomainError(error) ? error : null),
  );
  expect(refused).toMatchObject({
    status: 409,
    code: "top-up-needed",
    message: "Add £9.00 to your balance to pay the prizes",
  });
  expect(await s.count("payouts", "tournament_id = ?", [t.id])).toBe(0);

  // A top-up: refused amounts (as the route reads them), then £9 by the simulated card, verified.
  const account = { userType: "organiser" as const, userId: td.id, provider: s.payments };
  const topUp = (amount: string) => s.perform(startTopUp, { ...account, amountPence: parsePence(amount) ?? -1 });
  expect((await answered(topUp("0.50"))).status).toBe(400);
  expect((await answered(topUp("abc"))).status).toBe(400);
  const { paymentIntentId, clientSecret } = await topUp("9.00");
  expect(clientSecret).toEqual(expect.any(String));
  const record = await s.sender.send(topUpQuery(paymentIntentId));
  // Somebody else's verify finds nothing.
  const theirs = { userType: "player" as const, userId: sam.id, provider: s.payments, record };
  expect((await answered(s.perform(verifyTopUp, theirs))).status).toBe(404);
  expect((await s.payByCard(paymentIntentId, "4000000000000002"))?.status).toBe("declined");
  expect(await s.balance("organiser", td.id)).toBe(0);
  expect((await s.payByCard(paymentIntentId))?.status).toBe("succeeded");
  const verified = await s.perform(verifyTopUp, {
    ...account,
    record: await s.sender.send(topUpQuery(paymentIntentId)),
  });
  expect(verified).toMatchObject({ success: true, amount: 900 });
  expect(await s.balance("organiser", td.id)).toBe(900);
  expect(await s.count("transactions", "user_id = ? and type = 'deposit'", [td.id])).toBe(1);

  const done = await finalizing(td, t);
  expect(settlementJson(done.settlement)).toMatchObject({ directorBalanceChange: "-9.00", siteFeesCharged: "1.00" });
  expect(await s.balance("organiser", td.id)).toBe(0);
  expect(await s.balance("player", sam.id)).toBe(1800);
  expect(await s.balance("player", carded?.id ?? "")).toBe(0);
  expect(await escrowOut(t)).toBe(1000);
  await s.expectLedgerTrue();
});

test("cash meets the other tools: ticked in by the director, dropped without a ledger refund, withdrawn", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...fees, maxPlayers: 8, payoutStructure: "winner_only" });
  const [here1, here2, absentCard] = await s.enter(t, 3);
  const guestHere = await walkIn(td, t, { name: "Guest Here" });
  await walkIn(td, t, { name: "Guest Away" });
  // The director ticks in those without phones (a guest by its entry id) and the two card players.
  for (const entry of [guestHere.id, here1?.id ?? "", here2?.id ?? ""]) {
    const ticked = s.perform(checkInForEntry, { organiserId: td.id, tournament: { id: t.id }, entry, checkedIn: true });
    expect(await ticked).toMatchObject({ checkedIn: true });
  }
  const started = await s.perform(start, { organiserId: td.id, tournament: { id: t.id }, dropAbsent: true });
  expect(started).toMatchObject({ players: 3, dropped: 2 });
  // The card entry's fee is back in its balance; the guest's cash is handed back at the bar: no row for it.
  expect(await s.count("transactions", "tournament_id = ? and type = 'refund'", [t.id])).toBe(1);
  expect(await s.balance("player", absentCard?.id ?? "")).toBe(1000);

  // "Gus had to leave": the guest is withdrawn, its matches walkovers; the night finishes and settles.
  const withdrawal = { organiserId: td.id, tournament: { id: t.id }, registrationId: guestHere.id };
  await s.perform(withdrawFromPlay, withdrawal);
  await playAll(td, t);
  await s.credit("organiser", td.id, 10_000);
  const done = await finalizing(td, t);
  expect(settlementJson(done.settlement)).toMatchObject({ cashEntries: 1, paidInCash: [] });
  await s.expectLedgerTrue();
});
