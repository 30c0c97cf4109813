import { expect, test } from "vitest";
import { type BracketMatch, withChanges } from "../../play/domain/bracket.ts";
import { applyResult } from "../../play/domain/apply-result.ts";
import { formatPlaces, generateFormat, isDecided, winnersOf } from "./formats.ts";

const ids = ["a", "b", "c"];
const options = { raceTo: null, now: 1 };
const formatOptions = { grandFinal: "reset", groupSize: 4, advancePerGroup: 2 } as const;

function league(): BracketMatch[] {
  let n = 0;
  return generateFormat("round_robin", ids, () => `m${++n}`, 0, formatOptions);
}

function play(
  matches: BracketMatch[],
  between: [string, string],
  result: { winnerId?: string; outcome?: "double_forfeit" },
) {
  const match = matches.find((m) => [m.player1Id, m.player2Id].sort().join() === [...between].sort().join());
  if (!match) throw new Error(`no match ${between}`);
  return withChanges(matches, applyResult(matches, match.id, result, options));
}

test("a round robin is drawn as group matches with no links, named by round", () => {
  const matches = league();
  expect(matches).toHaveLength(3);
  expect(matches.every((m) => m.bracket === "group" && m.nextMatchId === null && m.loserMatchId === null)).toBe(true);
  expect(matches.map((m) => m.label)).toEqual(["Round 1", "Round 2", "Round 3"]);
});

test("a league is decided with its last match; places and winners only then; a shared first place wins twice", () => {
  let matches = league();
  matches = play(matches, ["a", "b"], { winnerId: "a" });
  matches = play(matches, ["b", "c"], { winnerId: "b" });
  expect(isDecided(matches)).toBe(false);
  expect([...formatPlaces(matches, ids).values()]).toEqual([null, null, null]);
  expect(winnersOf(matches, ids)).toEqual([]);
  // c beats a: one win each, head-to-head level, no racks: all three share first.
  const tied = play(matches, ["a", "c"], { winnerId: "c" });
  expect(isDecided(tied)).toBe(true);
  expect(Object.fromEntries(formatPlaces(tied, ids))).toEqual({
    a: { from: 1, to: 3 },
    b: { from: 1, to: 3 },
    c: { from: 1, to: 3 },
  });
  expect(winnersOf(tied, ids).sort()).toEqual(["a", "b", "c"]);
  // A double forfeit in a league is a loss for both: a has two wins and is alone on top.
  const forfeit = play(matches, ["a", "c"], { outcome: "double_forfeit" });
  expect(Object.fromEntries(formatPlaces(forfeit, ids))).toEqual({
    a: { from: 1, to: 1 },
    b: { from: 2, to: 2 },
    c: { from: 3, to: 3 },
  });
  expect(winnersOf(forfeit, ids)).toEqual(["a"]);
});

test("a knockout is decided by its final", () => {
  let n = 0;
  let matches = generateFormat("single_elimination", ids, () => `m${++n}`, 0, formatOptions);
  expect(isDecided(matches)).toBe(false);
  expect(isDecided([])).toBe(false);
  for (const m of matches.filter((x) => !x.isBye)) {
    const current = matches.find((x) => x.id === m.id) as BracketMatch;
    if (current.player1Id && current.player2Id) {
      matches = withChanges(matches, applyResult(matches, m.id, { winnerId: current.player1Id }, options));
    }
  }
  const final = matches.find((m) => m.nextMatchId === null) as BracketMatch;
  if (final.status !== "completed") {
    matches = withChanges(matches, applyResult(matches, final.id, { winnerId: final.player1Id as string }, options));
  }
  expect(isDecided(matches)).toBe(true);
  expect(winnersOf(matches, ids)).toHaveLength(1);
});
