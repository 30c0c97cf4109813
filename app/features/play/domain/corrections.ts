// What a correction does to the rest of the bracket: the players it
// puts into or takes out of later matches, so a director is warned before it
// swaps a player in a match already being played at a table.
import type { BracketMatch, MatchChange, Slot } from "./bracket.ts";

/** One slot of a later match that a result's changes give to someone else. */
export type PlayerMove = { matchId: string; slot: Slot; from: string | null; to: string | null };

/**
 * The slots of other matches whose player a result's changes replace (the
 * corrected match itself, the first change, is not one of them), in the
 * order the changes touch them.
 */
export function playersMoved(
  matches: readonly Pick<BracketMatch, "id" | "player1Id" | "player2Id">[],
  changes: readonly MatchChange[],
): PlayerMove[] {
  const byId = new Map(matches.map((m) => [m.id, m]));
  return changes.slice(1).flatMap((change) => {
    const before = byId.get(change.id);
    if (!before) return [];
    return ([1, 2] as const).flatMap((slot) => {
      const key = slot === 1 ? "player1Id" : "player2Id";
      const to = change.set[key];
      return to === undefined || to === before[key] ? [] : [{ matchId: change.id, slot, from: before[key], to }];
    });
  });
}

/** The moves that change a match already being played at a table (in progress): these ask for a confirmation. */
export function movesAtTables(
  matches: readonly Pick<BracketMatch, "id" | "player1Id" | "player2Id" | "status">[],
  changes: readonly MatchChange[],
): PlayerMove[] {
  const inPlay = new Set(matches.filter((m) => m.status === "in_progress").map((m) => m.id));
  return playersMoved(matches, changes).filter((move) => inPlay.has(move.matchId));
}

/** A move's identity, so a confirmation confirms exactly the moves it was shown. */
export function movesKey(moves: readonly PlayerMove[]): string {
  return moves.map((m) => `${m.matchId}:${m.slot}:${m.from ?? "-"}:${m.to ?? "-"}`).join(";");
}

type NamedMatch = Pick<
  BracketMatch,
  "id" | "bracket" | "round" | "matchNumber" | "label" | "player1Id" | "player2Id"
> & {
  player1: { name: string } | null;
  player2: { name: string } | null;
  tableName: string | null;
};

/** "The final on Table 1: Mo Patel → Liam O'Brien": a move as the director reads it. */
export function describeMove(matches: readonly NamedMatch[], move: PlayerMove): string {
  const names = new Map<string, string>();
  for (const m of matches) {
    if (m.player1Id && m.player1) names.set(m.player1Id, m.player1.name);
    if (m.player2Id && m.player2) names.set(m.player2Id, m.player2.name);
  }
  const name = (id: string | null) => (id === null ? "no one" : (names.get(id) ?? "Unknown player"));
  const match = matches.find((m) => m.id === move.matchId);
  if (!match) return `${name(move.from)} → ${name(move.to)}`;
  const alone = matches.filter((m) => m.bracket === match.bracket && m.round === match.round).length === 1;
  const what = alone ? `The ${match.label.toLowerCase()}` : `${match.label} match ${match.matchNumber}`;
  return `${what}${match.tableName ? ` on ${match.tableName}` : ""}: ${name(move.from)} → ${name(move.to)}`;
}
