import { expect, test } from "vitest";
import { applyResult, type ResultInput } from "./apply-result.ts";
import { playableMatches, withChanges } from "./bracket.ts";
import { champion } from "./bracket-places.ts";
import { at, bracketOf, expectDomainError, NOW, open, record } from "./bracket-testing.ts";
import type { DomainError } from "../../../domain/errors.ts";

test("a result completes the match and moves the winner into the next match's slot", () => {
  const matches = bracketOf(5);
  const m2 = at(matches, 1, 2);
  expect(applyResult(matches, m2.id, { winnerId: "p5", player1Score: 3, player2Score: 5 }, open)).toEqual([
    {
      id: "m2",
      set: { player1Score: 3, player2Score: 5, winnerId: "p5", status: "completed", completedAt: NOW + 1 },
    },
    { id: "m5", set: { player2Id: "p5" } },
  ]);
  const m6 = at(matches, 2, 2);
  expect(applyResult(matches, m6.id, { winnerId: "p2" }, open)).toEqual([
    { id: "m6", set: { player1Score: 0, player2Score: 0, winnerId: "p2", status: "completed", completedAt: NOW + 1 } },
    { id: "m7", set: { player2Id: "p2" } },
  ]);
});

test("missing or null scores are stored as 0, and one score alone is kept", () => {
  const matches = bracketOf(4);
  const id = at(matches, 1, 1).id;
  const set = (result: ResultInput) => applyResult(matches, id, result, open)[0]?.set;
  expect(set({ winnerId: "p1", player1Score: null, player2Score: null })).toMatchObject({
    player1Score: 0,
    player2Score: 0,
  });
  expect(set({ winnerId: "p1", player2Score: 4 })).toMatchObject({ player1Score: 0, player2Score: 4 });
  expect(set({ winnerId: "p4", player2Score: 7 })).toMatchObject({ player1Score: 0, player2Score: 7 });
});

test("equal scores are allowed: DESIGN forbids only a lower winner's score", () => {
  const matches = bracketOf(4);
  const tied = { winnerId: "p4", player1Score: 2, player2Score: 2 };
  const changes = applyResult(matches, at(matches, 1, 1).id, tied, open);
  expect(changes[0]?.set).toMatchObject({ player1Score: 2, player2Score: 2, winnerId: "p4" });
});

test("the final's result changes only the final", () => {
  let matches = bracketOf(2);
  const changes = applyResult(matches, "m1", { winnerId: "p2", player1Score: 1, player2Score: 3 }, open);
  expect(changes).toEqual([
    { id: "m1", set: { player1Score: 1, player2Score: 3, winnerId: "p2", status: "completed", completedAt: NOW + 1 } },
  ]);
  matches = withChanges(matches, changes);
  expect(champion(matches)).toBe("p2");
});

test("a match at a table (in_progress) can get a result", () => {
  const matches = withChanges(bracketOf(4), [{ id: "m1", set: { status: "in_progress" } }]);
  expect(playableMatches(matches).map((m) => m.id)).toEqual(["m1", "m2"]);
  const changes = applyResult(matches, "m1", { winnerId: "p1" }, open);
  expect(changes[0]?.set.status).toBe("completed");
});

test("recording refuses unknown matches, matches with a result and matches waiting for a player", () => {
  let matches = bracketOf(5);
  const ok: ResultInput = { winnerId: "p4" };
  expectDomainError(() => applyResult(matches, "nope", ok, open), 404, "Match not found");
  // A bye already has its result.
  expectDomainError(
    () => applyResult(matches, at(matches, 1, 1).id, { winnerId: "p1" }, open),
    409,
    "This match already has a result",
  );
  matches = record(matches, 1, 2, ok);
  expectDomainError(() => applyResult(matches, at(matches, 1, 2).id, ok, open), 409, "This match already has a result");
  // State comes before input: a finished match with a bad winner is still 409.
  expectDomainError(
    () => applyResult(matches, at(matches, 1, 2).id, { winnerId: "p9" }, open),
    409,
    "This match already has a result",
  );
  const fresh = bracketOf(5);
  const waiting = "Both players must be in the match before a result can be recorded";
  expectDomainError(() => applyResult(fresh, at(fresh, 2, 1).id, { winnerId: "p1" }, open), 409, waiting);
  expectDomainError(() => applyResult(fresh, at(fresh, 3, 1).id, { winnerId: "p1" }, open), 409, waiting);
});

