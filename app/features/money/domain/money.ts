// Money is integer pence (docs/decisions/002). Conversions happen only at the
// edges: "12.50" in the JSON API, "£12.50" on screen (pence.ts).
import { assertPence, entryTotalPence, mulDivHalfUp, type Pence } from "../../../domain/pence.ts";
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

export type Placing = { playerId: string; position: Position };
export type Payout = { playerId: string; position: Position; amountPence: Pence };

/**
 * Splits the pool among placed players, best position first, then in input
 * order. Players in positions the structure does not pay are left out. Each
 * paid player gets pool × share / Σ(shares of the paid players actually
 * placed), so a share nobody claimed (a 3-player field has one losing
 * semi-finalist) is spread over the claimed ones in proportion. Pennies go by
 * largest remainder, so the amounts sum to the pool exactly; ties go to the
 * better position, then to input order. Returns [] if nobody placed is paid.
 * Throws RangeError for an unknown structure or position, more players in a
 * position than positionSize allows, a player placed twice, or a pool that is
 * negative or not an integer.
 */
export function splitPool(structureId: PayoutStructureId, poolPence: Pence, placings: Placing[]): Payout[] {
  assertPence(poolPence, "poolPence");
  if (!Object.hasOwn(payoutStructures, structureId)) {
    throw new RangeError(`Unknown payout structure: ${String(structureId)}`);
  }
  const { shares } = payoutStructures[structureId];

  const counts = new Map<Position, number>();
  const seen = new Set<string>();
  for (const { playerId, position } of placings) {
    if (!Object.hasOwn(positionSize, position)) throw new RangeError(`Unknown position: ${String(position)}`);
    const count = (counts.get(position) ?? 0) + 1;
    if (count > positionSize[position]) {
      throw new RangeError(`At most ${positionSize[position]} player(s) can finish ${position}`);
    }
    counts.set(position, count);
    // One payout per player (the payouts table's unique index): refuse here, not at the database.
    if (seen.has(playerId)) throw new RangeError(`Player ${playerId} is placed twice`);
    seen.add(playerId);
  }

  const paid = placings
    .map((placing, order) => {
      const { position } = placing;
      return { ...placing, order, rank: positions.indexOf(position), share: shares[position] ?? 0 };
    })
    .filter((p) => p.share > 0)
    .sort((a, b) => a.rank - b.rank || a.order - b.order);
  if (paid.length === 0) return [];

  const amounts = apportion(
    BigInt(poolPence),
    paid.map((p) => BigInt(p.share)),
  );
  return paid.map(({ playerId, position }, i) => ({ playerId, position, amountPence: amounts[i] ?? 0 }));
}

/**
 * Splits a pool in proportion to weights (already in payout order): each part
 * is pool × weight / Σ weights rounded down, and the pennies left over go by
 * largest remainder, ties to the earlier part. Exact integer arithmetic: pool ×
 * weight can pass 2^53 for large pools.
 */
function apportion(pool: bigint, weights: readonly bigint[]): Pence[] {
  const total = weights.reduce((sum, w) => sum + w, 0n);
  const parts = weights.map((w, index) => {
    const exact = pool * w;
    return { index, amount: exact / total, remainder: exact % total };
  });
  let leftover = Number(pool - parts.reduce((sum, p) => sum + p.amount, 0n));
  // Array#sort is stable, so equal remainders keep payout order.
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (leftover === 0) break;
    part.amount += 1n;
    leftover -= 1;
  }
  return parts.map((p) => Number(p.amount));
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

/** The share (basis points) a structure pays for one finishing place. */
function placeShare(structureId: PayoutStructureId, place: number): number {
  let first = 1;
  for (const position of positions) {
    const last = first + positionSize[position] - 1;
    if (place >= first && place <= last) return payoutStructures[structureId].shares[position] ?? 0;
    first = last + 1;
  }
  return 0;
}

export type PlacedEntry = { playerId: string; place: PlaceRange };
export type PlacePayout = { playerId: string; position: string; amountPence: Pence };

/**
 * Splits the pool by finishing place, for every format: entries sharing places
 * a to b split those places' shares equally (each gets the sum over a..b divided
 * by the b - a + 1 places), and as in splitPool a share nobody claimed is spread
 * over the claimed ones in proportion, pennies by largest remainder, ties to
 * the better place, then input order. Unpaid entries are left out; [] when
 * nobody placed is paid. Throws RangeError for an unknown structure, a bad
 * place, a player placed twice, or a pool that is negative or not an integer.
 */
