import { expect, test } from "vitest";
import { applyResult } from "./apply-result.ts";
import { totalRounds, withChanges } from "./bracket.ts";
import { champion, matchStats, places } from "./bracket-places.ts";
import { bracketOf, open, record } from "./bracket-testing.ts";
import { placeName } from "../../money/domain/money.ts";

test("total rounds and the champion", () => {
  expect(totalRounds([])).toBe(0);
  expect(champion([])).toBeNull();
  expect(totalRounds(bracketOf(5))).toBe(3);
  expect(totalRounds(bracketOf(512))).toBe(9);
  expect(champion(bracketOf(5))).toBeNull();
});

test("places and statistics of a scripted five-player tournament", () => {
  let matches = bracketOf(5);
  const inContention = { p1: null, p2: null, p3: null, p4: null, p5: null };
  expect(Object.fromEntries(places(matches))).toEqual(inContention);
  matches = record(matches, 1, 2, { winnerId: "p4", player1Score: 3, player2Score: 2 });
  // Round 1 has one real match: its loser is 5th on their own, at once.
  expect(Object.fromEntries(places(matches))).toEqual({ ...inContention, p5: { from: 5, to: 5 } });
  matches = record(matches, 2, 1, { winnerId: "p1" });
  matches = record(matches, 2, 2, { winnerId: "p3" });
  expect(champion(matches)).toBeNull();
  matches = record(matches, 3, 1, { winnerId: "p1" });
  expect(champion(matches)).toBe("p1");
  expect(Object.fromEntries(places(matches))).toEqual({
    p1: { from: 1, to: 1 },
    p3: { from: 2, to: 2 },
    p4: { from: 3, to: 4 },
    p2: { from: 3, to: 4 },
    p5: { from: 5, to: 5 },
  });
  // p2's bye is in no statistic; p1 and p3 had byes too.
  const records = [...matchStats(matches)].map(([p, { played, won }]) => [p, { played, won }]);
  expect(Object.fromEntries(records)).toEqual({
    p1: { played: 2, won: 2 },
    p2: { played: 1, won: 0 },
    p3: { played: 2, won: 1 },
    p4: { played: 2, won: 1 },
    p5: { played: 1, won: 0 },
  });
});

test("match statistics before any result: every player at 0, byes not counted", () => {
  const none = { played: 0, won: 0, racksWon: 0, racksLost: 0 };
  expect(Object.fromEntries(matchStats(bracketOf(3)))).toEqual({ p1: none, p2: none, p3: none });
});

test("place names: ordinals, and a range for a shared place", () => {
  const ranges = [
    [1, 1],
    [2, 2],
    [3, 3],
    [3, 4],
    [5, 8],
    [11, 11],
    [12, 12],
    [13, 16],
    [21, 21],
    [22, 24],
    [101, 101],
    [111, 112],
    [257, 512],
  ];
  expect(ranges.map(([from, to]) => placeName({ from: from as number, to: to as number }))).toEqual([
    "1st",
    "2nd",
    "3rd",
    "3rd-4th",
    "5th-8th",
    "11th",
    "12th",
    "13th-16th",
    "21st",
    "22nd-24th",
    "101st",
    "111th-112th",
    "257th-512th",
  ]);
});

test("match statistics count each side's racks won and lost, played matches only", () => {
  let matches = bracketOf(4);
  const [semi1, semi2] = matches.filter((m) => m.round === 1);
  if (!semi1?.player1Id || !semi2?.player2Id) throw new Error("four players fill both semi-finals");
  matches = withChanges(
    matches,
    applyResult(matches, semi1.id, { winnerId: semi1.player1Id, player1Score: 5, player2Score: 3 }, open),
  );
  matches = withChanges(
    matches,
    applyResult(matches, semi2.id, { winnerId: semi2.player2Id, outcome: "walkover" }, open),
  );
  const stats = matchStats(matches);
  expect(stats.get(semi1.player1Id)).toEqual({ played: 1, won: 1, racksWon: 5, racksLost: 3 });
  expect(stats.get(semi1.player2Id as string)).toEqual({ played: 1, won: 0, racksWon: 3, racksLost: 5 });
  // A walkover is no rack for anyone.
  expect(stats.get(semi2.player2Id)).toEqual({ played: 0, won: 0, racksWon: 0, racksLost: 0 });
});
