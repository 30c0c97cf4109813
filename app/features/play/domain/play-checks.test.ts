import { expect, test } from "vitest";
import { checkSamePlayers, checkStart, checkTableAssignment, matchInPlay, ownTournament } from "./play-checks.ts";
import { DIRECTOR, refusal, tournament } from "./play-fixtures.ts";

test("a tournament is the director's own, or not found, or forbidden", () => {
  const t = tournament();
  expect(ownTournament(t, DIRECTOR)).toBe(t);
  expect(refusal(() => ownTournament(null, DIRECTOR))).toEqual({ status: 404, message: "Tournament not found" });
  expect(refusal(() => ownTournament(t, "someone-else"))).toEqual({
    status: 403,
    message: "Only the tournament's director can do that",
  });
});

test("starting needs an open tournament and between 2 and max paid entries", () => {
  expect(() => checkStart(tournament({ status: "open" }), 2)).not.toThrow();
  expect(() => checkStart(tournament({ status: "open" }), 16)).not.toThrow();
  expect(refusal(() => checkStart(tournament({ status: "open" }), 1)).message).toBe(
    "At least 2 paid players are needed to start",
  );
  expect(refusal(() => checkStart(tournament({ status: "open" }), 17)).message).toBe(
    "More paid entries than places: check the entries",
  );
  for (const status of ["in_progress", "finished"] as const) {
    expect(refusal(() => checkStart(tournament({ status }), 8))).toEqual({
      status: 409,
      message: "Only an open tournament can be started",
    });
  }
});

test("a match can be changed only by its director while the tournament is in progress", () => {
  const row = { id: "m1" };
  expect(matchInPlay({ row, t: tournament() }, DIRECTOR).row).toBe(row);
  expect(refusal(() => matchInPlay(null, DIRECTOR)).status).toBe(404);
  expect(refusal(() => matchInPlay({ row, t: tournament() }, "other")).status).toBe(403);
  for (const status of ["open", "finished"] as const) {
    expect(refusal(() => matchInPlay({ row, t: tournament({ status }) }, DIRECTOR))).toEqual({
      status: 409,
      message: "Results can only be recorded while the tournament is in progress",
    });
  }
});

test("a result cannot change the drawn players; naming the same ones is fine", () => {
  const row = { player1Id: "a", player2Id: "b" };
  expect(() => checkSamePlayers(row, {})).not.toThrow();
  expect(() => checkSamePlayers(row, { player1Id: "a", player2Id: "b" })).not.toThrow();
  expect(refusal(() => checkSamePlayers(row, { player1Id: "c" })).status).toBe(400);
  expect(refusal(() => checkSamePlayers(row, { player2Id: "a" })).status).toBe(400);
});

test("a match goes on a table of this director's once both players are known", () => {
  const ready = { player1Id: "a", player2Id: "b", status: "pending" as const };
  const own = { organiserId: DIRECTOR };
  expect(() => checkTableAssignment(ready, own, DIRECTOR)).not.toThrow();
  expect(() => checkTableAssignment({ ...ready, player2Id: null }, "none", DIRECTOR)).not.toThrow();
  expect(refusal(() => checkTableAssignment({ ...ready, status: "completed" }, "none", DIRECTOR)).message).toBe(
    "This match already has a result",
  );
  expect(refusal(() => checkTableAssignment({ ...ready, player2Id: null }, own, DIRECTOR)).status).toBe(409);
  expect(refusal(() => checkTableAssignment(ready, null, DIRECTOR))).toEqual({
    status: 404,
    message: "Table not found",
  });
  expect(refusal(() => checkTableAssignment(ready, { organiserId: "other" }, DIRECTOR)).status).toBe(403);
});
