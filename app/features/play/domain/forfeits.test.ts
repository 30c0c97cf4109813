// Walkovers and double forfeits in the knockouts: results of their
// own, in no one's statistics; a double forfeit sends a bye on.
import fc from "fast-check";
import { expect, test } from "vitest";
import { type BracketMatch, playableMatches, withChanges } from "./bracket.ts";
import { generateBracket } from "./generate-bracket.ts";
import { applyResult, type ResultInput } from "./apply-result.ts";
import { correctResult } from "./correct-result.ts";
import { champion, matchStats, places } from "./bracket-places.ts";
import { generateDoubleElimination } from "./double-elimination.ts";
import { DomainError } from "../../../domain/errors.ts";

const options = { raceTo: 5, now: 1 };
const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
function idFactory() {
  let n = 0;
  return () => `m${++n}`;
}

function apply(matches: BracketMatch[], match: BracketMatch | undefined, result: ResultInput) {
  if (!match) throw new Error("no such match");
  return withChanges(matches, applyResult(matches, match.id, result, options));
}

function refused(run: () => unknown, message: string) {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DomainError);
  expect((caught as DomainError).status).toBe(409);
  expect((caught as DomainError).message).toBe(message);
}

test("a walkover sends the winner on with no racks and counts in no one's statistics", () => {
  let matches = generateBracket(ids(4), idFactory(), 0);
  const first = matches[0] as BracketMatch;
  matches = apply(matches, first, { outcome: "walkover", winnerId: "p4", player1Score: 5, player2Score: 0 });
  const after = matches[0] as BracketMatch;
  expect(after).toMatchObject({ outcome: "walkover", winnerId: "p4", player1Score: 0, player2Score: 0 });
  expect(matches.find((m) => m.round === 2)?.player1Id).toBe("p4");
  expect(matchStats(matches).get("p4")).toEqual({ played: 0, won: 0, racksWon: 0, racksLost: 0 });
  expect(matchStats(matches).get("p1")).toEqual({ played: 0, won: 0, racksWon: 0, racksLost: 0 });
  expect(places(matches).get("p1")).toEqual({ from: 3, to: 4 });
  // It can be corrected to a played result like any other.
  const corrected = correctResult(matches, first.id, { winnerId: "p4", player1Score: 2, player2Score: 5 }, options);
  expect(corrected).toEqual([
    { id: first.id, set: { player1Score: 2, player2Score: 5, winnerId: "p4", outcome: "played" } },
  ]);
});

test("a walkover needs a winner who is in the match", () => {
  const matches = generateBracket(ids(4), idFactory(), 0);
  expect(() => applyResult(matches, "m1", { outcome: "walkover", winnerId: "p2" }, options)).toThrow(
    "The winner must be one of the two players",
  );
});

test("a double forfeit in single elimination: both out, the next match a bye for whoever arrives", () => {
  let matches = generateBracket(ids(8), idFactory(), 0);
  const [first, second] = matches;
  matches = apply(matches, first, { outcome: "double_forfeit" });
  const semi = matches.find((m) => m.round === 2 && m.matchNumber === 1) as BracketMatch;
  expect(semi).toMatchObject({ isBye: true, status: "pending", player1Id: null });
  matches = apply(matches, second, { winnerId: "p4" });
  // p4 goes through the bye to the final.
  expect(matches.find((m) => m.id === semi.id)).toMatchObject({ status: "completed", winnerId: "p4" });
  expect(matches.find((m) => m.round === 3)?.player1Id).toBe("p4");
  expect(matchStats(matches).get("p1")).toEqual({ played: 0, won: 0, racksWon: 0, racksLost: 0 });
  // Places: 8 entries, five out in round 1 (two at once), one in the semi-finals, the final's two.
  const final = matches.find((m) => m.round === 3) as BracketMatch;
  for (const m of playableMatches(matches)) {
    if (m.round === 1) matches = apply(matches, m, { winnerId: m.player1Id });
  }
  const otherSemi = playableMatches(matches)[0];
  matches = apply(matches, otherSemi, { winnerId: otherSemi?.player1Id });
  matches = apply(
    matches,
    matches.find((m) => m.id === final.id),
    { winnerId: "p4" },
  );
  const placed = places(matches);
  expect(placed.get("p4")).toEqual({ from: 1, to: 1 });
  expect(placed.get("p1")).toEqual({ from: 4, to: 8 });
  expect(placed.get("p8")).toEqual({ from: 4, to: 8 });
  expect([...placed.values()].filter((p) => p?.from === 4)).toHaveLength(5);
});

