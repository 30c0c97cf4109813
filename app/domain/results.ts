// A finished tournament's results: the podium read from the bracket, and the
// prizes as they were paid at finalize.
import { type PlacedMatch, standings } from "./bracket.ts";
import { isDomainError } from "./errors.ts";
import { positions, type Pence, type Position } from "./money.ts";

type NamedMatch = PlacedMatch & { player1: { name: string } | null; player2: { name: string } | null };
type PaidPrize = { playerId: string; name: string; position: string; amountPence: Pence };

const podiumPlaces = [
  { position: "1st", label: "Champion" },
  { position: "2nd", label: "Runner-up" },
  { position: "3rd-4th", label: "Semi-finalists" },
] as const;

export type Results = {
  podium: { position: Position; label: string; players: { name: string; prizePence: Pence | null }[] }[];
  /** Every prize paid, best place first: position, player and amount. */
  prizes: { position: string; name: string; amountPence: Pence }[];
};

/** The results, or null while the final has no result (or there is no bracket). */
export function tournamentResults(matches: readonly NamedMatch[], paid: readonly PaidPrize[]): Results | null {
  let placed: ReturnType<typeof standings>;
  try {
    placed = standings(matches);
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
  const names = new Map<string, string>();
  for (const m of matches) {
    if (m.player1Id && m.player1) names.set(m.player1Id, m.player1.name);
    if (m.player2Id && m.player2) names.set(m.player2Id, m.player2.name);
  }
  const prizeOf = new Map(paid.map((p) => [p.playerId, p.amountPence]));
  const rank = (position: string) => {
    const index = (positions as readonly string[]).indexOf(position);
    return index < 0 ? positions.length : index;
  };
  return {
    podium: podiumPlaces
      .map(({ position, label }) => ({
        position,
        label,
        players: placed
          .filter((s) => s.position === position)
          .map((s) => ({
            name: names.get(s.playerId) ?? "Unknown player",
            prizePence: prizeOf.get(s.playerId) ?? null,
          })),
      }))
      .filter((place) => place.players.length > 0),
    prizes: [...paid]
      .sort(
        (a, b) => rank(a.position) - rank(b.position) || b.amountPence - a.amountPence || a.name.localeCompare(b.name),
      )
      .map(({ position, name, amountPence }) => ({ position, name, amountPence })),
  };
}
