// The price a player is shown, as UK law wants it (DESIGN §11, the DMCC Act's ban on drip pricing): the total they
// pay first, every mandatory fee inside it, the split beside it. Lists, the tournament page, the join button, the
// checkout, e-mails and calendar files all say it through this one function.
import { formatGBP, type Pence } from "../../../domain/pence.ts";
import type { MatchType } from "../../../domain/tournaments.ts";
import { teamEntryTotalPence, teamSize } from "../../entries/domain/teams.ts";

/** The site fee in the words a price is read in. */
export const BOOKING_FEE = "booking fee";

export type HeadlinePrice = {
  /** What the payer pays for one entry: a team's whole entry in a team event (the captain pays for all of it). */
  totalPence: Pence;
  /** "£11.00"; "Free" when nothing is paid. */
  total: string;
  /** "per team of 2" in a team event that costs something; null otherwise. */
  per: string | null;
  /** "£10.00 entry + £1.00 booking fee"; null when the total is all entry fee (no booking fee) or nothing. */
  split: string | null;
  /** The whole line, the total first: "£11.00 — £10.00 entry + £1.00 booking fee". */
  text: string;
};

/**
 * What one entry costs its payer, the total first. A team event's price is per team: (entry + site fee) × team
 * size, split into the team's entry fees and booking fees. No booking fee: the total alone ("£10.00"); nothing to pay:
 * "Free". Throws RangeError for amounts that are not whole, non-negative pence.
 */
export function headlinePrice(t: { entryFeePence: Pence; siteFeePence: Pence; matchType: MatchType }): HeadlinePrice {
  for (const [name, value] of [
    ["entryFeePence", t.entryFeePence],
    ["siteFeePence", t.siteFeePence],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole pence, got ${value}`);
  }
  const size = teamSize(t.matchType);
  const totalPence = teamEntryTotalPence(t);
  if (totalPence === 0) return { totalPence, total: "Free", per: null, split: null, text: "Free" };
  const total = formatGBP(totalPence);
  const per = size > 1 ? `per team of ${size}` : null;
  const entryPence = t.entryFeePence * size;
  const feePence = t.siteFeePence * size;
  const split =
    feePence === 0
      ? null
      : `${entryPence === 0 ? "free entry" : `${formatGBP(entryPence)} entry`} + ${formatGBP(feePence)} ${BOOKING_FEE}`;
  const headline = per ? `${total} ${per}` : total;
  return { totalPence, total, per, split, text: split ? `${headline} — ${split}` : headline };
}
