// Correcting a double forfeit, either way: a correction leaves every match exactly as recording the
// corrected result in the first place would have, or is refused naming a match that really has a result.
import fc from "fast-check";
import { expect, test } from "vitest";
import { type BracketMatch, playableMatches, withChanges } from "./bracket.ts";
import { generateBracket, newMatch } from "./generate-bracket.ts";
import { applyResult, type ResultInput } from "./apply-result.ts";
import { correctResult } from "./correct-result.ts";
import { generateDoubleElimination } from "./double-elimination.ts";
import { DomainError } from "../../../domain/errors.ts";
import { roundRobinFixtures } from "./round-robin.ts";

const options = { raceTo: 5, now: 1 };
const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
function idFactory() {
  let n = 0;
  return () => `m${++n}`;
}

type Entry = { matchId: string; result: ResultInput; players: [string | null, string | null] };

function byId(matches: readonly BracketMatch[], id: string): BracketMatch {
  const match = matches.find((m) => m.id === id);
  if (!match) throw new Error(`no match ${id}`);
  return match;
}

/** True with probability `percent` / 100; shrinks to false. */
const chance = (percent: number) =>
  fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(false), weight: 100 - percent },
    { arbitrary: fc.constant(true), weight: percent },
  );

// fast-check draws each move: which playable match (by remainder), who wins, and how: a double forfeit 15% of the
// time, a walkover 10%, else scores 0 to 5 each, the higher the winner's. The moves are used in turn and again from
// the first once used up, so a failure shrinks to a few.
type Move = {
  pick: number;
  player1Wins: boolean;
  outcome: "played" | "walkover" | "double_forfeit";
  scores: [number, number];
};
const move: fc.Arbitrary<Move> = fc.record({
  pick: fc.nat(),
  player1Wins: fc.boolean(),
  outcome: fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant("played" as const), weight: 75 },
    { arbitrary: fc.constant("walkover" as const), weight: 10 },
    { arbitrary: fc.constant("double_forfeit" as const), weight: 15 },
  ),
  scores: fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })),
});

function randomResult(match: BracketMatch, drawn: Move): ResultInput {
  const winnerId = drawn.player1Wins ? match.player1Id : match.player2Id;
  if (drawn.outcome === "double_forfeit") return { outcome: "double_forfeit" };
  if (drawn.outcome === "walkover") return { outcome: "walkover", winnerId };
  const [w, l] = drawn.scores;
  const [high, low] = w >= l ? [w, l] : [l, w];
  const winnerFirst = winnerId === match.player1Id;
  return { winnerId, player1Score: winnerFirst ? high : low, player2Score: winnerFirst ? low : high };
}

// Records random results (double forfeits where they are allowed) for `steps` turns: the log says what was
// recorded, in order, and who played.
function play(start: BracketMatch[], steps: number, moves: readonly Move[]): { matches: BracketMatch[]; log: Entry[] } {
  let matches = start;
  const log: Entry[] = [];
  for (let step = 0; step < steps; step++) {
    const playable = playableMatches(matches);
    if (playable.length === 0) break;
    const next = moves[step % moves.length] as Move;
    const match = playable[next.pick % playable.length] as BracketMatch;
    let result = randomResult(match, next);
    let changes: ReturnType<typeof applyResult>;
    try {
      changes = applyResult(matches, match.id, result, options);
    } catch (error) {
      if (!(error instanceof DomainError) || result.outcome !== "double_forfeit") throw error;
      result = { winnerId: match.player1Id };
      changes = applyResult(matches, match.id, result, options);
    }
    log.push({ matchId: match.id, result, players: [match.player1Id, match.player2Id] });
    matches = withChanges(matches, changes);
  }
  return { matches, log };
}

/** A match not ready for its entry yet: still to be played, each slot its player's or still empty. */
const notReadyFor = (match: BracketMatch, entry: Entry) =>
  match.status === "pending" &&
  [match.player1Id, match.player2Id].every((id, slot) => id === null || id === entry.players[slot]);

// The same log recorded from scratch with one entry replaced: the bracket, or why it could not be recorded so (an
// entry refused, or a later match with other players than the ones who played it). The corrected result can make a
// match wait that was ready at its turn (a loser it would have dropped into a bye is now still to come), so an entry
// whose match is not ready yet is recorded once it is: the same results, in an order the bracket allows.
function replay(start: BracketMatch[], log: readonly Entry[], index: number, result: ResultInput) {
  let matches = start;
  let waiting = [...log.entries()];
  while (waiting.length > 0) {
    const later: typeof waiting = [];
    for (const [i, entry] of waiting) {
      const match = byId(matches, entry.matchId);
      if (match.player1Id !== entry.players[0] || match.player2Id !== entry.players[1]) {
        if (notReadyFor(match, entry)) {
          later.push([i, entry]);
          continue;
        }
        return { conflict: `${match.id} has other players` } as const;
      }
      try {
        matches = withChanges(
          matches,
          applyResult(matches, entry.matchId, i === index ? result : entry.result, options),
        );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { conflict: error.message, at: i } as const;
      }
    }
    const [stuck] = later;
    if (stuck && later.length === waiting.length) return { conflict: `${stuck[1].matchId} has other players` } as const;
    waiting = later;
  }
  return { matches } as const;
}

