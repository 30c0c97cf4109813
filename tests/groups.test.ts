// Groups into a knockout through the real Worker: create, start,
// the groups' round robins, the knockout drawn by the last group result (also
// when the last two land at once), a corrected group moving the knockout's
// entrants, standings with groups, finalize and payouts.
import { expect, test } from "vitest";
import { knockoutEntrants } from "../app/features/play/domain/groups.ts";
import type { MatchView } from "../app/features/play/domain/play.ts";
import type { StandingRow } from "../app/features/play/domain/standings.ts";
import { type Account, useFactories, validTournament } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = Omit<MatchView, "tableName" | "nextMatchId" | "loserMatchId">;

async function record(td: Account, m: Match, winnerId: string, scores: [number, number] = [5, 2]) {
  const [winnerScore, loserScore] = scores;
  return td.client.json("PATCH", `/api/matches/${m.id}`, {
    winnerId,
    player1Score: winnerId === m.player1Id ? winnerScore : loserScore,
    player2Score: winnerId === m.player1Id ? loserScore : winnerScore,
  });
}

/** A group's members best first, where `rank` decides every group match (so the table is strict). */
const groupOrder = (rows: readonly StandingRow[], group: string, rank: Map<string, number>) =>
  rows
    .filter((row) => row.group === group)
    .map((row) => row.playerId)
    .sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));

