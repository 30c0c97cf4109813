// Team events through the real Worker: a captain enters a team, pays for all
// of it by card or from the balance, and its members see it; refusals in the
// JSON, who may change a team, and the forms. Races, groups of teams and
// seeding by team are tested in-process (app/features/entries/server/teams.server.test.ts).
import { expect, test } from "vitest";
import type { MatchView } from "../app/features/play/domain/play.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Team = { id: string; name: string; captainId: string; members: { id: string; name: string }[] };

const join = (captain: Account, t: TournamentJson, teamName: unknown, teammates: unknown) =>
  captain.client.json("POST", "/api/tournaments/join", { tournamentId: t.id, teamName, teammates });

const payByCard = async (captain: Account, paymentIntentId: string) => {
  const paid = await captain.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
    cardNumber: "4242424242424242",
  });
  expect(paid.status).toBe(200);
};

const tournamentJson = async (t: TournamentJson) =>
  (await (await app.client().get(`/api/tournaments/${t.slug}`)).json()) as TournamentJson & { teams?: Team[] };

test("a captain enters a doubles team by card: one payment for both, the teammate told and shown it", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { matchType: "2v2", maxPlayers: 8, entryFee: "10.00", siteFee: "1.00" });
  expect(t.matchType).toBe("2v2");
  const sam = await f.player("Sam");
  const kim = await f.player("Kim");

  const response = await join(sam, t, " Cue Balls ", [kim.email.toUpperCase()]);
  expect(response.status, await response.clone().text()).toBe(200);
  const { paymentIntentId, clientSecret } = (await response.json()) as {
    paymentIntentId: string;
    clientSecret: string;
  };
  expect(clientSecret).toBeTruthy();
  const intent = await f
    .sql()
    .execute({ sql: "select amount_pence from payments where id = ?", args: [paymentIntentId] });
  expect(Number(intent.rows[0]?.amount_pence)).toBe(2200);
  // Held, not yet entered: nobody counted.
  expect((await tournamentJson(t)).playerCount).toBe(0);

  await payByCard(sam, paymentIntentId);
  const after = await tournamentJson(t);
  expect(after.playerCount).toBe(1);
  expect(after.teams).toEqual([
    {
      id: expect.any(String),
      name: "Cue Balls",
      captainId: sam.id,
      members: [
        { id: sam.id, name: "Sam" },
        { id: kim.id, name: "Kim" },
      ],
    },
  ]);
  // The captain paid the team's total: deposit, then both entries' fees.
  const rows = await f.sql().execute({
    sql: "select type, amount_pence from transactions where user_id = ? order by amount_pence desc",
    args: [sam.id],
  });
  expect(rows.rows.map((r) => [r.type, Number(r.amount_pence)])).toEqual([
    ["deposit", 2200],
    ["site_fee", -200],
    ["entry_fee", -2000],
  ]);
  expect(await f.balance("player", kim.id)).toBe(0);
  await f.expectLedgerTrue();

  // The teammate got an e-mail and sees the tournament under My Tournaments.
  const outbox = (await (await app.client().get("/api/dev/outbox")).json()) as { to: string; subject: string }[];
  expect(outbox.find((m) => m.to === kim.email)?.subject).toContain("Cue Balls");
  const kimsPage = (await (await kim.client.get("/player/tournaments?tab=registered")).text()).replaceAll(
    "<!-- -->",
    "",
  );
  expect(kimsPage).toContain("Team Cue Balls (captain: Sam)");
  expect(kimsPage).toContain("1/8 teams");
});

