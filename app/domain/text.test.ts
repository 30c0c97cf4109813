import { expect, test } from "vitest";
import { hasInvisibleCharacters, invisibleCharactersMessage, nameField } from "./text.ts";

const INVISIBLE: [string, string][] = [
  ["\u200b", "zero-width space"],
  ["\u200c", "zero-width non-joiner"],
  ["\u200d", "zero-width joiner"],
  ["\u200e", "left-to-right mark"],
  ["\u200f", "right-to-left mark"],
  ["\u061c", "Arabic letter mark"],
  ["\u202a", "left-to-right embedding"],
  ["\u202b", "right-to-left embedding"],
  ["\u202c", "pop directional formatting"],
  ["\u202d", "left-to-right override"],
  ["\u202e", "right-to-left override"],
  ["\u2066", "left-to-right isolate"],
  ["\u2067", "right-to-left isolate"],
  ["\u2068", "first strong isolate"],
  ["\u2069", "pop directional isolate"],
  ["\u2060", "word joiner"],
  ["\u2063", "invisible separator"],
  ["\ufeff", "byte order mark"],
  ["\u00ad", "soft hyphen"],
  ["\u180e", "Mongolian vowel separator"],
  ["\u3164", "Hangul filler"],
  ["\u2028", "line separator"],
  ["\u2029", "paragraph separator"],
  ["\u0000", "NUL"],
  ["\u0009", "tab"],
  ["\u000a", "line feed"],
  ["\u001b", "escape"],
  ["\u0085", "next line (C1)"],
];

test("every invisible or direction-changing character is caught, wherever it sits", () => {
  for (const [char, name] of INVISIBLE) {
    for (const text of [`${char}Dave`, `Da${char}ve`, `Dave${char}`, char]) {
      expect(hasInvisibleCharacters(text), `${name} in ${JSON.stringify(text)}`).toBe(true);
    }
  }
});

test("ordinary names in any script pass", () => {
  for (const name of [
    "Dave Smith",
    "Zoë O'Brien-Jones",
    "José Núñez",
    "Łukasz Żółć",
    "محمد علي",
    "דוד כהן",
    "王小明",
    "Ночной турнир",
    "The Red Lion & Crown",
    "Table 1 (by the bar) 🎱",
  ]) {
    expect(hasInvisibleCharacters(name), name).toBe(false);
  }
});

test("a name field trims, requires, limits length and refuses invisible characters with a clear message", () => {
  const field = nameField("Tournament name", { max: 10 });
  expect(field.parse("  Friday 9  ")).toBe("Friday 9");
  const message = (value: unknown) => {
    const result = field.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };
  expect(message("   ")).toBe("Tournament name is required");
  expect(message(undefined)).toBe("Tournament name is required");
  expect(message("x".repeat(11))).toBe("Tournament name must be at most 10 characters");
  expect(message("Dave\u202eevaD")).toBe("Tournament name can't contain invisible or text-direction characters");
  expect(message("Da\u200bve")).toBe(invisibleCharactersMessage("Tournament name"));
  const custom = nameField("Name", { required: "Please enter your name", tooLong: "Too long" });
  expect(custom.safeParse("").error?.issues[0]?.message).toBe("Please enter your name");
  expect(custom.safeParse("x".repeat(101)).error?.issues[0]?.message).toBe("Too long");
});
