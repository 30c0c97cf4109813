// The formats beyond single elimination through the real Worker:
// create, start, the matches and standings APIs, corrections, finalize and payouts.
import { expect, test } from "vitest";
import type { MatchView } from "../app/features/play/domain/play.ts";
import { type Account, type TournamentJson, useFactories, validTournament } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = Omit<MatchView, "tableName" | "nextMatchId" | "loserMatchId">;

/** Plays every playable match until none is left; `pick` chooses each winner. */
async function playAll(td: Account, t: TournamentJson, pick: (m: Match, index: number) => string) {
  for (let played = 0; played < 200; ) {
    const playable = (await f.matchesOf<Match>(t)).filter(
      (m) => m.status !== "completed" && m.player1Id && m.player2Id,
    );
    if (playable.length === 0) return played;
    for (const m of playable) {
      const response = await td.client.json("PATCH", `/api/matches/${m.id}`, {
        winnerId: pick(m, played++),
        player1Score: 0,
        player2Score: 0,
      });
      expect(response.status, await response.clone().text()).toBe(200);
    }
  }
  throw new Error("the tournament did not end");
}

test("creating a double elimination: the grand final choice is checked and kept", async () => {
  const td = await f.organiser();
  const bad = await td.client.json("POST", "/api/tournaments", {
    ...validTournament({ tournamentType: "double_elimination" }),
    grandFinal: "best_of_three",
  });
  expect(bad.status).toBe(400);
  const body = (await bad.json()) as { errors?: Record<string, string[]>; message: string };
  expect(JSON.stringify(body)).toContain("Choose how the grand final is played");
  expect(await f.count("tournaments", "organiser_id = ?", [td.id])).toBe(0);

  const reset = await f.createTournament(td, { tournamentType: "double_elimination" });
  expect(reset).toMatchObject({ tournamentType: "double_elimination", grandFinal: "reset" });
  const single = await f.createTournament(td, { tournamentType: "double_elimination", grandFinal: "single" });
  expect(single.grandFinal).toBe("single");
  const knockout = await f.createTournament(td);
  expect(knockout.grandFinal).toBeNull();
});

test("six in a double elimination, start to payouts: brackets, labels, standings, 3rd and 4th", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, {
    tournamentType: "double_elimination",
    maxPlayers: 8,
    payoutStructure: "winner_ru_semi",
  });
  const entrants = await f.enter(t, 6);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);

  const start = await f.matchesOf<Match>(t);
  const count = (bracket: string) => start.filter((m) => m.bracket === bracket).length;
  expect([count("winners"), count("losers"), count("grand_final")]).toEqual([7, 6, 2]);
  expect(start.every((m) => m.group === null && m.outcome === "played")).toBe(true);
  expect([...new Set(start.map((m) => m.label))]).toEqual([
    "Winners Quarter-Finals",
    "Winners Semi-Finals",
    "Winners Final",
    "Losers Round 1",
    "Losers Round 2",
    "Losers Semi-Final",
    "Losers Final",
    "Grand Final",
    "Grand Final Reset",
  ]);
  // Rounds count within their bracket.
  expect(Math.max(...start.filter((m) => m.bracket === "losers").map((m) => m.round))).toBe(4);
  expect((await f.standingsOf(t)).every((row) => row.place === null && row.played === 0)).toBe(true);

  // The better-drawn player (player 1) wins everything, but the losers' champion takes the first grand final.
  const played = await playAll(
    td,
    t,
    (m) => (m.bracket === "grand_final" && m.round === 1 ? m.player2Id : m.player1Id) as string,
  );
  const end = await f.matchesOf<Match>(t);
  const reset = end.find((m) => m.label === "Grand Final Reset") as Match;
  expect(reset).toMatchObject({ status: "completed", isBye: false });
  // 5 + 4 real matches, the grand final and its reset: two losses for all but the champion.
  expect(played).toBe(11);

  const standings = await f.standingsOf(t);
  expect(standings.map((row) => row.place)).toEqual(["1", "2", "3", "4", "5-6", "5-6"]);
  expect(new Set(standings.map((row) => row.playerId))).toEqual(new Set(entrants.map((e) => e.id)));
  const [champion, runnerUp] = standings;
  expect(champion?.playerId).toBe(reset.winnerId);
  expect(champion?.lost).toBe(1);
  expect(standings.slice(1).every((row) => row.lost === 2)).toBe(true);
  expect(runnerUp?.name).toMatch(/^Player \d$/);

  // Winner 50%, runner-up 25%, 3rd and 4th 12.5% each of 6 × £9.00.
  const preview = (await (await td.client.get(`/api/tournaments/${t.id}/payout-preview`)).json()) as {
    playerId: string;
    position: string;
    amount: string;
  }[];
  expect(preview.map((row) => [row.position, row.amount])).toEqual([
    ["1st", "27.00"],
    ["2nd", "13.50"],
    ["3rd", "6.75"],
    ["4th", "6.75"],
  ]);
  expect(preview.map((row) => row.playerId)).toEqual(standings.slice(0, 4).map((row) => row.playerId));
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);
  expect(await f.balance("player", champion?.playerId as string)).toBe(2700);
  expect(await f.balance("player", standings[3]?.playerId as string)).toBe(675);
  await f.expectLedgerTrue();
});

