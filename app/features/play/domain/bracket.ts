// What a bracket is, for every format (DESIGN §5): its matches, the changes a result makes, and reading them.
// Pure, like the modules that work on it (generate-bracket.ts, apply-result.ts, correct-result.ts,
// bracket-places.ts): every function takes the whole bracket and returns values or the rows to change, so the
// service layer can write them in one batch and the UI can apply the same changes optimistically.
import type { Outcome } from "./outcomes.ts";

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
export type MatchChange = { id: string; set: Partial<Omit<BracketMatch, "id">> };

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

/** The number of rounds (0 for no matches). */
export function totalRounds(matches: readonly BracketMatch[]): number {
  return matches.reduce((max, match) => Math.max(max, match.round), 0);
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
