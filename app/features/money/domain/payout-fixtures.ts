// Fields and sums for the payout tests (money.test.ts, payout-split.test.ts).
import { positions, type Position } from "./money.ts";
import type { Payout, Placing } from "./payout-split.ts";

/** Placings filling each given position with that many players, named by position. */
export function field(counts: Partial<Record<Position, number>>): Placing[] {
  return positions.flatMap((position) =>
    Array.from({ length: counts[position] ?? 0 }, (_, i) => ({ playerId: `${position}/${i + 1}`, position })),
  );
}
export function amounts(payouts: Payout[]) {
  return payouts.map((p) => p.amountPence);
}
export function sum(values: number[]) {
  return values.reduce((a, b) => a + b, 0);
}