test("double elimination corrections move both players; a result further on in the way is named", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { tournamentType: "double_elimination", maxPlayers: 4 });
  await f.enter(t, 4);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const [first, second] = (await f.matchesOf<Match>(t)).filter((m) => m.bracket === "winners" && m.round === 1);
  for (const m of [first, second] as Match[]) {
    await td.client.json("PATCH", `/api/matches/${m.id}`, { winnerId: m.player1Id });
  }
  // Correct the first: its winner and loser swap places in the winners' final and the losers' round 1.
  const corrected = await td.client.json("PATCH", `/api/matches/${first?.id}`, { winnerId: first?.player2Id });
  expect(corrected.status, await corrected.clone().text()).toBe(200);
  const after = await f.matchesOf<Match>(t);
  const winnersFinal = after.find((m) => m.label === "Winners Final") as Match;
  const losersFirst = after.find((m) => m.bracket === "losers" && m.round === 1) as Match;
  expect(winnersFinal.player1Id).toBe(first?.player2Id);
  expect(losersFirst.player1Id).toBe(first?.player1Id);
  // Once the losers' match is played, the first match can no longer change its winner.
  await td.client.json("PATCH", `/api/matches/${losersFirst.id}`, { winnerId: losersFirst.player1Id });
  const refused = await td.client.json("PATCH", `/api/matches/${first?.id}`, { winnerId: first?.player1Id });
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    "Losers Semi-Final · Match 1 already has a result: correct that one first",
  );
  expect((await f.matchesOf<Match>(t)).find((m) => m.id === first?.id)?.winnerId).toBe(first?.player2Id);
});

test("standings of an unknown tournament are a 404", async () => {
  const response = await app.client().get(`/api/tournaments/${crypto.randomUUID()}/standings`);
  expect(response.status).toBe(404);
});

test("walkovers and double forfeits by PATCH: checked, shown as W/O, in no statistics, paid by place", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4, payoutStructure: "winner_ru" });
  await f.enter(t, 4);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const [first, second, final] = await f.matchesOf<Match>(t);
  const patch = (id: string | undefined, body: Record<string, unknown>) =>
    td.client.json("PATCH", `/api/matches/${id}`, body);

  for (const [body, message] of [
    [{ outcome: "forfeit", winnerId: first?.player1Id }, "Outcome must be played, walkover or double_forfeit"],
    [{ outcome: "walkover" }, "Select the winner"],
    [{ outcome: "double_forfeit", winnerId: first?.player1Id }, "A double forfeit has no winner"],
  ] as const) {
    const refused = await patch(first?.id, body);
    expect(refused.status, JSON.stringify(body)).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(message);
  }
  expect((await f.matchesOf<Match>(t)).every((m) => m.status !== "completed")).toBe(true);

  const walkover = await patch(first?.id, { outcome: "walkover", winnerId: first?.player1Id, player1Score: 5 });
  expect(walkover.status, await walkover.clone().text()).toBe(200);
  expect((await patch(final?.id, { outcome: "double_forfeit" })).status).toBe(409);
  const forfeited = await patch(second?.id, { outcome: "double_forfeit" });
  expect(forfeited.status, await forfeited.clone().text()).toBe(200);

  const after = await f.matchesOf<Match>(t);
  expect(after.find((m) => m.id === first?.id)).toMatchObject({ outcome: "walkover", player1Score: 0 });
  expect(after.find((m) => m.id === second?.id)).toMatchObject({ outcome: "double_forfeit", winnerId: null });
  // Nobody comes out of the double forfeit: the final is a bye and the walkover's winner is champion.
  expect(after.find((m) => m.id === final?.id)).toMatchObject({
    isBye: true,
    status: "completed",
    winnerId: first?.player1Id,
  });
  const standings = await f.standingsOf(t);
  expect(standings.map((row) => row.place)).toEqual(["1", "2-4", "2-4", "2-4"]);
  expect(standings.every((row) => row.played === 0)).toBe(true);
  // The page shows W/O.
  const page = await (await app.client().get(`/tournament/${t.slug}?tab=bracket`)).text();
  expect(page.match(/>W\/O</g)?.length).toBe(2);

  // 70% to the champion, the runner-up's 30% shared by the three who share 2nd-4th.
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);
  expect(await f.balance("player", first?.player1Id as string)).toBe(2520);
  expect(await f.balance("player", first?.player2Id as string)).toBe(360);
  const stats = await f.sql().execute({
    sql: "select sum(matches_played) as played from player_stats where player_id in (?, ?)",
    args: [first?.player1Id as string, first?.player2Id as string],
  });
  expect(Number(stats.rows[0]?.played)).toBe(0);
  await f.expectLedgerTrue();
});

