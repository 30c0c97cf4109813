// Drawing a single-elimination bracket: its size, the seed order, the random draw, its matches and round labels.
import type { BracketMatch, BracketSide, Slot } from "./bracket.ts";

// SPEC §9: maxPlayers is 2 to 512.
const MIN_BRACKET_PLAYERS = 2;
const MAX_BRACKET_PLAYERS = 512;

/** Next power of two ≥ players (players 2..512; throw RangeError outside). */
export function bracketSize(players: number): number {
  if (!Number.isInteger(players) || players < MIN_BRACKET_PLAYERS || players > MAX_BRACKET_PLAYERS) {
    throw new RangeError(`A bracket needs ${MIN_BRACKET_PLAYERS} to ${MAX_BRACKET_PLAYERS} players, got ${players}`);
  }
  let size = 2;
  while (size < players) size *= 2;
  return size;
}

function isBracketSize(size: number): boolean {
  return Number.isInteger(size) && size >= 2 && size <= MAX_BRACKET_PLAYERS && (size & (size - 1)) === 0;
}

/**
 * Standard seed order for a bracket of `size`: position → seed, "1 v N, then
 * halves recursively": size 4 → [1,4,2,3]; size 8 → [1,8,4,5,2,7,3,6].
 */
export function seedOrder(size: number): number[] {
  if (!isBracketSize(size)) {
    throw new RangeError(`A bracket size is a power of two from 2 to ${MAX_BRACKET_PLAYERS}, got ${size}`);
  }
  // Doubling keeps every existing seed in place and gives it the opponent
  // that makes the pair sum to the new size + 1, so seeds 1 and 2 can only
  // meet in the final, 1-4 only in the semi-finals, and so on.
  let order = [1, 2];
  while (order.length < size) {
    const sum = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, sum - seed]);
  }
  return order;
}

const UINT32_RANGE = 2 ** 32;

/** Uniform random int in [0, maxExclusive) from crypto.getRandomValues with rejection sampling (no modulo bias). */
export function cryptoRandomInt(maxExclusive: number): number {
  if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > UINT32_RANGE) {
    throw new RangeError(`maxExclusive must be an integer from 1 to 2^32, got ${maxExclusive}`);
  }
  // Values at or above the largest multiple of maxExclusive would make the
  // low remainders more likely than the high ones, so they are drawn again.
  const limit = UINT32_RANGE - (UINT32_RANGE % maxExclusive);
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % maxExclusive;
  }
}

/**
 * Fisher–Yates shuffle using `randomInt` (default cryptoRandomInt); returns a
 * new array — the draw, recorded as seeds 1..n in this order.
 */
export function drawOrder<T>(items: readonly T[], randomInt: (maxExclusive: number) => number = cryptoRandomInt): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    // A faulty source must not silently duplicate or drop a player.
    if (!Number.isInteger(j) || j < 0 || j > i) {
      throw new RangeError(`randomInt(${i + 1}) returned ${j}`);
    }
    const picked = result[j] as T;
    result[j] = result[i] as T;
    result[i] = picked;
  }
  return result;
}

/**
 * The whole single-elimination bracket for players in seed order (index 0 =
 * seed 1). Byes go to the seeds beyond n, i.e. the top seeds get byes, so no
 * bye ever meets a bye and byes occur only in round 1. A bye match is
 * completed at once and its winner is already placed in the next match.
 * Every match links to the match/slot its winner feeds. Ids from newId().
 * Returned in round order, then match order.
 */
export function generateBracket(
  playerIdsInSeedOrder: readonly string[],
  newId: () => string,
  now: number,
): BracketMatch[] {
  return knockoutBracket(playerIdsInSeedOrder, newId, now, "winners", roundLabel);
}

/**
 * A single-elimination bracket as generateBracket makes it, in `bracket`, with
 * its rounds named by `label(round, totalRounds)`: the winners' bracket of a
 * double elimination and the knockout after groups are built on it.
 */
