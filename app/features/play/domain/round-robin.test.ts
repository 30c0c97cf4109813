import fc from "fast-check";
import { expect, test } from "vitest";
import { type LeagueMatch, leagueStandings, roundRobinFixtures } from "./round-robin.ts";

const players = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

test("every pair meets exactly once and nobody plays twice in a round, for 2 to 32 entries", () => {
  for (let n = 2; n <= 32; n++) {
    const ids = players(n);
    const fixtures = roundRobinFixtures(ids);
    expect(fixtures).toHaveLength((n * (n - 1)) / 2);
    const pairs = new Set(fixtures.map((f) => [f.player1Id, f.player2Id].sort().join("|")));
    expect(pairs.size, `${n} entries: a pair met twice`).toBe(fixtures.length);
    const rounds = new Map<number, string[]>();
    for (const f of fixtures) rounds.set(f.round, [...(rounds.get(f.round) ?? []), f.player1Id, f.player2Id]);
    expect(rounds.size).toBe(n % 2 === 0 ? n - 1 : n);
    for (const [round, seen] of rounds) {
      expect(new Set(seen).size, `${n} entries, round ${round}`).toBe(seen.length);
      expect(seen.length).toBe(n % 2 === 0 ? n : n - 1);
    }
    // Match numbers run 1.. within each round, in order.
    for (const [round] of rounds) {
      const numbers = fixtures.filter((f) => f.round === round).map((f) => f.matchNumber);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  }
});

test("with an odd count each entry sits out exactly one round", () => {
  for (const n of [3, 5, 7, 15, 31]) {
    const fixtures = roundRobinFixtures(players(n));
    for (const id of players(n)) {
      const playing = new Set(fixtures.filter((f) => f.player1Id === id || f.player2Id === id).map((f) => f.round));
      expect(n - playing.size, `${id} of ${n}`).toBe(1);
    }
  }
});

test("nobody is always player 1", () => {
  const fixtures = roundRobinFixtures(players(8));
  for (const id of players(8)) {
    const first = fixtures.filter((f) => f.player1Id === id).length;
    expect(first, id).toBeGreaterThan(0);
    expect(first, id).toBeLessThan(7);
  }
});

test("sizes outside 2 to 32 and repeated entries are refused", () => {
  expect(() => roundRobinFixtures(players(1))).toThrow(RangeError);
  expect(() => roundRobinFixtures(players(33))).toThrow(RangeError);
  expect(() => roundRobinFixtures(["a", "b", "a"])).toThrow(RangeError);
});

const played = (player1Id: string, player2Id: string, s1: number, s2: number): LeagueMatch => ({
  player1Id,
  player2Id,
  player1Score: s1,
  player2Score: s2,
  winnerId: s1 > s2 ? player1Id : player2Id,
  outcome: "played",
});

const places = (rows: ReturnType<typeof leagueStandings>) => rows.map((r) => `${r.place}:${r.playerId}`);

test("standings go by wins first", () => {
  const rows = leagueStandings(
    ["a", "b", "c"],
    [played("a", "b", 5, 3), played("a", "c", 5, 4), played("b", "c", 5, 0)],
  );
  expect(places(rows)).toEqual(["1:a", "2:b", "3:c"]);
  expect(rows[0]).toMatchObject({ played: 2, won: 2, lost: 0, racksFor: 10, racksAgainst: 7 });
});

test("level on wins: head-to-head decides before rack difference", () => {
  // b has the better rack difference, but a beat b.
  const rows = leagueStandings(
    ["a", "b", "c", "d"],
    [
      played("a", "b", 5, 4),
      played("a", "c", 0, 5),
      played("b", "c", 5, 0),
      played("a", "d", 5, 4),
      played("b", "d", 5, 0),
      played("c", "d", 0, 5),
    ],
  );
  expect(rows.find((r) => r.playerId === "b")?.won).toBe(2);
  expect(rows.find((r) => r.playerId === "a")?.won).toBe(2);
  expect(places(rows).slice(0, 2)).toEqual(["1:a", "2:b"]);
});

test("a three-way tie on wins and head-to-head goes to rack difference, then racks won, then shares", () => {
  // a beats b, b beats c, c beats a: a cycle. Rack difference: a +8, c +5, b +2 (d is beaten by all).
  const cycle = [played("a", "b", 5, 1), played("b", "c", 5, 4), played("c", "a", 5, 4)];
  const beatD = [played("a", "d", 5, 0), played("b", "d", 5, 0), played("c", "d", 5, 0)];
  const rows = leagueStandings(["a", "b", "c", "d"], [...cycle, ...beatD]);
  expect(places(rows)).toEqual(["1:a", "2:c", "3:b", "4:d"]);

  // Identical records all round: they share the place, and the next place skips.
  const even = [played("a", "b", 5, 3), played("b", "c", 5, 3), played("c", "a", 5, 3)];
  const shared = leagueStandings(["a", "b", "c", "d"], [...even, ...beatD]);
  expect(places(shared)).toEqual(["1:a", "1:b", "1:c", "4:d"]);
});

test("walkovers count as a win and a loss without racks; a double forfeit is a loss for both", () => {
  const rows = leagueStandings(
    ["a", "b", "c"],
    [
      { player1Id: "a", player2Id: "b", player1Score: 0, player2Score: 0, winnerId: "a", outcome: "walkover" },
      { player1Id: "b", player2Id: "c", player1Score: 0, player2Score: 0, winnerId: null, outcome: "double_forfeit" },
      played("a", "c", 5, 2),
    ],
  );
  // b and c: no wins, no head-to-head winner; b's rack difference (0) beats c's (-3).
  expect(rows.map((r) => [r.playerId, r.won, r.lost, r.racksFor, r.racksAgainst])).toEqual([
    ["a", 2, 0, 5, 2],
    ["b", 0, 2, 0, 0],
    ["c", 0, 2, 2, 5],
  ]);
  expect(places(rows)).toEqual(["1:a", "2:b", "3:c"]);
});

test("undecided matches count for nothing; every entry has a row", () => {
  const rows = leagueStandings(["a", "b"], [{ ...played("a", "b", 5, 0), outcome: null, winnerId: null }]);
  expect(rows.map((r) => [r.place, r.played])).toEqual([
    [1, 0],
    [1, 0],
  ]);
});

// A fixture's score: player 1 takes 0 to 7 racks, player 2 the seven unless player 1 has them.
const score = fc.record({ player1: fc.integer({ min: 0, max: 7 }), player2IfBeaten: fc.integer({ min: 0, max: 6 }) });
// A league of 2 to 12 and the fixtures' scores, in turn and again from the first once used up (so a failure
// shrinks to a few scores).
const league = fc.record({
  n: fc.integer({ min: 2, max: 12 }),
  scores: fc.array(score, { minLength: 1, maxLength: 66 }),
});

test("random leagues: places are 1-based, never rise down the table, and every entry appears once", () => {
  fc.assert(
    fc.property(league, ({ n, scores }) => {
      const ids = players(n);
      const matches = roundRobinFixtures(ids).map((f, i) => {
        const { player1: s1, player2IfBeaten } = scores[i % scores.length] ?? { player1: 0, player2IfBeaten: 0 };
        return played(f.player1Id, f.player2Id, s1, s1 === 7 ? player2IfBeaten : 7);
      });
      const rows = leagueStandings(ids, matches);
      expect(rows.map((r) => r.playerId).sort()).toEqual([...ids].sort());
      expect(rows[0]?.place).toBe(1);
      for (let i = 1; i < rows.length; i++) {
        const [before, row] = [rows[i - 1], rows[i]];
        if (!before || !row) continue;
        expect(row.place).toBeGreaterThanOrEqual(before.place);
        expect(row.won).toBeLessThanOrEqual(before.won);
        if (row.place !== before.place) expect(row.place).toBe(i + 1);
      }
    }),
    { numRuns: 200 },
  );
});
