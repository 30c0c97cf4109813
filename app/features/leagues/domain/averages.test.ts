import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countsForAverages,
  playerSeasonAverages,
  type RegisteredPlayer,
  type SeasonFrame,
  seasonAverages,
  winPercent,
} from "./averages.ts";

const player = (playerId: string, name: string, teamId = "t1", rating = 500): RegisteredPlayer => ({
  playerId,
  name,
  teamId,
  team: teamId === "t1" ? "Crown" : "Anchor",
  rating,
});

/** A singles frame of a confirmed card: `home` against `away`, `winner`'s. */
const singles = (
  home: string,
  away: string,
  winner: "home" | "away" | null,
  fixtureStatus = "played",
): SeasonFrame => ({
  fixtureStatus,
  homePlayer1: home,
  homePlayer2: null,
  awayPlayer1: away,
  awayPlayer2: null,
  winner,
});
/** `home` beats `away` in a confirmed singles frame, `times` times. */
const beats = (home: string, away: string, times = 1) =>
  Array.from({ length: times }, () => singles(home, away, "home"));

const lines = (players: readonly RegisteredPlayer[], frames: readonly SeasonFrame[], min = 0) =>
  seasonAverages(players, frames, min).map((a) => `${a.playerId} ${a.won}-${a.lost} ${a.winPercent}`);

describe("which frames count", () => {
  it("a decided singles frame of a confirmed (or resolved) card counts", () => {
    expect(countsForAverages(singles("a", "b", "home"))).toBe(true);
    expect(countsForAverages(singles("a", "b", "away"))).toBe(true);
  });

  it("no other status counts: awarded, disputed, still being played, scheduled, postponed", () => {
    for (const status of ["awarded", "disputed", "in_progress", "scheduled", "postponed"]) {
      expect(countsForAverages(singles("a", "b", "home", status)), status).toBe(false);
    }
  });

  it("an awarded card counts for nobody, its players named or not (the award wrote every frame's winner)", () => {
    const unnamed: SeasonFrame = { ...singles("a", "b", "home", "awarded"), homePlayer1: null, awayPlayer1: null };
    const frames = [unnamed, singles("a", "b", "home", "awarded"), singles("b", "a", "home", "awarded")];
    expect(frames.map(countsForAverages)).toEqual([false, false, false]);
    expect(lines([player("a", "Ann"), player("b", "Bob", "t2")], frames)).toEqual(["a 0-0 0", "b 0-0 0"]);
  });

  it("a frame without a winner, a player missing, a doubles frame or one person on both sides does not", () => {
    expect(countsForAverages(singles("a", "b", null))).toBe(false);
    expect(countsForAverages({ ...singles("a", "b", "home"), homePlayer1: null })).toBe(false);
    expect(countsForAverages({ ...singles("a", "b", "home"), awayPlayer1: null })).toBe(false);
    expect(countsForAverages({ ...singles("a", "b", "home"), homePlayer2: "c", awayPlayer2: "d" })).toBe(false);
    expect(countsForAverages({ ...singles("a", "b", "home"), homePlayer2: "c" })).toBe(false);
    expect(countsForAverages({ ...singles("a", "b", "home"), awayPlayer2: "d" })).toBe(false);
    expect(countsForAverages(singles("a", "a", "home"))).toBe(false);
  });
});

describe("the win percentage", () => {
  it("is to one decimal, rounded half up; 0 with none played", () => {
    expect(winPercent(2, 3)).toBe(66.7);
    expect(winPercent(1, 3)).toBe(33.3);
    expect(winPercent(1, 8)).toBe(12.5);
    expect(winPercent(1, 16)).toBe(6.3);
    expect(winPercent(5, 5)).toBe(100);
    expect(winPercent(0, 4)).toBe(0);
    expect(winPercent(0, 0)).toBe(0);
  });

  it("has one decimal at most and lies in 0–100 whatever the frames", () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), (won, lost) => {
        const percent = winPercent(won, won + lost);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(Math.round(percent * 10) / 10).toBe(percent);
        if (won + lost > 0) expect(Math.abs(percent - (100 * won) / (won + lost))).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });
});

