// Single-elimination brackets (DESIGN §5): generation from a seeded draw,
// recording and correcting results, round labels, standings and statistics.
// Pure: every function takes the whole bracket and returns values or the rows
// to change, so the service layer can write them in one batch and the UI can
// apply the same changes optimistically.
import { DomainError } from "./errors.ts";
import type { PlaceRange } from "./money.ts";

export type Slot = 1 | 2;
export const matchStatuses = ["pending", "in_progress", "completed"] as const;
export type MatchStatus = (typeof matchStatuses)[number];
/** Which part of a tournament a match belongs to (single elimination is all "winners"). */
export const bracketSides = ["winners", "losers", "grand_final", "group", "knockout"] as const;
export type BracketSide = (typeof bracketSides)[number];
export type BracketMatch = {
  id: string;
  bracket: BracketSide;
  round: number; // 1 = first round of its bracket
  matchNumber: number; // 1-based within the round, top to bottom
  label: string; // "Semi-Finals", "Losers Round 2", "Grand Final Reset", …
  player1Id: string | null;
  player2Id: string | null;
  player1Score: number;
  player2Score: number;
  winnerId: string | null;
  status: MatchStatus;
  // A match with at most one entry that can ever reach it: a first-round bye (completed at once), a losers'
  // bracket match one of whose feeders produces nobody (completed the moment its one entry arrives), a
  // losers' match nobody can reach (completed, empty) or a grand-final reset that is not needed. It counts in
  // no statistic.
  isBye: boolean;
  nextMatchId: string | null; // where the winner goes (null for the last match)
  nextSlot: Slot | null;
  loserMatchId: string | null; // where the loser goes (double elimination), null when a loss puts them out
  loserSlot: Slot | null;
  completedAt: number | null;
};

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
        id: idAt(round, matchNumber),
        bracket,
        round,
        matchNumber,
        label: label(round, rounds),
        player1Id: null,
        player2Id: null,
        player1Score: 0,
        player2Score: 0,
        winnerId: null,
        status: "pending",
        isBye: false,
        nextMatchId: isFinal ? null : idAt(round + 1, Math.ceil(matchNumber / 2)),
        nextSlot: isFinal ? null : matchNumber % 2 === 1 ? 1 : 2,
        loserMatchId: null,
        loserSlot: null,
        completedAt: null,
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

function placeInSlot(match: BracketMatch, slot: Slot | null, playerId: string | null): void {
  if (slot === 1) match.player1Id = playerId;
  else match.player2Id = playerId;
}

export type ResultInput = { winnerId: string; player1Score?: number | null; player2Score?: number | null };
export type MatchChange = { id: string; set: Partial<Omit<BracketMatch, "id">> };
export type ResultOptions = { raceTo: number | null; now: number };

function findMatch(matches: readonly BracketMatch[], matchId: string): BracketMatch {
  const match = matches.find((m) => m.id === matchId);
  if (!match) throw new DomainError(404, "Match not found");
  return match;
}

