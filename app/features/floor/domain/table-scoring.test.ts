import { expect, test } from "vitest";
import { DomainError } from "../../../domain/errors.ts";
import {
  ALREADY_DECIDED,
  AWAITING_APPROVAL,
  checkLag,
  checkRack,
  checkUndo,
  confirmedResult,
  confirmQuestion,
  LAG_AFTER_FIRST_RACK,
  nextBreaker,
  NO_MATCH,
  NO_RACK_TO_UNDO,
  OTHER_MATCH,
  RACE_NOT_FINISHED,
  RACE_WON,
  raceWinner,
  RESULT_APPROVED,
  RESULT_CORRECTED,
  RESULT_FINAL,
  NO_RESULT_TO_UNDO,
  checkResultUndo,
  correctedSince,
  resultUndo,
  sameResult,
  UNDO_WINDOW_MS,
  WINNER_MORE_RACKS,
  type ConfirmedAtTable,
  type Side,
  type TableMatch,
} from "./table-scoring.ts";
import { ConfirmTapSchema, RackTapSchema } from "./table-scoring-schema.ts";

const playing = (over: Partial<TableMatch> = {}): TableMatch => ({
  id: "m1",
  status: "in_progress",
  player1Id: "alex",
  player2Id: "sam",
  player1Score: 0,
  player2Score: 0,
  awaitingApproval: false,
  raceTo: 5,
  ...over,
});

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const { status, message } = error as DomainError;
    return { status, message };
  }
  throw new Error("expected a refusal");
}

test("the race is won by the first side to reach the race-to, and only then", () => {
  expect(raceWinner(playing({ player1Score: 4, player2Score: 4 }))).toBeNull();
  expect(raceWinner(playing({ player1Score: 5, player2Score: 3 }))).toBe(1);
  expect(raceWinner(playing({ player1Score: 2, player2Score: 5 }))).toBe(2);
  // Without a race-to nothing decides by itself.
  expect(raceWinner(playing({ raceTo: null, player1Score: 9, player2Score: 0 }))).toBeNull();
});

test("a rack is refused on an empty table, a pending, decided or waiting match, and once the race is won", () => {
  expect(refusal(() => checkRack(null))).toEqual({ status: 409, message: NO_MATCH });
  expect(refusal(() => checkRack(playing({ status: "pending" })))).toEqual({ status: 409, message: NO_MATCH });
  expect(refusal(() => checkRack(playing({ player2Id: null })))).toEqual({ status: 409, message: NO_MATCH });
  expect(refusal(() => checkRack(playing({ status: "completed" })))).toEqual({ status: 409, message: ALREADY_DECIDED });
  expect(refusal(() => checkRack(playing({ awaitingApproval: true })))).toEqual({
    status: 409,
    message: AWAITING_APPROVAL,
  });
  expect(refusal(() => checkRack(playing({ player1Score: 5, player2Score: 1 })))).toEqual({
    status: 409,
    message: RACE_WON,
  });
  expect(checkRack(playing({ player1Score: 4, player2Score: 4 })).id).toBe("m1");
});

test("a tap made for another match never lands on the table's next one", () => {
  expect(refusal(() => checkRack(playing({ id: "m2" }), "m1"))).toEqual({ status: 409, message: OTHER_MATCH });
  expect(refusal(() => checkRack(playing({ id: "m2", status: "completed" }), "m1"))).toEqual({
    status: 409,
    message: OTHER_MATCH,
  });
  expect(checkRack(playing(), "m1").id).toBe("m1");
});

test("undo needs a rack; the lag comes before the first rack", () => {
  expect(refusal(() => checkUndo(playing(), 0))).toEqual({ status: 409, message: NO_RACK_TO_UNDO });
  // Undo is allowed once the race is won: a mis-tap on the deciding rack.
  expect(checkUndo(playing({ player1Score: 5 }), 5).id).toBe("m1");
  expect(refusal(() => checkLag(playing({ player1Score: 1 }), 1))).toEqual({
    status: 409,
    message: LAG_AFTER_FIRST_RACK,
  });
  expect(checkLag(playing(), 0).id).toBe("m1");
});

