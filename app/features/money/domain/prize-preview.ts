// The creation form's live preview of the money: what a player pays, the rake, and
// what each paid position wins when the field is full.
import { assertPence, entryTotalPence, type Pence } from "../../../domain/pence.ts";
import {
  poolPerEntry,
  positions,
  positionSize,
  rakeError,
  rakePerEntry,
  type PayoutStructureId,
  type Position,
  type RakeType,
} from "./money.ts";
import { splitPool, type Placing } from "./payout-split.ts";

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
