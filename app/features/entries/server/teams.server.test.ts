// Team events in-process: a captain enters the team and pays for all of it (by
// card or from the balance), members leave and are replaced before the start,
// a team a player short cannot start, captains race for one teammate, and
// prizes are split between members to the penny. Who may, the JSON, the pages
// and the forms are the HTTP suite's (tests/teams.test.ts).
import { perform } from "~/web/use-case.server.ts";
import { expect, test } from "vitest";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { payFromBalance } from "./joining.server.ts";
import { finalizeTournament } from "~/features/play/server/finalize.server.ts";
import { setSeeds } from "~/features/play/server/start.server.ts";
import { leaveTeam, replaceTeamMember } from "./teams.server.ts";
import { tournamentBySlugQuery } from "~/features/tournaments/server/tournaments.server.ts";

const s = useServiceDb();

/** The tournament as its page and the API read it: its paid teams with their members, the captain first. */
const detail = async (t: { slug: string }) => {
  const found = await s.sender.send(tournamentBySlugQuery(t.slug));
  if (!found) throw new Error("no such tournament");
  return found;
};

const join = (captain: Account, t: { id: string }, teamName: unknown, teammates: unknown) =>
  answered(s.join(captain, t, { teamName: teamName as string, teammates: teammates as string[] }));

/** Every playable match in turn, player 1 winning, until none is left. */
async function playAll(td: Account, t: { id: string }) {
  for (let guard = 0; guard < 30; guard++) {
    const playable = (await s.matches(t)).filter((m) => m.status !== "completed" && m.player1Id && m.player2Id);
    if (playable.length === 0) return;
    for (const m of playable) await s.record(td, m.id, { winnerId: m.player1Id });
  }
}

test("a captain enters a doubles team by card: one payment of both entries, the team shown once paid", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 8, entryFee: "10.00", siteFee: "1.00" });
  const [sam, kim] = [await s.player("Sam"), await s.player("Kim")];
  const joined = await s.join(sam, t, { teamName: " Cue Balls ", teammates: [kim.email.toUpperCase()] });
  if (joined.paid) throw new Error("a paid tournament needs a payment");
  expect(joined.amountPence).toBe(2200);
  // Held, not yet entered: nobody counted, no team shown.
  expect(await detail(t)).toMatchObject({ playerCount: 0, teams: [] });

  expect((await s.payByCard(joined.paymentIntentId))?.status).toBe("succeeded");
  const after = await detail(t);
  expect(after.playerCount).toBe(1);
  expect(after.teams).toEqual([
    {
      id: joined.registrationId,
      name: "Cue Balls",
      captainId: sam.id,
      // Paid by card (the director's view of the entries says so: DESIGN §10).
      paidBy: "card",
      members: [
        { id: sam.id, name: "Sam" },
        { id: kim.id, name: "Kim" },
      ],
    },
  ]);
  const rows = await s.rows("select type, amount_pence from transactions where user_id = ? order by rowid", [sam.id]);
  expect(rows.map((r) => [r.type, r.amount_pence])).toEqual([
    ["deposit", 2200],
    ["entry_fee", -2000],
    ["site_fee", -200],
  ]);
  expect(await s.balance("player", kim.id)).toBe(0);
  await s.expectLedgerTrue();
});

