// Withdrawals (SPEC §5, DESIGN §3): amount > 0, not above the balance; a 3%
// fee; paid within 3-5 business days.
import { z } from "zod";
import { DomainError } from "./errors.ts";
import { formatGBP, parsePence, type Pence } from "./money.ts";
import { nameField } from "./text.ts";

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

// ---------------------------------------------------------------------------
// Where the money goes: a UK bank account, stored with the withdrawal and
// shown masked afterwards ("•••• 5678").

const bankFields = ["accountName", "sortCode", "accountNumber"] as const;
type BankField = (typeof bankFields)[number];
export type BankAccount = Record<BankField, string>;

export const BANK_MESSAGES = {
  accountName: "Enter the name on the account",
  sortCode: "Enter the sort code: 6 digits, like 12-34-56",
  accountNumber: "Enter the account number: 8 digits",
} as const satisfies Record<BankField, string>;

/** Digits only, however they were grouped ("12-34-56", "12 34 56", "123456"), when there are exactly `count`. */
function digitsField(count: number, message: string) {
  return z
    .string({ error: message })
    .transform((text) => text.replace(/[\s\-\u2010-\u2013]/g, ""))
    .refine((digits) => new RegExp(`^\\d{${count}}$`).test(digits), message);
}

const bankAccountFields = {
  accountName: nameField("The account name", { max: 70, required: BANK_MESSAGES.accountName }),
  sortCode: digitsField(6, BANK_MESSAGES.sortCode),
  accountNumber: digitsField(8, BANK_MESSAGES.accountNumber),
};

/** The bank account: each field checked on its own, so every problem shows at once. */
const BankAccountSchema = z.object(bankAccountFields);

/** The account's details checked: the account (digits only), or a message per field. */
export function checkBankAccount(
  input: Partial<Record<BankField, unknown>>,
): { ok: true; account: BankAccount } | { ok: false; errors: Partial<Record<BankField, string>> } {
  const result = BankAccountSchema.safeParse(input);
  if (result.success) return { ok: true, account: result.data };
  const errors: Partial<Record<BankField, string>> = {};
  for (const issue of result.error.issues) errors[issue.path[0] as BankField] ??= issue.message;
  return { ok: false, errors };
}

/** "123456" → "12-34-56". */
export const formatSortCode = (digits: string) => digits.replace(/^(\d{2})(\d{2})(\d{2})$/, "$1-$2-$3");

/** The account number as shown once stored: "•••• 5678". */
export const maskAccountNumber = (digits: string) => `•••• ${digits.slice(-4)}`;

/** The Withdraw form's fields as typed, and a message for each one refused. */
export type WithdrawValues = Record<"amount" | BankField, string>;
export type WithdrawErrors = Partial<WithdrawValues>;

/** The dashboard's Withdraw form: the amount and, always, where it goes. */
export const WithdrawalFormSchema = WithdrawalSchema.extend(bankAccountFields).transform(
  ({ amount, ...account }): { amount: Pence; account: BankAccount } => ({ amount, account }),
);

const given = (value: unknown) => value !== undefined && value !== null;

/**
 * POST /api/withdrawals/request: SPEC §7 sends the amount alone, and that
 * still works; the account may come with it, all three fields or none.
 */
export const WithdrawalRequestSchema = z.preprocess(
  (body) => {
    if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
    const fields = body as Record<string, unknown>;
    // None given (absent or null): the amount alone. Some given: the others are missing.
    const some = bankFields.some((field) => given(fields[field]));
    return {
      ...fields,
      ...Object.fromEntries(bankFields.map((field) => [field, some ? (fields[field] ?? "") : undefined])),
    };
  },
  WithdrawalSchema.extend({
    accountName: bankAccountFields.accountName.optional(),
    sortCode: bankAccountFields.sortCode.optional(),
    accountNumber: bankAccountFields.accountNumber.optional(),
  }).transform(({ amount, accountName, sortCode, accountNumber }) => ({
    amount,
    account:
      accountName !== undefined && sortCode !== undefined && accountNumber !== undefined
        ? { accountName, sortCode, accountNumber }
        : null,
  })),
);

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
