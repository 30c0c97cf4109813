// The payouts of a finished tournament, pure: the pool from the paid entries, split by the structure over the places,
// each team's prize shared among its members, and the check that finalize pays out exactly what came in.
import { formatPlaces, winnersOf } from "../../tournaments/domain/formats.ts";
import type { BracketMatch } from "./bracket.ts";
import { matchStats, type MatchRecord } from "./bracket-places.ts";
import { DomainError } from "../../../domain/errors.ts";
import { poolPerEntry, rakePerEntry } from "../../money/domain/money.ts";
import { splitPoolByPlace, type PlacePayout } from "../../money/domain/payout-split.ts";
import type { Pence } from "../../../domain/pence.ts";
import { splitAmongMembers, teamSize } from "../../entries/domain/teams.ts";
import { ownTournament, type PlayedTournament } from "./play-checks.ts";

export type PlanInput<T> = {
  t: T | null;
  /** The paid entries: players, or in a team event teams (playerId is then the team's id). */
  entries: { playerId: string; name: string }[];
  bracket: BracketMatch[];
  /** A team event's members by team id, the captain first. */
  members?: Map<string, string[]>;
};

/** What a player is paid and credited with at finalize: their entry's result, and their share of its prize. */
type PlayerCredit = { playerId: string; entryId: string; position: string | null; amountPence: Pence };

export type PayoutPlan<T> = {
  t: T;
  paidEntries: string[];
  poolPence: Pence;
  rakePence: Pence;
  /** Per entry (a team's whole prize): what the preview shows. */
  payouts: PlacePayout[];
  /** Per player, every entrant (a team's members each): what is counted in statistics. */
  credits: PlayerCredit[];
  /** Per account: what is paid (one row and one ledger movement each). */
  accounts: AccountCredit[];
  names: Map<string, string>;
  stats: Map<string, MatchRecord>;
  /** The champion (everyone sharing first place in a league). */
  winners: string[];
  finalMatchId: string | null;
};

/** The payouts of a finished bracket: pool from the paid entries, split by the tournament's structure. */
export function planPayouts<T extends PlayedTournament>(input: PlanInput<T>, organiserId: string): PayoutPlan<T> {
  const t = ownTournament(input.t, organiserId);
  const { entries, bracket } = input;
  if (t.status !== "in_progress") {
    throw new DomainError(409, "Payouts can only be previewed and confirmed while the tournament is in progress");
  }
  const playerIds = entries.map((e) => e.playerId);
  const winners = winnersOf(bracket, playerIds);
  if (winners.length === 0) throw new DomainError(409, "The final has not been played yet");
  const placings = [...formatPlaces(bracket, playerIds)].flatMap(([playerId, place]) =>
    place ? [{ playerId, place }] : [],
  );
  // Rake and pool are per player (decision 011): a team of two pays two entries into the pool.
  const players = entries.length * teamSize(t.matchType ?? "1v1");
  const rake = rakePerEntry(t.entryFeePence, t.rakeType, t.rakeValue);
  const poolPence = poolPerEntry(t.entryFeePence, rake) * players;
  const payouts = splitPoolByPlace(t.payoutStructure, poolPence, placings);
  const credits = creditsOf(entries, payouts, input.members);
  checkPaysThePool({ players, entryFeePence: t.entryFeePence, rakePence: rake * players, credits });
  return {
    t,
    paidEntries: entries.map((e) => e.playerId),
    poolPence,
    rakePence: rake * players,
    payouts,
    credits,
    accounts: accountCredits(credits),
    names: new Map(entries.map((e) => [e.playerId, e.name])),
    stats: matchStats(bracket),
    winners,
    // Where there are groups, any group result still counts for places: finalize guards them all.
    finalMatchId: bracket.some((m) => m.bracket === "group")
      ? null
      : (bracket.find((m) => m.nextMatchId === null)?.id ?? null),
  };
}

/** Every entrant's credit: a player's own prize, or their equal share of their team's (captain first). */
function creditsOf(
  entries: readonly { playerId: string }[],
  payouts: readonly PlacePayout[],
  members: Map<string, string[]> | undefined,
): PlayerCredit[] {
  const prizes = new Map(payouts.map((p) => [p.playerId, p]));
  return entries.flatMap(({ playerId: entryId }) => {
    const prize = prizes.get(entryId);
    const team = members?.get(entryId) ?? [entryId];
    return splitAmongMembers(prize?.amountPence ?? 0, team).map((share) => ({
      playerId: share.playerId,
      entryId,
      position: prize?.position ?? null,
      amountPence: share.amountPence,
    }));
  });
}

/** What one account is paid at finalize, and the place it is paid for. */
export type AccountCredit = { playerId: string; position: string | null; amountPence: Pence };

/**
 * The credits summed per account. An account holds one entry, so this is the
 * credits themselves; should a defect ever put one player in two entries,
 * both prizes reach them (under the better-paid place) instead of one
 * colliding with the other on its key and vanishing.
 */
export function accountCredits(credits: readonly PlayerCredit[]): AccountCredit[] {
  const byAccount = new Map<string, AccountCredit & { best: Pence }>();
  for (const c of credits) {
    const seen = byAccount.get(c.playerId);
    if (!seen) {
      byAccount.set(c.playerId, { ...c, best: c.position === null ? -1 : c.amountPence });
      continue;
    }
    seen.amountPence += c.amountPence;
    if (c.position !== null && c.amountPence > seen.best) {
      seen.position = c.position;
      seen.best = c.amountPence;
    }
  }
  return [...byAccount.values()].map(({ playerId, position, amountPence }) => ({ playerId, position, amountPence }));
}

export const PAYOUTS_OFF_THE_POOL = "The prizes and the rake do not add up to the entry fees: nothing was paid";

/**
 * Finalize pays out exactly what came in: the prizes plus the rake equal the
 * entry fees of every player entered, to the penny — refused otherwise (the
 * batch asserts the same of the rows it writes).
 */
export function checkPaysThePool({
  players,
  entryFeePence,
  rakePence,
  credits,
}: {
  players: number;
  entryFeePence: Pence;
  rakePence: Pence;
  credits: readonly { amountPence: Pence }[];
}): void {
  const paid = credits.reduce((sum, c) => sum + c.amountPence, 0);
  const negative = credits.some((c) => !Number.isSafeInteger(c.amountPence) || c.amountPence < 0);
  if (negative || rakePence < 0 || paid + rakePence !== players * entryFeePence) {
    throw new DomainError(409, PAYOUTS_OFF_THE_POOL);
  }
}

/** The confirm dialog's rows: player, position, amount (pence). */
export function payoutPreview<T extends PlayedTournament>(input: PlanInput<T>, organiserId: string) {
  const plan = planPayouts(input, organiserId);
  return {
    poolPence: plan.poolPence,
    rakePence: plan.rakePence,
    rows: plan.payouts.map((p) => ({
      playerId: p.playerId,
      playerName: plan.names.get(p.playerId) ?? "Unknown player",
      position: p.position,
      amountPence: p.amountPence,
    })),
  };
}
