// Withdrawals (SPEC §5, DESIGN §3): amount > 0, not above the balance; a 3%
// fee; paid within 3-5 business days. The schemas are in withdrawal-schema.ts,
// so that the dashboards showing withdrawals carry no Zod (decision 016).
import { DomainError } from "../../../domain/errors.ts";
import { formatGBP, type Pence } from "../../../domain/pence.ts";

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

// ---------------------------------------------------------------------------
// Where the money goes: a UK bank account, stored with the withdrawal and
// shown masked afterwards ("•••• 5678").

export const bankFields = ["accountName", "sortCode", "accountNumber"] as const;
export type BankField = (typeof bankFields)[number];
export type BankAccount = Record<BankField, string>;

export const BANK_MESSAGES = {
  accountName: "Enter the name on the account",
  sortCode: "Enter the sort code: 6 digits, like 12-34-56",
  accountNumber: "Enter the account number: 8 digits",
} as const satisfies Record<BankField, string>;

/** "123456" → "12-34-56". */
export const formatSortCode = (digits: string) => digits.replace(/^(\d{2})(\d{2})(\d{2})$/, "$1-$2-$3");

/** The account number as shown once stored: "•••• 5678". */
export const maskAccountNumber = (digits: string) => `•••• ${digits.slice(-4)}`;

/** The Withdraw form's fields as typed, and a message for each one refused. */
export type WithdrawValues = Record<"amount" | BankField, string>;
export type WithdrawErrors = Partial<WithdrawValues>;

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
