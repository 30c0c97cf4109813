import { describe, expect, it } from "vitest";
import {
  DEFAULT_POINTS,
  MeritMinFramesSchema,
  PointsSchema,
  standings,
  type TableFixture,
  tieNotes,
} from "./standings.ts";

const teams = [
  { id: "a", name: "Anchor" },
  { id: "b", name: "Bell" },
  { id: "c", name: "Crown" },
  { id: "d", name: "Dragon" },
];
const played = (home: string, away: string, homeScore: number, awayScore: number, status = "played"): TableFixture => ({
  homeTeamId: home,
  awayTeamId: away,
  status,
  homeScore,
  awayScore,
});
const order = (table: { teamId: string }[]) => table.map((r) => r.teamId).join("");

describe("a division's table", () => {
  it("counts played and awarded fixtures only: won, drawn, lost, frames and points", () => {
    const table = standings(
      teams,
      [
        played("a", "b", 6, 3),
        played("c", "d", 5, 5),
        played("b", "c", 9, 0, "awarded"),
        played("a", "c", 0, 9, "disputed"),
        played("d", "a", 2, 7, "in_progress"),
        { homeTeamId: "d", awayTeamId: "b", status: "scheduled", homeScore: null, awayScore: null },
      ],
      DEFAULT_POINTS,
    );
    expect(table).toEqual([
      {
        position: 1,
        teamId: "b",
        team: "Bell",
        played: 2,
        won: 1,
        drawn: 0,
        lost: 1,
        framesFor: 12,
        framesAgainst: 6,
        penalty: 0,
        points: 2,
      },
      {
        position: 2,
        teamId: "a",
        team: "Anchor",
        played: 1,
        won: 1,
        drawn: 0,
        lost: 0,
        framesFor: 6,
        framesAgainst: 3,
        penalty: 0,
        points: 2,
      },
      {
        position: 3,
        teamId: "d",
        team: "Dragon",
        played: 1,
        won: 0,
        drawn: 1,
        lost: 0,
        framesFor: 5,
        framesAgainst: 5,
        penalty: 0,
        points: 1,
      },
      {
        position: 4,
        teamId: "c",
        team: "Crown",
        played: 2,
        won: 0,
        drawn: 1,
        lost: 1,
        framesFor: 5,
        framesAgainst: 14,
        penalty: 0,
        points: 1,
      },
    ]);
  });

  it("gives the season's points: a frame each and two for the match", () => {
    const table = standings(teams.slice(0, 2), [played("a", "b", 6, 3)], { win: 2, draw: 1, loss: 0, frame: 1 });
    expect(table.map((r) => [r.teamId, r.points])).toEqual([
      ["a", 8],
      ["b", 3],
    ]);
  });

  it("takes penalties off the points and shows them beside", () => {
    const table = standings(teams.slice(0, 2), [played("a", "b", 6, 3)], DEFAULT_POINTS, [
      { teamId: "a", points: 2 },
      { teamId: "a", points: 1 },
      { teamId: "zz", points: 5 },
    ]);
    expect(table.map((r) => [r.teamId, r.penalty, r.points])).toEqual([
      ["b", 0, 0],
      ["a", 3, -1],
    ]);
  });

  it("lists a team with nothing played, by name", () => {
    expect(order(standings(teams, [], DEFAULT_POINTS))).toBe("abcd");
    expect(standings([], [], DEFAULT_POINTS)).toEqual([]);
  });

  it("breaks a tie on points by frame difference, then frames won", () => {
    // a and b: 2 points each; a +3 (6-3), b +3 (5-2): level on difference, a more frames won. c +5 on difference.
    const fixtures = [played("a", "d", 6, 3), played("b", "d", 5, 2), played("c", "d", 7, 2)];
    const table = standings(teams, fixtures, DEFAULT_POINTS);
    expect(order(table)).toBe("cabd");
    expect(tieNotes(table, fixtures, DEFAULT_POINTS)).toEqual([
      "Crown above Anchor on frame difference",
      "Anchor above Bell on frames won",
    ]);
  });

  it("settles a three-way tie on points, difference and frames won by the mini-table of their fixtures", () => {
    // Between themselves a beat b 6-3 and drew c 3-3 (3 points), b beat c 6-3 (2), c has the draw (1); against d, a
    // lost 3-6, b drew 3-3 and c won 6-3 — so all three end on 3 points, 12 frames for and 12 against. d beat e.
    const fixtures = [
      played("a", "b", 6, 3),
      played("b", "c", 6, 3),
      played("c", "a", 3, 3),
      played("a", "d", 3, 6),
      played("b", "d", 3, 3),
      played("c", "d", 6, 3),
      played("d", "e", 9, 0),
    ];
    // Names the other way round, so the order below is the mini-table's, not the alphabet's.
    const named = [
      { id: "a", name: "Zebra" },
      { id: "b", name: "Yak" },
      { id: "c", name: "Ant" },
      { id: "d", name: "Dragon" },
      { id: "e", name: "Eagle" },
    ];
    const table = standings(named, fixtures, DEFAULT_POINTS);
    expect(table.map((r) => [r.teamId, r.points, r.framesFor, r.framesAgainst])).toEqual([
      ["d", 5, 21, 12],
      ["a", 3, 12, 12],
      ["b", 3, 12, 12],
      ["c", 3, 12, 12],
      ["e", 0, 0, 9],
    ]);
    expect(tieNotes(table, fixtures, DEFAULT_POINTS)).toEqual([
      "Zebra above Yak on points in the fixtures between them",
      "Yak above Ant on points in the fixtures between them",
    ]);
  });

  it("falls back to the name when the mini-table is level too, case aside", () => {
    const fixtures = [played("a", "c", 5, 4), played("b", "d", 5, 4)];
    const named = [
      { id: "a", name: "bell" },
      { id: "b", name: "Anchor" },
      { id: "c", name: "Crown" },
      { id: "d", name: "Dragon" },
    ];
    const table = standings(named, fixtures, DEFAULT_POINTS);
    expect(order(table)).toBe("bacd");
    expect(tieNotes(table, fixtures, DEFAULT_POINTS)).toEqual([
      "Anchor above bell on name, level on everything else",
      "Crown above Dragon on name, level on everything else",
    ]);
  });

  it("says nothing under a table whose teams are apart on points, or have played nothing", () => {
    const fixtures = [played("a", "b", 6, 3)];
    expect(tieNotes(standings(teams.slice(0, 2), fixtures, DEFAULT_POINTS), fixtures, DEFAULT_POINTS)).toEqual([]);
    expect(tieNotes(standings(teams, [], DEFAULT_POINTS), [], DEFAULT_POINTS)).toEqual([]);
  });
});