test("a captain pays for a held team from the balance; nobody can be entered twice", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { matchType: "3v3", maxPlayers: 4, entryFee: "5.00", siteFee: "0.50" });
  const [cap, a, b] = [await f.player("Cap"), await f.player("Ann"), await f.player("Bo")];
  await f.credit("player", cap.id, 2000);

  const held = await join(cap, t, "Break Builders", [a.email, b.email]);
  expect(held.status).toBe(200);
  // The checkout's "pay from balance": the hold becomes the entry, the balance pays (5.00 + 0.50) × 3.
  const paid = await cap.client.postForm(`/tournament/${t.slug}/checkout`, { intent: "balance" });
  expect(paid.status).toBe(302);
  expect(await f.balance("player", cap.id)).toBe(2000 - 1650);
  expect((await tournamentJson(t)).playerCount).toBe(1);
  await f.expectLedgerTrue();

  // A member cannot enter on their own, nor be named by another captain, nor may the name be reused.
  const other = await f.player("Other");
  const third = await f.player("Third");
  const cases: [Account, unknown, unknown, number, string][] = [
    [a, undefined, undefined, 400, "Team name is required"],
    [other, "Rivals", [a.email, third.email], 409, `${a.email} is already in this tournament`],
    [a, "Rivals", [other.email, third.email], 409, `${a.email} is already in this tournament`],
    [
      other,
      "break builders",
      [third.email, (await f.player()).email],
      409,
      "A team name must be unique in this tournament",
    ],
    [other, "", [third.email], 400, "Team name is required"],
    [other, "Rivals", [third.email], 400, "Add 2 teammates"],
    [other, "Rivals", [third.email, "nobody@example"], 400, "No player account for nobody@example"],
  ];
  for (const [captain, teamName, teammates, status, message] of cases) {
    const response =
      teamName === undefined
        ? await captain.client.json("POST", "/api/tournaments/join", { tournamentId: t.id })
        : await join(captain, t, teamName, teammates);
    expect(response.status, message).toBe(status);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  }
  // Nothing was held by the refusals.
  expect(await f.count("tournament_players", "tournament_id = ?", [t.id])).toBe(1);
  expect(await f.count("team_members", "tournament_id = ?", [t.id])).toBe(3);
});

test("a team's details are refused in a singles event, and a plain entry in a team event", async () => {
  const td = await f.organiser();
  const singles = await f.createTournament(td);
  const p = await f.player();
  const q = await f.player();
  const response = await join(p, singles, "Team", [q.email]);
  expect(response.status).toBe(400);
  expect(((await response.json()) as { message: string }).message).toBe(
    "This tournament is for single players, not teams",
  );
  expect(await f.count("tournament_players", "tournament_id = ?", [singles.id])).toBe(0);
});

/** A match as GET /api/tournaments/{id}/matches gives it (MatchView without the page's own fields). */
type Match = Omit<MatchView, "tableName" | "nextMatchId" | "loserMatchId">;

