// Money is integer pence (docs/decisions/002). Conversions happen only at the
// edges: "12.50" in the JSON API, "£12.50" on screen (pence.ts). Here: the ledger's
// kinds, the rake and the pool per entry, the payout structures and the places they
// pay; splitting a pool is payout-split.ts, the creation form's preview prize-preview.ts.
import { assertPence, mulDivHalfUp, type Pence } from "../../../domain/pence.ts";
import type { TournamentType } from "../../../domain/tournaments.ts";

/** Every kind of ledger row (SPEC §3 transactions). */
export const transactionTypes = [
  "deposit",
  "entry_fee",
  "payout",
  "withdraw",
  "rake",
  "site_fee",
  "refund",
  // The escrow's surplus or shortfall settled with the director at finalize (DESIGN §10).
  "settlement",
] as const;
export type TransactionType = (typeof transactionTypes)[number];

/**
 * The ledger rows that move a tournament's escrow: entry fees in (negative rows: taken from the payer), and out the
 * entry fees given back, the prizes, the rake and the settlement with the director. A finished tournament's rows of
 * these kinds sum to 0 (finalize asserts it in its own batch).
 */
export const escrowTypes = [
  "entry_fee",
  "refund",
  "payout",
  "rake",
  "settlement",
] as const satisfies readonly TransactionType[];

export const rakeTypes = ["fixed", "percent"] as const;
export type RakeType = (typeof rakeTypes)[number];
export const rakeTypeLabels: Record<RakeType, string> = { fixed: "Fixed amount (£)", percent: "Percentage (%)" };

/**
 * Rake per entry. rakeValue is stored ×100 (decision 002): pence when fixed,
 * hundredths of a percent when percent (1250 = 12.5%). Percent rake is
 * entryFee × rakeValue / 10000 rounded half-up to the penny.
 * Throws RangeError for negative or non-integer inputs.
 */
export function rakePerEntry(entryFeePence: Pence, rakeType: RakeType, rakeValue: number): Pence {
  assertPence(entryFeePence, "entryFeePence");
  assertPence(rakeValue, "rakeValue");
  if (rakeType === "fixed") return rakeValue;
  if (rakeType === "percent") return mulDivHalfUp(entryFeePence, rakeValue, 10_000);
  throw new RangeError(`Unknown rake type: ${String(rakeType)}`);
}

/**
 * The creation form's cross-field rake check: an error message or null.
 * Never throws: negative or non-integer amounts are the field schema's to
 * refuse, this only compares. A percentage of at most 100% can never exceed
 * the entry fee, so one rule per type is enough.
 */
export function rakeError(entryFeePence: Pence, rakeType: RakeType, rakeValue: number): string | null {
  if (rakeType === "percent") return rakeValue > 10_000 ? "Rake percentage can't be more than 100%" : null;
  return rakeValue > entryFeePence ? "Rake can't be more than the entry fee" : null;
}

/**
 * Prize pool per entry = entryFee − rake. The site fee is paid on top of the
 * entry fee and is not taken from the pool (DESIGN §3, departing from SPEC §9).
 * Throws RangeError if the rake exceeds the entry fee: a negative pool is a bug.
 */
export function poolPerEntry(entryFeePence: Pence, rakePence: Pence): Pence {
  assertPence(entryFeePence, "entryFeePence");
  assertPence(rakePence, "rakePence");
  if (rakePence > entryFeePence) throw new RangeError("Rake can't be more than the entry fee");
  return entryFeePence - rakePence;
}

export const positions = ["1st", "2nd", "3rd-4th", "5th-8th", "9th-16th"] as const;
export type Position = (typeof positions)[number];

/** How many players can finish in each position in a knockout. */
export const positionSize: Record<Position, number> = Object.freeze({
  "1st": 1,
  "2nd": 1,
  "3rd-4th": 2,
  "5th-8th": 4,
  "9th-16th": 8,
});

export const payoutStructureIds = [
  "winner_only",
  "winner_ru",
  "winner_ru_semi",
  "winner_ru_semi_quarters",
  "top_16",
] as const;
export type PayoutStructureId = (typeof payoutStructureIds)[number];

