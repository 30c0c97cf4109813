// A bracket's rounds as every screen draws them — the tournament page on a phone, the wall, the TV and the draw
// sheet: every round the draw made, in order, each named as its matches are. A screen may leave off a match nobody
// has reached (it draws an empty place or nothing), never a round: so the losers' side starts at the same round name
// everywhere, and keeps it through the night.
import type { BracketMatch } from "./bracket.ts";

type RoundMatch = Pick<BracketMatch, "round" | "matchNumber" | "label">;

export type BracketRound<M> = { round: number; label: string; matches: M[] };

/** The rounds of one bracket's matches (one side, or one group), in order, each with its matches in order. */
export function bracketRounds<M extends RoundMatch>(matches: readonly M[]): BracketRound<M>[] {
  const numbers = [...new Set(matches.map((m) => m.round))].sort((a, b) => a - b);
  return numbers.map((round) => {
    const list = matches.filter((m) => m.round === round).sort((a, b) => a.matchNumber - b.matchNumber);
    // Every match of a round carries the round's name; a row from before names were stored has none.
    return { round, label: list.find((m) => m.label !== "")?.label ?? `Round ${round}`, matches: list };
  });
}

/**
 * A losers' bye nobody has reached: no entry in it yet (one may come through it) or ever. It is no match to draw —
 * a screen shows an empty place or nothing — but its round stays.
 */
export const unreachable = (m: Pick<BracketMatch, "isBye" | "player1Id" | "player2Id">) =>
  m.isBye && m.player1Id === null && m.player2Id === null;

/** What a screen says in a round with no match to draw: every match in it is such a bye (a losers' first round). */
export const byesOnlyText = "Byes only: nobody plays in this round.";
