import { expect, test } from "vitest";
import { tournamentResults } from "./results.ts";

const match = (
  round: number,
  matchNumber: number,
  [p1, p2]: [string, string],
  winnerId: string | null,
  nextMatchId: string | null,
) => ({
  id: `${round}/${matchNumber}`,
  bracket: "winners" as const,
  group: null,
  outcome: "played" as const,
  loserMatchId: null,
  player1Score: 0,
  player2Score: 0,
  round,
  matchNumber,
  player1Id: p1,
  player2Id: p2,
  player1: { name: p1.toUpperCase() },
  player2: { name: p2.toUpperCase() },
  winnerId,
  status: winnerId ? ("completed" as const) : ("pending" as const),
  isBye: false,
  nextMatchId,
});

const semis = [match(1, 1, ["mo", "liam"], "mo", "final"), match(1, 2, ["sam", "jo"], "jo", "final")];

test("the podium comes from the bracket: champion, runner-up, the semi-finalists; prizes as paid", () => {
  const results = tournamentResults(
    [...semis, match(2, 1, ["mo", "jo"], "jo", null)],
    [
      // Jo walked in as a guest: the prize was handed over in cash (DESIGN §10).
      { playerId: "mo", name: "MO", position: "2nd", amountPence: 4320 },
      { playerId: "jo", name: "JO", position: "1st", amountPence: 10080, paidInCash: true },
    ],
  );
  expect(results).toEqual({
    podium: [
      { position: "1st", label: "Champion", players: [{ playerId: "jo", name: "JO", prizePence: 10080 }] },
      { position: "2nd", label: "Runner-up", players: [{ playerId: "mo", name: "MO", prizePence: 4320 }] },
      {
        position: "3rd-4th",
        label: "Semi-finalists",
        players: [
          { playerId: "liam", name: "LIAM", prizePence: null },
          { playerId: "sam", name: "SAM", prizePence: null },
        ],
      },
    ],
    prizes: [
      { position: "1st", playerId: "jo", name: "JO", amountPence: 10080, paidInCash: true },
      { position: "2nd", playerId: "mo", name: "MO", amountPence: 4320, paidInCash: false },
    ],
  });
});

test("a two-player final has no semi-finalists; nothing paid leaves the prizes empty", () => {
  const results = tournamentResults([match(1, 1, ["a", "b"], "b", null)], []);
  expect(results?.podium.map((p) => [p.label, p.players.map((x) => x.name)])).toEqual([
    ["Champion", ["B"]],
    ["Runner-up", ["A"]],
  ]);
  expect(results?.prizes).toEqual([]);
});

test("no results until the final has one", () => {
  expect(tournamentResults([...semis, match(2, 1, ["mo", "jo"], null, null)], [])).toBeNull();
  expect(tournamentResults([], [])).toBeNull();
});

test("a team event's podium shows each team's prize as its members were paid together", () => {
  const results = tournamentResults(
    [...semis, match(2, 1, ["mo", "jo"], "jo", null)],
    [
      { playerId: "jo-1", entryId: "jo", name: "Jo's captain", position: "1st", amountPence: 5041 },
      { playerId: "jo-2", entryId: "jo", name: "Jo's mate", position: "1st", amountPence: 5040 },
      { playerId: "mo-1", entryId: "mo", name: "Mo's captain", position: "2nd", amountPence: 2160 },
      { playerId: "mo-2", entryId: "mo", name: "Mo's mate", position: "2nd", amountPence: 2160 },
    ],
  );
  expect(results?.podium.slice(0, 2)).toEqual([
    // The podium names the teams (their entries); the prizes their members.
    { position: "1st", label: "Champion", players: [{ playerId: "jo", name: "JO", prizePence: 10_081 }] },
    { position: "2nd", label: "Runner-up", players: [{ playerId: "mo", name: "MO", prizePence: 4320 }] },
  ]);
  expect(results?.prizes.map((p) => p.name)).toEqual(["Jo's captain", "Jo's mate", "Mo's captain", "Mo's mate"]);
  expect(results?.prizes.map((p) => p.playerId)).toEqual(["jo-1", "jo-2", "mo-1", "mo-2"]);
});

test("in a league a tie for 3rd is a shared place, not semi-finalists", () => {
  const league = (n: number, [p1, p2]: [string, string], winnerId: string | null) => ({
    ...match(1, n, [p1, p2], winnerId, null),
    bracket: "group" as const,
    status: "completed" as const,
    outcome: winnerId ? ("played" as const) : ("double_forfeit" as const),
  });
  const results = tournamentResults(
    [
      league(1, ["a", "b"], "a"),
      league(2, ["a", "c"], "a"),
      league(3, ["a", "d"], "a"),
      league(4, ["b", "c"], "b"),
      league(5, ["b", "d"], "b"),
      // Neither turned up: level on everything, they share 3rd-4th.
      league(6, ["c", "d"], null),
    ],
    [],
  );
  expect(results?.podium.map((p) => [p.position, p.label, p.players.map((x) => x.name)])).toEqual([
    ["1st", "Champion", ["A"]],
    ["2nd", "Runner-up", ["B"]],
    ["3rd-4th", "3rd-4th places", ["C", "D"]],
  ]);
});
