import fc from "fast-check";
import { expect, test } from "vitest";
import { type FinalDivision, promoteAndRelegate, suggestedNextSeason } from "./promotion.ts";

const division = (id: string, count: number): FinalDivision => ({
  id,
  teamIds: Array.from({ length: count }, (_, i) => `${id}${i + 1}`),
});
const next = (finals: FinalDivision[], promote: number, relegate: number) =>
  promoteAndRelegate(finals, { promote, relegate }).map((d) => d.teamIds);

test("two up and two down between each pair of divisions; each new division relegated, stayed, promoted", () => {
  expect(next([division("a", 6), division("b", 6)], 2, 2)).toEqual([
    ["a1", "a2", "a3", "a4", "b1", "b2"],
    ["a5", "a6", "b3", "b4", "b5", "b6"],
  ]);
});

test("a middle division sends its top up and its bottom down", () => {
  expect(next([division("a", 4), division("b", 5), division("c", 4)], 2, 2)).toEqual([
    ["a1", "a2", "b1", "b2"],
    ["a3", "a4", "b3", "c1", "c2"],
    ["b4", "b5", "c3", "c4"],
  ]);
});

test("the divisions keep their ids and order", () => {
  const result = promoteAndRelegate([division("a", 3), division("b", 3)], { promote: 1, relegate: 1 });
  expect(result.map((d) => d.fromId)).toEqual(["a", "b"]);
});

test("one division: nobody moves, whatever the numbers", () => {
  expect(next([division("a", 5)], 2, 2)).toEqual([["a1", "a2", "a3", "a4", "a5"]]);
  expect(next([division("a", 5)], 9, 9)).toEqual([["a1", "a2", "a3", "a4", "a5"]]);
});

test("no divisions: none", () => {
  expect(next([], 2, 2)).toEqual([]);
});

test("none up and none down: every team stays", () => {
  expect(next([division("a", 3), division("b", 3)], 0, 0)).toEqual([
    ["a1", "a2", "a3"],
    ["b1", "b2", "b3"],
  ]);
});

test("promotion without relegation, and relegation without promotion", () => {
  expect(next([division("a", 3), division("b", 3)], 1, 0)).toEqual([
    ["a1", "a2", "a3", "b1"],
    ["b2", "b3"],
  ]);
  expect(next([division("a", 3), division("b", 3)], 0, 1)).toEqual([
    ["a1", "a2"],
    ["a3", "b1", "b2", "b3"],
  ]);
});

test("more promoted than relegated: the divisions' sizes change", () => {
  expect(next([division("a", 4), division("b", 4)], 3, 1)).toEqual([
    ["a1", "a2", "a3", "b1", "b2", "b3"],
    ["a4", "b4"],
  ]);
});

test("more than a division holds: all of it moves, and nobody moves both ways", () => {
  expect(next([division("a", 2), division("b", 2)], 5, 5)).toEqual([
    ["b1", "b2"],
    ["a1", "a2"],
  ]);
  // The middle division of three teams, two up and two down: two go up, the one left goes down.
  expect(next([division("a", 2), division("b", 3), division("c", 2)], 2, 2)).toEqual([
    ["b1", "b2"],
    ["a1", "a2", "c1", "c2"],
    ["b3"],
  ]);
});

test("an empty division sends nobody and takes those relegated and promoted into it", () => {
  expect(next([division("a", 3), { id: "b", teamIds: [] }, division("c", 3)], 1, 1)).toEqual([
    ["a1", "a2"],
    ["a3", "c1"],
    ["c2", "c3"],
  ]);
});

test("uneven sizes: a small division below a large one", () => {
  expect(next([division("a", 8), division("b", 3)], 2, 2)).toEqual([
    ["a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2"],
    ["a7", "a8", "b3"],
  ]);
});

test("any divisions and numbers: every team is in one division, and moves at most one division", () => {
  fc.assert(
    fc.property(fc.array(fc.nat(7), { maxLength: 5 }), fc.nat(9), fc.nat(9), (sizes, promote, relegate) => {
      const finals = sizes.map((n, i) => division(String.fromCharCode(97 + i), n));
      const result = next(finals, promote, relegate);
      const everyone = finals.flatMap((d) => d.teamIds);
      expect(result.flat().sort()).toEqual([...everyone].sort());
      result.forEach((teams, index) => {
        for (const team of teams) {
          const from = finals.findIndex((d) => d.teamIds.includes(team));
          expect(Math.abs(from - index)).toBeLessThanOrEqual(1);
        }
      });
    }),
  );
});

test("the next season offered: the year moved on, the same night, two weeks after the last fixture", () => {
  const season = { name: "Winter 2026/2027", night: "tuesday", startDate: "2026-09-01" };
  expect(suggestedNextSeason(season, ["2026-12-08", "2026-11-24", "2026-12-01"])).toEqual({
    name: "Winter 2027/2028",
    night: "tuesday",
    startDate: "2026-12-22",
    promote: 2,
    relegate: 2,
  });
  expect(suggestedNextSeason({ ...season, name: "Spring" }, []).name).toBe("");
  // No fixture dated (all postponed): a year of weeks after the first.
  expect(suggestedNextSeason(season, []).startDate).toBe("2027-08-31");
});
