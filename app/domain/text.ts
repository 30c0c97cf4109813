// Names people see on brackets, tablets and receipts must read as what they
// are: no characters that are invisible or that reorder the text around them,
// which could make "Dave" and "Dave" plus a zero-width space two people, or
// flip a name (right-to-left overrides) to pass for someone else.
import { z } from "./zod.ts";

// Every format character (Unicode category Cf: zero-width spaces, joiners and
// no-break space/BOM, direction marks, bidi embeddings/overrides/isolates,
// soft hyphen, Arabic letter mark, Mongolian vowel separator, invisible
// operators, interlinear annotation controls, tag characters…), C0/C1
// controls (Cc), line and paragraph separators, and the letters that draw
// nothing: Hangul fillers and Khmer inherent vowels. U+2065, unassigned in the
// middle of the invisible operators, goes with them.
const INVISIBLE_OR_BIDI = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u115f\u1160\u17b4\u17b5\u2065\u3164\uffa0]/u;

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE_OR_BIDI.test(text);
}

export const invisibleCharactersMessage = (label: string) =>
  `${label} can't contain invisible or text-direction characters`;

// Unicode's own whitespace at either end. Not JavaScript's trim(), which also
// strips U+FEFF (a format character, not whitespace) and so would let
// "\uFEFFDave" through as "Dave" instead of refusing it like any other.
const OUTER_WHITESPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

/**
 * A name (of a person, organisation, venue, tournament, team or table):
 * in Unicode's composed form (NFC: "Cafe" + U+0301 is stored as "Café", so the
 * two spellings are one name), trimmed, required, at most `max` characters,
 * nothing invisible.
 */
export function nameField(label: string, options: { max?: number; required?: string; tooLong?: string } = {}) {
  const max = options.max ?? 100;
  const required = options.required ?? `${label} is required`;
  return z.string({ error: required }).check(
    z.overwrite((text) => text.normalize("NFC").replace(OUTER_WHITESPACE, "")),
    z.minLength(1, required),
    z.maxLength(max, options.tooLong ?? `${label} must be at most ${max} characters`),
    z.refine((text) => !hasInvisibleCharacters(text), invisibleCharactersMessage(label)),
  );
}
