// The entries' use cases, in-process: each returns the change the tournament's pages hear of ("entries") and the
// e-mails it owes, and `perform` sends those e-mails — a route adds nothing. The JSON and the forms over them are
// the HTTP suites' (tests/check-in.test.ts, tests/cash-entries.test.ts, tests/teams.test.ts).
import { expect, test } from "vitest";
import { checkCashEntry } from "~/features/entries/domain/cash-entry.ts";
import { leaveTeam } from "~/features/entries/server/teams.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { type Account, useServiceDb } from "../../../../test-support/services.ts";
import {
  addWalkIn,
  checkInAsPlayer,
  join,
  joinReserveList,
  leave,
  payEntryFromBalance,
  removeWalkIn,
} from "./use-cases.server.ts";

const s = useServiceDb();
const FREE = { entryFee: "0.00", siteFee: "0.00", rakeValue: "0.00" };

const outbox = (email: string) =>
  s.rows<{ subject: string }>("select subject from outbox where to_address = ? order by rowid", [email]);

const entriesOf = (t: { id: string }, director: Account) => [
  { tournamentId: t.id, organiserId: director.id, what: "entries" },
];

test("joining, paying from the balance, checking in and leaving each say the entries changed", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 4 });
  const ref = { id: t.id };
  const [held, balance] = [await s.player("Held Hal"), await s.player("Balance Bea")];

  const joined = await join(s.sender, { provider: s.payments, playerId: held.id, tournament: ref });
  expect(joined.answer).toMatchObject({ paid: false });
  expect(joined.changes).toEqual(entriesOf(t, td));
  expect(joined.mail).toEqual([]);

  await s.credit("player", balance.id, 5000);
  const paid = await payEntryFromBalance(s.sender, { playerId: balance.id, tournament: ref });
  expect(paid.changes).toEqual(entriesOf(t, td));

  const checked = await checkInAsPlayer(s.sender, { playerId: balance.id, tournament: ref });
  expect(checked.changes).toEqual(entriesOf(t, td));
  expect(checked.answer).not.toHaveProperty("organiserId");

  const left = await leave(s.sender, { playerId: balance.id, tournament: ref });
  expect(left.answer).toMatchObject({ left: "entry" });
  expect(left.changes).toEqual(entriesOf(t, td));
});

test("a full tournament: `reserve` puts the player on the list; a place freed is e-mailed by perform", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { ...FREE, maxPlayers: 2 });
  const ref = { id: t.id };
  const [one, two, three, four] = [await s.player(), await s.player(), await s.player(), await s.player()];
  for (const p of [one, two]) {
    const joined = await perform(s.app, s.sender, join, { provider: s.payments, playerId: p.id, tournament: ref });
    expect(joined).toMatchObject({ paid: true });
  }
  const listed = await join(s.sender, { provider: s.payments, playerId: three.id, tournament: ref, reserve: true });
  expect(listed.answer).toEqual({ reserve: true, position: 1 });
  expect(listed.changes).toEqual(entriesOf(t, td));
  await perform(s.app, s.sender, joinReserveList, { playerId: four.id, tournament: ref });

  // Leaving owes the first reserve an e-mail: the use case describes it and sends nothing…
  const described = await leave(s.sender, { playerId: one.id, tournament: ref });
  expect(described.mail).toHaveLength(1);
  expect(await outbox(three.email)).toEqual([]);
  // …perform sends it.
  await perform(s.app, s.sender, leave, { playerId: two.id, tournament: ref });
  expect((await outbox(four.email)).map((m) => m.subject)).toEqual([`A place is yours — ${t.name}`]);
});

test("the director's walk-ins: entered and e-mailed through perform; taken out again, the entries change", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const email = `walk-in-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const added = await perform(s.app, s.sender, addWalkIn, {
    organiserId: td.id,
    tournament: { id: t.id },
    check: (size) => checkCashEntry({ name: "Wally", email, paidBy: "cash" }, size),
  });
  expect(added.entry.name).toBe("Wally");
  expect(await outbox(email)).toHaveLength(1);
  const removed = await removeWalkIn(s.sender, {
    organiserId: td.id,
    tournament: { id: t.id },
    entryId: added.entry.id,
  });
  expect(removed.answer).toEqual({ removed: true });
  expect(removed.changes).toEqual(entriesOf(t, td));
});

test("a member leaving a team says the entries changed (the director's list shows the empty place)", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 4 });
  const { captain, mates } = await s.enterTeam(t, 1);
  const [mate] = mates as [Account];
  const [team] = await s.rows<{ id: string }>("select id from teams where captain_id = ?", [captain.id]);
  const left = await leaveTeam(s.sender, { playerId: mate.id, tournamentId: t.id, teamId: String(team?.id) });
  expect(left).toEqual({ answer: { left: true }, changes: entriesOf(t, td) });
});
