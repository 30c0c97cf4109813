// Pence on screen and in the JSON: "£12.50", "12.50", what an entry costs
// and what a withdrawal keeps. Kept apart from money.ts (rake, pools, payout
// structures) so that pages which only show amounts load no more (decision 016).
export type Pence = number;

/** 1250 → "12.50"; -75 → "-0.75". */
export function penceToDecimal(pence: Pence): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 1250 → "£12.50"; 123456 → "£1,234.56"; -75 → "−£0.75". */
export function formatGBP(pence: Pence): string {
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100).toLocaleString("en-GB");
  return `${pence < 0 ? "−" : ""}£${pounds}.${String(abs % 100).padStart(2, "0")}`;
}

// decimal(10,2), the SPEC's money columns: 99,999,999.99.
export const MAX_PENCE = 9_999_999_999;

// Optional £, whole pounds (plain or grouped in threes with commas), then
// optionally 1-2 decimals; ".5" is allowed, "12." is not. ASCII digits only.
const MONEY_INPUT = /^£?\s*(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d{1,2}))?$/;

/**
 * Parses a money input as typed by a person: "12", "12.5", "12.50",
 * " £12.50 ", "1,000.00", ".5". Returns null for anything else: negatives,
 * more than 2 decimals, exponents, "12.", "", values above MAX_PENCE.
 */
export function parsePence(input: string): Pence | null {
  if (typeof input !== "string") return null;
  const match = MONEY_INPUT.exec(input.trim());
  if (!match) return null;
  const [, whole, fraction] = match;
  if (whole === undefined && fraction === undefined) return null; // "", "£"
  // Strip leading zeros so a long "000…1" is not mistaken for a huge value.
  const digits = (whole ?? "").replaceAll(",", "").replace(/^0+/, "");
  if (digits.length > 8) return null; // more than 99,999,999 pounds
  const pence = Number(digits || "0") * 100 + Number((fraction ?? "").padEnd(2, "0"));
  return pence <= MAX_PENCE ? pence : null;
}

export function assertPence(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

// a × b / d rounded half-up, exact for any safe integers (BigInt avoids the
// product losing pennies above 2^53).
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const denominator = BigInt(d);
  return Number((BigInt(a) * BigInt(b) * 2n + denominator) / (denominator * 2n));
}

/** What a player pays for one entry (SPEC §9): the entry fee plus the site fee, on top. */
export function entryTotalPence(fees: { entryFeePence: Pence; siteFeePence: Pence }): Pence {
  return fees.entryFeePence + fees.siteFeePence;
}

/** Withdrawal fee (SPEC §9, DESIGN §3): 3% of the amount, half-up to the penny; net = amount − fee. */
export function withdrawalFee(amountPence: Pence): { feePence: Pence; netPence: Pence } {
  assertPence(amountPence, "amountPence");
  const feePence = mulDivHalfUp(amountPence, 3, 100);
  return { feePence, netPence: amountPence - feePence };
}
