import { expect, test } from "vitest";
import { formatGBP, penceToDecimal } from "./money.ts";

test("pence become two-decimal strings", () => {
  expect(penceToDecimal(0)).toBe("0.00");
  expect(penceToDecimal(5)).toBe("0.05");
  expect(penceToDecimal(1250)).toBe("12.50");
  expect(penceToDecimal(9_999_999_999)).toBe("99999999.99");
  expect(penceToDecimal(-75)).toBe("-0.75");
});

test("pence are shown as pounds with a £ sign", () => {
  expect(formatGBP(0)).toBe("£0.00");
  expect(formatGBP(1100)).toBe("£11.00");
  expect(formatGBP(123456)).toBe("£1,234.56");
  expect(formatGBP(-150)).toBe("−£1.50");
});
