import { expect, test } from "vitest";
import { type BracketMatch, playableMatches, withChanges } from "./bracket.ts";
import { champion } from "./bracket-places.ts";
import { bracketOf, byId, expectDomainError, NOW, open, record } from "./bracket-testing.ts";
import { applyResult, matchName } from "./apply-result.ts";
import { correctResult, reopenResult } from "./correct-result.ts";
import { generateDoubleElimination } from "./double-elimination.ts";

// p4 beat p5 3-1 in round 1 of a five-player bracket; p1 waits in round 2.
function withFirstResult(): BracketMatch[] {
  return record(bracketOf(5), 1, 2, { winnerId: "p4", player1Score: 3, player2Score: 1 });
}

test("correcting the winner swaps the player in the next match and keeps completedAt", () => {
  const matches = withFirstResult();
  const changes = correctResult(matches, "m2", { winnerId: "p5", player1Score: 2, player2Score: 3 }, open);
  expect(changes).toEqual([
    { id: "m2", set: { player1Score: 2, player2Score: 3, winnerId: "p5" } },
    { id: "m5", set: { player2Id: "p5" } },
  ]);
  const after = withChanges(matches, changes);
  expect(byId(after, "m2")).toMatchObject({ status: "completed", completedAt: NOW + 1, winnerId: "p5" });
  expect(byId(after, "m5")).toMatchObject({ player1Id: "p1", player2Id: "p5" });
  // The corrected winner plays on.
  expect(playableMatches(after).map((m) => m.id)).toContain("m5");
});

test("correcting only the scores changes only this match", () => {
  const matches = withFirstResult();
  expect(correctResult(matches, "m2", { winnerId: "p4", player1Score: 3, player2Score: 2 }, open)).toEqual([
    { id: "m2", set: { player1Score: 3, player2Score: 2, winnerId: "p4" } },
  ]);
  // Missing scores become 0, as when recording.
  expect(correctResult(matches, "m2", { winnerId: "p4" }, open)).toEqual([
    { id: "m2", set: { player1Score: 0, player2Score: 0, winnerId: "p4" } },
  ]);
});

test("an identical correction still returns this match first, so the caller's guarded write has one shape", () => {
  const matches = withFirstResult();
  const changes = correctResult(matches, "m2", { winnerId: "p4", player1Score: 3, player2Score: 1 }, open);
  expect(changes).toEqual([{ id: "m2", set: { player1Score: 3, player2Score: 1, winnerId: "p4" } }]);
  expect(withChanges(matches, changes)).toEqual(matches);
});

test("a correction is allowed while the next match is at a table, refused once it has a result", () => {
  let matches = withFirstResult();
  matches = withChanges(matches, [{ id: "m5", set: { status: "in_progress" } }]);
  expect(correctResult(matches, "m2", { winnerId: "p5" }, open)).toHaveLength(2);
  matches = record(matches, 2, 1, { winnerId: "p4" });
  expectDomainError(
    () => correctResult(matches, "m2", { winnerId: "p5" }, open),
    409,
    "Semi-Finals · Match 1 already has a result: correct that one first",
  );
  // Correcting the later match first is still possible.
  expect(correctResult(matches, "m5", { winnerId: "p1" }, open)).toEqual([
    { id: "m5", set: { player1Score: 0, player2Score: 0, winnerId: "p1" } },
    { id: "m7", set: { player1Id: "p1" } },
  ]);
});

test("the final can always be corrected", () => {
  let matches = bracketOf(4);
  matches = record(matches, 1, 1, { winnerId: "p1" });
  matches = record(matches, 1, 2, { winnerId: "p2" });
  matches = record(matches, 2, 1, { winnerId: "p1", player1Score: 5, player2Score: 4 });
  expect(champion(matches)).toBe("p1");
  const changes = correctResult(matches, "m3", { winnerId: "p2", player1Score: 4, player2Score: 5 }, open);
  expect(changes).toEqual([{ id: "m3", set: { player1Score: 4, player2Score: 5, winnerId: "p2" } }]);
  expect(champion(withChanges(matches, changes))).toBe("p2");
});

test("corrections refuse unknown matches, matches without a result and byes", () => {
  const matches = withFirstResult();
  expectDomainError(() => correctResult(matches, "nope", { winnerId: "p1" }, open), 404, "Match not found");
  expectDomainError(
    () => correctResult(matches, "m6", { winnerId: "p2" }, open),
    409,
    "Only a match with a result can be corrected",
  );
  const atTable = withChanges(matches, [{ id: "m6", set: { status: "in_progress" } }]);
  expectDomainError(
    () => correctResult(atTable, "m6", { winnerId: "p2" }, open),
    409,
    "Only a match with a result can be corrected",
  );
  expectDomainError(() => correctResult(matches, "m1", { winnerId: "p1" }, open), 409, "A bye can't be corrected");
});

test("corrections validate the result like recording does", () => {
  const matches = withFirstResult();
  expectDomainError(
    () => correctResult(matches, "m2", { winnerId: "p1" }, open),
    400,
    "The winner must be one of the two players",
  );
  expectDomainError(
    () => correctResult(matches, "m2", { winnerId: "p4", player1Score: -2 }, open),
    400,
    "Scores must be whole numbers of 0 or more",
  );
  expectDomainError(
    () => correctResult(matches, "m2", { winnerId: "p4", player1Score: 1, player2Score: 2 }, open),
    400,
    "The winner's score can't be lower than the loser's",
  );
  expectDomainError(
    () => correctResult(matches, "m2", { winnerId: "p4", player1Score: 8 }, { raceTo: 7, now: NOW }),
    400,
    "Scores can't be more than the race to 7",
  );
});

