// Single-elimination brackets (DESIGN §5): generation from a seeded draw,
// recording and correcting results, round labels, standings and statistics.
// Pure: every function takes the whole bracket and returns values or the rows
// to change, so the service layer can write them in one batch and the UI can
// apply the same changes optimistically.
import { DomainError } from "./errors.ts";
import type { Outcome } from "./outcomes.ts";
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
  group: string | null; // "A", "B", … for the groups before a knockout; null otherwise
  round: number; // 1 = first round of its bracket
  matchNumber: number; // 1-based within the round, top to bottom
  label: string; // "Semi-Finals", "Losers Round 2", "Grand Final Reset", …
  player1Id: string | null;
  player2Id: string | null;
  player1Score: number;
  player2Score: number;
  winnerId: string | null;
  status: MatchStatus;
  outcome: Outcome; // how it was decided: played, a walkover, or a double forfeit (nobody goes on)
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

// Recording and correcting validate the same way: a walkover's scores are not the race's.
function scoresFor(match: BracketMatch, result: ResultInput, outcome: Outcome, raceTo: number | null) {
  return validatedScores(match, outcome === "walkover" ? { winnerId: result.winnerId } : result, raceTo);
}

function placeInSlot(match: BracketMatch, slot: Slot | null, playerId: string | null): void {
  if (slot === 1) match.player1Id = playerId;
  else match.player2Id = playerId;
}

export type ResultInput = {
  /** Required unless the outcome is a double forfeit. */
  winnerId?: string | null;
  /** "played" when missing. A walkover has no scores; a double forfeit no winner. */
  outcome?: Outcome;
  player1Score?: number | null;
  player2Score?: number | null;
};
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
  // A result touches a handful of matches: looking each up is cheaper than indexing a 1,000-match bracket.
  private readonly found = new Map<string, BracketMatch | undefined>();
  private readonly matches: readonly BracketMatch[];
  constructor(matches: readonly BracketMatch[]) {
    this.matches = matches;
  }
  get(id: string): BracketMatch {
    if (!this.found.has(id))
      this.found.set(
        id,
        this.matches.find((m) => m.id === id),
      );
    const match = this.found.get(id);
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
  if (match.nextMatchId === null) return;
  // A grand final won by a bye needs no reset.
  if (isGrandFinalWithReset(match)) {
    const reset = { player1Id: playerId, player2Id: null, isBye: true, winnerId: playerId };
    draft.set(match.nextMatchId, { ...reset, status: "completed", completedAt: now });
    return;
  }
  place(draft, match.nextMatchId, match.nextSlot, playerId, now);
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
  const outcome = result.outcome ?? "played";
  const draft = new Draft(matches);
  if (outcome === "double_forfeit") {
    if (match.player1Id === null || match.player2Id === null) {
      throw new DomainError(409, "Both players must be in the match before a result can be recorded");
    }
    if (match.bracket !== "group" && (match.nextMatchId === null || match.bracket === "grand_final")) {
      throw new DomainError(409, "The final can't be forfeited by both players: record a walkover instead");
    }
    draft.set(match.id, {
      player1Score: 0,
      player2Score: 0,
      winnerId: null,
      status: "completed",
      completedAt: options.now,
      outcome,
    });
    // In a league both lose. In a knockout neither goes on: where the winner (and in double elimination the
    // loser) would go, a bye goes instead.
    if (match.nextMatchId === null) return draft.changes();
    forfeit(draft, match.nextMatchId, match.nextSlot, options.now);
    if (match.loserMatchId !== null) forfeit(draft, match.loserMatchId, match.loserSlot, options.now);
    const last = matches.find((m) => m.nextMatchId === null);
    const final = last ? draft.get(last.id) : null;
    if (final?.isBye && final.status === "completed" && final.winnerId === null) {
      throw new DomainError(409, "Nobody would be left to win: record a walkover instead");
    }
    return draft.changes();
  }
  const scores = scoresFor(match, result, outcome, options.raceTo);
  draft.set(match.id, {
    ...scores,
    winnerId: result.winnerId ?? null,
    status: "completed",
    completedAt: options.now,
    ...(outcome === match.outcome ? {} : { outcome }),
  });
  route(draft, draft.get(match.id), options.now);
  return draft.changes();
}

