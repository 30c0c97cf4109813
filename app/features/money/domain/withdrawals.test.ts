import { expect, test } from "vitest";
import {
  BANK_MESSAGES,
  checkWithdrawalAmount,
  formatSortCode,
  maskAccountNumber,
  MIN_WITHDRAWAL_PENCE,
  WITHDRAWAL_INVALID,
  WITHDRAWAL_TOO_SMALL,
  winRate,
} from "./withdrawals.ts";
import {
  checkBankAccount,
  WithdrawalFormSchema,
  WithdrawalRequestSchema,
  WithdrawalSchema,
} from "./withdrawal-schema.ts";

const parse = (amount: unknown) => {
  const result = WithdrawalSchema.safeParse({ amount });
  return result.success ? { pence: result.data.amount } : { error: result.error.issues[0]?.message };
};

test("amounts are read exactly as written, as strings or numbers", () => {
  expect(parse("1.00")).toEqual({ pence: 100 });
  expect(parse("1")).toEqual({ pence: 100 });
  expect(parse("12.5")).toEqual({ pence: 1250 });
  expect(parse("£1,234.56")).toEqual({ pence: 123456 });
  expect(parse(10.99)).toEqual({ pence: 1099 });
  expect(parse(25)).toEqual({ pence: 2500 });
  expect(parse(0.1 + 0.9)).toEqual({ pence: 100 });
});

test("more than two decimals is refused, never rounded — number or string", () => {
  for (const amount of [10.999, "10.999", 0.005, "0.005", "1.001", 1.001, "5.0000", 0.1 + 0.2, 1e21, 1e-7]) {
    expect(parse(amount), String(amount)).toEqual({ error: WITHDRAWAL_INVALID.description });
  }
});

test("nothing, zero, negatives and non-amounts are refused with SPEC's message", () => {
  for (const amount of [
    undefined,
    null,
    "",
    "abc",
    "0",
    0,
    "0.00",
    -1,
    "-5.00",
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    {},
    [],
    "1e3",
  ]) {
    expect(parse(amount), String(amount)).toEqual({ error: WITHDRAWAL_INVALID.description });
  }
});

test("the minimum withdrawal is £1.00: 99p is refused, £1.00 is not", () => {
  expect(MIN_WITHDRAWAL_PENCE).toBe(100);
  expect(WITHDRAWAL_TOO_SMALL).toBe("The minimum withdrawal is £1.00");
  for (const amount of ["0.01", "0.16", "0.99", 0.99, 0.5])
    expect(parse(amount), String(amount)).toEqual({ error: WITHDRAWAL_TOO_SMALL });
  expect(parse("1.00")).toEqual({ pence: 100 });
  expect(parse(1)).toEqual({ pence: 100 });
});

test("win rates have one decimal place", () => {
  expect(winRate(0, 0)).toBe("0.0%");
  expect(winRate(5, 8)).toBe("62.5%");
  expect(winRate(1, 3)).toBe("33.3%");
  expect(winRate(3, 3)).toBe("100.0%");
});

test("the ledger takes whole positive pence from the minimum up", () => {
  expect(() => checkWithdrawalAmount(MIN_WITHDRAWAL_PENCE)).not.toThrow();
  expect(() => checkWithdrawalAmount(123_456)).not.toThrow();
  for (const bad of [0, -100, 150.5, Number.NaN]) {
    expect(() => checkWithdrawalAmount(bad)).toThrow(WITHDRAWAL_INVALID.description);
  }
  expect(() => checkWithdrawalAmount(MIN_WITHDRAWAL_PENCE - 1)).toThrow(WITHDRAWAL_TOO_SMALL);
});

// --- where the money goes -------------------------------------------------------------------

const account = { accountName: "Mo Patel", sortCode: "12-34-56", accountNumber: "12345678" };