export type PayoutStructure = {
  id: PayoutStructureId;
  /** In a single-elimination knockout's words: rounds reached (semi-finalists, quarter-finalists). */
  label: string;
  description: string;
  /** In places (1st, 2nd, 3rd and 4th…): for every format whose places are not rounds reached (payoutWording). */
  byPlace: { label: string; description: string };
  /** Percent per PLAYER in each paid position, in basis points (10000 = 100%). */
  shares: Partial<Record<Position, number>>;
  /** Players needed to fill every paid place (1, 2, 4, 8, 16). */
  paidPlaces: number;
};

// Frozen: these are module-level and live for the whole Worker isolate, so a
// stray mutation in one request must not change another request's payouts.
function structure(
  id: PayoutStructureId,
  [label, description]: [string, string],
  byPlace: [string, string],
  shares: Partial<Record<Position, number>>,
): PayoutStructure {
  const paidPlaces = positions.reduce((sum, p) => sum + (shares[p] === undefined ? 0 : positionSize[p]), 0);
  return Object.freeze({
    id,
    label,
    description,
    byPlace: Object.freeze({ label: byPlace[0], description: byPlace[1] }),
    shares: Object.freeze(shares),
    paidPlaces,
  });
}

/** SPEC §9's structures; `top_16` is the one SPEC lists as `{hash}`. */
export const payoutStructures: Record<PayoutStructureId, PayoutStructure> = Object.freeze({
  winner_only: structure("winner_only", ["Winner takes all", "100%"], ["Winner takes all", "100%"], {
    "1st": 10_000,
  }),
  winner_ru: structure("winner_ru", ["Winner and runner-up", "70% / 30%"], ["Winner and runner-up", "70% / 30%"], {
    "1st": 7_000,
    "2nd": 3_000,
  }),
  winner_ru_semi: structure(
    "winner_ru_semi",
    ["Winner, runner-up and semi-finalists", "50% / 25% / 12.5% each semi-finalist"],
    ["Top 4", "50% / 25% / 12.5% each for 3rd and 4th"],
    { "1st": 5_000, "2nd": 2_500, "3rd-4th": 1_250 },
  ),
  winner_ru_semi_quarters: structure(
    "winner_ru_semi_quarters",
    ["Winner, runner-up, semi- and quarter-finalists", "40% / 20% / 10% each semi-finalist / 5% each quarter-finalist"],
    ["Top 8", "40% / 20% / 10% each for 3rd and 4th / 5% each for 5th-8th"],
    { "1st": 4_000, "2nd": 2_000, "3rd-4th": 1_000, "5th-8th": 500 },
  ),
  top_16: structure(
    "top_16",
    ["Top 16", "30% / 15% / 7.5% each semi-finalist / 5% each quarter-finalist / 2.5% each last-16 player"],
    ["Top 16", "30% / 15% / 7.5% each for 3rd and 4th / 5% each for 5th-8th / 2.5% each for 9th-16th"],
    { "1st": 3_000, "2nd": 1_500, "3rd-4th": 750, "5th-8th": 500, "9th-16th": 250 },
  ),
});

/**
 * A structure's name and shares in the words of the tournament's format. Only a
 * single-elimination knockout places its entries by the round they reached
 * (semi-finalists share 3rd-4th); a league and a groups event place them by a
 * table, and a double elimination pays 3rd and 4th apart: they speak of places.
 */
export function payoutWording(
  id: PayoutStructureId,
  tournamentType: TournamentType | undefined,
): { label: string; description: string } {
  const s = payoutStructures[id];
  return tournamentType === undefined || tournamentType === "single_elimination"
    ? { label: s.label, description: s.description }
    : s.byPlace;
}

/** Structures whose paid places a field of this many players can fill, in the order of payoutStructureIds. */
export function structuresForFieldSize(maxPlayers: number): PayoutStructure[] {
  return payoutStructureIds.map((id) => payoutStructures[id]).filter((s) => s.paidPlaces <= maxPlayers);
}

/** Finishing places a to b (1-based; a = b for a place of one's own). */
export type PlaceRange = { from: number; to: number };

/** "1st", "3rd", "5th-6th", "9th-12th". */
export function placeName({ from, to }: PlaceRange): string {
  const ordinal = (n: number) => {
    const tens = n % 100;
    const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th");
    return `${n}${suffix}`;
  };
  return from === to ? ordinal(from) : `${ordinal(from)}-${ordinal(to)}`;
}