test("creating groups into a knockout: group size and how many go through are checked per field and kept", async () => {
  const td = await f.organiser();
  const bad = async (overrides: Record<string, unknown>, field: string, message: string) => {
    const response = await td.client.json("POST", "/api/tournaments", {
      ...validTournament({ tournamentType: "round_robin_tier" }),
      ...overrides,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors?: Record<string, string[]> };
    expect(body.errors?.[field]).toContain(message);
  };
  await bad({ groupSize: 2 }, "groupSize", "Groups have at least 3 players");
  await bad({ groupSize: 9 }, "groupSize", "Groups have at most 8 players");
  await bad({ groupSize: "four" }, "groupSize", "Group size must be a whole number");
  await bad({ advancePerGroup: 0 }, "advancePerGroup", "At least 1 player goes through from each group");
  await bad({ advancePerGroup: 5, groupSize: 8 }, "advancePerGroup", "At most 4 players go through from each group");
  await bad(
    { groupSize: 3, advancePerGroup: 3 },
    "advancePerGroup",
    "Fewer must go through from a group than play in it",
  );
  await bad(
    { maxPlayers: 6, groupSize: 8, advancePerGroup: 1 },
    "advancePerGroup",
    "At least 2 players must reach the knockout: smaller groups, or more going through",
  );
  await bad({ maxPlayers: 5 }, "maxPlayers", "Groups into a knockout take 6 to 128 players");
  await bad({ maxPlayers: 129 }, "maxPlayers", "Groups into a knockout take 6 to 128 players");
  expect(await f.count("tournaments", "organiser_id = ?", [td.id])).toBe(0);

  const defaults = await f.createTournament(td, { tournamentType: "round_robin_tier" });
  expect(defaults).toMatchObject({ tournamentType: "round_robin_tier", groupSize: 4, advancePerGroup: 2 });
  const chosen = await f.createTournament(td, { tournamentType: "round_robin_tier", groupSize: 5, advancePerGroup: 3 });
  expect(chosen).toMatchObject({ groupSize: 5, advancePerGroup: 3 });
  // Other types have no groups.
  expect(await f.createTournament(td, { groupSize: 5 })).toMatchObject({ groupSize: null, advancePerGroup: null });
});

test("ten in groups of four, two through: groups, the knockout drawn once, a correction, finalize", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, {
    tournamentType: "round_robin_tier",
    maxPlayers: 12,
    payoutStructure: "winner_ru_semi",
  });
  const entrants = await f.enter(t, 10);
  // The earlier entrant wins every group match: each group's table is strict.
  const rank = new Map(entrants.map((e, index) => [e.id, index]));
  const better = (m: Match) =>
    ((rank.get(m.player1Id ?? "") ?? 0) < (rank.get(m.player2Id ?? "") ?? 0) ? m.player1Id : m.player2Id) as string;
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);

  const start = await f.matchesOf<Match>(t);
  expect(start.every((m) => m.bracket === "group" && m.outcome === "played" && m.status === "pending")).toBe(true);
  // Snake-seeded 10 into three groups (A B C, C B A, A B C, C): 3, 3 and 4 — three, three and six matches.
  const perGroup = (g: string) => start.filter((m) => m.group === g).length;
  expect([perGroup("A"), perGroup("B"), perGroup("C")]).toEqual([3, 3, 6]);
  expect(start.find((m) => m.group === "B" && m.round === 2)?.label).toBe("Group B · Round 2");
  const before = await f.standingsOf(t);
  expect(before).toHaveLength(10);
  expect(before.every((row) => row.place === null && row.group !== null)).toBe(true);
  expect(new Set(before.map((row) => row.playerId))).toEqual(new Set(entrants.map((e) => e.id)));
  // The page says how the knockout comes.
  const page = await (await app.client().get(`/tournament/${t.slug}?tab=bracket`)).text();
  expect(page).toContain("Group C");
  expect(page).toContain("The knockout is drawn when the last group match is decided");
  // Before it is drawn, the groups come first.
  expect(page.indexOf('id="group-a"')).toBeLessThan(page.indexOf('id="knockout"'));

  // Every group match but the last two, which land at once.
  const [last, secondLast, ...rest] = [...start].reverse();
  for (const m of rest.reverse()) expect((await record(td, m, better(m))).status).toBe(200);
  expect(await f.count("matches", "tournament_id = ? and bracket = 'knockout'", [t.id])).toBe(0);
  const both = await Promise.all([secondLast, last].map((m) => record(td, m as Match, better(m as Match))));
  expect(both.map((r) => r.status)).toEqual([200, 200]);
  // Six through: a bracket of eight with two byes for group winners — seven matches, drawn once.
  expect(await f.count("matches", "tournament_id = ? and bracket = 'knockout'", [t.id])).toBe(7);
  const drawn = await f.matchesOf<Match>(t);
  const knockout = drawn.filter((m) => m.bracket === "knockout");
  expect(knockout.every((m) => m.group === null)).toBe(true);
  expect([...new Set(knockout.map((m) => m.label))]).toEqual(["Quarter-Finals", "Semi-Finals", "Final"]);
  const groups = await f.standingsOf(t);
  const through = ["A", "B", "C"].flatMap((g) => groupOrder(groups, g, rank).slice(0, 2));
  expect(knockoutEntrants(drawn)).toEqual(new Set(through));
  // Those the groups put out are placed at once: the three thirds share 7th-9th, group C's fourth is 10th.
  expect(groups.filter((row) => row.place !== null).map((row) => row.place)).toEqual(["7-9", "7-9", "7-9", "10"]);
  // Once drawn, the knockout comes first on the page; the groups after it.
  const drawnPage = await (await app.client().get(`/tournament/${t.slug}?tab=bracket`)).text();
  expect(drawnPage.indexOf('id="knockout"')).toBeGreaterThan(0);
  expect(drawnPage.indexOf('id="knockout"')).toBeLessThan(drawnPage.indexOf('id="group-a"'));
  expect(drawnPage).not.toContain("The knockout is drawn when the last group match is decided");

  // A corrected group C result puts its third through instead of its second, while the knockout is unplayed.
  const [, second, third] = groupOrder(groups, "C", rank);
  const between = drawn.find(
    (m) => m.group === "C" && [m.player1Id, m.player2Id].sort().join() === [second, third].sort().join(),
  ) as Match;
  const corrected = await record(td, between, third as string);
  expect(corrected.status, await corrected.clone().text()).toBe(200);
  const moved = await f.matchesOf<Match>(t);
  expect(knockoutEntrants(moved).has(third as string)).toBe(true);
  expect(knockoutEntrants(moved).has(second as string)).toBe(false);
  expect(await f.count("matches", "tournament_id = ? and bracket = 'knockout'", [t.id])).toBe(7);

  // Play the knockout: player 1 wins. Then the correction back is refused, naming the match in the way.
  for (let round = 1; round <= 3; round++) {
    const ready = (await f.matchesOf<Match>(t)).filter(
      (m) => m.bracket === "knockout" && m.round === round && m.status !== "completed",
    );
    for (const m of ready) expect((await record(td, m, m.player1Id as string)).status).toBe(200);
  }
  const end = await f.matchesOf<Match>(t);
  const thirdsMatch = end.find(
    (m) => m.bracket === "knockout" && m.round === 1 && (m.player1Id === third || m.player2Id === third),
  ) as Match;
  const refused = await record(td, between, second as string);
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    new RegExp(`^(${thirdsMatch.label}|Semi-Finals) · Match \\d already has a result: correct that one first$`),
  );

  const standings = await f.standingsOf(t);
  expect(standings.map((row) => row.place)).toEqual(["1", "2", "3-4", "3-4", "5-6", "5-6", "7-9", "7-9", "7-9", "10"]);
  const final = end.find((m) => m.bracket === "knockout" && m.label === "Final");
  expect(standings[0]?.playerId).toBe(final?.winnerId);

  // Winner 50%, runner-up 25%, semi-finalists 12.5% each of 10 × £9.00.
  const preview = (await (await td.client.get(`/api/tournaments/${t.id}/payout-preview`)).json()) as {
    playerId: string;
    position: string;
    amount: string;
  }[];
  expect(preview.map((row) => [row.position, row.amount])).toEqual([
    ["1st", "45.00"],
    ["2nd", "22.50"],
    ["3rd-4th", "11.25"],
    ["3rd-4th", "11.25"],
  ]);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);
  expect(await f.balance("player", standings[0]?.playerId as string)).toBe(4500);
  const stats = await f.sql().execute({
    sql: "select matches_played, tournaments_won from player_stats where player_id = ?",
    args: [standings[0]?.playerId as string],
  });
  // A champion from group A or B/C played 3 or 2 group matches and 2 or 3 knockout matches (a bye is none).
  expect(Number(stats.rows[0]?.matches_played)).toBeGreaterThanOrEqual(4);
  expect(Number(stats.rows[0]?.tournaments_won)).toBe(1);
  await f.expectLedgerTrue();
});

