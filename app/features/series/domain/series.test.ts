import { expect, test } from "vitest";
import {
  CreateSeriesSchema,
  DEFAULT_POINTS,
  mergeSeriesUpdate,
  nightPlaces,
  parsePoints,
  placePoints,
  rankSeries,
  type NightPlaces,
  type SeriesRules,
  UpdateSeriesSchema,
} from "./series.ts";

const rules = (over: Partial<SeriesRules> = {}): SeriesRules => ({
  points: DEFAULT_POINTS,
  bestOf: null,
  qualify: null,
  ...over,
});
const names = new Map(["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"].map((id) => [id, id.toUpperCase()]));
const place = (from: number, to = from) => ({ from, to });

/** A singles night: entries by finishing place ranges as [id, from, to?]. */
function night(tournamentId: string, placed: [string, number, number?][]): NightPlaces {
  return {
    tournamentId,
    places: placed.map(([entryId, from, to]) => ({ entryId, place: place(from, to) })),
    members: new Map(),
  };
}

test("each place scores its band, with the points for playing on top", () => {
  expect(placePoints(DEFAULT_POINTS, place(1))).toBe(27);
  expect(placePoints(DEFAULT_POINTS, place(2))).toBe(20);
  expect(placePoints(DEFAULT_POINTS, place(3, 4))).toBe(14);
  expect(placePoints(DEFAULT_POINTS, place(4))).toBe(14);
  expect(placePoints(DEFAULT_POINTS, place(5, 8))).toBe(10);
  expect(placePoints(DEFAULT_POINTS, place(7, 8))).toBe(10);
  expect(placePoints(DEFAULT_POINTS, place(9, 16))).toBe(6);
  expect(placePoints(DEFAULT_POINTS, place(16))).toBe(6);
  expect(placePoints(DEFAULT_POINTS, place(17, 32))).toBe(2);
  // A shared range scores the band of its best place: a league's 2nd-3rd both score 2nd's.
  expect(placePoints(DEFAULT_POINTS, place(2, 3))).toBe(20);
  expect(placePoints({ ...DEFAULT_POINTS, played: 0, "1st": 100 }, place(1))).toBe(100);
});

test("a stored table reads back, broken or missing keys taking the default", () => {
  expect(parsePoints(JSON.stringify(DEFAULT_POINTS))).toEqual(DEFAULT_POINTS);
  expect(parsePoints('{"1st":40,"2nd":-1,"played":"3"}')).toEqual({ ...DEFAULT_POINTS, "1st": 40 });
  expect(parsePoints("not json")).toEqual(DEFAULT_POINTS);
});

test("a series takes a name and defaults; points left out take the default", () => {
  expect(CreateSeriesSchema.parse({ name: "  Thursday 8-Ball " })).toEqual({
    name: "Thursday 8-Ball",
    points: DEFAULT_POINTS,
    bestOf: null,
    qualify: null,
  });
  expect(CreateSeriesSchema.parse({ name: "T", points: { "1st": 30, played: 0 }, bestOf: 6, qualify: "8" })).toEqual({
    name: "T",
    points: { ...DEFAULT_POINTS, "1st": 30, played: 0 },
    bestOf: 6,
    qualify: 8,
  });
  expect(CreateSeriesSchema.parse({ name: "T", bestOf: null, qualify: "" })).toMatchObject({
    bestOf: null,
    qualify: null,
  });
});

test("a series' checks name the field", () => {
  const issues = (body: unknown) => {
    const parsed = CreateSeriesSchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), i.message]);
  };
  expect(issues({})).toEqual([["name", "Series name is required"]]);
  expect(issues({ name: "T", points: { "1st": 2.5 } })).toEqual([
    ["points.1st", "Points for 1st must be a whole number from 0 to 1000"],
  ]);
  expect(issues({ name: "T", points: { "9th-16th": 1001, played: -1 } })).toEqual([
    ["points.9th-16th", "Points for 9th-16th must be a whole number from 0 to 1000"],
    ["points.played", "Points for playing must be a whole number from 0 to 1000"],
  ]);
  expect(issues({ name: "T", points: { "17th-32nd": 1 } })).toEqual([
    ["points", "Points name the places 1st, 2nd, 3rd-4th, 5th-8th, 9th-16th, played"],
  ]);
  expect(issues({ name: "T", points: [1, 2] })[0]?.[0]).toBe("points");
  expect(issues({ name: "T", bestOf: 0, qualify: 513 })).toEqual([
    ["bestOf", "Best nights must be a whole number from 1 to 100"],
    ["qualify", "Qualifying places must be a whole number from 1 to 512"],
  ]);
  expect(issues({ name: "T", bestOf: "two" })).toEqual([
    ["bestOf", "Best nights must be a whole number from 1 to 100"],
  ]);
  expect(issues({ name: " " })).toEqual([["name", "Series name is required"]]);
  expect(issues({ name: "T", points: { "17th": 1 } })).toEqual([
    ["points", "Points name the places 1st, 2nd, 3rd-4th, 5th-8th, 9th-16th, played"],
  ]);
  expect(issues({ name: "T", qualify: "many" })).toEqual([
    ["qualify", "Qualifying places must be a whole number from 1 to 512"],
  ]);
});

