// A payment that lands after its hold lapsed: every path that turns a hold
// into an entry asserts again what the join asserted (a place, the team's
// name, its members in no other team), or gives the money back and makes no
// entry. Then finalize pays exactly the pool. Real Worker, real libSQL; the
// hold's expiry is moved into the past as the clock would.
import { expect, test } from "vitest";
import type { MatchView } from "../app/domain/play.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Team = { id: string; name: string; captainId: string; members: { id: string; name: string }[] };
type Match = Pick<MatchView, "id" | "status" | "player1Id" | "player2Id">;
type Verified = { success: boolean; paid: boolean; outcome?: string; message: string };

const teamEvent = { matchType: "2v2", maxPlayers: 8, entryFee: "10.00", siteFee: "1.00", rakeValue: "1.00" };

const join = (captain: Account, t: TournamentJson, teamName: string, teammates: Account[]) =>
  captain.client.json("POST", "/api/tournaments/join", {
    tournamentId: t.id,
    teamName,
    teammates: teammates.map((m) => m.email),
  });

/** Names the team and takes its hold; answers the payment intent to pay it with. */
async function nameTeam(captain: Account, t: TournamentJson, teamName: string, teammates: Account[]) {
  const response = await join(captain, t, teamName, teammates);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { paymentIntentId: string }).paymentIntentId;
}

const payByCard = async (who: Account, paymentIntentId: string) => {
  const paid = await who.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
    cardNumber: "4242424242424242",
  });
  expect(paid.status).toBe(200);
};

const verify = async (who: Account, paymentIntentId: string) => {
  const response = await who.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId });
  expect(response.status).toBe(200);
  return (await response.json()) as Verified;
};

/** The captain's hold ran out a second ago; the tidy-up has not run (or there is no cron). */
const expireHold = (t: TournamentJson, who: Account) =>
  f.sql().execute({
    sql: "update tournament_players set hold_expires_at = ? where tournament_id = ? and player_id = ?",
    args: [Date.now() - 1000, t.id, who.id],
  });

const detail = async (t: TournamentJson) =>
  (await (await app.client().get(`/api/tournaments/${t.slug}`)).json()) as TournamentJson & {
    playerCount: number;
    teams?: Team[];
  };

const players = (...names: string[]) => Promise.all(names.map((name) => f.player(name)));

test("a lapsed team's late payment finds its teammate and name taken: no entry, the money on the balance", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, teamEvent);
  const [ann, tom, bea, cal, dee] = (await players("Ann Captain", "Tom Teammate", "Bea", "Cal", "Dee")) as [
    Account,
    Account,
    Account,
    Account,
    Account,
  ];
  const late = await nameTeam(ann, t, "Alpha", [tom]);
  await expireHold(t, ann);
  // Another captain names the same teammate, a third the same name: both are free while Alpha's hold has lapsed.
  await payByCard(bea, await nameTeam(bea, t, "Bravo", [tom]));
  await payByCard(cal, await nameTeam(cal, t, "alpha", [dee]));

  await payByCard(ann, late);
  const answer = await verify(ann, late);
  expect(answer).toEqual({
    success: true,
    paid: false,
    outcome: "credited",
    message: "Your place could not be kept: Tom Teammate is already in another team. £22.00 was added to your balance.",
  });
  // Asked again (the return and the webhook both came): the same answer, the money credited once.
  expect(await verify(ann, late)).toEqual(answer);
  expect(await f.balance("player", ann.id)).toBe(2_200);
  expect(await f.count("transactions", "user_id = ? and tournament_id = ?", [ann.id, t.id])).toBe(1);
  expect(await f.count("payments", "id = ? and outcome = 'credited'", [late])).toBe(1);

  const after = await detail(t);
  expect(after.playerCount).toBe(2);
  expect((after.teams ?? []).map((team) => team.name).sort()).toEqual(["Bravo", "alpha"]);
  const tomsTeams = (after.teams ?? []).filter((team) => team.members.some((m) => m.id === tom.id));
  expect(tomsTeams.map((team) => team.name)).toEqual(["Bravo"]);
  await f.expectLedgerTrue();

  // The captain cannot pay the same team from the credited balance either: the join refuses it first.
  const again = await join(ann, t, "Alpha", [tom]);
  expect(again.status).toBe(409);
  expect(await f.balance("player", ann.id)).toBe(2_200);

  // The final between the two real teams, and finalize pays exactly the pool: 4 players × (£10 − £1).
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  if (!final?.player1Id) throw new Error("no final");
  expect((await td.client.json("PATCH", `/api/matches/${final.id}`, { winnerId: final.player1Id })).status).toBe(200);
  const finalize = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(finalize.status, await finalize.clone().text()).toBe(200);
  const paid = await f.sql().execute({
    sql: `select coalesce(sum(amount_pence), 0) as total, count(distinct user_id) as accounts, count(*) as n
      from transactions where tournament_id = ? and type = 'payout'`,
    args: [t.id],
  });
  expect([Number(paid.rows[0]?.total), Number(paid.rows[0]?.accounts), Number(paid.rows[0]?.n)]).toEqual([3_600, 4, 4]);
  expect(await f.balance("organiser", td.id)).toBe(400);
  expect(await f.balance("player", ann.id)).toBe(2_200);
  await f.expectLedgerTrue();
});

