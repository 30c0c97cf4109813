import { expect, test } from "vitest";
import { generateDoubleElimination } from "./double-elimination.ts";
import { bracketRounds, unreachable } from "./bracket-rounds.ts";

const NOW = 1_700_000_000_000;

function drawn(entries: number) {
  let next = 0;
  const ids = Array.from({ length: entries }, (_, i) => `p${i + 1}`);
  return generateDoubleElimination(ids, () => `m${++next}`, NOW, "reset");
}

test("a bracket's rounds: every round the draw made, in order, named as its matches are", () => {
  const losers = drawn(16).filter((m) => m.bracket === "losers");
  expect(bracketRounds(losers).map((r) => [r.label, r.matches.length])).toEqual([
    ["Losers Round 1", 4],
    ["Losers Round 2", 4],
    ["Losers Round 3", 2],
    ["Losers Round 4", 2],
    ["Losers Semi-Final", 1],
    ["Losers Final", 1],
  ]);
  // Matches in order, whatever order they came in.
  const [first] = bracketRounds([...losers].reverse());
  expect(first?.matches.map((m) => m.matchNumber)).toEqual([1, 2, 3, 4]);
  // A row from before rounds were named.
  expect(bracketRounds([{ round: 2, matchNumber: 1, label: "" }])).toEqual([
    { round: 2, label: "Round 2", matches: [{ round: 2, matchNumber: 1, label: "" }] },
  ]);
});

test("the losers' side starts at Losers Round 1 for every entry count, even when that round is all byes", () => {
  for (let entries = 5; entries <= 40; entries++) {
    const losers = drawn(entries).filter((m) => m.bracket === "losers");
    const [first] = bracketRounds(losers);
    expect(first?.label, `${entries} entries`).toBe("Losers Round 1");
  }
  // Twelve entries: the first losers' round is four byes nobody has reached, and it is still the first round.
  const [first] = bracketRounds(drawn(12).filter((m) => m.bracket === "losers"));
  expect(first?.matches.every(unreachable)).toBe(true);
  // Three: a losers' bracket of two rounds, the first a bye.
  expect(bracketRounds(drawn(3).filter((m) => m.bracket === "losers")).map((r) => r.label)).toEqual([
    "Losers Semi-Final",
    "Losers Final",
  ]);
});
