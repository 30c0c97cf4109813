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
  ["\ufeff", "zero-width no-break space (byte order mark)"],
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
  // The rest of Unicode's format characters (Cf).
  ["\u0600", "Arabic number sign"],
  ["\u06dd", "Arabic end of ayah"],
  ["\u070f", "Syriac abbreviation mark"],
  ["\u08e2", "Arabic disputed end of ayah"],
  ["\u2061", "function application"],
  ["\u2064", "invisible plus"],
  ["\u2065", "unassigned, among the invisible operators"],
  ["\u206a", "inhibit symmetric swapping"],
  ["\u206f", "nominal digit shapes"],
  ["\ufff9", "interlinear annotation anchor"],
  ["\ufffb", "interlinear annotation terminator"],
  ["\u{110bd}", "Kaithi number sign"],
  ["\u{13430}", "Egyptian hieroglyph vertical joiner"],
  ["\u{1bca0}", "shorthand format letter overlap"],
  ["\u{1d173}", "musical symbol begin beam"],
  ["\u{e0001}", "language tag"],
  ["\u{e0041}", "tag latin capital letter A"],
  ["\u{e007f}", "cancel tag"],
  // Letters that draw nothing.
  ["\u115f", "Hangul choseong filler"],
  ["\u1160", "Hangul jungseong filler"],
  ["\u17b4", "Khmer vowel inherent aq"],
  ["\uffa0", "halfwidth Hangul filler"],
];

test("every invisible or direction-changing character is caught, wherever it sits", () => {
  for (const [char, name] of INVISIBLE) {
    for (const text of [`${char}Dave`, `Da${char}ve`, `Dave${char}`, char]) {
      expect(hasInvisibleCharacters(text), `${name} in ${JSON.stringify(text)}`).toBe(true);
    }
  }
});

test("every format character (Unicode Cf) is caught, not only the ones listed", () => {
  const format = /\p{Cf}/u;
  let seen = 0;
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCodePoint(code);
    if (!format.test(char)) continue;
    seen++;
    expect(hasInvisibleCharacters(`Da${char}ve`), `U+${code.toString(16).toUpperCase()}`).toBe(true);
  }
  expect(seen).toBeGreaterThan(150);
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
    "Ann-Marie ❤️", // U+FE0F, the emoji variation selector, is a mark, not a format character
    "🇬🇧 Pool Club",
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

test("U+FEFF and the other format characters are refused anywhere, the ends too: they are not whitespace", () => {
  const field = nameField("Name");
  const refused = invisibleCharactersMessage("Name");
  const message = (value: string) => field.safeParse(value).error?.issues[0]?.message ?? null;
  for (const char of ["\ufeff", "\u200b", "\u2060", "\u00ad", "\u061c", "\u202e", "\u180e", "\u{e0001}"]) {
    for (const text of [`${char}Dave`, `Da${char}ve`, `Dave${char}`, `  ${char}Dave  `, char]) {
      expect(message(text), JSON.stringify(text)).toBe(refused);
    }
  }
});

test("whitespace at either end is trimmed, in any script's spacing", () => {
  const field = nameField("Name");
  for (const text of [" Dave ", "\tDave\n", "\u00a0Dave\u00a0", "\u3000Dave\u2003", "\u2028Dave\u0085"]) {
    expect(field.parse(text), JSON.stringify(text)).toBe("Dave");
  }
  expect(field.parse("  Dave  Smith ")).toBe("Dave  Smith");
  expect(field.safeParse(" \u3000 ").error?.issues[0]?.message).toBe("Name is required");
});

test("a name is stored composed (NFC): a letter and its combining accent become the one accented letter", () => {
  const field = nameField("Name");
  expect(field.parse("Cafe\u0301")).toBe("Caf\u00e9");
  expect(field.parse(" Cafe\u0301 ")).toBe(field.parse("Caf\u00e9"));
  expect(field.parse("\u1100\u1161")).toBe("\uac00"); // Hangul jamo compose into their syllable
  // The length limit counts the composed name: 9 characters here, 11 as sent.
  expect(nameField("Name", { max: 10 }).safeParse("Cafe\u0301 Cafe\u0301").success).toBe(true);
});