describe("a season's averages", () => {
  it("every registered player is there, with no frame too; frames of anyone else are not", () => {
    const players = [player("a", "Ann"), player("b", "Bob", "t2"), player("c", "Cat")];
    const got = seasonAverages(
      players,
      [...beats("a", "b", 2), singles("b", "x", "home"), singles("x", "a", "home")],
      0,
    );
    expect(got).toEqual([
      { ...players[0], played: 3, won: 2, lost: 1, winPercent: 66.7, qualified: true },
      { ...players[1], played: 3, won: 1, lost: 2, winPercent: 33.3, qualified: true },
      { ...players[2], played: 0, won: 0, lost: 0, winPercent: 0, qualified: false },
    ]);
  });

  it("no players, no lines; no frames, every line noughts and nobody qualified", () => {
    expect(seasonAverages([], beats("a", "b"), 0)).toEqual([]);
    const got = seasonAverages([player("b", "Bob"), player("a", "Ann")], [], 0);
    expect(got.map((a) => [a.name, a.played, a.qualified])).toEqual([
      ["Ann", 0, false],
      ["Bob", 0, false],
    ]);
  });

  it("a player plays on either side: home and away frames add up", () => {
    const got = seasonAverages(
      [player("a", "Ann"), player("b", "Bob", "t2")],
      [singles("a", "b", "home"), singles("b", "a", "home"), singles("b", "a", "away"), singles("a", "b", "away")],
      0,
    );
    expect(got.map((a) => [a.playerId, a.won, a.lost])).toEqual([
      ["a", 2, 2],
      ["b", 2, 2],
    ]);
  });

  it("ranks by win percentage, exact rather than as shown", () => {
    // 2 of 3 (66.67%) above 666 of 1000 (66.6%) and 667 of 1000 (66.7%, shown the same as 2 of 3) between them.
    const frames = [
      ...beats("a", "z", 2),
      ...beats("z", "a"),
      ...beats("b", "z", 666),
      ...beats("z", "b", 334),
      ...beats("c", "z", 667),
      ...beats("z", "c", 333),
    ];
    const got = seasonAverages([player("b", "Bob"), player("a", "Ann"), player("c", "Cat")], frames, 0);
    expect(got.map((a) => `${a.playerId} ${a.winPercent}`)).toEqual(["c 66.7", "a 66.7", "b 66.6"]);
  });

  it("level on percentage: more frames won first, then fewer lost (players with no win), then name", () => {
    const frames = [
      ...beats("four", "z", 4),
      ...beats("two", "z", 2),
      ...beats("z", "lostTwo", 2),
      ...beats("z", "lostSix", 6),
      ...beats("bea", "z", 1),
      ...beats("z", "bea"),
      ...beats("al", "z", 1),
      ...beats("z", "al"),
    ];
    const players = ["lostSix", "two", "bea", "lostTwo", "al", "four"].map((id) => player(id, id));
    expect(lines(players, frames)).toEqual([
      "four 4-0 100",
      "two 2-0 100",
      "al 1-1 50",
      "bea 1-1 50",
      "lostTwo 0-2 0",
      "lostSix 0-6 0",
    ]);
  });

  it("names are compared case aside, then by id: the input's order never decides", () => {
    const players = [player("2", "ann"), player("3", "Bob"), player("1", "Ann")];
    expect(seasonAverages(players, [], 0).map((a) => a.playerId)).toEqual(["1", "2", "3"]);
    expect(seasonAverages([...players].reverse(), [], 0).map((a) => a.playerId)).toEqual(["1", "2", "3"]);
  });

  it("qualifying: at least the season's minimum and at least one frame; the qualified first, then the rest", () => {
    const players = [player("a", "Ann"), player("b", "Bob"), player("c", "Cat"), player("d", "Dan")];
    // Bob 3 of 3 but under the minimum of 4; Ann 3 of 4 and Cat 1 of 4 qualify; Dan played none.
    const frames = [
      ...beats("b", "z", 3),
      ...beats("a", "z", 3),
      ...beats("z", "a"),
      ...beats("c", "z"),
      ...beats("z", "c", 3),
    ];
    const got = seasonAverages(players, frames, 4);
    expect(got.map((a) => [a.playerId, a.played, a.qualified])).toEqual([
      ["a", 4, true],
      ["c", 4, true],
      ["b", 3, false],
      ["d", 0, false],
    ]);
    // A minimum of 0 or 1: everyone who played a frame is ranked, nobody who played none.
    for (const min of [0, 1]) {
      expect(seasonAverages(players, frames, min).map((a) => a.qualified)).toEqual([true, true, true, false]);
    }
    // A minimum nobody reached: nobody qualified, everyone still listed in the same order.
    expect(seasonAverages(players, frames, 100).map((a) => `${a.playerId}${a.qualified}`)).toEqual([
      "bfalse",
      "afalse",
      "cfalse",
      "dfalse",
    ]);
  });

  it("the rating and the team are the registration's, as given", () => {
    const got = seasonAverages([player("a", "Ann", "t2", 612)], beats("a", "z"), 0);
    expect(got[0]).toMatchObject({ teamId: "t2", team: "Anchor", rating: 612 });
  });

  it("whatever the frames: won + lost = played, every frame counted twice, the qualified before the rest", () => {
    const ids = ["a", "b", "c", "d", "e"];
    const frame = fc.record({
      fixtureStatus: fc.constantFrom("played", "awarded", "disputed", "in_progress"),
      homePlayer1: fc.constantFrom(...ids, null),
      homePlayer2: fc.constantFrom("e", null, null, null),
      awayPlayer1: fc.constantFrom(...ids, null),
      awayPlayer2: fc.constantFrom("e", null, null, null),
      winner: fc.constantFrom("home" as const, "away" as const, null),
    });
    fc.assert(
      fc.property(fc.array(frame, { maxLength: 60 }), fc.nat(6), (frames, min) => {
        const players = ids.map((id) => player(id, id.toUpperCase()));
        const got = seasonAverages(players, frames, min);
        expect(got.map((a) => a.playerId).sort()).toEqual(ids);
        for (const a of got) {
          expect(a.won + a.lost).toBe(a.played);
          expect(a.qualified).toBe(a.played > 0 && a.played >= min);
        }
        const counted = frames.filter(countsForAverages).length;
        expect(got.reduce((sum, a) => sum + a.played, 0)).toBe(2 * counted);
        expect(got.reduce((sum, a) => sum + a.won, 0)).toBe(counted);
        const firstUnqualified = got.findIndex((a) => !a.qualified);
        if (firstUnqualified >= 0) expect(got.slice(firstUnqualified).every((a) => !a.qualified)).toBe(true);
      }),
    );
  });
});