test("a round robin of five: every pair once, one sits out each round, standings, a correction, payouts", async () => {
  const td = await f.organiser();
  const tooBig = await td.client.json("POST", "/api/tournaments", {
    ...validTournament({ tournamentType: "round_robin", maxPlayers: 33 }),
  });
  expect(tooBig.status).toBe(400);
  const t = await f.createTournament(td, {
    tournamentType: "round_robin",
    maxPlayers: 5,
    payoutStructure: "winner_ru_semi",
  });
  const entrants = await f.enter(t, 5);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const fixtures = await f.matchesOf<Match>(t);
  expect(fixtures).toHaveLength(10);
  expect(fixtures.every((m) => m.bracket === "group" && m.group === null && m.label === `Round ${m.round}`)).toBe(true);
  const pairs = new Set(fixtures.map((m) => [m.player1Id, m.player2Id].sort().join(" v ")));
  expect(pairs.size).toBe(10);
  for (let round = 1; round <= 5; round++) {
    const playing = fixtures.filter((m) => m.round === round).flatMap((m) => [m.player1Id, m.player2Id]);
    expect(playing).toHaveLength(4);
    expect(new Set(playing).size).toBe(4);
  }

  // The earlier-entered player wins each match 5-2 (one by walkover), so the table is the entry order.
  const rank = new Map(entrants.map((e, i) => [e.id, i]));
  const better = (m: Match) =>
    (rank.get(m.player1Id as string) ?? 0) < (rank.get(m.player2Id as string) ?? 0) ? m.player1Id : m.player2Id;
  for (const [index, m] of fixtures.entries()) {
    const winnerId = better(m);
    const body =
      index === 0
        ? { outcome: "walkover", winnerId }
        : { winnerId, player1Score: winnerId === m.player1Id ? 5 : 2, player2Score: winnerId === m.player1Id ? 2 : 5 };
    const response = await td.client.json("PATCH", `/api/matches/${m.id}`, body);
    expect(response.status, await response.clone().text()).toBe(200);
    if (index < fixtures.length - 1) {
      // Places come when every match is decided.
      expect((await f.standingsOf(t)).every((row) => row.place === null)).toBe(true);
    }
  }
  const standings = await f.standingsOf(t);
  expect(standings.map((row) => row.playerId)).toEqual(entrants.map((e) => e.id));
  expect(standings.map((row) => [row.place, row.won, row.lost])).toEqual([
    ["1", 4, 0],
    ["2", 3, 1],
    ["3", 2, 2],
    ["4", 1, 3],
    ["5", 0, 4],
  ]);
  // A correction in a league moves nothing else: the top two's match goes the other way, the table follows.
  const [first, second] = entrants.map((e) => e.id);
  const topTwo = fixtures.find((m) => [m.player1Id, m.player2Id].sort().join() === [first, second].sort().join());
  const corrected = await td.client.json("PATCH", `/api/matches/${topTwo?.id}`, {
    winnerId: second,
    player1Score: topTwo?.player1Id === second ? 5 : 4,
    player2Score: topTwo?.player1Id === second ? 4 : 5,
  });
  expect(corrected.status, await corrected.clone().text()).toBe(200);
  const after = await f.standingsOf(t);
  expect(after.map((row) => [row.playerId, row.place, row.won])).toEqual([
    [second, "1", 4],
    [first, "2", 3],
    ...entrants.slice(2).map((e, i) => [e.id, String(i + 3), 2 - i]),
  ]);

  // Payouts follow the table: 5 × £9 = £45, 50% / 25% / 12.5% / 12.5%.
  const preview = (await (await td.client.get(`/api/tournaments/${t.id}/payout-preview`)).json()) as {
    playerId: string;
    position: string;
    amount: string;
  }[];
  expect(preview.map((row) => [row.playerId, row.position])).toEqual(
    after.slice(0, 4).map((row, i) => [row.playerId, ["1st", "2nd", "3rd", "4th"][i]]),
  );
  expect(preview.slice(0, 2).map((row) => row.amount)).toEqual(["22.50", "11.25"]);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);
  expect(await f.balance("player", second as string)).toBe(2250);
  const won = await f.sql().execute({
    sql: "select player_id, tournaments_won from player_stats where player_id in (?, ?)",
    args: [first as string, second as string],
  });
  expect(Object.fromEntries(won.rows.map((r) => [r.player_id, Number(r.tournaments_won)]))).toEqual({
    [first as string]: 0,
    [second as string]: 1,
  });
  await f.expectLedgerTrue();
  // Archive after the last match would skip the payouts: it is already finished anyway.
  expect((await td.client.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "open" })).status).toBe(409);
});