export function splitPoolByPlace(
  structureId: PayoutStructureId,
  poolPence: Pence,
  placed: PlacedEntry[],
): PlacePayout[] {
  assertPence(poolPence, "poolPence");
  if (!Object.hasOwn(payoutStructures, structureId)) {
    throw new RangeError(`Unknown payout structure: ${String(structureId)}`);
  }
  const seen = new Set<string>();
  for (const { playerId, place } of placed) {
    if (
      !Number.isSafeInteger(place.from) ||
      place.from < 1 ||
      !Number.isSafeInteger(place.to) ||
      place.to < place.from
    ) {
      throw new RangeError(`Bad place: ${place.from}-${place.to}`);
    }
    if (seen.has(playerId)) throw new RangeError(`Player ${playerId} is placed twice`);
    seen.add(playerId);
  }
  const widths = placed.map(({ place }) => BigInt(place.to - place.from + 1));
  const common = widths.reduce((l, w) => (l * w) / gcd(l, w), 1n);
  const paid = placed
    .map((entry, order) => {
      let share = 0;
      for (let p = entry.place.from; p <= entry.place.to; p++) share += placeShare(structureId, p);
      const width = BigInt(entry.place.to - entry.place.from + 1);
      return { ...entry, order, weight: (BigInt(share) * common) / width };
    })
    .filter((p) => p.weight > 0n)
    .sort((a, b) => a.place.from - b.place.from || a.order - b.order);
  if (paid.length === 0) return [];
  const amounts = apportion(
    BigInt(poolPence),
    paid.map((p) => p.weight),
  );
  return paid.map(({ playerId, place }, i) => ({ playerId, position: placeName(place), amountPence: amounts[i] ?? 0 }));
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}

export type PrizePreviewInput = {
  entryFeePence: Pence;
  siteFeePence: Pence;
  rakeType: RakeType;
  rakeValue: number;
  maxPlayers: number;
  payoutStructure: PayoutStructureId;
  /** Players per entry in a team event (maxPlayers then counts teams); 1 by default. */
  teamSize?: number;
};

export type PrizePreview = {
  /** Players per entry: the positions' rows count entries (teams in a team event). */
  teamSize: number;
  /** Entry fee + site fee. */
  playerPaysPence: Pence;
  siteFeePence: Pence;
  rakePerEntryPence: Pence;
  poolPerEntryPence: Pence;
  /** poolPerEntry × maxPlayers × teamSize: every player pays into the pool. */
  poolIfFullPence: Pence;
  rakeIfFullPence: Pence;
  /**
   * One row per paid position a full field reaches. When the pennies don't
   * divide evenly, players in one position can differ by 1p: amountEachPence
   * is the smallest, totalPence the position's exact total (rows sum to the pool).
   */
  payouts: { position: Position; players: number; amountEachPence: Pence; totalPence: Pence }[];
};

/**
 * The creation form's live preview, for a full field (positions filled as far
 * as maxPlayers reaches: 6 players fill 1st, 2nd, 2 × 3rd-4th, 2 × 5th-8th).
 * Throws RangeError on inputs rakeError or the field schema would refuse, so
 * check those first.
 */
export function prizePreview(input: PrizePreviewInput): PrizePreview {
  const { entryFeePence, siteFeePence, rakeType, rakeValue, maxPlayers, payoutStructure, teamSize = 1 } = input;
  assertPence(siteFeePence, "siteFeePence");
  assertPence(maxPlayers, "maxPlayers");
  const invalidRake = rakeError(entryFeePence, rakeType, rakeValue);
  if (invalidRake) throw new RangeError(invalidRake);
  const rake = rakePerEntry(entryFeePence, rakeType, rakeValue);
  const perEntry = poolPerEntry(entryFeePence, rake);
  const poolIfFull = perEntry * maxPlayers * teamSize;
  assertPence(poolIfFull, "poolIfFullPence");

  const placings: Placing[] = [];
  for (const position of positions) {
    const players = Math.min(positionSize[position], maxPlayers - placings.length);
    for (let i = 0; i < players; i++) placings.push({ playerId: `${position}#${i}`, position });
  }

  const rows = new Map<Position, { position: Position; players: number; amountEachPence: Pence; totalPence: Pence }>();
  for (const { position, amountPence } of splitPool(payoutStructure, poolIfFull, placings)) {
    const row = rows.get(position);
    if (row) {
      row.players += 1;
      row.amountEachPence = Math.min(row.amountEachPence, amountPence);
      row.totalPence += amountPence;
    } else {
      rows.set(position, { position, players: 1, amountEachPence: amountPence, totalPence: amountPence });
    }
  }

  return {
    playerPaysPence: entryTotalPence({ entryFeePence, siteFeePence }),
    siteFeePence,
    rakePerEntryPence: rake,
    poolPerEntryPence: perEntry,
    poolIfFullPence: poolIfFull,
    rakeIfFullPence: rake * maxPlayers * teamSize,
    teamSize,
    payouts: [...rows.values()],
  };
}
