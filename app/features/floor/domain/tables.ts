// Table access codes (SPEC §3: 8 characters, unique) and the table form.
import { z } from "../../../domain/zod.ts";
import { nameField } from "../../../domain/text.ts";

/** No look-alikes: no 0/O, no 1/I/L. */
export const ACCESS_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const ACCESS_CODE_LENGTH = 8;

export function generateAccessCode(randomBytes: (n: number) => Uint8Array): string {
  let code = "";
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % ACCESS_CODE_ALPHABET.length);
  while (code.length < ACCESS_CODE_LENGTH) {
    for (const byte of randomBytes(ACCESS_CODE_LENGTH * 2)) {
      if (byte < limit && code.length < ACCESS_CODE_LENGTH)
        code += ACCESS_CODE_ALPHABET[byte % ACCESS_CODE_ALPHABET.length];
    }
  }
  return code;
}

/** What a person typed → the stored form, or null if it cannot be a code. */
export function normalizeAccessCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  if (code.length !== ACCESS_CODE_LENGTH) return null;
  for (const ch of code) if (!ACCESS_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/**
 * Two table names are the same table when they differ only in case and spaces
 * ("Table 1", "table1"). ASCII case only, as SQLite's lower() compares them.
 */
export function tableNameKey(name: string): string {
  return name.replace(/[A-Z]/g, (c) => c.toLowerCase()).replaceAll(" ", "");
}

export const tableExists = (name: string) => `You already have a table called ${name}`;

export const TableSchema = z.object({
  name: nameField("Table name", {
    max: 50,
    required: "Please enter a table name",
    tooLong: "Table names can be at most 50 characters",
  }),
});

/** "Send a tablet to another table" (decision 024): the table the tablets go to. */
const CHOOSE_TABLE = "Choose the table to send the tablet to";
export const SendTabletSchema = z.object({
  toTableId: z.string({ error: CHOOSE_TABLE }).check(z.minLength(1, CHOOSE_TABLE), z.maxLength(64, CHOOSE_TABLE)),
});