describe("a player's seasons", () => {
  it("each registration its own season's frames, qualified by its own minimum, in the order given", () => {
    const inSeason = (seasonId: string, frames: SeasonFrame[]) => frames.map((f) => ({ ...f, seasonId }));
    const frames = [
      ...inSeason("winter", [...beats("a", "b", 2), ...beats("b", "a"), singles("a", "b", "home", "awarded")]),
      ...inSeason("summer", [...beats("c", "a", 3)]),
      ...inSeason("autumn", beats("a", "c", 5)),
    ];
    const registrations = [
      { seasonId: "winter", meritMinFrames: 3, team: "Crown" },
      { seasonId: "summer", meritMinFrames: 4, team: "Anchor" },
      { seasonId: "spring", meritMinFrames: 0, team: "Bell" },
    ];
    expect(playerSeasonAverages("a", registrations, frames)).toEqual([
      { ...registrations[0], played: 3, won: 2, lost: 1, winPercent: 66.7, qualified: true },
      { ...registrations[1], played: 3, won: 0, lost: 3, winPercent: 0, qualified: false },
      { ...registrations[2], played: 0, won: 0, lost: 0, winPercent: 0, qualified: false },
    ]);
    expect(playerSeasonAverages("a", [], frames)).toEqual([]);
  });
});