test("seeding: PUT /seeds or the form while open, the draw follows it, refused once started", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4, seeding: "manual" });
  expect(t.seeding).toBe("manual");
  const entrants = await f.enter(t, 4);
  const [a, b, c, d] = entrants.map((e) => e.id) as [string, string, string, string];

  const stranger = await f.organiser("Other Director");
  expect((await stranger.client.json("PUT", `/api/tournaments/${t.id}/seeds`, { order: [a, b, c, d] })).status).toBe(
    403,
  );
  for (const order of [[a, b, c], [a, a, b, c], [a, b, c, "someone"], "abcd"]) {
    const refused = await td.client.json("PUT", `/api/tournaments/${t.id}/seeds`, { order });
    expect(refused.status, JSON.stringify(order)).toBe(400);
  }
  // An order saved without an entry that paid meanwhile says what is missing.
  const missing = await td.client.json("PUT", `/api/tournaments/${t.id}/seeds`, { order: [a, b, c] });
  expect(((await missing.json()) as { message: string }).message).toBe("The order must list every paid entry once");
  // The form without JavaScript: numbers per entry.
  const page = `/tournament/${t.slug}`;
  expect(await (await td.client.get(page)).text()).toContain("Seeding");
  await td.client.pagePost(page, {
    intent: "seeds",
    [`seed:${a}`]: "4",
    [`seed:${b}`]: "3",
    [`seed:${c}`]: "2",
    [`seed:${d}`]: "1",
  });
  const seeds = await f.sql().execute({
    sql: "select player_id, seed from tournament_players where tournament_id = ? order by seed",
    args: [t.id],
  });
  expect(seeds.rows.map((r) => r.player_id)).toEqual([d, c, b, a]);
  // The API: a, b, c, d as seeds 1 to 4; the draw puts 1 v 4 and 2 v 3.
  const saved = await td.client.json("PUT", `/api/tournaments/${t.id}/seeds`, { order: [a, b, c, d] });
  expect(saved.status, await saved.clone().text()).toBe(200);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const firstRound = (await f.matchesOf<Match>(t)).filter((m) => m.round === 1);
  expect(firstRound.map((m) => [m.player1Id, m.player2Id])).toEqual([
    [a, d],
    [b, c],
  ]);
  const late = await td.client.json("PUT", `/api/tournaments/${t.id}/seeds`, { order: [a, b, c, d] });
  expect(late.status).toBe(409);
  expect(((await late.json()) as { message: string }).message).toBe(
    "Seeds can only be set while the tournament is open",
  );
});

test("a league's and a groups event's page describe the prizes by place; a knockout's by rounds reached", async () => {
  const td = await f.organiser();
  const prizes = async (overrides: Record<string, unknown>) => {
    const t = await f.createTournament(td, { payoutStructure: "winner_ru_semi", ...overrides });
    const html = (await (await app.client().get(`/tournament/${t.slug}?tab=details`)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    return html;
  };
  for (const tournamentType of ["round_robin", "round_robin_tier", "double_elimination"]) {
    const html = await prizes({ tournamentType, maxPlayers: 8 });
    expect(html, tournamentType).toContain("Top 4 (50% / 25% / 12.5% each for 3rd and 4th)");
    expect(html, tournamentType).not.toMatch(/semi-finalist/i);
  }
  expect(await prizes({ tournamentType: "single_elimination" })).toContain(
    "Winner, runner-up and semi-finalists (50% / 25% / 12.5% each semi-finalist)",
  );
});