test("a held team paid from the captain's balance; its members and its name are taken for everyone else", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "3v3", maxPlayers: 4, entryFee: "5.00", siteFee: "0.50" });
  const [cap, a, b] = [await s.player("Cap"), await s.player("Ann"), await s.player("Bo")];
  await s.credit("player", cap.id, 2000);
  // Paying before the team is named is refused: the hold carries the team.
  expect(await answered(payFromBalance(s.sender, { playerId: cap.id, tournament: { id: t.id } }))).toEqual({
    status: 409,
    message: "Name your team on the tournament page first",
  });
  expect((await join(cap, t, "Break Builders", [a.email, b.email])).status).toBe(200);
  // (5.00 + 0.50) × 3 from the balance: the hold becomes the entry.
  expect(await payFromBalance(s.sender, { playerId: cap.id, tournament: { id: t.id } })).toMatchObject({
    amountPence: 1650,
  });
  expect(await s.balance("player", cap.id)).toBe(2000 - 1650);
  expect((await detail(t)).playerCount).toBe(1);

  const [other, third] = [await s.player("Other"), await s.player("Third")];
  expect(await join(other, t, "Rivals", [a.email, third.email])).toEqual({
    status: 409,
    message: `${a.email} is already in this tournament`,
  });
  expect(await join(other, t, "break builders", [third.email, (await s.player()).email])).toEqual({
    status: 409,
    message: "A team name must be unique in this tournament",
  });
  expect(await join(other, t, "Rivals", [third.email])).toEqual({ status: 400, message: "Add 2 teammates" });
  expect(await s.count("tournament_players", "tournament_id = ?", [t.id])).toBe(1);
  expect(await s.count("team_members", "tournament_id = ?", [t.id])).toBe(3);
  await s.expectLedgerTrue();
});

test("two captains naming the same teammate at once: one gets them, the other is refused", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 8 });
  const [a, b, wanted] = [await s.player("A"), await s.player("B"), await s.player("Wanted")];
  for (let round = 0; round < 3; round++) {
    const [first, second] = await Promise.all([
      join(a, t, `Alpha ${round}`, [wanted.email]),
      join(b, t, `Beta ${round}`, [wanted.email]),
    ]);
    // Whether the second read "free" before the first wrote or not, it is refused: by the read, or by the
    // joining batch's assertion.
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await s.count("team_members", "tournament_id = ? and player_id = ?", [t.id, wanted.id])).toBe(1);
    // Free the teammate again: the holding team's place goes (as the tidy-up deletes an expired hold).
    await s.rows("delete from tournament_players where tournament_id = ?", [t.id]);
  }
  expect(await s.count("teams", "tournament_id = ?", [t.id])).toBe(0);
});

test("before the start a member leaves, the team is a player short until the captain names a replacement", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 4 });
  const { captain: cap, mates } = await s.enterTeam(t, 1);
  const [mate] = mates as [Account];
  await s.enterTeam(t, 2);
  const teamId = (await detail(t)).teams.find((team) => team.name === "Team 1")?.id as string;
  const newcomer = await s.player("Newcomer");
  const balances = () => Promise.all([cap, mate, newcomer].map((p) => s.balance("player", p.id)));
  const before = await balances();
  const leave = (p: Account) =>
    answered(perform(s.app, s.sender, leaveTeam, { playerId: p.id, tournamentId: t.id, teamId }));
  const replace = (from: string, to: string) =>
    answered(
      perform(s.app, s.sender, replaceTeamMember, {
        captainId: cap.id,
        tournamentId: t.id,
        teamId,
        from,
        to,
      }),
    );

  expect(await leave(cap)).toEqual({
    status: 409,
    message: "The captain cannot leave the team: the captain paid for it",
  });
  expect(await leave(mate)).toEqual({ status: 200, message: null });
  expect(await leave(mate)).toEqual({ status: 403, message: "Only a member of the team can leave it" });
  expect(await answered(s.start(td, t))).toEqual({
    status: 409,
    message: "Team Team 1 is a player short: its captain names a replacement first",
  });
  expect(await replace(mate.email, newcomer.email)).toEqual({ status: 200, message: null });
  expect((await detail(t)).teams.find((x) => x.id === teamId)?.members.map((m) => m.name)).toEqual([
    "Captain 1",
    "Newcomer",
  ]);
  expect(await s.count("outbox", "to_address = ?", [newcomer.email])).toBe(1);
  // Swapping a current member works too, and the one who left may be named again.
  expect(await replace(newcomer.email, mate.email)).toEqual({ status: 200, message: null });
  expect(await balances()).toEqual(before);

  expect((await answered(s.start(td, t))).status).toBe(200);
  expect(await leave(mate)).toEqual({ status: 409, message: "A team can only change before the tournament starts" });
  expect(await replace(mate.email, newcomer.email)).toEqual({
    status: 409,
    message: "A team can only change before the tournament starts",
  });
  await s.expectLedgerTrue();
});

