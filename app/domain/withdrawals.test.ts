import { expect, test } from "vitest";
import {
  checkWithdrawalAmount,
  MIN_WITHDRAWAL_PENCE,
  WITHDRAWAL_INVALID,
  WITHDRAWAL_TOO_SMALL,
  WithdrawalSchema,
  winRate,
} from "./withdrawals.ts";

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