test("a double forfeit is refused in a final and without both players", () => {
  let matches = generateBracket(ids(2), idFactory(), 0);
  refused(
    () => applyResult(matches, "m1", { outcome: "double_forfeit" }, options),
    "The final can't be forfeited by both players: record a walkover instead",
  );
  matches = generateBracket(ids(4), idFactory(), 0);
  refused(
    () => applyResult(matches, "m3", { outcome: "double_forfeit" }, options),
    "Both players must be in the match before a result can be recorded",
  );
  // As a correction it is allowed (forfeit-corrections.test.ts), in the final refused the same way.
  matches = apply(matches, matches[0], { winnerId: "p1" });
  matches = apply(matches, matches[1], { winnerId: "p2" });
  matches = apply(matches, matches[2], { winnerId: "p2" });
  refused(
    () => correctResult(matches, "m3", { outcome: "double_forfeit" }, options),
    "The final can't be forfeited by both players: record a walkover instead",
  );
  // A double elimination of two: a double forfeit in the winners' final would leave nobody.
  const two = generateDoubleElimination(ids(2), idFactory(), 0, "reset");
  refused(
    () => applyResult(two, "m1", { outcome: "double_forfeit" }, options),
    "Nobody would be left to win: record a walkover instead",
  );
});

// Random evenings with walkovers and double forfeits mixed in: always one champion, everyone placed, the places
// tiling 1..n. fast-check draws each move: which playable match (by remainder), who wins, and how (a double forfeit
// one time in ten, falling back to a walkover where it is refused; a walkover 15%). The moves are used in turn and
// again from the first once used up, so a short list still plays a whole evening and a failure shrinks to a few.
type Move = { pick: number; player1Wins: boolean; outcome: "played" | "walkover" | "double_forfeit" };
const move: fc.Arbitrary<Move> = fc.record({
  pick: fc.nat(),
  player1Wins: fc.boolean(),
  outcome: fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant("played" as const), weight: 75 },
    { arbitrary: fc.constant("walkover" as const), weight: 15 },
    { arbitrary: fc.constant("double_forfeit" as const), weight: 10 },
  ),
});

function playWithForfeits(start: BracketMatch[], moves: readonly Move[]): BracketMatch[] {
  let matches = start;
  for (let step = 0; champion(matches) === null; step++) {
    const playable = playableMatches(matches);
    if (playable.length === 0) throw new Error("nothing playable before a champion");
    const { pick, player1Wins, outcome } = moves[step % moves.length] as Move;
    const m = playable[pick % playable.length] as BracketMatch;
    const winnerId = player1Wins ? m.player1Id : m.player2Id;
    try {
      if (outcome === "double_forfeit") {
        matches = apply(matches, m, { outcome: "double_forfeit" });
        continue;
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    matches = apply(matches, m, outcome === "played" ? { winnerId } : { outcome: "walkover", winnerId });
  }
  return matches;
}

const sizes = [3, 4, 5, 7, 8, 9, 12, 16, 17, 24, 32, 33];

for (const format of ["single", "double"] as const) {
  test(`${format} elimination with walkovers and double forfeits: one champion, places for all`, () => {
    for (const n of sizes) {
      const evening = fc.record({
        grandFinal: fc.constantFrom("reset" as const, "single" as const),
        // Up to a move a match (a double elimination has about 2n).
        moves: fc.array(move, { minLength: 1, maxLength: 2 * n }),
      });
      fc.assert(
        fc.property(evening, ({ grandFinal, moves }) => {
          const start =
            format === "single"
              ? generateBracket(ids(n), idFactory(), 0)
              : generateDoubleElimination(ids(n), idFactory(), 0, grandFinal);
          const matches = playWithForfeits(start, moves);
          expect(playableMatches(matches), `${format} ${n}`).toEqual([]);
          const placed = [...places(matches).values()];
          expect(placed, `${format} ${n}`).toHaveLength(n);
          const widths = new Map<number, number>();
          for (const place of placed) {
            if (place === null) throw new Error(`${format} ${n}: someone unplaced`);
            widths.set(place.from, (widths.get(place.from) ?? 0) + 1);
          }
          // A shared place is as wide as the entries sharing it.
          for (const place of placed) expect(place && place.to - place.from + 1).toBe(widths.get(place?.from ?? 0));
          let next = 1;
          for (const from of [...widths.keys()].sort((a, b) => a - b)) {
            expect(from, `${format} ${n}: places ${JSON.stringify(placed)}`).toBe(next);
            next += widths.get(from) ?? 0;
          }
          expect(next).toBe(n + 1);
        }),
        { numRuns: 8 },
      );
    }
  });
}