test("confirm with a race-to takes the racks once a side has reached it", () => {
  expect(refusal(() => confirmedResult(playing({ player1Score: 4, player2Score: 3 }), {}))).toEqual({
    status: 409,
    message: RACE_NOT_FINISHED,
  });
  // What the tablet says about the winner or the score does not change the racks.
  expect(confirmedResult(playing({ player1Score: 3, player2Score: 5 }), { winner: 1, player1Score: 9 })).toEqual({
    winner: 2,
    player1Score: 3,
    player2Score: 5,
  });
});

test("confirm without a race-to asks who won, with the score given or the racks tapped", () => {
  const open = playing({ raceTo: null, player1Score: 2, player2Score: 1 });
  expect(refusal(() => confirmedResult(open, {}))).toEqual({ status: 400, message: "Who won? Choose the winner" });
  expect(confirmedResult(open, { winner: 1 })).toEqual({ winner: 1, player1Score: 2, player2Score: 1 });
  expect(confirmedResult(open, { winner: 2, player1Score: 3, player2Score: 7 })).toEqual({
    winner: 2,
    player1Score: 3,
    player2Score: 7,
  });
  expect(refusal(() => confirmedResult(open, { winner: 2 }))).toEqual({ status: 400, message: WINNER_MORE_RACKS });
  // "Alex won" at 0–0, or level: the winner must have won more racks.
  const none = playing({ raceTo: null });
  expect(refusal(() => confirmedResult(none, { winner: 1 }))).toEqual({ status: 400, message: WINNER_MORE_RACKS });
  expect(refusal(() => confirmedResult(none, { winner: 1, player1Score: 4, player2Score: 4 }))).toEqual({
    status: 400,
    message: WINNER_MORE_RACKS,
  });
  expect(refusal(() => confirmedResult(playing({ raceTo: null, status: "completed" }), { winner: 1 }))).toEqual({
    status: 409,
    message: ALREADY_DECIDED,
  });
});

test("winner breaks: the lag's winner first, then whoever won the last rack", () => {
  expect(nextBreaker("winner", null, [])).toBeNull();
  expect(nextBreaker("winner", 2, [])).toBe(2);
  expect(nextBreaker("winner", 2, [1])).toBe(1);
  expect(nextBreaker("winner", null, [1, 2, 2])).toBe(2);
});

test("alternate breaks: the lag's winner breaks the odd racks, the other player the even ones", () => {
  const racks: Side[] = [];
  const breakers: (Side | null)[] = [];
  for (let i = 0; i < 6; i++) {
    breakers.push(nextBreaker("alternate", 1, racks));
    racks.push(i % 3 === 0 ? 2 : 1);
  }
  expect(breakers).toEqual([1, 2, 1, 2, 1, 2]);
  // Without a lag nobody knows who broke first.
  expect(nextBreaker("alternate", null, [1, 2])).toBeNull();
});

test("the tablet's question names the winner and the score", () => {
  expect(confirmQuestion("Alex", 5, 3)).toBe("Alex wins 5–3 — Confirm result?");
});

test("a tap's id is bounded; the side is 1 or 2, as a number or a form's string", () => {
  expect(RackTapSchema.parse({ tapId: "abc-DEF_123", player: "2" })).toEqual({ tapId: "abc-DEF_123", player: 2 });
  expect(RackTapSchema.safeParse({ tapId: "short", player: 1 }).success).toBe(false);
  expect(RackTapSchema.safeParse({ tapId: "x".repeat(65), player: 1 }).success).toBe(false);
  expect(RackTapSchema.safeParse({ tapId: "has space in it", player: 1 }).success).toBe(false);
  expect(RackTapSchema.safeParse({ tapId: "abcdefgh", player: 3 }).success).toBe(false);
  expect(ConfirmTapSchema.safeParse({ tapId: "abcdefgh", player1Score: -1 }).success).toBe(false);
  expect(ConfirmTapSchema.parse({ tapId: "abcdefgh", winner: "1", player1Score: "4" })).toMatchObject({
    winner: 1,
    player1Score: 4,
  });
});

const confirmed = (over: Partial<ConfirmedAtTable> = {}): ConfirmedAtTable => ({
  matchId: "m1",
  side: 1,
  status: "completed",
  awaitingApproval: false,
  winnerSide: 1,
  outcome: "played",
  completedAt: 1_000_000,
  resultsFromTables: "record",
  ...over,
});