test("a UK bank account: name, sort code of 6 digits, account number of 8, however grouped", () => {
  expect(checkBankAccount(account)).toEqual({
    ok: true,
    account: { accountName: "Mo Patel", sortCode: "123456", accountNumber: "12345678" },
  });
  expect(checkBankAccount({ accountName: "  Mo Patel ", sortCode: "12 34 56", accountNumber: "1234 5678" })).toEqual({
    ok: true,
    account: { accountName: "Mo Patel", sortCode: "123456", accountNumber: "12345678" },
  });
  expect(checkBankAccount({ ...account, sortCode: "123456", accountNumber: "12-34-56-78" })).toMatchObject({
    ok: true,
  });
});

test("each wrong field gets its own clear message, all at once", () => {
  expect(checkBankAccount({})).toEqual({ ok: false, errors: BANK_MESSAGES });
  expect(checkBankAccount({ accountName: " ", sortCode: "12-34-5", accountNumber: "1234567" })).toEqual({
    ok: false,
    errors: BANK_MESSAGES,
  });
  for (const sortCode of ["1234567", "12-34-5a", "ab-cd-ef", "", "12.34.56", 123456]) {
    expect(checkBankAccount({ ...account, sortCode }), String(sortCode)).toEqual({
      ok: false,
      errors: { sortCode: "Enter the sort code: 6 digits, like 12-34-56" },
    });
  }
  for (const accountNumber of ["1234567", "123456789", "1234567a", "", 12345678]) {
    expect(checkBankAccount({ ...account, accountNumber }), String(accountNumber)).toEqual({
      ok: false,
      errors: { accountNumber: "Enter the account number: 8 digits" },
    });
  }
  expect(checkBankAccount({ ...account, accountName: "x".repeat(71) })).toEqual({
    ok: false,
    errors: { accountName: "The account name must be at most 70 characters" },
  });
  expect(checkBankAccount({ ...account, accountName: "Mo\u202ePatel" })).toEqual({
    ok: false,
    errors: { accountName: "The account name can't contain invisible or text-direction characters" },
  });
});

test("stored as digits, shown as a sort code and a masked account number", () => {
  expect(formatSortCode("123456")).toBe("12-34-56");
  expect(maskAccountNumber("12345678")).toBe("•••• 5678");
});

test("the form needs the account; the JSON API takes the amount alone (SPEC §7) or all three fields", () => {
  const form = WithdrawalFormSchema.safeParse({ amount: "50.00" });
  expect(form.success).toBe(false);
  expect(form.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
    ["accountName", BANK_MESSAGES.accountName],
    ["sortCode", BANK_MESSAGES.sortCode],
    ["accountNumber", BANK_MESSAGES.accountNumber],
  ]);
  expect(WithdrawalFormSchema.parse({ amount: "50.00", ...account })).toEqual({
    amount: 5000,
    account: { accountName: "Mo Patel", sortCode: "123456", accountNumber: "12345678" },
  });

  expect(WithdrawalRequestSchema.parse({ amount: "50.00" })).toEqual({ amount: 5000, account: null });
  expect(WithdrawalRequestSchema.parse({ amount: "50.00", accountName: null })).toEqual({
    amount: 5000,
    account: null,
  });
  expect(WithdrawalRequestSchema.parse({ amount: 50, ...account })).toEqual({
    amount: 5000,
    account: { accountName: "Mo Patel", sortCode: "123456", accountNumber: "12345678" },
  });
  const partial = WithdrawalRequestSchema.safeParse({ amount: "50.00", sortCode: "12-34-56" });
  expect(partial.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
    ["accountName", BANK_MESSAGES.accountName],
    ["accountNumber", BANK_MESSAGES.accountNumber],
  ]);
  // The amount's own message is unchanged, and still first.
  expect(WithdrawalRequestSchema.safeParse({ amount: "0" }).error?.issues[0]?.message).toBe(
    WITHDRAWAL_INVALID.description,
  );
  expect(WithdrawalRequestSchema.safeParse("50.00").success).toBe(false);
});