test("only the name was taken: the late captain is told so, and a racing return and webhook credit once", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, teamEvent);
  const [ann, tom, cal, dee] = (await players("Ann", "Tom", "Cal", "Dee")) as [Account, Account, Account, Account];
  const late = await nameTeam(ann, t, "Alpha", [tom]);
  await expireHold(t, ann);
  await payByCard(cal, await nameTeam(cal, t, "ALPHA", [dee]));

  // The card's success and three returns from checkout at once.
  const [, ...answers] = await Promise.all([
    payByCard(ann, late),
    ...Array.from({ length: 3 }, () =>
      ann.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId: late }),
    ),
  ]);
  for (const response of answers) expect(response.status).toBe(200);
  expect(await verify(ann, late)).toMatchObject({
    paid: false,
    message: 'Your place could not be kept: another team has taken the name "ALPHA". £22.00 was added to your balance.',
  });
  expect(await f.balance("player", ann.id)).toBe(2_200);
  expect(await f.count("transactions", "user_id = ?", [ann.id])).toBe(1);
  expect((await detail(t)).playerCount).toBe(1);
  await f.expectLedgerTrue();
});

test("a lapsed team whose name and members are still free is entered by its late payment", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, teamEvent);
  const [ann, tom, cal, dee] = (await players("Ann", "Tom", "Cal", "Dee")) as [Account, Account, Account, Account];
  const late = await nameTeam(ann, t, "Alpha", [tom]);
  await expireHold(t, ann);
  await payByCard(cal, await nameTeam(cal, t, "Charlie", [dee]));
  await payByCard(ann, late);
  expect(await verify(ann, late)).toMatchObject({ success: true, paid: true, message: "Payment successful" });
  expect((await detail(t)).playerCount).toBe(2);
  expect(await f.balance("player", ann.id)).toBe(0);
  await f.expectLedgerTrue();
});

test("a late single entry whose place was taken is refunded to the card, saying why", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 2 });
  const [slow] = await players("Slow");
  if (!slow) throw new Error("player");
  const joined = await slow.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
  const { paymentIntentId } = (await joined.json()) as { paymentIntentId: string };
  await expireHold(t, slow);
  await f.enter(t, 2);
  await payByCard(slow, paymentIntentId);
  expect(await verify(slow, paymentIntentId)).toEqual({
    success: true,
    paid: false,
    outcome: "refunded",
    message: "Your place could not be kept: the tournament is full. The payment was refunded to your card.",
  });
  expect(await f.balance("player", slow.id)).toBe(0);
  expect(await f.count("transactions", "user_id = ?", [slow.id])).toBe(0);
  await f.expectLedgerTrue();
});

test("finalize refuses, writing nothing, when what it would pay does not add up to the entry fees", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4 });
  await f.enter(t, 2);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  if (!final?.player1Id) throw new Error("no final");
  expect((await td.client.json("PATCH", `/api/matches/${final.id}`, { winnerId: final.player1Id })).status).toBe(200);
  // A prize already in the ledger for this tournament (only a defect could write one): with it, what finalize would
  // leave paid no longer adds up to the entry fees, which the batch checks against the rows themselves.
  const stray = await f.player("Stray");
  await f.sql().execute({
    sql: `insert into transactions (id, user_type, user_id, type, description, amount_pence, tournament_id,
      idempotency_key) values (?, 'player', ?, 'payout', 'Earlier prize', 500, ?, ?)`,
    args: [crypto.randomUUID(), stray.id, t.id, `stray:${t.id}`],
  });
  const before = await f.count("transactions", "tournament_id = ?", [t.id]);
  const refused = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    "The prizes and the rake do not add up to the entry fees: nothing was paid",
  );
  expect(await f.count("transactions", "tournament_id = ?", [t.id])).toBe(before);
  expect(await f.count("payouts", "tournament_id = ?", [t.id])).toBe(0);
  expect((await detail(t)).status).toBe("in_progress");
  await f.expectLedgerTrue();
});
