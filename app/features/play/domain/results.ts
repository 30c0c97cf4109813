// A finished tournament's results: the podium read from the matches (every
// format's places), and the prizes as they were paid at finalize.
import type { PlacedMatch } from "./bracket-places.ts";
import { formatPlaces, type LeagueResult } from "../../tournaments/domain/formats.ts";
import { knockoutEntrants } from "./groups.ts";
import { placeName, type PlaceRange } from "../../money/domain/money.ts";
import type { Pence } from "../../../domain/pence.ts";

type NamedMatch = PlacedMatch & LeagueResult & { player1: { name: string } | null; player2: { name: string } | null };
/** A payout; in a team event a member's share, with `entryId` the team's id. */
export type PaidPrize = {
  playerId: string;
  entryId?: string;
  name: string;
  position: string;
  amountPence: Pence;
  /** A guest's prize, handed over in cash at the venue (DESIGN §10). */
  paidInCash?: boolean;
};

export type Results = {
  /** `playerId`: the entry (a team's id in a team event). */
  podium: {
    position: string;
    label: string;
    players: { playerId: string; name: string; prizePence: Pence | null }[];
  }[];
  /** Every prize paid, best place first: position, player (a team's member in a team event) and amount. */
  prizes: { position: string; playerId: string; name: string; amountPence: Pence; paidInCash: boolean }[];
};

/** `semiFinals`: 3rd-4th is a knockout's losing semi-finalists, not a tie in a league or a groups table. */
function podiumLabel({ from, to }: PlaceRange, semiFinals: boolean): string {
  if (from === 1) return to > from ? "Joint champions" : "Champion";
  if (from === 2) return to > from ? "Joint runners-up" : "Runner-up";
  if (from === 3 && to === 4 && semiFinals) return "Semi-finalists";
  return from === to ? `${placeName({ from, to })} place` : `${placeName({ from, to })} places`;
}

/** The results, or null while the format's last match has no result (or there are no matches). */
export function tournamentResults(matches: readonly NamedMatch[], paid: readonly PaidPrize[]): Results | null {
  const names = new Map<string, string>();
  for (const m of matches) {
    if (m.player1Id && m.player1) names.set(m.player1Id, m.player1.name);
    if (m.player2Id && m.player2) names.set(m.player2Id, m.player2.name);
  }
  const placed = [...formatPlaces(matches, [...names.keys()])].flatMap(([playerId, place]) =>
    place ? [{ playerId, place }] : [],
  );
  if (!placed.some((p) => p.place.from === 1)) return null;
  // A team's prize on the podium is what its members were paid together.
  const prizeOf = new Map<string, Pence>();
  for (const p of paid)
    prizeOf.set(p.entryId ?? p.playerId, (prizeOf.get(p.entryId ?? p.playerId) ?? 0) + p.amountPence);
  const ranges = [...new Map(placed.map((p) => [p.place.from, p.place])).values()]
    .filter((range) => range.from <= 3)
    .sort((a, b) => a.from - b.from);
  const bestPlace = new Map(placed.map((p) => [p.playerId, p.place.from]));
  // A knockout of 4 or more has semi-finals: a plain knockout, or the one after the groups.
  const semiFinals = matches.some((m) => m.bracket === "group") ? knockoutEntrants(matches).size >= 4 : true;
  return {
    podium: ranges.map((range) => ({
      position: placeName(range),
      label: podiumLabel(range, semiFinals),
      players: placed
        .filter((p) => p.place.from === range.from)
        .map((p) => ({
          playerId: p.playerId,
          name: names.get(p.playerId) ?? "Unknown player",
          prizePence: prizeOf.get(p.playerId) ?? null,
        })),
    })),
    prizes: [...paid]
      .sort(
        (a, b) =>
          (bestPlace.get(a.entryId ?? a.playerId) ?? Number.POSITIVE_INFINITY) -
            (bestPlace.get(b.entryId ?? b.playerId) ?? Number.POSITIVE_INFINITY) ||
          b.amountPence - a.amountPence ||
          a.name.localeCompare(b.name),
      )
      .map(({ position, playerId, name, amountPence, paidInCash }) => ({
        position,
        playerId,
        name,
        amountPence,
        paidInCash: paidInCash === true,
      })),
  };
}
