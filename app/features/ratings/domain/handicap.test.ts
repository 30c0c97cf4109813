import { expect, test } from "vitest";
import { DomainError } from "../../../domain/errors.ts";
import {
  checkRatingCap,
  racesKey,
  racesToSet,
  ratingCapMessage,
  ratingSettingsError,
  type RaceCandidate,
} from "./handicap.ts";
import { raceLabel, racesLine, racesOf } from "../../play/domain/races.ts";
import { handicapRaces } from "./ratings.ts";
import { CreateTournamentSchema } from "../../tournaments/domain/tournament-schema.ts";
import { validTournament } from "../../../../test-support/fixtures.js";

const match = (over: Partial<RaceCandidate> = {}): RaceCandidate => ({
  id: "m1",
  player1Id: "mo",
  player2Id: "liam",
  isBye: false,
  status: "pending",
  racesFor: null,
  ...over,
});

test("a match plays to its own races once set, else the event's race-to for both", () => {
  expect(racesOf(5, { race1: null, race2: null })).toEqual({ race1: 5, race2: 5 });
  expect(racesOf(5, { race1: 5, race2: 3 })).toEqual({ race1: 5, race2: 3 });
  expect(racesOf(null, { race1: null, race2: null })).toEqual({ race1: null, race2: null });
});

test("races are due once both players are known, for a match not decided nor a bye, and again for new players", () => {
  const ratings = new Map([
    ["mo", 640],
    ["liam", 480],
  ]);
  const [set] = racesToSet(5, [match()], ratings);
  expect(set).toEqual({ id: "m1", ...handicapRaces(640, 480, 5), racesFor: racesKey("mo", "liam") });
  expect(set?.race1).toBe(5);
  expect(set?.race2).toBeLessThan(5);
  // Nothing due: a player missing, a bye, a decided match, races already set for these two.
  const none = [
    match({ player2Id: null }),
    match({ isBye: true }),
    match({ status: "completed" }),
    match({ racesFor: racesKey("mo", "liam") }),
  ];
  expect(racesToSet(5, none, ratings)).toEqual([]);
  // A correction put someone else in: the races are set again, for them.
  const again = racesToSet(5, [match({ player2Id: "new", racesFor: racesKey("mo", "liam") })], ratings);
  expect(again).toEqual([{ id: "m1", ...handicapRaces(640, 500, 5), racesFor: racesKey("mo", "new") }]);
  // A new player's rating is the start: two new players race level.
  expect(racesToSet(5, [match({ player1Id: "a", player2Id: "b" })], new Map())).toEqual([
    { id: "m1", race1: 5, race2: 5, racesFor: racesKey("a", "b") },
  ]);
});

test("the bracket says 'Race 5–3', the tablet 'Mo races to 5, Liam to 3'; level races say less", () => {
  expect(raceLabel({ race1: 5, race2: 3 })).toBe("Race 5–3");
  expect(raceLabel({ race1: 5, race2: 5 })).toBe("Race to 5");
  expect(raceLabel({ race1: null, race2: null })).toBeNull();
  expect(racesLine(["Mo", "Liam"], { race1: 5, race2: 3 })).toBe("Mo races to 5, Liam to 3");
  expect(racesLine(["Mo", "Liam"], { race1: 2, race2: 5 })).toBe("Mo races to 2, Liam to 5");
  expect(racesLine(["Mo", "Liam"], { race1: 5, race2: 5 })).toBeNull();
});

test("a rating cap refuses a player rated above it (as shown, whole points), and a new player is rated 500", () => {
  expect(() => checkRatingCap(null, 900)).not.toThrow();
  expect(() => checkRatingCap(550, 550.4)).not.toThrow();
  expect(() => checkRatingCap(550, undefined)).not.toThrow();
  let refused: unknown;
  try {
    checkRatingCap(550, 550.5);
  } catch (error) {
    refused = error;
  }
  expect(refused).toBeInstanceOf(DomainError);
  expect((refused as DomainError).status).toBe(403);
  expect((refused as DomainError).message).toBe("This event is for players rated up to 550");
  expect(ratingCapMessage(450)).toBe("This event is for players rated up to 450");
  expect(() => checkRatingCap(450, null)).toThrow("This event is for players rated up to 450");
});

test("handicaps, caps and seeding by rating are for singles; a handicap needs a race-to", () => {
  const singles = {
    matchType: "1v1" as const,
    handicap: "race" as const,
    maxRating: 600,
    seeding: "rating",
    raceTo: 5,
  };
  expect(ratingSettingsError(singles)).toBeNull();
  expect(ratingSettingsError({ ...singles, raceTo: null })).toEqual({
    field: "raceTo",
    message: "A handicapped event needs a race-to",
  });
  const doubles = { ...singles, matchType: "2v2" as const };
  expect(ratingSettingsError(doubles)?.field).toBe("handicap");
  expect(ratingSettingsError({ ...doubles, handicap: "none" })?.field).toBe("maxRating");
  expect(ratingSettingsError({ ...doubles, handicap: "none", maxRating: null })?.field).toBe("seeding");
  expect(ratingSettingsError({ ...doubles, handicap: "none", maxRating: null, seeding: "random" })).toBeNull();
});

test("the creation form and the API refuse the rating settings with these messages", () => {
  const messages = (overrides: Record<string, unknown>) => {
    const parsed = CreateTournamentSchema.safeParse(validTournament(overrides));
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };
  expect(messages({ handicap: "race", raceTo: 5, maxRating: 600, seeding: "rating" })).toEqual([]);
  const refusals: [Record<string, unknown>, string][] = [
    [{ handicap: "race" }, "A handicapped event needs a race-to"],
    [{ handicap: "race", raceTo: 5, matchType: "2v2" }, "Handicaps are for singles events"],
    [{ maxRating: 600, matchType: "2v2" }, "A rating cap is for singles events"],
    [{ seeding: "rating", matchType: "2v2" }, "Seeding by rating is for singles events"],
    [{ maxRating: 50 }, "The rating cap must be at least 100"],
    [{ maxRating: "lots" }, "The rating cap must be a whole number"],
    [{ handicap: "sometimes" }, "Handicap must be none or race"],
    [{ seeding: "height" }, "Seeding must be random, manual or rating"],
  ];
  for (const [overrides, message] of refusals) expect(messages(overrides), message).toContain(message);
});
