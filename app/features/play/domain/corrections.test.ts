import { expect, test } from "vitest";
import { type BracketMatch, withChanges } from "./bracket.ts";
import { generateBracket } from "./generate-bracket.ts";
import { applyResult } from "./apply-result.ts";
import { correctResult } from "./correct-result.ts";
import { describeMove, movesAtTables, movesKey, playersMoved } from "./corrections.ts";
import { generateDoubleElimination } from "./double-elimination.ts";

const NOW = 1_700_000_000_000;
const options = { raceTo: null, now: NOW };
const names: Record<string, string> = { p1: "Mo Patel", p2: "Bo", p3: "Cy", p4: "Liam O'Brien" };

function find(matches: readonly BracketMatch[], label: string, matchNumber = 1) {
  const match = matches.find((m) => m.label === label && m.matchNumber === matchNumber);
  if (!match) throw new Error(`no ${label} ${matchNumber}`);
  return match;
}

function win(matches: BracketMatch[], label: string, matchNumber: number, winnerId: string) {
  const match = find(matches, label, matchNumber);
  return withChanges(matches, applyResult(matches, match.id, { winnerId }, options));
}

/** Four players, both semi-finals played (Mo Patel and Cy won), the final on Table 1. */
function finalAtTable() {
  let next = 0;
  let matches = generateBracket(["p1", "p2", "p3", "p4"], () => `m${++next}`, NOW);
  matches = win(matches, "Semi-Finals", 1, "p1");
  matches = win(matches, "Semi-Finals", 2, "p3");
  return withChanges(matches, [{ id: find(matches, "Final").id, set: { status: "in_progress" } }]);
}

const named = (matches: readonly BracketMatch[], tables: Record<string, string>) =>
  matches.map((m) => ({
    ...m,
    player1: m.player1Id ? { name: names[m.player1Id] ?? m.player1Id } : null,
    player2: m.player2Id ? { name: names[m.player2Id] ?? m.player2Id } : null,
    tableName: tables[m.id] ?? null,
  }));

test("a corrected semi-final swaps the player in the final being played, and says so", () => {
  const matches = finalAtTable();
  const semi = find(matches, "Semi-Finals", 1);
  const final = find(matches, "Final");
  const changes = correctResult(matches, semi.id, { winnerId: "p4" }, options);
  const moves = playersMoved(matches, changes);
  expect(moves).toEqual([{ matchId: final.id, slot: 1, from: "p1", to: "p4" }]);
  expect(movesAtTables(matches, changes)).toEqual(moves);
  expect(describeMove(named(matches, { [final.id]: "Table 1" }), moves[0]!)).toBe(
    "The final on Table 1: Mo Patel → Liam O'Brien",
  );
  expect(movesKey(moves)).toBe(`${final.id}:1:p1:p4`);
});

test("nothing to confirm when the later match is not at a table, or only the scores change", () => {
  let next = 0;
  let matches = generateBracket(["p1", "p2", "p3", "p4"], () => `n${++next}`, NOW);
  matches = win(matches, "Semi-Finals", 1, "p1");
  const semi = find(matches, "Semi-Finals", 1);
  const changes = correctResult(matches, semi.id, { winnerId: "p4" }, options);
  expect(playersMoved(matches, changes)).toHaveLength(1);
  expect(movesAtTables(matches, changes)).toEqual([]);
  const atTable = finalAtTable();
  const scoresOnly = correctResult(
    atTable,
    find(atTable, "Semi-Finals", 1).id,
    { winnerId: "p1", player1Score: 5, player2Score: 2 },
    options,
  );
  expect(playersMoved(atTable, scoresOnly)).toEqual([]);
  expect(movesKey([])).toBe("");
});

test("double elimination: the winner's and the loser's next matches are named; rounds of several by number", () => {
  let next = 0;
  let matches = generateDoubleElimination(
    ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"],
    () => `d${++next}`,
    NOW,
    "reset",
  );
  for (const n of [1, 2, 3, 4]) {
    const m = find(matches, "Winners Quarter-Finals", n);
    matches = win(matches, "Winners Quarter-Finals", n, m.player1Id as string);
  }
  const quarter = find(matches, "Winners Quarter-Finals", 1);
  const semi = matches.find((m) => m.id === quarter.nextMatchId) as BracketMatch;
  const losers = matches.find((m) => m.id === quarter.loserMatchId) as BracketMatch;
  const playing = withChanges(matches, [
    { id: semi.id, set: { status: "in_progress" } },
    { id: losers.id, set: { status: "in_progress" } },
  ]);
  const changes = correctResult(playing, quarter.id, { winnerId: quarter.player2Id as string }, options);
  const moves = movesAtTables(playing, changes);
  expect(moves.map((m) => [m.matchId, m.from, m.to])).toEqual([
    [semi.id, quarter.player1Id, quarter.player2Id],
    [losers.id, quarter.player2Id, quarter.player1Id],
  ]);
  const lines = moves.map((m) => describeMove(named(playing, { [semi.id]: "Table 2", [losers.id]: "Table 3" }), m));
  expect(lines).toEqual([
    `Winners Semi-Finals match ${semi.matchNumber} on Table 2: Mo Patel → p8`,
    `Losers Round 1 match ${losers.matchNumber} on Table 3: p8 → Mo Patel`,
  ]);
});
