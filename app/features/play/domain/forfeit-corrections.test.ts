// Correcting a double forfeit, either way: a correction leaves every match exactly as recording the
// corrected result in the first place would have, or is refused naming a match that really has a result.
import { expect, test } from "vitest";
import { type Random, seededRandom } from "../../../../test-support/fixtures.js";
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

function randomResult(match: BracketMatch, rng: Random): ResultInput {
  const winnerId = rng.chance(0.5) ? match.player1Id : match.player2Id;
  const roll = rng.next();
  if (roll < 0.15) return { outcome: "double_forfeit" };
  if (roll < 0.25) return { outcome: "walkover", winnerId };
  const [w, l] = [rng.int(0, 5), rng.int(0, 5)];
  const [high, low] = w >= l ? [w, l] : [l, w];
  const winnerFirst = winnerId === match.player1Id;
  return { winnerId, player1Score: winnerFirst ? high : low, player2Score: winnerFirst ? low : high };
}

// Records random results (double forfeits where they are allowed) for `steps` turns: the log says what was
// recorded, in order, and who played.
function play(start: BracketMatch[], steps: number, rng: Random): { matches: BracketMatch[]; log: Entry[] } {
  let matches = start;
  const log: Entry[] = [];
  for (let step = 0; step < steps; step++) {
    const playable = playableMatches(matches);
    if (playable.length === 0) break;
    const match = rng.pick(playable);
    let result = randomResult(match, rng);
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

// The same log recorded from scratch with one entry replaced: the bracket, or why it could not be recorded so
// (an entry refused, or a later match with other players than the ones who played it).
function replay(start: BracketMatch[], log: readonly Entry[], index: number, result: ResultInput) {
  let matches = start;
  for (const [i, entry] of log.entries()) {
    const match = byId(matches, entry.matchId);
    if (match.player1Id !== entry.players[0] || match.player2Id !== entry.players[1]) {
      return { conflict: `${match.id} has other players` } as const;
    }
    try {
      matches = withChanges(matches, applyResult(matches, entry.matchId, i === index ? result : entry.result, options));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { conflict: error.message, at: i } as const;
    }
  }
  return { matches } as const;
}

function correctionOf(match: BracketMatch, rng: Random): ResultInput {
  if (match.outcome === "double_forfeit") {
    const winnerId = rng.chance(0.5) ? match.player1Id : match.player2Id;
    return rng.chance(0.3) ? { outcome: "walkover", winnerId } : { winnerId, player1Score: 2, player2Score: 2 };
  }
  if (rng.chance(0.75)) return { outcome: "double_forfeit" };
  return { winnerId: match.winnerId === match.player1Id ? match.player2Id : match.player1Id };
}

type Tally = { allowed: number; refused: number; fromForfeit: number; toForfeit: number };

function checkOne(start: BracketMatch[], rng: Random, tally: Tally, name: string): void {
  const total = start.filter((m) => !m.isBye).length;
  const { matches, log } = play(start, rng.int(1, total), rng);
  if (log.length === 0) return;
  const index = rng.int(0, log.length - 1);
  const entry = log[index] as Entry;
  const match = byId(matches, entry.matchId);
  const correction = correctionOf(match, rng);
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
      const rng = seededRandom(n * (format === "single" ? 101 : 211));
      for (let run = 0; run < 12; run++) {
        const start =
          format === "single"
            ? generateBracket(ids(n), idFactory(), 0)
            : generateDoubleElimination(ids(n), idFactory(), 0, run % 2 === 0 ? "reset" : "single");
        checkOne(start, rng, tally, `${format} ${n} run ${run}`);
      }
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
  const rng = seededRandom(512);
  for (let run = 0; run < 6; run++) {
    const start =
      run % 2 === 0
        ? generateBracket(ids(512), idFactory(), 0)
        : generateDoubleElimination(ids(512 - run), idFactory(), 0, "reset");
    checkOne(start, rng, tally, `512 run ${run}`);
  }
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