test("teams in groups into a knockout: the draw's seeds, the knockout and the prizes all go by team", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, {
    matchType: "2v2",
    tournamentType: "round_robin_tier",
    maxPlayers: 6,
    groupSize: 3,
    advancePerGroup: 2,
    payoutStructure: "winner_ru",
  });
  for (let n = 1; n <= 6; n++) await s.enterTeam(t, n);
  expect((await answered(s.start(td, t))).status).toBe(200);
  // The draw is kept as seeds 1..6 on the teams' registrations.
  const seeds = await s.rows("select seed from tournament_players where tournament_id = ? order by seed", [t.id]);
  expect(seeds.map((r) => Number(r.seed))).toEqual([1, 2, 3, 4, 5, 6]);
  await playAll(td, t);
  const all = await s.matches(t);
  expect(all.some((m) => m.bracket === "knockout")).toBe(true);
  const teamNames = new Set((await detail(t)).teams.map((team) => team.name));
  expect(all.every((m) => m.player1 === null || teamNames.has(m.player1.name))).toBe(true);
  const finalize = await answered(finalizeTournament(s.sender, { organiserId: td.id, tournament: { id: t.id } }));
  expect(finalize.status, finalize.message ?? "").toBe(200);
  // 12 players × (£10.00 − £1.00) = £108.00: 70% and 30% to two teams, each split in two.
  const paid = await s.rows("select amount_pence from payouts where tournament_id = ? order by amount_pence desc", [
    t.id,
  ]);
  expect(paid.map((r) => Number(r.amount_pence))).toEqual([3780, 3780, 1620, 1620]);
  expect(await s.balance("organiser", td.id)).toBe(1200);
  await s.expectLedgerTrue();
});

test("a team's prize is split between its members to the penny, the odd penny to the captain", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, {
    matchType: "2v2",
    maxPlayers: 4,
    entryFee: "10.03",
    rakeValue: "1.00",
    payoutStructure: "winner_ru_semi",
  });
  const teams = [];
  for (let n = 1; n <= 4; n++) teams.push(await s.enterTeam(t, n));
  await s.start(td, t);
  await playAll(td, t);
  await finalizeTournament(s.sender, { organiserId: td.id, tournament: { id: t.id } });
  // Pool: 8 players × (£10.03 − £1.00) = £72.24; 50% / 25% / 12.5% / 12.5% to the teams.
  const shares = await Promise.all(
    teams.map(async ({ captain, mates }) => [
      await s.balance("player", captain.id),
      await s.balance("player", (mates[0] as Account).id),
    ]),
  );
  expect(shares.map(([captain = 0, mate = 0]) => captain + mate).sort((x, y) => y - x)).toEqual([3612, 1806, 903, 903]);
  expect(shares.map(([captain = 0, mate = 0]) => captain - mate).sort()).toEqual([0, 0, 1, 1]);
  expect(await s.balance("organiser", td.id)).toBe(800);
  await s.expectLedgerTrue();
});

test("the director seeds teams by hand: the order is of team ids, and the draw follows it", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 4, seeding: "manual" });
  const captains: Account[] = [];
  for (let n = 1; n <= 4; n++) captains.push((await s.enterTeam(t, n)).captain);
  const teamsOf = (await detail(t)).teams;
  const byName = (name: string) => teamsOf.find((team) => team.name === name)?.id as string;
  const seed = (order: string[]) =>
    answered(setSeeds(s.sender, { organiserId: td.id, tournament: { id: t.id }, order }));
  // Players' ids are not entries in a team event.
  expect((await seed(captains.map((c) => c.id))).status).toBe(400);
  const saved = await seed(["Team 4", "Team 3", "Team 2", "Team 1"].map(byName));
  expect(saved.status, saved.message ?? "").toBe(200);
  expect((await answered(s.start(td, t))).status).toBe(200);
  // Seeds 1 and 4 meet in the first round, 2 and 3 in the other.
  const first = (await s.matches(t)).filter((m) => m.round === 1);
  const pairs = first.map((m) => [m.player1?.name, m.player2?.name].sort().join(" v "));
  expect(pairs.sort()).toEqual(["Team 1 v Team 4", "Team 2 v Team 3"]);
});
