import { expect, test } from "vitest";
import { ACCESS_CODE_ALPHABET, generateAccessCode, normalizeAccessCode, TableSchema } from "./tables.ts";

const cryptoBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

test("access codes are 8 characters from an alphabet without look-alikes", () => {
  for (const ch of "01OIL") expect(ACCESS_CODE_ALPHABET).not.toContain(ch);
  const seen = new Set<string>();
  for (let i = 0; i < 2000; i++) {
    const code = generateAccessCode(cryptoBytes);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    seen.add(code);
  }
  expect(seen.size).toBe(2000);
});

test("biased bytes are rejected so every character stays equally likely", () => {
  // Bytes at or above the largest multiple of the alphabet size are skipped.
  const bytes = [255, 254, 248, 0, 1, 2, 3, 4, 5, 6, 7];
  let i = 0;
  const code = generateAccessCode((n) => Uint8Array.from({ length: n }, () => bytes[i++ % bytes.length]!));
  expect(code).toHaveLength(8);
  expect(code.startsWith("ABCDEFGH")).toBe(true);
});

test("codes are matched ignoring case and surrounding spaces; anything else is refused", () => {
  expect(normalizeAccessCode("  abcd2345 ")).toBe("ABCD2345");
  for (const bad of ["", "ABC", "ABCD23456", "ABCD 234", "ABCD234O", "ABCD2341", "ÄBCD2345", "ABCD23<5"]) {
    expect(normalizeAccessCode(bad)).toBeNull();
  }
});

test("table names are trimmed and must not be empty", () => {
  expect(TableSchema.parse({ name: "  Table 1 " })).toEqual({ name: "Table 1" });
  expect(TableSchema.safeParse({ name: "   " }).error?.issues[0]?.message).toBe("Please enter a table name");
  expect(TableSchema.safeParse({}).error?.issues[0]?.message).toBe("Please enter a table name");
  expect(TableSchema.safeParse({ name: "x".repeat(10_000) }).success).toBe(false);
});
