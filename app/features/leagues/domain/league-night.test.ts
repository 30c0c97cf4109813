import { expect, test } from "vitest";
import {
  divisionsOfNight,
  leagueNight,
  leagueTvScale,
  meritRowsThatFit,
  nightOf,
  pointsWithPenalty,
  signedDifference,
} from "./league-night.ts";

const fixture = (id: string, date: string | null, venue: string, divisionId = "d1") => ({
  id,
  date,
  venue,
  divisionId,
});
const fixtures = [
  fixture("a", "2026-12-01", "The Crown"),
  fixture("b", "2026-12-01", "The Anchor"),
  fixture("c", "2026-12-08", "The Crown", "d2"),
  fixture("d", "2026-12-08", "The Anchor"),
  fixture("e", null, "The Crown"),
];
const ids = (night: { fixtures: { id: string }[] }) => night.fixtures.map((f) => f.id);

test("tonight's fixtures at every venue, or at the one named (however it is typed)", () => {
  expect(leagueNight(fixtures, { today: "2026-12-01", venue: null })).toMatchObject({
    kind: "tonight",
    date: "2026-12-01",
  });
  expect(ids(leagueNight(fixtures, { today: "2026-12-01", venue: null }))).toEqual(["a", "b"]);
  expect(ids(leagueNight(fixtures, { today: "2026-12-01", venue: "  the   CROWN " }))).toEqual(["a"]);
});

test("with none tonight, the season's next night; with none to come, its last; a postponed fixture on none", () => {
  const next = leagueNight(fixtures, { today: "2026-12-02", venue: "The Crown" });
  expect(next).toMatchObject({ kind: "next", date: "2026-12-08" });
  expect(ids(next)).toEqual(["c"]);
  const last = leagueNight(fixtures, { today: "2027-01-01", venue: null });
  expect(last).toMatchObject({ kind: "last", date: "2026-12-08" });
  expect(ids(last)).toEqual(["c", "d"]);
  expect(leagueNight(fixtures, { today: "2026-12-01", venue: "The Bell" })).toEqual({
    kind: "none",
    date: null,
    fixtures: [],
  });
  expect(leagueNight([fixture("e", null, "The Crown")], { today: "2026-12-01", venue: null }).kind).toBe("none");
});

test("the night runs past midnight: until 6am it is the night before (UK time, summer or winter)", () => {
  expect(nightOf(Date.parse("2026-12-01T23:30:00Z"))).toBe("2026-12-01");
  expect(nightOf(Date.parse("2026-12-02T05:59:00Z"))).toBe("2026-12-01");
  expect(nightOf(Date.parse("2026-12-02T06:00:00Z"))).toBe("2026-12-02");
  // 00:30 BST on 2 July is 23:30 UTC on 1 July: still the night of 1 July.
  expect(nightOf(Date.parse("2026-07-01T23:30:00Z"))).toBe("2026-07-01");
  expect(nightOf(Date.parse("2026-07-02T05:30:00Z"))).toBe("2026-07-02");
});

test("the tables shown: the night's divisions, else the venue's, else every one", () => {
  const divisions = [
    { id: "d1", teams: [{ venue: "The Crown" }] },
    { id: "d2", teams: [{ venue: "The Anchor" }] },
  ];
  expect(divisionsOfNight(divisions, [{ divisionId: "d2" }], null).map((d) => d.id)).toEqual(["d2"]);
  expect(divisionsOfNight(divisions, [], "the anchor").map((d) => d.id)).toEqual(["d2"]);
  expect(divisionsOfNight(divisions, [], "The Bell").map((d) => d.id)).toEqual(["d1", "d2"]);
  expect(divisionsOfNight(divisions, [], null).map((d) => d.id)).toEqual(["d1", "d2"]);
});

test("a division of ten and its five fixtures fit unscaled; two tables of ten shrink to fit", () => {
  expect(leagueTvScale(5, [10])).toEqual({ fixtures: 1, tables: 1 });
  const two = leagueTvScale(10, [10, 10]);
  expect(two.tables).toBeLessThan(1);
  expect(two.tables).toBeGreaterThan(0.5);
  expect(two.fixtures).toBeLessThan(1);
});

test("the merit table's top shows under a quiet night's fixtures, never shrinking a busy night's", () => {
  expect(meritRowsThatFit(1, 20)).toBe(5);
  expect(meritRowsThatFit(2, 20)).toBe(5);
  expect(meritRowsThatFit(2, 2)).toBe(2);
  expect(meritRowsThatFit(2, 0)).toBe(0);
  // Four fixtures leave room for two rows: fewer than three, so none.
  expect(meritRowsThatFit(4, 20)).toBe(0);
  expect(meritRowsThatFit(5, 20)).toBe(0);
  for (const fixtures of [0, 1, 2, 3]) {
    const rows = meritRowsThatFit(fixtures, 20);
    expect(leagueTvScale(fixtures, [10], rows).fixtures).toBe(1);
  }
});

test("points with a penalty beside them, and a signed frame difference", () => {
  expect(pointsWithPenalty(12, 0)).toBe("12");
  expect(pointsWithPenalty(12, 2)).toBe("12 (−2)");
  expect(pointsWithPenalty(-1, 3)).toBe("−1 (−3)");
  expect([signedDifference(5), signedDifference(-3), signedDifference(0)]).toEqual(["+5", "−3", "0"]);
});