test("a result recorded at once can be undone at its table for 10 seconds from when it was recorded", () => {
  const c = confirmed();
  expect(resultUndo(c, 1_000_000)).toEqual({ until: 1_000_000 + UNDO_WINDOW_MS });
  expect(resultUndo(c, 1_000_000 + UNDO_WINDOW_MS - 1)).toEqual({ until: 1_010_000 });
  expect(resultUndo(c, 1_000_000 + UNDO_WINDOW_MS)).toBe("final");
  expect(refusal(() => checkResultUndo(c, 1_010_000))).toEqual({ status: 409, message: RESULT_FINAL });
  expect(checkResultUndo(c, 1_005_000, "m1")).toMatchObject({ matchId: "m1", until: 1_010_000 });
  // The director corrected it meanwhile (another winner, a walkover): theirs stands.
  expect(resultUndo(confirmed({ winnerSide: 2 }), 1_000_001)).toBe("corrected");
  expect(refusal(() => checkResultUndo(confirmed({ outcome: "walkover" }), 1_000_001))).toEqual({
    status: 409,
    message: RESULT_CORRECTED,
  });
});

test("a result read twice by an undo: corrected between the reads when the same confirm's result differs", () => {
  const read = { ...confirmed(), seq: 7, player1Score: 2, player2Score: 0 };
  expect(sameResult(read, { ...read })).toBe(true);
  expect(correctedSince(read, { ...read })).toBe(false);
  // Only the score corrected, the winner kept: resultUndo cannot tell, the second read can.
  const scoreOnly = { ...read, player2Score: 1 };
  expect(resultUndo(scoreOnly, 1_000_001)).toEqual({ until: 1_010_000 });
  expect(correctedSince(read, scoreOnly)).toBe(true);
  expect(correctedSince(read, { ...read, winnerSide: 2 })).toBe(true);
  expect(correctedSince(read, { ...read, outcome: "walkover" })).toBe(true);
  // Not a correction: taken back by another undo (the confirm read again is another, or none), or waiting.
  expect(correctedSince(read, null)).toBe(false);
  expect(correctedSince(read, { ...read, seq: 6, completedAt: 900_000 })).toBe(false);
  expect(correctedSince(read, { ...read, status: "in_progress", winnerSide: null })).toBe(false);
  const waiting = { ...read, status: "in_progress" as const, awaitingApproval: true, winnerSide: null };
  expect(correctedSince(waiting, { ...waiting, status: "completed", winnerSide: 1 })).toBe(false);
});

test("waiting for approval: undone until the director approves, refused after", () => {
  const waiting = confirmed({ status: "in_progress", awaitingApproval: true, winnerSide: null, completedAt: null });
  expect(resultUndo({ ...waiting, resultsFromTables: "approve" }, 9e12)).toEqual({ until: null });
  const approved = confirmed({ resultsFromTables: "approve" });
  expect(resultUndo(approved, 1_000_001)).toBe("approved");
  expect(refusal(() => checkResultUndo(approved, 1_000_001))).toEqual({ status: 409, message: RESULT_APPROVED });
});

test("nothing to undo: no result confirmed, one already undone, or another match than the tablet showed", () => {
  expect(refusal(() => checkResultUndo(null, 0))).toEqual({ status: 409, message: NO_RESULT_TO_UNDO });
  // Taken off its table by the director (back to the queue) or the lock lifted: no result is waiting.
  expect(resultUndo(confirmed({ status: "pending", winnerSide: null }), 0)).toBe("no-result");
  expect(resultUndo(confirmed({ status: "in_progress", winnerSide: null }), 0)).toBe("no-result");
  expect(refusal(() => checkResultUndo(confirmed(), 1_000_001, "m2"))).toEqual({
    status: 409,
    message: NO_RESULT_TO_UNDO,
  });
});

test("a handicapped match ends when either player reaches their own race", () => {
  const handicapped = { raceTo: 5, race1: 5, race2: 3 };
  expect(raceWinner(playing({ ...handicapped, player1Score: 4, player2Score: 2 }))).toBeNull();
  expect(raceWinner(playing({ ...handicapped, player1Score: 4, player2Score: 3 }))).toBe(2);
  expect(raceWinner(playing({ ...handicapped, player1Score: 5, player2Score: 2 }))).toBe(1);
  expect(() => checkRack(playing({ ...handicapped, player1Score: 0, player2Score: 3 }))).toThrow(DomainError);
  expect(confirmedResult(playing({ ...handicapped, player1Score: 1, player2Score: 3 }), {})).toEqual({
    winner: 2,
    player1Score: 1,
    player2Score: 3,
  });
});
