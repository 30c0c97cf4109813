// Splitting a prize pool among the entries placed, to the penny: by a knockout's positions
// (splitPool) or by finishing places in every format (splitPoolByPlace).
import { assertPence, type Pence } from "../../../domain/pence.ts";
import {
  payoutStructures,
  placeName,
  positions,
  positionSize,
  type PayoutStructureId,
  type PlaceRange,
  type Position,
} from "./money.ts";

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
