import { describe, expect, test } from "vitest";
import {
  fittingReply,
  isIntentOf,
  pageActionPath,
  pageFamilyOf,
  pageReplyOf,
  resultReplyOf,
  startingRatingsReplyOf,
  walkInReplyOf,
  type PageReply,
} from "./page-actions.ts";

describe("the page's forms by family", () => {
  test("each intent belongs to one family, and only the page's intents to any", () => {
    expect(pageFamilyOf("check-in")).toBe("entry");
    expect(pageFamilyOf("check-in-entry")).toBe("entries");
    expect(pageFamilyOf("add-walk-in")).toBe("entries");
    expect(pageFamilyOf("starting-ratings")).toBe("ratings");
    expect(pageFamilyOf("correct-result")).toBe("results");
    expect(pageFamilyOf("table-rotation")).toBe("floor");
    expect(pageFamilyOf("finalize")).toBe("play");
    for (const stranger of ["", "archive", "validate", null, 3, { intent: "start" }]) {
      expect(pageFamilyOf(stranger)).toBeNull();
    }
    expect(isIntentOf("play", "record-result")).toBe(false);
    expect(isIntentOf("results", "record-result")).toBe(true);
  });

  test("a family's address, back to the floor when asked; a slug is escaped", () => {
    expect(pageActionPath("friday-9-ball", "results")).toBe("/tournament/friday-9-ball/results");
    expect(pageActionPath("friday-9-ball", "floor", true)).toBe("/tournament/friday-9-ball/floor?tab=floor");
    expect(pageActionPath("a/b?c", "play")).toBe("/tournament/a%2Fb%3Fc/play");
  });
});

describe("a refused form's reply", () => {
  const result: PageReply = {
    resultReply: {
      intent: "record-result",
      matchId: "m1",
      values: { outcome: "played", winnerId: "p1", player1Score: "3", player2Score: "3" },
      message: "The winner must have more racks",
      confirm: null,
    },
  };

  test("reads back what was flashed, each kind by its reader, and nothing else", () => {
    expect(pageReplyOf(result)).toEqual(result);
    expect(resultReplyOf(pageReplyOf(result))?.matchId).toBe("m1");
    expect(walkInReplyOf(pageReplyOf(result))).toBeNull();
    const walkIn = { walkIn: { message: "Name is required", field: "name", values: { email: "a@b.co" } } };
    expect(walkInReplyOf(pageReplyOf(walkIn))).toEqual(walkIn.walkIn);
    const ratings = { startingRatings: { message: "Too high", errors: { p1: "Too high" }, values: { p1: "5000" } } };
    expect(startingRatingsReplyOf(pageReplyOf(ratings))).toEqual(ratings.startingRatings);
    for (const junk of [
      null,
      "x",
      1,
      {},
      { walkIn: "x" },
      { resultReply: { matchId: 3 } },
      { walkIn: { values: {} } },
    ]) {
      expect(pageReplyOf(junk)).toBeNull();
    }
  });

  test("fits a cookie: what was typed goes first, the message stays", () => {
    expect(fittingReply(result)).toBe(result);
    const values = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`player-${i}`, "1000"]));
    const big = fittingReply({ startingRatings: { message: "Too high", errors: { "player-1": "Too high" }, values } });
    expect(big).toEqual({ startingRatings: { message: "Too high", errors: { "player-1": "Too high" }, values: {} } });
    const long = fittingReply({ walkIn: { message: "No", field: null, values: { name: "x".repeat(3000) } } });
    expect(long).toEqual({ walkIn: { message: "No", field: null, values: {} } });
    const moves = Array.from({ length: 100 }, (_, i) => ({
      matchId: `match-${i}`,
      slot: 1 as const,
      from: "a",
      to: "b",
    }));
    const confirm = fittingReply({
      resultReply: { ...result.resultReply, message: null, confirm: { moves, key: "k".repeat(2000) } },
    });
    expect(JSON.stringify(confirm).length).toBeLessThanOrEqual(2400);
    expect(resultReplyOf(confirm)?.confirm).toBeNull();
  });
});