test("taking a result back (a table's undo): in progress again, the next match loses the winner it got", () => {
  const matches = withFirstResult();
  const changes = reopenResult(matches, "m2", { player1Score: 3, player2Score: 1 }, NOW + 2);
  expect(changes).toEqual([
    { id: "m2", set: { player1Score: 3, player2Score: 1, status: "in_progress", winnerId: null, completedAt: null } },
    { id: "m5", set: { player2Id: null } },
  ]);
  const after = withChanges(matches, changes);
  expect(byId(after, "m5")).toMatchObject({ player1Id: "p1", player2Id: null, status: "pending" });
  // As if never recorded: recording it again gives the same bracket as the first time.
  const again = withChanges(
    after,
    applyResult(after, "m2", { winnerId: "p4", player1Score: 3, player2Score: 1 }, open),
  );
  expect(byId(again, "m5")).toEqual(byId(matches, "m5"));
});

test("double elimination: the winner's and the loser's next matches are emptied, a called one goes back", () => {
  let next = 0;
  let matches = generateDoubleElimination(["p1", "p2", "p3", "p4"], () => `d${++next}`, NOW, "reset");
  const [semi1, semi2] = matches.filter((m) => m.bracket === "winners" && m.round === 1);
  if (!semi1?.player1Id || !semi2?.player1Id) throw new Error("four players fill both semi-finals");
  matches = withChanges(matches, applyResult(matches, semi1.id, { winnerId: semi1.player1Id }, open));
  matches = withChanges(matches, applyResult(matches, semi2.id, { winnerId: semi2.player1Id }, open));
  const final = byId(matches, semi2.nextMatchId);
  const losers = byId(matches, semi2.loserMatchId);
  // The floor called the winners' final to a table; nothing is scored on it yet.
  const called = withChanges(matches, [{ id: final.id, set: { status: "in_progress" } }]);
  const after = withChanges(called, reopenResult(called, semi2.id, { player1Score: 0, player2Score: 0 }, NOW + 2));
  expect(byId(after, semi2.id)).toMatchObject({ status: "in_progress", winnerId: null, completedAt: null });
  expect(byId(after, final.id)).toMatchObject({ status: "pending", player1Id: semi1.player1Id, player2Id: null });
  expect(byId(after, losers.id)).toMatchObject({ status: "pending", player2Id: null });
  // Once racks are scored on the next match, what was played after it stands: the director corrects instead.
  const scored = withChanges(called, [{ id: final.id, set: { player1Score: 1 } }]);
  expectDomainError(
    () => reopenResult(scored, semi2.id, { player1Score: 0, player2Score: 0 }, NOW + 2),
    409,
    `${matchName(final)} is being played: correct the result instead`,
  );
});

test("a result is not taken back once the next match has its own, nor a bye or a match without one", () => {
  let matches = withFirstResult();
  const m5 = byId(matches, "m5");
  matches = withChanges(
    matches,
    applyResult(matches, "m5", { winnerId: "p4", player1Score: 0, player2Score: 3 }, open),
  );
  expectDomainError(
    () => reopenResult(matches, "m2", { player1Score: 0, player2Score: 0 }, NOW + 2),
    409,
    `${matchName(m5)} already has a result: correct that one first`,
  );
  const bye = matches.find((m) => m.isBye) as BracketMatch;
  const refusal = "Only a played match with a result can be taken back";
  expectDomainError(() => reopenResult(matches, bye.id, { player1Score: 0, player2Score: 0 }, NOW), 409, refusal);
  const unplayed = matches.find((m) => m.status === "pending") as BracketMatch;
  expectDomainError(() => reopenResult(matches, unplayed.id, { player1Score: 0, player2Score: 0 }, NOW), 409, refusal);
});

test("a grand final taken back: the reset it made unneeded waits again", () => {
  let next = 0;
  let matches = generateDoubleElimination(["p1", "p2", "p3", "p4"], () => `g${++next}`, NOW, "reset");
  const first = () => playableMatches(matches).find((m) => m.bracket !== "grand_final");
  for (let m = first(); m; m = first()) {
    matches = withChanges(matches, applyResult(matches, m.id, { winnerId: m.player1Id }, open));
  }
  const [final, reset] = matches.filter((m) => m.bracket === "grand_final").sort((a, b) => a.round - b.round);
  if (!final?.player1Id || !reset) throw new Error("a double elimination with a reset has two grand finals");
  // The winners' champion wins the first grand final: no reset is needed.
  matches = withChanges(matches, applyResult(matches, final.id, { winnerId: final.player1Id }, open));
  expect(byId(matches, reset.id)).toMatchObject({ isBye: true, status: "completed" });
  const after = withChanges(matches, reopenResult(matches, final.id, { player1Score: 0, player2Score: 0 }, NOW + 2));
  expect(byId(after, final.id)).toMatchObject({ status: "in_progress", winnerId: null });
  expect(byId(after, reset.id)).toMatchObject({ isBye: false, status: "pending", player1Id: null, winnerId: null });
});