describe("a season's points in a request", () => {
  it("takes whole numbers 0 or more", () => {
    expect(PointsSchema.safeParse({ win: 2, draw: 1, loss: 0, frame: 1 }).success).toBe(true);
    expect(PointsSchema.safeParse({ win: -1, draw: 1, loss: 0, frame: 0 }).error?.issues[0]?.message).toBe(
      "A win must be a whole number of points, 0 or more",
    );
    expect(PointsSchema.safeParse({ win: 2, draw: 1.5, loss: 0, frame: 0 }).error?.issues[0]?.message).toBe(
      "A draw must be a whole number of points, 0 or more",
    );
    expect(PointsSchema.safeParse({ win: 2, draw: 1, loss: 0 }).error?.issues[0]?.message).toBe(
      "A frame won must be a whole number of points, 0 or more",
    );
    expect(PointsSchema.safeParse("2-1-0").error?.issues[0]?.message).toBe(
      "Points must give a win, a draw, a loss and a frame won",
    );
    expect(PointsSchema.safeParse({ win: 101, draw: 1, loss: 0, frame: 0 }).success).toBe(false);
  });

  it("takes a merit table's minimum of whole frames", () => {
    expect(MeritMinFramesSchema.safeParse(6).success).toBe(true);
    expect(MeritMinFramesSchema.safeParse(-1).success).toBe(false);
    expect(MeritMinFramesSchema.safeParse("6").error?.issues[0]?.message).toBe(
      "The merit table's minimum must be a whole number of frames, 0 or more",
    );
  });
});