test("two nights with overlapping players add up; equal points share a position (1, 2, 2, 4)", () => {
  const standings = rankSeries(
    rules(),
    [
      night("n1", [
        ["ann", 1],
        ["bob", 2],
        ["cat", 3, 4],
        ["dan", 3, 4],
      ]),
      night("n2", [
        ["cat", 1],
        ["ann", 2],
        ["eve", 3, 4],
        ["bob", 3, 4],
      ]),
    ],
    names,
  );
  expect(standings.map((s) => [s.position, s.name, s.points, s.played, s.wins])).toEqual([
    [1, "ANN", 47, 2, 1],
    [2, "CAT", 41, 2, 1],
    [3, "BOB", 34, 2, 0],
    [4, "DAN", 14, 1, 0],
    [4, "EVE", 14, 1, 0],
  ]);
  const tied = rankSeries(
    rules(),
    [
      night("n1", [
        ["ann", 1],
        ["bob", 2],
        ["cat", 3, 4],
        ["dan", 3, 4],
      ]),
      night("n2", [
        ["dan", 1],
        ["cat", 2],
        ["bob", 3, 4],
        ["ann", 3, 4],
      ]),
    ],
    names,
  );
  // ann 27+14 = 41, dan 14+27 = 41, bob 20+14 = 34, cat 14+20 = 34.
  expect(tied.map((s) => [s.position, s.name, s.points])).toEqual([
    [1, "ANN", 41],
    [1, "DAN", 41],
    [3, "BOB", 34],
    [3, "CAT", 34],
  ]);
  expect(tied[0]?.nights).toEqual([
    { tournamentId: "n1", points: 27, counts: true },
    { tournamentId: "n2", points: 14, counts: true },
  ]);
});

test("best N: only a player's N best nights count, marked; on equal points the earlier night counts", () => {
  const nights = [
    night("n1", [
      ["ann", 2],
      ["bob", 1],
    ]),
    night("n2", [
      ["ann", 1],
      ["bob", 2],
    ]),
    night("n3", [
      ["ann", 2],
      ["bob", 3, 4],
    ]),
    night("n4", [["bob", 1]]),
  ];
  const standings = rankSeries(rules({ bestOf: 2 }), nights, names);
  const ann = standings.find((s) => s.playerId === "ann");
  const bob = standings.find((s) => s.playerId === "bob");
  // ann: 20, 27, 20 → 27 and the first 20 count.
  expect(ann?.nights.map((n) => [n.tournamentId, n.points, n.counts])).toEqual([
    ["n1", 20, true],
    ["n2", 27, true],
    ["n3", 20, false],
  ]);
  expect(ann).toMatchObject({ points: 47, played: 3, wins: 1 });
  // bob: 27, 20, 14, 27 → the two wins.
  expect(bob?.nights.map((n) => n.counts)).toEqual([true, false, false, true]);
  expect(bob).toMatchObject({ points: 54, played: 4, wins: 2, position: 1 });
  // Fewer nights than N: every one counts.
  const few = rankSeries(rules({ bestOf: 5 }), nights, names);
  expect(few.find((s) => s.playerId === "ann")).toMatchObject({ points: 67 });
  expect(few.every((s) => s.nights.every((n) => n.counts))).toBe(true);
  // Without best N all count.
  expect(rankSeries(rules(), nights, names).find((s) => s.playerId === "bob")?.points).toBe(88);
});