function isScore(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

// The checks shared by recording and correcting (DESIGN §5): a winner who is
// one of the two players, optional whole-number scores, the winner's not
// lower, and nothing above the race. Returns the scores to store.
function validatedScores(
  match: BracketMatch,
  result: ResultInput,
  raceTo: number | null,
): { player1Score: number; player2Score: number } {
  if (match.player1Id === null || match.player2Id === null) {
    throw new DomainError(409, "Both players must be in the match before a result can be recorded");
  }
  if (result.winnerId !== match.player1Id && result.winnerId !== match.player2Id) {
    throw new DomainError(400, "The winner must be one of the two players", { field: "winnerId" });
  }
  const given = { player1Score: result.player1Score ?? null, player2Score: result.player2Score ?? null };
  for (const field of ["player1Score", "player2Score"] as const) {
    const score = given[field];
    if (score !== null && !isScore(score)) {
      throw new DomainError(400, "Scores must be whole numbers of 0 or more", { field });
    }
  }
  const winnerIsPlayer1 = result.winnerId === match.player1Id;
  if (given.player1Score !== null && given.player2Score !== null) {
    const [winnerScore, loserScore] = winnerIsPlayer1
      ? [given.player1Score, given.player2Score]
      : [given.player2Score, given.player1Score];
    // Equal scores are allowed: a result can be recorded without a full race
    // (a concession or a timed match), and DESIGN only forbids "lower".
    if (winnerScore < loserScore) {
      throw new DomainError(400, "The winner's score can't be lower than the loser's", {
        field: winnerIsPlayer1 ? "player1Score" : "player2Score",
      });
    }
  }
  if (raceTo !== null) {
    for (const field of ["player1Score", "player2Score"] as const) {
      const score = given[field];
      if (score !== null && score > raceTo) {
        throw new DomainError(400, `Scores can't be more than the race to ${raceTo}`, { field });
      }
    }
  }
  return { player1Score: given.player1Score ?? 0, player2Score: given.player2Score ?? 0 };
}

// The rows a result changes, built up in order of first touch. Reads see the
// changes made so far, so a player who drops into a waiting bye is carried on
// through it in the same set of changes.
class Draft {
  private readonly changed = new Map<string, Partial<Omit<BracketMatch, "id">>>();
  private readonly byId: Map<string, BracketMatch>;
  constructor(matches: readonly BracketMatch[]) {
    this.byId = new Map(matches.map((m) => [m.id, m]));
  }
  get(id: string): BracketMatch {
    const match = this.byId.get(id);
    // Generated brackets always link to existing matches: a missing one is
    // damaged data, not something a director can fix.
    if (!match) throw new Error(`Bracket is inconsistent: a link names the missing match ${id}`);
    return { ...match, ...this.changed.get(id) };
  }
  set(id: string, set: Partial<Omit<BracketMatch, "id">>): void {
    this.get(id);
    this.changed.set(id, { ...this.changed.get(id), ...set });
  }
  changes(): MatchChange[] {
    return [...this.changed].map(([id, set]) => ({ id, set }));
  }
}

function isGrandFinalWithReset(match: BracketMatch): boolean {
  return match.bracket === "grand_final" && match.round === 1 && match.nextMatchId !== null;
}

// A bye that waits for its one entry: every slot that can be filled is filled
// once this player arrives, so it completes with them and carries them on.
function place(draft: Draft, matchId: string, slot: Slot | null, playerId: string, now: number): void {
  draft.set(matchId, slot === 1 ? { player1Id: playerId } : { player2Id: playerId });
  const match = draft.get(matchId);
  if (!match.isBye) return;
  draft.set(matchId, { winnerId: playerId, status: "completed", completedAt: match.completedAt ?? now });
  if (match.nextMatchId !== null) place(draft, match.nextMatchId, match.nextSlot, playerId, now);
}

// Where a decided match sends its two players. The first grand final is the
// exception: when the winners' bracket champion (player 1) wins, the reset
// is not needed and becomes a bye for them; otherwise both play it again.
function route(draft: Draft, match: BracketMatch, now: number): void {
  const winner = match.winnerId;
  if (winner === null) return;
  const loser = winner === match.player1Id ? match.player2Id : match.player1Id;
  if (isGrandFinalWithReset(match) && match.nextMatchId !== null) {
    const reset = draft.get(match.nextMatchId);
    const notNeeded = winner === match.player1Id;
    draft.set(reset.id, {
      player1Id: match.player1Id,
      player2Id: notNeeded ? null : match.player2Id,
      isBye: notNeeded,
      status: notNeeded ? "completed" : reset.status === "completed" ? "pending" : reset.status,
      winnerId: notNeeded ? winner : null,
      completedAt: notNeeded ? (reset.completedAt ?? now) : null,
    });
    return;
  }
  if (match.nextMatchId !== null) place(draft, match.nextMatchId, match.nextSlot, winner, now);
  if (match.loserMatchId !== null && loser !== null) place(draft, match.loserMatchId, match.loserSlot, loser, now);
}

// The match where a player sent on from here would next play: through byes
// that carried them on, to the first real match.
function destination(draft: Draft, matchId: string): BracketMatch {
  let match = draft.get(matchId);
  while (match.isBye && match.nextMatchId !== null && !isGrandFinalWithReset(match)) {
    match = draft.get(match.nextMatchId);
  }
  return match;
}

/** "Semi-Finals · Match 2": how errors name a match. */
function matchName(match: Pick<BracketMatch, "label" | "matchNumber">): string {
  return `${match.label} · Match ${match.matchNumber}`;
}

/**
 * Records a result on a pending or in_progress match with both players
 * present. Returns exactly the rows that change: this match first (scores —
 * missing scores become 0 —, winnerId, status "completed", completedAt = now),
 * then the matches its winner and (double elimination) its loser go to, and any
 * bye that carries one of them on.
 * Throws DomainError: 404 unknown match; 409 already completed or a player
 * missing; 400 bad winner, scores or race.
 */
export function applyResult(
  matches: readonly BracketMatch[],
  matchId: string,
  result: ResultInput,
  options: ResultOptions,
): MatchChange[] {
  const match = findMatch(matches, matchId);
  if (match.status === "completed") throw new DomainError(409, "This match already has a result");
  const scores = validatedScores(match, result, options.raceTo);
  const draft = new Draft(matches);
  draft.set(match.id, { ...scores, winnerId: result.winnerId, status: "completed", completedAt: options.now });
  route(draft, draft.get(match.id), options.now);
  return draft.changes();
}

/**
 * Corrects a completed (non-bye) match's result while every match the change
 * would alter has no result yet (409 naming the first that has one); the last
 * match can always be corrected (finalize is the caller's concern). Returns the
 * changed rows: always this match first (scores and winner, even when they are
 * the same, so the caller's guarded write has one shape), then, when the
 * winner changed, the matches its two players now go to. completedAt is kept:
 * the match was played when it was, a correction only fixes the record.
 */
export function correctResult(
  matches: readonly BracketMatch[],
  matchId: string,
  result: ResultInput,
  options: ResultOptions,
): MatchChange[] {
  const match = findMatch(matches, matchId);
  if (match.status !== "completed") throw new DomainError(409, "Only a match with a result can be corrected");
  if (match.isBye) throw new DomainError(409, "A bye can't be corrected");
  const draft = new Draft(matches);
  if (result.winnerId !== match.winnerId) {
    // Once a player has played on from here, changing this result would leave
    // that later result without one of its players.
    const onward = [match.nextMatchId, match.loserMatchId].filter((id): id is string => id !== null);
    for (const id of onward) {
      const later = isGrandFinalWithReset(match) ? draft.get(id) : destination(draft, id);
      if (later.status === "completed" && !later.isBye) {
        throw new DomainError(409, `${matchName(later)} already has a result: correct that one first`);
      }
    }
  }
  const scores = validatedScores(match, result, options.raceTo);
  draft.set(match.id, { ...scores, winnerId: result.winnerId });
  if (result.winnerId !== match.winnerId) route(draft, draft.get(match.id), options.now);
  return draft.changes();
}

/** Applies changes to a list (for tests and for the UI's optimistic view): returns a new array. */
export function withChanges(matches: readonly BracketMatch[], changes: readonly MatchChange[]): BracketMatch[] {
  const byId = new Map<string, Partial<Omit<BracketMatch, "id">>>();
  for (const change of changes) byId.set(change.id, { ...byId.get(change.id), ...change.set });
  const known = new Set(matches.map((m) => m.id));
  for (const id of byId.keys()) {
    if (!known.has(id)) throw new RangeError(`A change names an unknown match: ${id}`);
  }
  return matches.map((match) => {
    const set = byId.get(match.id);
    return set ? { ...match, ...set } : match;
  });
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

/** The number of rounds (0 for no matches). */
export function totalRounds(matches: readonly BracketMatch[]): number {
  return matches.reduce((max, match) => Math.max(max, match.round), 0);
}

/** What places and the champion are decided from: a match's links and result, without its scores or times. */
export type PlacedMatch = Pick<
  BracketMatch,
  "bracket" | "round" | "player1Id" | "player2Id" | "winnerId" | "status" | "isBye" | "nextMatchId" | "loserMatchId"
>;

function finalOf<M extends PlacedMatch>(matches: readonly M[]): M | null {
  return matches.find((match) => match.nextMatchId === null) ?? null;
}

/** The champion once the final has a result, else null. */
export function champion(matches: readonly PlacedMatch[]): string | null {
  const final = finalOf(matches);
  return final?.status === "completed" ? final.winnerId : null;
}

/** The player a completed, played match put on the losing side (null for a bye or an undecided match). */
export function loserOf(match: PlacedMatch): string | null {
  if (match.status !== "completed" || match.isBye || match.winnerId === null) return null;
  return match.winnerId === match.player1Id ? match.player2Id : match.player1Id;
}

// Where a loss puts a player out, the stage it puts them out in: later stages
// rank higher. A grand final is one stage (its last loser is the runner-up).
function eliminationStage(match: PlacedMatch): number | null {
  if (match.bracket === "grand_final") return 3_000;
  if (match.loserMatchId !== null || match.bracket === "group") return null;
  return (match.bracket === "losers" ? 2_000 : 1_000) + match.round;
}

/**
 * Every entry's finishing place in a knockout (single or double elimination),
 * null while they are still in contention. Places follow from the structure,
 * so a player knocked out early has theirs at once: the champion 1st, the
 * last loser 2nd, then each earlier stage's losers share the next places as
 * a range as wide as the stage has real (non-bye) matches — single
 * elimination: 3rd-4th, 5th-8th, …; double elimination: the losers' final
 * 3rd, its semi-final 4th, then 5th-6th, 7th-8th, 9th-12th, … per losers' round.
 */
export function places(matches: readonly PlacedMatch[]): Map<string, PlaceRange | null> {
  const widths = new Map<number, number>();
  for (const match of matches) {
    const stage = eliminationStage(match);
    if (stage === null || match.isBye) continue;
    widths.set(stage, match.bracket === "grand_final" ? 1 : (widths.get(stage) ?? 0) + 1);
  }
  const firstPlace = new Map<number, number>();
  let next = 2;
  for (const stage of [...widths.keys()].sort((a, b) => b - a)) {
    firstPlace.set(stage, next);
    next += widths.get(stage) ?? 0;
  }
  const result = new Map<string, PlaceRange | null>();
  for (const match of matches) {
    for (const playerId of [match.player1Id, match.player2Id]) if (playerId !== null) result.set(playerId, null);
  }
  for (const match of matches) {
    const loser = loserOf(match);
    const stage = eliminationStage(match);
    if (loser === null || stage === null) continue;
    // The first grand final puts its loser out only when the reset is not needed.
    if (match.bracket === "grand_final" && match.nextMatchId !== null && match.winnerId !== match.player1Id) continue;
    const from = firstPlace.get(stage) ?? next;
    result.set(loser, { from, to: from + (widths.get(stage) ?? 1) - 1 });
  }
  const won = champion(matches);
  if (won !== null) result.set(won, { from: 1, to: 1 });
  return result;
}

/**
 * Per-player match statistics excluding byes: played and won. Every player in
 * the bracket has an entry, even one who has only had a bye (0 and 0), so
 * finalize can write a row for each.
 */
export function matchStats(matches: readonly BracketMatch[]): Map<string, { played: number; won: number }> {
  const stats = new Map<string, { played: number; won: number }>();
  const entry = (playerId: string) => {
    const found = stats.get(playerId) ?? { played: 0, won: 0 };
    stats.set(playerId, found);
    return found;
  };
  for (const match of matches) {
    for (const playerId of [match.player1Id, match.player2Id]) if (playerId !== null) entry(playerId);
    if (match.status !== "completed" || match.isBye) continue;
    for (const playerId of [match.player1Id, match.player2Id]) {
      if (playerId === null) continue;
      const player = entry(playerId);
      player.played += 1;
      if (playerId === match.winnerId) player.won += 1;
    }
  }
  return stats;
}

/**
 * Matches ready to be played or put on a table: both players present, not
 * completed. In round order, then match order.
 */
export function playableMatches(matches: readonly BracketMatch[]): BracketMatch[] {
  return matches
    .filter((m) => m.player1Id !== null && m.player2Id !== null && m.status !== "completed")
    .sort((a, b) => a.round - b.round || a.matchNumber - b.matchNumber);
}