// The correction: a double forfeit undone to a walkover (30%) or a 2–2 result for either player; a result turned
// into a double forfeit 75% of the time, else its winner swapped.
type Correction = { player1Wins: boolean; walkover: boolean; toForfeit: boolean };
const correction: fc.Arbitrary<Correction> = fc.record({
  player1Wins: fc.boolean(),
  walkover: chance(30),
  toForfeit: chance(75),
});

function correctionOf(match: BracketMatch, { player1Wins, walkover, toForfeit }: Correction): ResultInput {
  if (match.outcome === "double_forfeit") {
    const winnerId = player1Wins ? match.player1Id : match.player2Id;
    return walkover ? { outcome: "walkover", winnerId } : { winnerId, player1Score: 2, player2Score: 2 };
  }
  if (toForfeit) return { outcome: "double_forfeit" };
  return { winnerId: match.winnerId === match.player1Id ? match.player2Id : match.player1Id };
}

// A case: how many turns to record and which of them to correct (both by remainder, unbiased so that every length
// of evening is as likely), the moves, the correction.
type Case = { steps: number; index: number; moves: Move[]; correction: Correction };
/** A case for a knockout of `n` entries: up to a move for each match it plays (a double elimination about 2n). */
const caseFor = (n: number): fc.Arbitrary<Case> =>
  fc.record({
    steps: fc.noBias(fc.nat()),
    index: fc.noBias(fc.nat()),
    moves: fc.array(move, { minLength: 1, maxLength: 2 * n }),
    correction,
  });

type Tally = { allowed: number; refused: number; fromForfeit: number; toForfeit: number };

function checkOne(start: BracketMatch[], drawn: Case, tally: Tally, name: string): void {
  const total = start.filter((m) => !m.isBye).length;
  const { matches, log } = play(start, 1 + (drawn.steps % total), drawn.moves);
  if (log.length === 0) return;
  const index = drawn.index % log.length;
  const entry = log[index] as Entry;
  const match = byId(matches, entry.matchId);
  const correction = correctionOf(match, drawn.correction);
  const expected = replay(start, log, index, correction);
  let corrected: BracketMatch[];
  try {
    corrected = withChanges(matches, correctResult(matches, match.id, correction, options));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    tally.refused += 1;
    expect(error.status, name).toBe(409);
    expect("conflict" in expected, `${name}: refused "${error.message}" though recording it so works`).toBe(true);
    const named = /^(.*) · Match (\d+) already has a result: correct that one first$/.exec(error.message);
    if (named) {
      const [, label, number] = named;
      const inTheWay = matches.find((m) => m.label === label && m.matchNumber === Number(number));
      expect(inTheWay, `${name}: ${error.message}`).toMatchObject({ status: "completed", isBye: false });
    } else {
      // The refusals of recording: recording it so is refused the same way, at its turn or at a later double
      // forfeit that would then leave nobody.
      expect(expected, name).toMatchObject({ conflict: error.message });
      expect("at" in expected && (expected.at ?? -1) >= index, name).toBe(true);
    }
    return;
  }
  tally.allowed += 1;
  if (match.outcome === "double_forfeit") tally.fromForfeit += 1;
  if (correction.outcome === "double_forfeit") tally.toForfeit += 1;
  if (!("matches" in expected)) throw new Error(`${name}: corrected, but recording it so fails: ${expected.conflict}`);
  expect(corrected, name).toEqual(expected.matches);
}

for (const format of ["single", "double"] as const) {
  test(`${format} elimination: a double forfeit corrected either way is as if recorded so from the start`, () => {
    const tally: Tally = { allowed: 0, refused: 0, fromForfeit: 0, toForfeit: 0 };
    const sizes = [...Array.from({ length: 63 }, (_, i) => i + 2), 65, 100, 127, 129];
    for (const n of sizes) {
      // The grand final counts in a double elimination only.
      const drawn = fc.record({
        grandFinal: fc.constantFrom("reset" as const, "single" as const),
        case: caseFor(2 * n),
      });
      fc.assert(
        fc.property(drawn, ({ grandFinal, case: c }) => {
          const start =
            format === "single"
              ? generateBracket(ids(n), idFactory(), 0)
              : generateDoubleElimination(ids(n), idFactory(), 0, grandFinal);
          checkOne(start, c, tally, `${format} ${n}`);
        }),
        { numRuns: 12 },
      );
    }
    // Enough of each kind to mean something.
    expect(tally.allowed).toBeGreaterThan(200);
    expect(tally.refused).toBeGreaterThan(50);
    expect(tally.fromForfeit).toBeGreaterThan(20);
    expect(tally.toForfeit).toBeGreaterThan(100);
  });
}

