// Withdrawals (SPEC §5, DESIGN §3): amount > 0, not above the balance; a 3%
// fee; paid within 3-5 business days.
import { z } from "zod";
import { DomainError } from "./errors.ts";
import { formatGBP, parsePence, type Pence } from "./money.ts";

export const withdrawalStatuses = ["pending", "paid", "failed"] as const;

export const WITHDRAWAL_INVALID = {
  title: "Invalid amount",
  description: "Please enter a valid withdrawal amount",
} as const;
export const withdrawalInsufficient = (balancePence: Pence) =>
  ({ title: "Insufficient balance", description: `You only have ${formatGBP(balancePence)} available` }) as const;

/** Below this the 3% fee rounds to nothing (docs/decisions/007). */
export const MIN_WITHDRAWAL_PENCE: Pence = 100;
export const WITHDRAWAL_TOO_SMALL = `The minimum withdrawal is ${formatGBP(MIN_WITHDRAWAL_PENCE)}`;

/**
 * The amount arrives as a string with 2 decimals (SPEC §5); numbers are
 * accepted from JSON too, read as written (10.999 is refused, never rounded).
 */
export const WithdrawalSchema = z.object({
  amount: z.preprocess(
    // A JS number's shortest decimal form is what the client wrote: 10.999 stays "10.999".
    (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
    z.string({ error: WITHDRAWAL_INVALID.description }).transform((text, ctx) => {
      const pence = parsePence(text);
      if (pence === null || pence <= 0) {
        ctx.addIssue({ code: "custom", message: WITHDRAWAL_INVALID.description });
        return z.NEVER;
      }
      if (pence < MIN_WITHDRAWAL_PENCE) {
        ctx.addIssue({ code: "custom", message: WITHDRAWAL_TOO_SMALL });
        return z.NEVER;
      }
      return pence;
    }),
  ),
});

/** A withdrawal amount in pence that the ledger may take (the JSON and the form parse to this). */
export function checkWithdrawalAmount(amountPence: Pence): void {
  if (!Number.isInteger(amountPence) || amountPence <= 0) throw new DomainError(400, WITHDRAWAL_INVALID.description);
  if (amountPence < MIN_WITHDRAWAL_PENCE) throw new DomainError(400, WITHDRAWAL_TOO_SMALL);
}

/** Percentages to one decimal place: "62.5%"; "0.0%" when nothing was played. */
export function winRate(won: number, played: number): string {
  if (played <= 0) return "0.0%";
  return `${((won / played) * 100).toFixed(1)}%`;
}
