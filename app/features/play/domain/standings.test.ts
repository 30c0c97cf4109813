import { expect, test } from "vitest";
import { type BracketMatch, withChanges } from "./bracket.ts";
import { applyResult } from "./apply-result.ts";
import { generateDoubleElimination } from "./double-elimination.ts";
import { knockoutStandings, placeText } from "./standings.ts";

const options = { raceTo: 5, now: 1 };
const entries = [
  { playerId: "p1", name: "Mo Patel" },
  { playerId: "p2", name: "Sam Hughes" },
  { playerId: "p3", name: "Liam O'Brien" },
];

function play(matches: BracketMatch[], id: string | undefined, winnerId: string, scores: [number, number]) {
  const match = matches.find((m) => m.id === id) as BracketMatch;
  const [player1Score, player2Score] = scores;
  return withChanges(matches, applyResult(matches, match.id, { winnerId, player1Score, player2Score }, options));
}

test("place text", () => {
  expect([placeText({ from: 1, to: 1 }), placeText({ from: 5, to: 6 })]).toEqual(["1", "5-6"]);
});

test("a three-entry double elimination: records as they are played, places as entries go out", () => {
  let n = 0;
  let matches = generateDoubleElimination(["p1", "p2", "p3"], () => `m${++n}`, 0, "reset");
  const find = (bracket: string, round: number) => matches.find((m) => m.bracket === bracket && m.round === round);
  expect(knockoutStandings(matches, entries).map((r) => [r.name, r.place, r.played])).toEqual([
    ["Liam O'Brien", null, 0],
    ["Mo Patel", null, 0],
    ["Sam Hughes", null, 0],
  ]);
  // p2 v p3 in round 1 (p1 has the bye); p3 drops through the losers' bye.
  matches = play(matches, matches.find((m) => m.round === 1 && !m.isBye)?.id, "p2", [5, 3]);
  matches = play(matches, find("winners", 2)?.id, "p1", [5, 4]);
  // The losers' final: p3 v p2; p3 wins and p2 is 3rd.
  matches = play(matches, find("losers", 2)?.id, "p3", [5, 1]);
  const rows = knockoutStandings(matches, entries);
  expect(rows[0]).toMatchObject({ name: "Sam Hughes", place: "3", played: 3, won: 1, lost: 2 });
  expect(rows[0]).toMatchObject({ racksFor: 5 + 4 + 1, racksAgainst: 3 + 5 + 5 });
  expect(rows.slice(1).map((r) => r.place)).toEqual([null, null]);
  matches = play(matches, find("grand_final", 1)?.id, "p1", [5, 2]);
  expect(knockoutStandings(matches, entries).map((r) => [r.name, r.place, r.won, r.lost])).toEqual([
    ["Mo Patel", "1", 2, 0],
    ["Liam O'Brien", "2", 1, 2],
    ["Sam Hughes", "3", 1, 2],
  ]);
});
