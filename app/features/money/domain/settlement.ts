// Settlement at finalize (DESIGN §10): entries paid by card or from a balance
// put their entry fee in escrow; entries paid at the bar put it in the
// director's hand. Prizes are split over the whole pool; the escrow pays the
// account holders' prizes and the rake on the entries it holds, and settles
// the rest (a surplus or a shortfall) with the director, who also pays the
// site fee of every cash entry. Guests are paid in cash at the venue.
import { DomainError } from "../../../domain/errors.ts";
import { rakePerEntry } from "./money.ts";
import { formatGBP, type Pence } from "../../../domain/pence.ts";
import type { PayoutPlan } from "../../play/domain/payout-plan.ts";
import type { PlayedTournament } from "../../play/domain/play-checks.ts";
import { teamSize } from "../../entries/domain/teams.ts";

/** A paid entry as settlement sees it: where its money is. */
type SettlementEntry = { entryId: string; cash: boolean };

/** One player's share of a prize, and whether they hold a balance to be paid into (a guest does not). */
export type SettlementCredit = {
  playerId: string;
  entryId: string;
  name: string;
  position: string | null;
  amountPence: Pence;
  guest: boolean;
};

export type SettlementInput = {
  entryFeePence: Pence;
  /** The rake on one player's entry fee. */
  rakePence: Pence;
  siteFeePence: Pence;
  /** Players per entry: a team of two pays two entry fees. */
  teamSize: number;
  entries: readonly SettlementEntry[];
  /** Every entrant's share of the prizes (planPayouts' credits), named. */
  credits: readonly SettlementCredit[];
  directorBalancePence: Pence;
};

export type Settlement = {
  cashEntries: number;
  cardEntries: number;
  /** The rake the escrow pays the director: on the entries it holds. */
  rakePence: Pence;
  /** What the escrow has left once prizes and rake are paid (negative: what it lacks), settled with the director. */
  surplusPence: Pence;
  /** The site fee of every cash entry, charged to the director. */
  siteFeesChargedPence: Pence;
  /** rake + surplus − site fees. */
  directorBalanceChangePence: Pence;
  /** Prizes paid into balances. */
  accountPrizes: SettlementCredit[];
  /** Guests' prizes: handed over in cash at the venue, no balance changes. */
  paidInCash: SettlementCredit[];
  /** What the director must add to their balance before finalize can pay (0 when it can). */
  shortfallPence: Pence;
  /** The cash taken at the bar: the entry fee and site fee of every cash entry (per player of a team). */
  cashTakenPence: Pence;
  /** The prizes handed over in cash (the guests'). */
  cashPrizesPence: Pence;
  /** What the night leaves the director, cash and balance together: the rake on every entry. */
  keptPence: Pence;
};

/** The refusal of a finalize the director's balance cannot cover. */
export const topUpMessage = (shortfallPence: Pence) =>
  `Add ${formatGBP(shortfallPence)} to your balance to pay the prizes`;

/** The code of that refusal: the pages offer a top-up beside it. */
export const TOP_UP_NEEDED = "top-up-needed";

/** The settlement of a finished tournament's money (pure: every figure from the input). */
export function settle(input: SettlementInput): Settlement {
  const cashEntries = input.entries.filter((e) => e.cash).length;
  const cardEntries = input.entries.length - cashEntries;
  const cardPlayers = cardEntries * input.teamSize;
  const cashPlayers = cashEntries * input.teamSize;
  const accountPrizes = input.credits.filter((c) => !c.guest && c.amountPence > 0);
  const paidInCash = input.credits.filter((c) => c.guest && c.amountPence > 0);
  const accountPrizesPence = accountPrizes.reduce((sum, c) => sum + c.amountPence, 0);
  const rakePence = input.rakePence * cardPlayers;
  const surplusPence = cardPlayers * (input.entryFeePence - input.rakePence) - accountPrizesPence;
  const siteFeesChargedPence = input.siteFeePence * cashPlayers;
  const directorBalanceChangePence = rakePence + surplusPence - siteFeesChargedPence;
  const cashTakenPence = cashPlayers * (input.entryFeePence + input.siteFeePence);
  const cashPrizesPence = paidInCash.reduce((sum, c) => sum + c.amountPence, 0);
  return {
    cashEntries,
    cardEntries,
    rakePence,
    surplusPence,
    siteFeesChargedPence,
    directorBalanceChangePence,
    accountPrizes,
    paidInCash,
    shortfallPence: Math.max(0, -(input.directorBalancePence + directorBalanceChangePence)),
    cashTakenPence,
    cashPrizesPence,
    keptPence: cashTakenPence - cashPrizesPence + directorBalanceChangePence,
  };
}

/** The settlement as the till reads it: what the director does with the cash, what their balance pays or receives. */
export type TillSettlement = Pick<
  Settlement,
  "cashTakenPence" | "keptPence" | "directorBalanceChangePence" | "paidInCash"
>;

/** The balance's side of the till: what it pays in or receives ("" when nothing). */
function balanceSide(s: Pick<Settlement, "directorBalanceChangePence">): string {
  const change = s.directorBalanceChangePence;
  if (change === 0) return "";
  return change < 0
    ? `${formatGBP(-change)} is paid in from your balance`
    : `your balance receives ${formatGBP(change)}`;
}

/**
 * The till in one sentence, as a landlord counting it would say it: "You took £30.00 at the bar; hand Dougie £6.00;
 * you keep £12.00 rake; £12.00 is paid in from your balance." The cash taken, each prize to hand over in cash, the
 * rake the night leaves the director (cash and balance together), and the balance's side.
 */
export function tillSentence(s: TillSettlement): string {
  const parts = [
    s.cashTakenPence > 0 ? `You took ${formatGBP(s.cashTakenPence)} at the bar` : "",
    ...s.paidInCash.map((c) => `hand ${c.name} ${formatGBP(c.amountPence)}`),
    `you keep ${formatGBP(s.keptPence)} rake`,
    balanceSide(s),
  ].filter((part) => part !== "");
  const sentence = parts.join("; ");
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** The settlement, refused when the director's balance can't cover it. */
export function settleOrRefuse(input: SettlementInput): Settlement {
  const settlement = settle(input);
  if (settlement.shortfallPence > 0) {
    throw new DomainError(409, topUpMessage(settlement.shortfallPence), { code: TOP_UP_NEEDED });
  }
  return settlement;
}

/** What finalize's read adds to the payout plan's for settling: where each entry's money is, guests, the balance. */
export type SettlementReads = {
  entries: { playerId: string; cash: boolean }[];
  /** The tournament's guests by id, with their names. */
  guests: Map<string, string>;
  directorBalance: { balancePence: number } | null;
};

/** What settling is computed from: the plan's credits named, where each entry's money is, the director's balance. */
export function settlementOf(
  plan: PayoutPlan<PlayedTournament & { siteFeePence: Pence }>,
  read: SettlementReads,
): SettlementInput {
  const { t } = plan;
  return {
    entryFeePence: t.entryFeePence,
    rakePence: rakePerEntry(t.entryFeePence, t.rakeType, t.rakeValue),
    siteFeePence: t.siteFeePence,
    teamSize: teamSize(t.matchType ?? "1v1"),
    entries: read.entries.map((e) => ({ entryId: e.playerId, cash: e.cash })),
    credits: plan.credits.map((c) => ({
      ...c,
      name: read.guests.get(c.playerId) ?? plan.names.get(c.entryId) ?? "",
      guest: read.guests.has(c.playerId),
    })),
    directorBalancePence: read.directorBalance?.balancePence ?? 0,
  };
}
