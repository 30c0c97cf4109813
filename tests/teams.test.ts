// Team events (issue 16): a captain enters a team, pays for all of it by card
// or from the balance, and its members see it; refusals in the words.
import { expect, test } from "vitest";
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
    [other, "Rivals", [third.email, "nobody@example.com"], 400, "No player account for nobody@example.com"],
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
