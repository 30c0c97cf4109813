import fc from "fast-check";
import { expect, test } from "vitest";
import {
  captainFirst,
  entriesText,
  isTeamEvent,
  splitAmongMembers,
  teamEntryTotalPence,
  teamLine,
  teamMessages,
  teamNameKey,
  teamSize,
} from "./teams.ts";

test("a match type says how many play for an entry", () => {
  expect([teamSize("1v1"), teamSize("2v2"), teamSize("3v3"), teamSize("4v4")]).toEqual([1, 2, 3, 4]);
  expect(isTeamEvent("1v1")).toBe(false);
  expect(isTeamEvent("2v2")).toBe(true);
  expect(isTeamEvent("4v4")).toBe(true);
});

test("the team messages, word for word", () => {
  expect(teamMessages.nameRequired).toBe("Team name is required");
  expect(teamMessages.addTeammates(2)).toBe("Add 2 teammates");
  expect(teamMessages.addTeammates(1)).toBe("Add 1 teammate");
  expect(teamMessages.noAccount("x@y.z")).toBe("No player account for x@y.z");
  expect(teamMessages.alreadyIn("x@y.z")).toBe("x@y.z is already in this tournament");
  expect(teamMessages.nameTaken).toBe("A team name must be unique in this tournament");
});

test("the captain pays every member's entry and site fee", () => {
  const fees = { entryFeePence: 1000, siteFeePence: 100 };
  expect(teamEntryTotalPence({ ...fees, matchType: "1v1" })).toBe(1100);
  expect(teamEntryTotalPence({ ...fees, matchType: "2v2" })).toBe(2200);
  expect(teamEntryTotalPence({ ...fees, matchType: "3v3" })).toBe(3300);
  expect(teamEntryTotalPence({ ...fees, matchType: "4v4" })).toBe(4400);
  expect(teamEntryTotalPence({ entryFeePence: 0, siteFeePence: 0, matchType: "4v4" })).toBe(0);
});

test("a prize is shared equally, the odd pennies to the captain first", () => {
  expect(splitAmongMembers(1000, ["cap", "b"])).toEqual([
    { playerId: "cap", amountPence: 500 },
    { playerId: "b", amountPence: 500 },
  ]);
  expect(splitAmongMembers(1001, ["cap", "b"])).toEqual([
    { playerId: "cap", amountPence: 501 },
    { playerId: "b", amountPence: 500 },
  ]);
  expect(splitAmongMembers(1002, ["cap", "b", "c", "d"]).map((s) => s.amountPence)).toEqual([251, 251, 250, 250]);
  expect(splitAmongMembers(1, ["cap", "b", "c"]).map((s) => s.amountPence)).toEqual([1, 0, 0]);
  expect(splitAmongMembers(0, ["cap", "b"]).map((s) => s.amountPence)).toEqual([0, 0]);
  expect(splitAmongMembers(7, ["solo"])).toEqual([{ playerId: "solo", amountPence: 7 }]);
});

test("every split sums to the prize and no two shares differ by more than a penny (property)", () => {
  const split = fc.record({ n: fc.integer({ min: 1, max: 4 }), amount: fc.integer({ min: 0, max: 10_000_000 }) });
  fc.assert(
    fc.property(split, ({ n, amount }) => {
      const members = Array.from({ length: n }, (_, i) => `m${i}`);
      const shares = splitAmongMembers(amount, members);
      const amounts = shares.map((s) => s.amountPence);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(amount);
      expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
      // Non-increasing: a penny never skips the captain for a later member.
      expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
      expect(shares.map((s) => s.playerId)).toEqual(members);
    }),
    { numRuns: 2000 },
  );
});

test("a split refuses what cannot be money or a team", () => {
  expect(() => splitAmongMembers(-1, ["a"])).toThrow(RangeError);
  expect(() => splitAmongMembers(1.5, ["a"])).toThrow(RangeError);
  expect(() => splitAmongMembers(10, [])).toThrow(RangeError);
  expect(() => splitAmongMembers(10, ["a", "a"])).toThrow(RangeError);
});

test("the captain leads the payout order whatever order the members come in", () => {
  const members = [{ id: "b" }, { id: "cap" }, { id: "c" }];
  expect(captainFirst(members, "cap").map((m) => m.id)).toEqual(["cap", "b", "c"]);
  expect(captainFirst(members, "b").map((m) => m.id)).toEqual(["b", "cap", "c"]);
});

test("a member sees the team and its captain; cards count teams in a team event", () => {
  expect(teamLine({ name: "Cue Balls", captainName: "Sam" })).toBe("Team Cue Balls (captain: Sam)");
  expect(entriesText(3, 8, "2v2")).toBe("3/8 teams");
  expect(entriesText(3, 8, "1v1")).toBe("3/8");
});

test("team names are compared composed and without case, in every script", () => {
  const same = ["Café", "Cafe\u0301", "CAFÉ", "CAFE\u0301", "café"];
  expect(new Set(same.map(teamNameKey))).toEqual(new Set(["café"]));
  expect(teamNameKey("ДРУЗЬЯ")).toBe(teamNameKey("друзья"));
  expect(teamNameKey("Cafe")).not.toBe(teamNameKey("Café"));
  expect(teamNameKey("Straße")).not.toBe(teamNameKey("Strasse")); // lower case, not full case folding
});