test("too few paid for the groups asked for: start says so and draws nothing", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, {
    tournamentType: "round_robin_tier",
    maxPlayers: 8,
    groupSize: 3,
    advancePerGroup: 2,
  });
  await f.enter(t, 2);
  const response = await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  expect(response.status).toBe(409);
  expect(((await response.json()) as { message: string }).message).toContain("too few for groups");
  expect(await f.count("matches", "tournament_id = ?", [t.id])).toBe(0);
  expect(await f.count("tournaments", "id = ? and status = 'open'", [t.id])).toBe(1);
});

test("archive and restore: the groups are discarded, the entries kept, and a new start draws them again", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { tournamentType: "round_robin_tier", maxPlayers: 8 });
  await f.enter(t, 8);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [first] = await f.matchesOf<Match>(t);
  expect((await record(td, first as Match, first?.player1Id as string)).status).toBe(200);
  const archived = await td.client.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "finished" });
  expect(archived.status).toBe(200);
  const restored = await td.client.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "open" });
  expect(restored.status).toBe(200);
  expect(await f.count("matches", "tournament_id = ?", [t.id])).toBe(0);
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(8);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  // Two groups of four again: twelve group matches, nothing of the knockout yet.
  const again = await f.matchesOf<Match>(t);
  expect(again.filter((m) => m.bracket === "group")).toHaveLength(12);
  expect(again.every((m) => m.status === "pending")).toBe(true);
});