test("512 entries: a double forfeit corrected either way in both knockouts", () => {
  const tally: Tally = { allowed: 0, refused: 0, fromForfeit: 0, toForfeit: 0 };
  // A single elimination of 512 half the time, else a double elimination of 511, 509 or 507.
  const drawn = fc.record({
    n: fc.oneof({ arbitrary: fc.constant(512), weight: 3 }, { arbitrary: fc.constantFrom(511, 509, 507), weight: 3 }),
    case: caseFor(512),
  });
  fc.assert(
    fc.property(drawn, ({ n, case: c }) => {
      const start =
        n === 512
          ? generateBracket(ids(n), idFactory(), 0)
          : generateDoubleElimination(ids(n), idFactory(), 0, "reset");
      checkOne(start, c, tally, `${n} entries`);
    }),
    { numRuns: 6 },
  );
  expect(tally.allowed + tally.refused).toBe(6);
});

test("undoing a double forfeit brings back the match it turned into a bye, and who went through it", () => {
  let matches = generateBracket(ids(8), idFactory(), 0);
  // m1 p1–p8 and m2 p4–p5 feed semi-final m5.
  matches = withChanges(matches, applyResult(matches, "m1", { outcome: "double_forfeit" }, options));
  matches = withChanges(matches, applyResult(matches, "m2", { winnerId: "p5" }, options));
  expect(byId(matches, "m5")).toMatchObject({ isBye: true, status: "completed", winnerId: "p5" });
  expect(byId(matches, "m7").player1Id).toBe("p5");
  const changes = correctResult(matches, "m1", { winnerId: "p8", player1Score: 3, player2Score: 5 }, options);
  expect(changes[0]).toEqual({
    id: "m1",
    set: { player1Score: 3, player2Score: 5, winnerId: "p8", outcome: "played" },
  });
  const after = withChanges(matches, changes);
  expect(byId(after, "m5")).toMatchObject({
    isBye: false,
    status: "pending",
    player1Id: "p8",
    player2Id: "p5",
    winnerId: null,
    completedAt: null,
  });
  expect(byId(after, "m7").player1Id).toBeNull();
  // And back again: the forfeit sends p5 on through the bye once more.
  const again = withChanges(after, correctResult(after, "m1", { outcome: "double_forfeit" }, options));
  expect(again).toEqual(matches);
});

test("a correction into a double forfeit is refused in a final, and once the next match is played", () => {
  let matches = generateBracket(ids(4), idFactory(), 0);
  matches = withChanges(matches, applyResult(matches, "m1", { winnerId: "p1" }, options));
  matches = withChanges(matches, applyResult(matches, "m2", { winnerId: "p2" }, options));
  matches = withChanges(matches, applyResult(matches, "m3", { winnerId: "p1" }, options));
  expect(() => correctResult(matches, "m3", { outcome: "double_forfeit" }, options)).toThrow(
    "The final can't be forfeited by both players: record a walkover instead",
  );
  expect(() => correctResult(matches, "m1", { outcome: "double_forfeit" }, options)).toThrow(
    "Final · Match 1 already has a result: correct that one first",
  );
});

test("a league's double forfeit is corrected like any result: nothing else moves", () => {
  let matches: BracketMatch[] = roundRobinFixtures(ids(4)).map((fixture, i) => ({
    ...newMatch(`m${i + 1}`, "group", fixture.round, fixture.matchNumber, `Round ${fixture.round}`),
    player1Id: fixture.player1Id,
    player2Id: fixture.player2Id,
  }));
  const first = matches[0] as BracketMatch;
  matches = withChanges(matches, applyResult(matches, first.id, { outcome: "double_forfeit" }, options));
  const played = correctResult(matches, first.id, { winnerId: first.player2Id, player2Score: 5 }, options);
  expect(played).toEqual([
    { id: first.id, set: { player1Score: 0, player2Score: 5, winnerId: first.player2Id, outcome: "played" } },
  ]);
  const back = correctResult(withChanges(matches, played), first.id, { outcome: "double_forfeit" }, options);
  expect(back).toEqual([
    { id: first.id, set: { player1Score: 0, player2Score: 0, winnerId: null, outcome: "double_forfeit" } },
  ]);
});