/** A captain and teammates who enter a team and pay by card; the captain first. */
async function enterTeam(t: TournamentJson, name: string, size: number): Promise<Account[]> {
  const members = [];
  for (let i = 0; i < size; i++) members.push(await f.player(`${name} ${i + 1}`));
  const [captain, ...others] = members as [Account, ...Account[]];
  const response = await join(
    captain,
    t,
    name,
    others.map((m) => m.email),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  await payByCard(captain, ((await response.json()) as { paymentIntentId: string }).paymentIntentId);
  return members;
}

test("a 2v2 double elimination from the draw to finalize: teams play, prizes split to the penny", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, {
    matchType: "2v2",
    tournamentType: "double_elimination",
    maxPlayers: 4,
    entryFee: "10.03",
    rakeValue: "1.00",
    payoutStructure: "winner_ru_semi",
  });
  const names = ["Cue Balls", "Pot Luck", "Safety First", "Kiss Shots"];
  const teamsByName = new Map<string, Account[]>();
  for (const name of names) teamsByName.set(name, await enterTeam(t, name, 2));
  const detail = await tournamentJson(t);
  expect(detail.playerCount).toBe(4);
  const teamIds = new Map((detail.teams ?? []).map((team) => [team.id, team.name]));
  expect([...teamIds.values()].sort()).toEqual([...names].sort());

  const started = await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  expect(started.status, await started.clone().text()).toBe(200);
  const drawn = await f.matchesOf<Match>(t);
  const first = drawn.filter((m) => m.bracket === "winners" && m.round === 1);
  expect(first).toHaveLength(2);
  for (const m of first) {
    // Slots hold team ids; names and members come with them.
    expect(teamIds.get(m.player1Id as string)).toBe(m.player1?.name);
    expect(teamIds.get(m.player2Id as string)).toBe(m.player2?.name);
    const captain = teamsByName.get(m.player1?.name as string)?.[0];
    expect(m.player1Members?.map((p) => p.id)).toEqual(teamsByName.get(m.player1?.name as string)?.map((p) => p.id));
    expect(m.player1Members?.[0]?.id).toBe(captain?.id);
    expect(m.player2Members).toHaveLength(2);
  }

  // A team match on a table: the scoreboard's JSON names the teams and their members.
  const table = (await (await td.client.json("POST", "/api/tables", { name: "Table 1" })).json()) as {
    id: string;
    accessCode: string;
  };
  const onTable = first[0] as Match;
  expect((await td.client.json("PATCH", `/api/matches/${onTable.id}/table`, { tableId: table.id })).status).toBe(200);
  const current = (await (
    await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`)
  ).json()) as Match;
  expect(current.player1).toEqual(onTable.player1);
  expect(current.player1Id).toBe(onTable.player1Id);
  expect(current.player2Members?.map((p) => p.name)).toEqual(onTable.player2Members?.map((p) => p.name));
  const board = (await (await app.client().get(`/scoreboard/${table.accessCode}`)).text()).replaceAll("<!-- -->", "");
  expect(board).toContain(onTable.player1?.name as string);

  // The director records results per team: player 1 wins every match.
  for (let guard = 0; guard < 20; guard++) {
    const playable = (await f.matchesOf<Match>(t)).filter(
      (m) => m.status !== "completed" && m.player1Id && m.player2Id,
    );
    if (playable.length === 0) break;
    for (const m of playable) {
      const response = await td.client.json("PATCH", `/api/matches/${m.id}`, { winnerId: m.player1Id });
      expect(response.status, await response.clone().text()).toBe(200);
    }
  }
  const standings = await f.standingsOf(t);
  expect(standings.map((row) => row.place)).toEqual(["1", "2", "3", "4"]);
  expect(standings.map((row) => row.name).sort()).toEqual([...names].sort());

  // Pool per player: 8 × (£10.03 − £1.00) = £72.24; 50% / 25% / 12.5% / 12.5% to the teams.
  const preview = (await (await td.client.get(`/api/tournaments/${t.id}/payout-preview`)).json()) as {
    playerName: string;
    position: string;
    amount: string;
  }[];
  expect(preview.map((row) => [row.position, row.amount])).toEqual([
    ["1st", "36.12"],
    ["2nd", "18.06"],
    ["3rd", "9.03"],
    ["4th", "9.03"],
  ]);
  const finalize = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(finalize.status, await finalize.clone().text()).toBe(200);

  // Each team's prize split between its members, the odd penny to the captain.
  const expected = [
    [1806, 1806],
    [903, 903],
    [452, 451],
    [452, 451],
  ];
  for (const [place, row] of standings.entries()) {
    const [captain, mate] = teamsByName.get(row.name) as [Account, Account];
    expect([await f.balance("player", captain.id), await f.balance("player", mate.id)]).toEqual(expected[place]);
  }
  expect(await f.balance("organiser", td.id)).toBe(800);
  const paidOut = await f.sql().execute({
    sql: "select sum(amount_pence) as total, count(*) as n from payouts where tournament_id = ?",
    args: [t.id],
  });
  expect([Number(paidOut.rows[0]?.total), Number(paidOut.rows[0]?.n)]).toEqual([7224, 8]);
  await f.expectLedgerTrue();

  // Each member's statistics count the team's matches, wins, tournament and their own share.
  const champions = teamsByName.get(standings[0]?.name as string) as Account[];
  const championRow = standings[0] as { played: number; won: number };
  for (const member of champions) {
    const response = await member.client.get(`/api/players/${member.id}/stats`);
    const stats = (await response.json()) as Record<string, unknown>;
    expect(stats).toMatchObject({
      tournamentsPlayed: 1,
      tournamentsWon: 1,
      matchesPlayed: championRow.played,
      matchesWon: championRow.won,
      totalEarnings: "18.06",
    });
  }
  // The champions' teammate (not the captain) sees where the team finished, and the bracket marks it "(you)".
  const mate = champions[1] as Account;
  const mine = (await (await mate.client.get("/player/tournaments?tab=registered")).text()).replaceAll("<!-- -->", "");
  expect(mine).toContain("Champion");
  expect(mine).toContain(`Team ${standings[0]?.name} (captain: ${standings[0]?.name} 1)`);
  const page = (await (await mate.client.get(`/tournament/${t.slug}?tab=bracket`)).text()).replaceAll("<!-- -->", "");
  expect(page).toContain("(you)");
  // The finished page's podium shows each team with its whole prize.
  const finished = (await (await app.client().get(`/tournament/${t.slug}`)).text()).replaceAll("<!-- -->", "");
  expect(finished).toContain("£36.12");
  expect(finished).toContain(standings[0]?.name as string);
  // A second finalize changes nothing.
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(409);
  await f.expectLedgerTrue();
});

test("before the start a member leaves and the captain names a replacement; no money moves", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { matchType: "2v2", maxPlayers: 4 });
  const [cap, mate] = await enterTeam(t, "Cue Balls", 2);
  const [rivalCap, rivalMate] = await enterTeam(t, "Pot Luck", 2);
  const teamId = ((await tournamentJson(t)).teams ?? []).find((team) => team.name === "Cue Balls")?.id as string;
  const newcomer = await f.player("Newcomer");
  const outsider = await f.player("Outsider");
  const balances = async () => Promise.all([cap, mate, newcomer].map((p) => f.balance("player", (p as Account).id)));
  const before = await balances();
  const leave = (p: Account) => p.client.json("POST", `/api/tournaments/${t.id}/teams/${teamId}/leave`);
  const replace = (p: Account, from: string, to: string) =>
    p.client.json("PATCH", `/api/tournaments/${t.id}/teams/${teamId}`, { replace: { from, to } });
  const refused = async (response: Response, status: number, message: string) => {
    expect(response.status, message).toBe(status);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  };

  // Only a member leaves, and not the captain; only the captain replaces.
  await refused(await leave(outsider), 403, "Only a member of the team can leave it");
  await refused(await leave(cap as Account), 409, "The captain cannot leave the team: the captain paid for it");
  await refused(
    await replace(mate as Account, (mate as Account).email, newcomer.email),
    403,
    "Only the team's captain can name a replacement",
  );
  await refused(
    await replace(cap as Account, (cap as Account).email, newcomer.email),
    400,
    "The captain cannot be replaced",
  );
  await refused(
    await replace(cap as Account, (mate as Account).email, "ghost@example"),
    400,
    "No player account for ghost@example",
  );
  await refused(
    await replace(cap as Account, (mate as Account).email, (rivalMate as Account).email),
    409,
    `${(rivalMate as Account).email} is already in this tournament`,
  );
  await refused(
    await replace(cap as Account, outsider.email, newcomer.email),
    400,
    `${outsider.email} is not in this team`,
  );

  // The member leaves: the team is a player short and the tournament cannot start.
  expect((await leave(mate as Account)).status).toBe(200);
  await refused(await leave(mate as Account), 403, "Only a member of the team can leave it");
  await refused(
    await td.client.json("POST", `/api/tournaments/${t.id}/start`),
    409,
    "Team Cue Balls is a player short: its captain names a replacement first",
  );
  // The captain names the replacement; the newcomer is told; the team plays.
  expect((await replace(cap as Account, (mate as Account).email, newcomer.email)).status).toBe(200);
  const team = ((await tournamentJson(t)).teams ?? []).find((x) => x.id === teamId);
  expect(team?.members.map((m) => m.name)).toEqual(["Cue Balls 1", "Newcomer"]);
  const outbox = (await (await app.client().get("/api/dev/outbox")).json()) as { to: string }[];
  expect(outbox.some((m) => m.to === newcomer.email)).toBe(true);
  // Swapping a current member works too, and the one who left may be named again.
  expect((await replace(cap as Account, newcomer.email, (mate as Account).email)).status).toBe(200);
  expect(await balances()).toEqual(before);

  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  await refused(await leave(mate as Account), 409, "A team can only change before the tournament starts");
  await refused(
    (await rivalCap?.client.json("PATCH", `/api/tournaments/${t.id}/teams/${teamId}`, {
      replace: { from: (mate as Account).email, to: outsider.email },
    })) as Response,
    403,
    "Only the team's captain can name a replacement",
  );
  await refused(
    await replace(cap as Account, (mate as Account).email, outsider.email),
    409,
    "A team can only change before the tournament starts",
  );
  // Nonsense is a 4xx, never a 500.
  expect((await cap?.client.json("PATCH", `/api/tournaments/${t.id}/teams/${teamId}`, { replace: "x" }))?.status).toBe(
    400,
  );
  expect((await cap?.client.json("POST", `/api/tournaments/${t.id}/teams/nope/leave`))?.status).toBe(404);
  await f.expectLedgerTrue();
});

test("the tournament page's team forms work without JavaScript: leave, then the captain fills the place", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { matchType: "2v2", maxPlayers: 4 });
  const [cap, mate] = (await enterTeam(t, "Cue Balls", 2)) as [Account, Account];
  const teamId = ((await tournamentJson(t)).teams ?? [])[0]?.id as string;
  const page = async (who: Account) =>
    (await (await who.client.get(`/tournament/${t.slug}`)).text()).replaceAll("<!-- -->", "");
  expect(await page(mate)).toContain("Leave team");
  expect(await page(cap)).not.toContain("Leave team");

  const left = await mate.client.postForm(`/tournament/${t.slug}/team`, {
    intent: "leave",
    tournamentId: t.id,
    teamId,
  });
  expect(left.status).toBe(302);
  expect(left.headers.get("location")).toBe(`/tournament/${t.slug}`);
  expect(await page(cap)).toContain("A player short");
  const newcomer = await f.player("Newcomer");
  const filled = await cap.client.postForm(`/tournament/${t.slug}/team`, {
    intent: "replace",
    tournamentId: t.id,
    teamId,
    from: "",
    to: newcomer.email,
  });
  expect(filled.status).toBe(302);
  const team = ((await tournamentJson(t)).teams ?? [])[0];
  expect(team?.members.map((m) => m.id)).toEqual([cap.id, newcomer.id]);
  // The captain swaps by the member's id (the page shows no e-mails); a refusal comes back as a toast.
  await cap.client.postForm(`/tournament/${t.slug}/team`, {
    intent: "replace",
    tournamentId: t.id,
    teamId,
    from: newcomer.id,
    to: mate.email,
  });
  expect(((await tournamentJson(t)).teams ?? [])[0]?.members.map((m) => m.id)).toEqual([cap.id, mate.id]);
  const refused = await mate.client.postForm(`/tournament/${t.slug}/team`, {
    intent: "replace",
    tournamentId: t.id,
    teamId,
    from: mate.id,
    to: newcomer.email,
  });
  expect(refused.status).toBe(302);
  expect(await page(mate)).toContain("Only the team&#x27;s captain can name a replacement");
  expect((await cap.client.get(`/tournament/${t.slug}/team`)).status).toBe(302);
});

test("Café, Cafe + U+0301 and CAFÉ are one team name: the second is refused, the name stored composed", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { matchType: "2v2", maxPlayers: 8 });
  const [cap, mate] = [await f.player("Cap"), await f.player("Mate")];
  expect((await join(cap, t, "Cafe\u0301", [mate.email])).status).toBe(200);
  for (const name of ["Caf\u00e9", "CAF\u00c9", "CAFE\u0301"]) {
    const [other, friend] = [await f.player(), await f.player()];
    const refused = await join(other, t, name, [friend.email]);
    expect(refused.status, name).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "A team name must be unique in this tournament",
    );
  }
  const stored = await f
    .sql()
    .execute({ sql: "select name, name_key from teams where tournament_id = ?", args: [t.id] });
  expect(stored.rows.map((r) => [r.name, r.name_key])).toEqual([["Caf\u00e9", "caf\u00e9"]]);
});