test("best N ties at the cut make the ranking a tie, whichever night counts", () => {
  const nights = [
    night("n1", [
      ["ann", 3, 4],
      ["bob", 1],
    ]),
    night("n2", [
      ["ann", 1],
      ["bob", 3, 4],
    ]),
  ];
  const standings = rankSeries(rules({ bestOf: 1 }), nights, names);
  expect(standings.map((s) => [s.position, s.playerId, s.points])).toEqual([
    [1, "ann", 27],
    [1, "bob", 27],
  ]);
  expect(standings[0]?.nights.map((n) => n.counts)).toEqual([false, true]);
  expect(standings[1]?.nights.map((n) => n.counts)).toEqual([true, false]);
});

test("in a team event every member scores the team's points and its win", () => {
  const doubles: NightPlaces = {
    tournamentId: "n1",
    places: [
      { entryId: "team-a", place: place(1) },
      { entryId: "team-b", place: place(2) },
    ],
    members: new Map([
      ["team-a", ["ann", "bob"]],
      ["team-b", ["cat", "dan"]],
    ]),
  };
  const singles = night("n2", [
    ["cat", 1],
    ["ann", 2],
  ]);
  const standings = rankSeries(rules(), [doubles, singles], names);
  expect(standings.map((s) => [s.position, s.playerId, s.points, s.played, s.wins])).toEqual([
    [1, "ann", 47, 2, 1],
    [1, "cat", 47, 2, 1],
    [3, "bob", 27, 1, 1],
    [4, "dan", 20, 1, 0],
  ]);
});

test("the top N qualify, a tie on the line qualifying together", () => {
  const one = night("n1", [
    ["ann", 1],
    ["bob", 2],
    ["cat", 3, 4],
    ["dan", 3, 4],
    ["eve", 5, 8],
  ]);
  const qualified = (qualify: number | null) =>
    rankSeries(rules({ qualify }), [one], names)
      .filter((s) => s.qualifies)
      .map((s) => s.playerId);
  expect(qualified(null)).toEqual([]);
  expect(qualified(2)).toEqual(["ann", "bob"]);
  expect(qualified(3)).toEqual(["ann", "bob", "cat", "dan"]);
  expect(qualified(10)).toEqual(["ann", "bob", "cat", "dan", "eve"]);
});

test("no finalized nights, no standings; a player without a name is named so", () => {
  expect(rankSeries(rules(), [], names)).toEqual([]);
  expect(rankSeries(rules(), [night("n1", [["zed", 1]])], names)[0]?.name).toBe("Unknown player");
});

test("a finished knockout's places come from its matches", () => {
  const m = (id: string, round: number, p1: string, p2: string, winnerId: string, nextMatchId: string | null) => ({
    id,
    bracket: "winners" as const,
    group: null,
    round,
    player1Id: p1,
    player2Id: p2,
    player1Score: 3,
    player2Score: 1,
    winnerId,
    status: "completed" as const,
    outcome: "played" as const,
    isBye: false,
    nextMatchId,
    loserMatchId: null,
  });
  const placed = nightPlaces([
    m("s1", 1, "ann", "bob", "ann", "f"),
    m("s2", 1, "cat", "dan", "dan", "f"),
    m("f", 2, "ann", "dan", "dan", null),
  ]);
  expect(new Map(placed.map((p) => [p.entryId, p.place]))).toEqual(
    new Map([
      ["dan", place(1)],
      ["ann", place(2)],
      ["bob", place(3, 4)],
      ["cat", place(3, 4)],
    ]),
  );
});

test('an update keeps what it leaves out, clears best N and top N with null or "", says if the points moved', () => {
  const stored = { name: "Thursday 8-Ball", points: DEFAULT_POINTS, bestOf: 6, qualify: 8 };
  const same = UpdateSeriesSchema.parse({ points: { "1st": "25" } });
  expect(mergeSeriesUpdate(stored, same)).toEqual({ ...stored, pointsChanged: false });
  const changed = UpdateSeriesSchema.parse({ name: " Thursday ", points: { "1st": 30 }, bestOf: null, qualify: "" });
  expect(mergeSeriesUpdate(stored, changed)).toEqual({
    name: "Thursday",
    points: { ...DEFAULT_POINTS, "1st": 30 },
    pointsChanged: true,
    bestOf: null,
    qualify: null,
  });
  const refused = UpdateSeriesSchema.safeParse({ bestOf: 0, points: { "2nd": -1 } });
  expect(refused.success).toBe(false);
  expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
    ["points.2nd", "Points for 2nd must be a whole number from 0 to 1000"],
    ["bestOf", "Best nights must be a whole number from 1 to 100"],
  ]);
});