test("recording refuses a winner who is not in the match", () => {
  const matches = bracketOf(5);
  const id = at(matches, 1, 2).id;
  for (const winnerId of ["p1", "p9", "", "P4"]) {
    const message = "The winner must be one of the two players";
    expectDomainError(() => applyResult(matches, id, { winnerId }, open), 400, message);
  }
});

test("recording refuses scores that are not whole numbers of 0 or more", () => {
  const matches = bracketOf(4);
  const id = at(matches, 1, 1).id;
  const bad: unknown[] = [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, "3", true];
  for (const score of bad) {
    for (const field of ["player1Score", "player2Score"] as const) {
      const result = { winnerId: "p1", [field]: score } as unknown as ResultInput;
      expectDomainError(() => applyResult(matches, id, result, open), 400, "Scores must be whole numbers of 0 or more");
    }
  }
});

test("recording refuses a winner's score lower than the loser's", () => {
  const matches = bracketOf(4);
  const id = at(matches, 1, 1).id;
  const message = "The winner's score can't be lower than the loser's";
  const refuse = (result: ResultInput) => expectDomainError(() => applyResult(matches, id, result, open), 400, message);
  refuse({ winnerId: "p1", player1Score: 2, player2Score: 3 });
  refuse({ winnerId: "p4", player1Score: 1, player2Score: 0 });
});

test("with a race set, no score may be above it; without one any score goes", () => {
  const matches = bracketOf(4);
  const id = at(matches, 1, 1).id;
  const race = { raceTo: 5, now: NOW };
  const message = "Scores can't be more than the race to 5";
  const refuse = (result: ResultInput) => expectDomainError(() => applyResult(matches, id, result, race), 400, message);
  refuse({ winnerId: "p1", player1Score: 6, player2Score: 2 });
  refuse({ winnerId: "p1", player1Score: 6 });
  // Only the loser's score given, above the race: still refused.
  refuse({ winnerId: "p1", player2Score: 6 });
  expect(applyResult(matches, id, { winnerId: "p1", player1Score: 5, player2Score: 4 }, race)).toHaveLength(2);
  expect(applyResult(matches, id, { winnerId: "p1", player1Score: 0, player2Score: 0 }, race)).toHaveLength(2);
  expect(applyResult(matches, id, { winnerId: "p1", player1Score: 99, player2Score: 98 }, open)).toHaveLength(2);
  expectDomainError(
    () => applyResult(matches, id, { winnerId: "p1", player1Score: 2, player2Score: 2 }, { raceTo: 1, now: NOW }),
    400,
    "Scores can't be more than the race to 1",
  );
});

test("errors carry the form field they belong to", () => {
  const matches = bracketOf(4);
  const id = at(matches, 1, 1).id;
  const fieldOf = (result: ResultInput, raceTo: number | null = null) => {
    try {
      applyResult(matches, id, result, { raceTo, now: NOW });
    } catch (error) {
      return (error as DomainError).field;
    }
    return "no error";
  };
  expect(fieldOf({ winnerId: "x" })).toBe("winnerId");
  expect(fieldOf({ winnerId: "p1", player2Score: -1 })).toBe("player2Score");
  expect(fieldOf({ winnerId: "p4", player1Score: 3, player2Score: 1 })).toBe("player2Score");
  expect(fieldOf({ winnerId: "p1", player1Score: 9 }, 7)).toBe("player1Score");
});
