import { expect, test } from "vitest";
import { rackChance, replayRatings, type RatedResult, type StartingRating } from "./ratings.ts";
import { StartingRatingsSchema } from "./starting-ratings-schema.ts";
import {
  checkStartingRatings,
  ratingsFromForm,
  replayWithCaps,
  shownEntrant,
  type RatedEntrant,
} from "./starting-ratings.ts";

const entrant = (playerId: string, racks: number | null, rating: number | null = null): RatedEntrant => ({
  playerId,
  name: `Name ${playerId}`,
  rating,
  racks,
  setBy: null,
  setByName: null,
});
const open = { status: "open" as const, matchType: "1v1" as const };
const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    const e = error as { status: number; message: string; field?: string };
    return { status: e.status, message: e.message, field: e.field };
  }
  return null;
};

test("a provisional entrant of an open singles tournament may be given a start; nothing else", () => {
  const entrants = [entrant("new", null), entrant("some", 99, 540), entrant("old", 100, 610)];
  expect(refusal(() => checkStartingRatings(open, entrants, { new: 600, some: 450 }))).toBeNull();
  expect(refusal(() => checkStartingRatings(open, entrants, { new: 600, old: 450 }))).toEqual({
    status: 400,
    message: "Name old is no longer provisional: their rating comes from their results",
    field: "ratings.old",
  });
  expect(refusal(() => checkStartingRatings(open, entrants, { stranger: 600 }))).toEqual({
    status: 400,
    message: "Only players entered in this tournament can be given a starting rating",
    field: "ratings.stranger",
  });
  expect(refusal(() => checkStartingRatings({ ...open, matchType: "2v2" }, entrants, { new: 600 }))?.status).toBe(400);
  for (const status of ["in_progress", "finished"] as const) {
    expect(refusal(() => checkStartingRatings({ ...open, status }, entrants, { new: 600 }))).toEqual({
      status: 409,
      message: "Starting ratings can only be set while the tournament is open",
      field: undefined,
    });
  }
});

test("the body: whole numbers from 100 to 1000, at least one player, each refusal naming its field", () => {
  expect(StartingRatingsSchema.safeParse({ ratings: { a: 100, b: 1000 } }).success).toBe(true);
  for (const bad of [99, 1001, 550.5, "600", null, Number.NaN]) {
    const parsed = StartingRatingsSchema.safeParse({ ratings: { a: 600, b: bad } });
    expect(parsed.success, String(bad)).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["ratings", "b"],
      message: "A starting rating is a whole number from 100 to 1000",
    });
  }
  expect(StartingRatingsSchema.safeParse({ ratings: {} }).error?.issues[0]?.message).toBe(
    "Give at least one player a starting rating",
  );
  expect(StartingRatingsSchema.safeParse({ ratings: [600] }).success).toBe(false);
  expect(StartingRatingsSchema.safeParse({}).success).toBe(false);
});

test("the form sends only the ratings the director changed, what is not a number as typed", () => {
  expect(
    ratingsFromForm({
      intent: "starting-ratings",
      "rating:a": "500",
      "was:a": "500",
      "rating:b": " 620 ",
      "was:b": "500",
      "rating:c": "lots",
      "was:c": "500",
      "rating:d": "",
      "was:d": "480",
    }),
  ).toEqual({ b: 620, c: "lots", d: "" });
});

test("an entrant is shown whole, provisional under 100 racks, 500 before any result", () => {
  expect(shownEntrant(entrant("n", null))).toMatchObject({ rating: 500, provisional: true, setBy: null });
  expect(shownEntrant({ ...entrant("o", 120, 612.6), setBy: "td", setByName: "Dave" })).toMatchObject({
    rating: 613,
    provisional: false,
    setBy: "td",
    setByName: "Dave",
  });
});

test("two starts of one player at the same instant come out the same whichever is read first", () => {
  const starts: StartingRating[] = [
    { playerId: "p", at: 1000, rating: 620, setBy: "td-a" },
    { playerId: "p", at: 1000, rating: 410, setBy: "td-b" },
  ];
  const one = replayRatings([], starts).get("p");
  const other = replayRatings([], [...starts].reverse()).get("p");
  expect(other).toEqual(one);
  // The later start counts; an established player's rating is the results', whatever a director sets.
  const later = replayRatings([], [{ ...starts[0], at: 1001 } as StartingRating, starts[1] as StartingRating]);
  expect(later.get("p")).toMatchObject({ rating: 620, setBy: "td-a" });
});

test("a cap reads only the starts that stand; the rating reads them all; once all stand the two agree", () => {
  const result: RatedResult = { matchId: "m", at: 2000, player1Id: "p", player2Id: "q", racks1: 5, racks2: 3 };
  const pending = { playerId: "p", at: 1000, rating: 1000, setBy: "td", stands: false };
  const { ratings, caps } = replayWithCaps([result], [pending]);
  // The rating grows from the start (1000 against 500) …
  const fromStart = 1000 + 16 * (5 - 8 * rackChance(500));
  expect(ratings.get("p")).toMatchObject({ rating: fromStart, setBy: "td" });
  // … the cap's from where the player stood without it (500 against 500); the other player's too.
  expect(caps.get("p")).toBe(500 + 16 * (5 - 8 * rackChance(0)));
  expect(caps.get("q")).toBe(500 - 16 * (5 - 8 * rackChance(0)));
  expect(ratings.get("q")?.rating).toBe(500 - 16 * (5 - 8 * rackChance(500)));

  // Stood (the tournament started with the player in it): the cap reads it as before.
  const stood = replayWithCaps([result], [{ ...pending, stands: true }]);
  expect(stood.caps.get("p")).toBe(fromStart);
  expect(stood.caps.get("q")).toBe(stood.ratings.get("q")?.rating);

  // A start alone, not standing (a sandbag to 100, say): the cap reads a new player's 500.
  const alone = replayWithCaps([], [{ ...pending, rating: 100 }]);
  expect(alone.ratings.get("p")?.rating).toBe(100);
  expect(alone.caps.get("p")).toBe(500);
  // A start taken back is no longer read at all: nothing left of it.
  expect(replayWithCaps([], []).ratings.size).toBe(0);
});
