// Reading where a bracket leaves everyone: the champion, each entry's finishing place, and match statistics.
import type { BracketMatch } from "./bracket.ts";
import type { PlaceRange } from "../../money/domain/money.ts";

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