export function knockoutBracket(
  playerIdsInSeedOrder: readonly string[],
  newId: () => string,
  now: number,
  bracket: BracketSide,
  label: (round: number, totalRounds: number) => string,
): BracketMatch[] {
  const players = playerIdsInSeedOrder.length;
  const size = bracketSize(players);
  if (new Set(playerIdsInSeedOrder).size !== players) {
    throw new RangeError("A player can be drawn only once");
  }
  const rounds = Math.log2(size);

  // Ids first, so every match can point at the one its winner feeds.
  const ids: string[][] = [];
  for (let round = 1; round <= rounds; round++) {
    ids.push(Array.from({ length: size / 2 ** round }, () => newId()));
  }
  const idAt = (round: number, matchNumber: number): string => ids[round - 1]?.[matchNumber - 1] as string;

  const matches: BracketMatch[] = [];
  for (let round = 1; round <= rounds; round++) {
    const count = size / 2 ** round;
    for (let matchNumber = 1; matchNumber <= count; matchNumber++) {
      const isFinal = round === rounds;
      matches.push({
        ...newMatch(idAt(round, matchNumber), bracket, round, matchNumber, label(round, rounds)),
        nextMatchId: isFinal ? null : idAt(round + 1, Math.ceil(matchNumber / 2)),
        nextSlot: isFinal ? null : matchNumber % 2 === 1 ? 1 : 2,
      });
    }
  }

  const byId = new Map(matches.map((match) => [match.id, match]));
  const order = seedOrder(size);
  const playerForSeed = (seed: number): string | null => playerIdsInSeedOrder[seed - 1] ?? null;
  for (let matchNumber = 1; matchNumber <= size / 2; matchNumber++) {
    const match = matches[matchNumber - 1] as BracketMatch;
    // In the standard order the better seed is always first in its pair and
    // only seeds beyond n are missing, so a bye is always player 2 and
    // two byes never meet (n > size / 2).
    match.player1Id = playerForSeed(order[2 * matchNumber - 2] as number);
    match.player2Id = playerForSeed(order[2 * matchNumber - 1] as number);
    if (match.player2Id === null) {
      match.isBye = true;
      match.status = "completed";
      match.winnerId = match.player1Id;
      match.completedAt = now;
      const next = byId.get(match.nextMatchId ?? "");
      if (next) placeInSlot(next, match.nextSlot, match.winnerId);
    }
  }
  return matches;
}

/** A match as drawn, before anyone is in it or anything links to or from it. */
export function newMatch(
  id: string,
  bracket: BracketSide,
  round: number,
  matchNumber: number,
  label: string,
): BracketMatch {
  return {
    id,
    bracket,
    group: null,
    round,
    matchNumber,
    label,
    player1Id: null,
    player2Id: null,
    player1Score: 0,
    player2Score: 0,
    winnerId: null,
    status: "pending",
    outcome: "played",
    isBye: false,
    nextMatchId: null,
    nextSlot: null,
    loserMatchId: null,
    loserSlot: null,
    completedAt: null,
  };
}

function placeInSlot(match: BracketMatch, slot: Slot | null, playerId: string | null): void {
  if (slot === 1) match.player1Id = playerId;
  else match.player2Id = playerId;
}

/**
 * Round labels count down from the last: Final, Semi-Finals, Quarter-Finals,
 * then `Round ${round}` (counted from the first round).
 */
export function roundLabel(round: number, totalRounds: number): string {
  const valid = Number.isInteger(totalRounds) && Number.isInteger(round) && round >= 1 && round <= totalRounds;
  if (!valid) {
    throw new RangeError(`Round ${round} is not in a bracket of ${totalRounds} rounds`);
  }
  switch (totalRounds - round) {
    case 0:
      return "Final";
    case 1:
      return "Semi-Finals";
    case 2:
      return "Quarter-Finals";
    default:
      return `Round ${round}`;
  }
}
