// The withdrawal schemas: the JSON call, the dashboard's form and the bank
// account's fields (kept apart from withdrawals.ts so that pages showing
// withdrawals carry no Zod, decision 016).
import { z } from "zod";
import type { Pence } from "../../../domain/pence.ts";
import { parsePence } from "../../../domain/pence.ts";
import { nameField } from "../../../domain/text.ts";
import {
  BANK_MESSAGES,
  bankFields,
  MIN_WITHDRAWAL_PENCE,
  WITHDRAWAL_INVALID,
  WITHDRAWAL_TOO_SMALL,
  type BankAccount,
  type BankField,
} from "./withdrawals.ts";

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
    accountName: z.optional(bankAccountFields.accountName),
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
