// Recording a result: the checks every result passes, and the rows it changes as its players move on.
import type { BracketMatch, MatchChange, Slot } from "./bracket.ts";
import { DomainError } from "../../../domain/errors.ts";
import type { Races } from "./races.ts";
import type { Outcome } from "./outcomes.ts";

export type ResultInput = {
  /** Required unless the outcome is a double forfeit. */
  winnerId?: string | null;
  /** "played" when missing. A walkover has no scores; a double forfeit no winner. */
  outcome?: Outcome;
  player1Score?: number | null;
  player2Score?: number | null;
};
/** The event's race-to, and a handicapped match's own races when set (decision 028). */
export type ResultOptions = { raceTo: number | null; races?: Races; now: number };

// Recording and correcting validate the same way: a walkover's scores are not the race's.
export function scoresFor(match: BracketMatch, result: ResultInput, outcome: Outcome, options: ResultOptions) {
  const races = options.races ?? { race1: options.raceTo, race2: options.raceTo };
  return validatedScores(match, outcome === "walkover" ? { winnerId: result.winnerId } : result, races);
}

export function findMatch(matches: readonly BracketMatch[], matchId: string): BracketMatch {
  const match = matches.find((m) => m.id === matchId);
  if (!match) throw new DomainError(404, "Match not found");
  return match;
}

function isScore(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

// The checks shared by recording and correcting (DESIGN §5): a winner who is
// one of the two players, optional whole-number scores, the winner's not
// lower, and nothing above each player's race. Returns the scores to store.
function validatedScores(
  match: BracketMatch,
  result: ResultInput,
  races: Races,
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
  for (const [field, race] of [
    ["player1Score", races.race1],
    ["player2Score", races.race2],
  ] as const) {
    const score = given[field];
    if (race !== null && score !== null && score > race) {
      throw new DomainError(400, `Scores can't be more than the race to ${race}`, { field });
    }
  }
  return { player1Score: given.player1Score ?? 0, player2Score: given.player2Score ?? 0 };
}

// The rows a result changes, built up in order of first touch. Reads see the
// changes made so far, so a player who drops into a waiting bye is carried on
// through it in the same set of changes.
export class Draft {
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
export function matchName(match: Pick<BracketMatch, "label" | "matchNumber">): string {
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
  const scores = scoresFor(match, result, outcome, options);
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