// Nobody will arrive in this slot: the entry already in the match goes on
// through it as a bye, one still to come will, and a match that now nobody can
// reach is empty and sends nobody on in turn.
function forfeit(draft: Draft, matchId: string, slot: Slot | null, now: number): void {
  const match = draft.get(matchId);
  if (match.isBye) {
    if (match.status === "completed") return;
    draft.set(matchId, { status: "completed", completedAt: now, winnerId: null });
    if (match.nextMatchId === null) return;
    // Both of the reset's players come from the first grand final: it is empty too.
    if (isGrandFinalWithReset(match))
      draft.set(match.nextMatchId, { isBye: true, status: "completed", completedAt: now });
    else forfeit(draft, match.nextMatchId, match.nextSlot, now);
    return;
  }
  const other = slot === 1 ? match.player2Id : match.player1Id;
  draft.set(matchId, { isBye: true });
  // A bye has no loser: nobody drops from it either.
  if (match.loserMatchId !== null) forfeit(draft, match.loserMatchId, match.loserSlot, now);
  if (other !== null) place(draft, matchId, slot === 1 ? 2 : 1, other, now);
}

/**
 * Corrects a completed (non-bye) match's result while every match the change
 * would alter has no result yet (409 naming the first that has one); the last
 * match can always be corrected (finalize is the caller's concern). A double
 * forfeit can be corrected either way, with the same refusals as recording one.
 * Returns the changed rows: always this match first (scores and winner, even
 * when they are the same, so the caller's guarded write has one shape), then
 * every match after it that now holds what it would hold had the corrected
 * result been recorded in the first place. completedAt is kept: the match was
 * played when it was, a correction only fixes the record.
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
  const outcome = result.outcome ?? "played";
  const draft = new Draft(matches);
  if (outcome === "double_forfeit") {
    if (match.bracket !== "group" && (match.nextMatchId === null || match.bracket === "grand_final")) {
      throw new DomainError(409, "The final can't be forfeited by both players: record a walkover instead");
    }
    draft.set(match.id, { player1Score: 0, player2Score: 0, winnerId: null, outcome });
  } else {
    const scores = scoresFor(match, result, outcome, options.raceTo);
    draft.set(match.id, {
      ...scores,
      winnerId: result.winnerId ?? null,
      ...(outcome === match.outcome ? {} : { outcome }),
    });
  }
  const corrected = draft.get(match.id);
  const forfeitedBefore = match.outcome === "double_forfeit";
  if (corrected.winnerId === match.winnerId && (outcome === "double_forfeit") === forfeitedBefore) {
    return draft.changes();
  }
  rederive(draft, feedersOf(matches), match, options.now);
  if (outcome === "double_forfeit" && match.bracket !== "group") {
    const last = matches.find((m) => m.nextMatchId === null);
    const final = last ? draft.get(last.id) : null;
    if (final?.isBye && final.status === "completed" && final.winnerId === null) {
      throw new DomainError(409, "Nobody would be left to win: record a walkover instead");
    }
  }
  return draft.changes();
}

type Feeder = { from: string; slot: Slot; as: "winner" | "loser" };

// Which match fills each slot: the reverse of the winner and loser links.
function feedersOf(matches: readonly BracketMatch[]): Map<string, Feeder[]> {
  const feeders = new Map<string, Feeder[]>();
  const add = (to: string | null, slot: Slot | null, feeder: Omit<Feeder, "slot">) => {
    if (to === null || slot === null) return;
    feeders.set(to, [...(feeders.get(to) ?? []), { ...feeder, slot }]);
  };
  for (const m of matches) {
    add(m.nextMatchId, m.nextSlot, { from: m.id, as: "winner" });
    add(m.loserMatchId, m.loserSlot, { from: m.id, as: "loser" });
  }
  return feeders;
}

// After `changed`'s result changed: every match after it, winner's side first, is read again from the matches
// that feed it, as recording would have left it. A match with a result that would change is in the way.
function rederive(draft: Draft, feeders: Map<string, Feeder[]>, changed: BracketMatch, now: number): void {
  for (const id of [changed.nextMatchId, changed.loserMatchId]) {
    if (id === null) continue;
    const before = draft.get(id);
    const after = fedState(draft, feeders, before, now);
    const set: Partial<Omit<BracketMatch, "id">> = {};
    for (const key of Object.keys(after) as (keyof typeof after)[]) {
      if (after[key] !== before[key]) Object.assign(set, { [key]: after[key] });
    }
    if (before.status === "completed" && !before.isBye) {
      // Its own result stands unless who was in it changes.
      if (["player1Id", "player2Id", "isBye"].some((key) => key in set)) {
        throw new DomainError(409, `${matchName(before)} already has a result: correct that one first`);
      }
      continue;
    }
    if (Object.keys(set).length === 0) continue;
    draft.set(id, set);
    rederive(draft, feeders, draft.get(id), now);
  }
}

type FedState = Pick<BracketMatch, "player1Id" | "player2Id" | "isBye" | "status" | "winnerId" | "completedAt">;

// What a match without a result of its own holds, read from its feeders: who has arrived in each slot, whether
// nobody ever will (a double forfeit or an empty bye sends no winner, a bye or a double forfeit no loser), and so
// whether it is a bye and whether that bye is complete. The reset follows the first grand final.
function fedState(draft: Draft, feeders: Map<string, Feeder[]>, match: BracketMatch, now: number): FedState {
  const from = feeders.get(match.id) ?? [];
  if (match.bracket === "grand_final" && match.round === 2) {
    const first = draft.get(from[0]?.from ?? "");
    const inPlay = match.status === "in_progress" ? "in_progress" : "pending";
    if (first.status !== "completed") {
      return { player1Id: null, player2Id: null, isBye: false, status: "pending", winnerId: null, completedAt: null };
    }
    if (first.isBye || first.winnerId === null || first.winnerId === first.player1Id) {
      const done = { isBye: true, status: "completed" as const, completedAt: match.completedAt ?? now };
      return { player1Id: first.winnerId, player2Id: null, winnerId: first.winnerId, ...done };
    }
    const players = { player1Id: first.player1Id, player2Id: first.player2Id };
    return { ...players, isBye: false, status: inPlay, winnerId: null, completedAt: null };
  }
  const slot = (n: Slot): { player: string | null; nobody: boolean } => {
    const feeder = from.find((f) => f.slot === n);
    if (!feeder) return { player: n === 1 ? match.player1Id : match.player2Id, nobody: false };
    const f = draft.get(feeder.from);
    const decided = f.status === "completed";
    if (feeder.as === "winner") return { player: decided ? f.winnerId : null, nobody: decided && f.winnerId === null };
    const forfeited = decided && f.outcome === "double_forfeit";
    const loser = decided && !f.isBye && !forfeited ? (f.winnerId === f.player1Id ? f.player2Id : f.player1Id) : null;
    return { player: loser, nobody: f.isBye || forfeited };
  };
  const [one, two] = [slot(1), slot(2)];
  const players = { player1Id: one.player, player2Id: two.player };
  if (one.nobody || two.nobody) {
    const waitingFor = one.nobody ? two : one;
    const done = waitingFor.nobody || waitingFor.player !== null;
    return done
      ? {
          ...players,
          isBye: true,
          status: "completed",
          winnerId: waitingFor.player,
          completedAt: match.completedAt ?? now,
        }
      : { ...players, isBye: true, status: "pending", winnerId: null, completedAt: null };
  }
  const both = one.player !== null && two.player !== null;
  const status = match.status === "in_progress" && both ? "in_progress" : "pending";
  return { ...players, isBye: false, status, winnerId: null, completedAt: null };
}

/** Applies changes to a list (for tests and for the UI's optimistic view): returns a new array. */
export function withChanges(matches: readonly BracketMatch[], changes: readonly MatchChange[]): BracketMatch[] {
  const byId = new Map<string, Partial<Omit<BracketMatch, "id">>>();
  for (const change of changes) byId.set(change.id, { ...byId.get(change.id), ...change.set });
  let applied = 0;
  const result = matches.map((match) => {
    const set = byId.get(match.id);
    if (!set) return match;
    applied += 1;
    return { ...match, ...set };
  });
  if (applied < byId.size) {
    const unknown = [...byId.keys()].find((id) => !matches.some((m) => m.id === id));
    throw new RangeError(`A change names an unknown match: ${unknown}`);
  }
  return result;
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

/** What finishing places are read from: a match's place in its bracket, its links and its result. */
export type PlacedMatch = Pick<
  BracketMatch,
  | "id"
  | "bracket"
  | "group"
  | "round"
  | "player1Id"
  | "player2Id"
  | "winnerId"
  | "status"
  | "outcome"
  | "isBye"
  | "nextMatchId"
  | "loserMatchId"
>;

function finalOf<M extends Pick<BracketMatch, "nextMatchId" | "status" | "winnerId">>(matches: readonly M[]): M | null {
  return matches.find((match) => match.nextMatchId === null) ?? null;
}

/** The champion once the final has a result, else null. */
export function champion(matches: readonly Pick<BracketMatch, "nextMatchId" | "status" | "winnerId">[]): string | null {
  const final = finalOf(matches);
  return final?.status === "completed" ? final.winnerId : null;
}

/** The player a completed, played match put on the losing side (null for a bye or an undecided match). */
export function loserOf(match: PlacedMatch): string | null {
  if (match.status !== "completed" || match.isBye || match.winnerId === null) return null;
  return match.winnerId === match.player1Id ? match.player2Id : match.player1Id;
}

// Where a loss puts a player out, the stage it puts them out in: later stages
// rank higher. A grand final is one stage (its last loser is the runner-up). A
// double forfeit in a winners' bracket that drops its losers puts both out in
// the losers' round they would have dropped into.
function eliminationStage(match: PlacedMatch, byId: Map<string, PlacedMatch>): number | null {
  if (match.bracket === "grand_final") return 3_000;
  if (match.bracket === "group") return null;
  if (match.loserMatchId !== null) {
    if (match.outcome !== "double_forfeit") return null;
    return 2_000 + (byId.get(match.loserMatchId)?.round ?? 0);
  }
  return (match.bracket === "losers" ? 2_000 : 1_000) + match.round;
}

// The entries a decided match puts out (both for a double forfeit), before the grand final's exception.
function outOf(match: PlacedMatch): string[] {
  if (match.status !== "completed" || match.isBye) return [];
  if (match.outcome === "double_forfeit") return [match.player1Id, match.player2Id].filter((p) => p !== null);
  const loser = loserOf(match);
  return loser === null ? [] : [loser];
}

/**
 * Every entry's finishing place in a knockout (single or double elimination),
 * null while they are still in contention. Places follow from the structure,
 * so a player knocked out early has theirs at once: the champion 1st, the
 * last loser 2nd, then each earlier stage's losers share the next places as
 * a range as wide as the stage puts entries out (one per real match, two for a
 * double forfeit, none for a bye) — single elimination: 3rd-4th, 5th-8th, …;
 * double elimination: the losers' final 3rd, its semi-final 4th, then 5th-6th,
 * 7th-8th, 9th-12th, … per losers' round.
 */
export function places(matches: readonly PlacedMatch[]): Map<string, PlaceRange | null> {
  const byId = new Map(matches.map((m) => [m.id, m]));
  const widths = new Map<number, number>();
  for (const match of matches) {
    const stage = eliminationStage(match, byId);
    if (stage === null || match.isBye) continue;
    const width = match.bracket === "grand_final" ? 1 : match.outcome === "double_forfeit" ? 2 : 1;
    widths.set(stage, match.bracket === "grand_final" ? 1 : (widths.get(stage) ?? 0) + width);
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
    const stage = eliminationStage(match, byId);
    if (stage === null) continue;
    // The first grand final puts its loser out only when the reset is not needed.
    if (match.bracket === "grand_final" && match.nextMatchId !== null && match.winnerId !== match.player1Id) continue;
    const from = firstPlace.get(stage) ?? next;
    for (const out of outOf(match)) result.set(out, { from, to: from + (widths.get(stage) ?? 1) - 1 });
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
export type MatchRecord = { played: number; won: number; racksWon: number; racksLost: number };

export function matchStats(matches: readonly BracketMatch[]): Map<string, MatchRecord> {
  const stats = new Map<string, MatchRecord>();
  const entry = (playerId: string) => {
    const found = stats.get(playerId) ?? { played: 0, won: 0, racksWon: 0, racksLost: 0 };
    stats.set(playerId, found);
    return found;
  };
  for (const match of matches) {
    for (const playerId of [match.player1Id, match.player2Id]) if (playerId !== null) entry(playerId);
    if (!wasPlayed(match)) continue;
    const sides = [
      [match.player1Id, match.player1Score, match.player2Score],
      [match.player2Id, match.player2Score, match.player1Score],
    ] as const;
    for (const [playerId, racksWon, racksLost] of sides) {
      if (playerId === null) continue;
      const player = entry(playerId);
      player.played += 1;
      player.racksWon += racksWon;
      player.racksLost += racksLost;
      if (playerId === match.winnerId) player.won += 1;
    }
  }
  return stats;
}

/** A match played over the table: completed, not a bye, not a walkover or double forfeit. */
export function wasPlayed(match: Pick<BracketMatch, "status" | "isBye" | "outcome">): boolean {
  return match.status === "completed" && !match.isBye && match.outcome === "played";
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
