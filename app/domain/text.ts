// Names people see on brackets, tablets and receipts must read as what they
// are: no characters that are invisible or that reorder the text around them,
// which could make "Dave" and "Dave" plus a zero-width space two people, or
// flip a name (right-to-left overrides) to pass for someone else.
import { z } from "./zod.ts";

// C0/C1 controls, soft hyphen, Arabic letter mark, Hangul fillers, Mongolian
// vowel separator, zero-width spaces/joiners and direction marks, line and
// paragraph separators, bidi embeddings/overrides/isolates, invisible
// operators, BOM and interlinear annotation controls.
const INVISIBLE_OR_BIDI = new RegExp(
  String.raw`[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f` +
    String.raw`\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]`,
  "u",
);

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE_OR_BIDI.test(text);
}

export const invisibleCharactersMessage = (label: string) =>
  `${label} can't contain invisible or text-direction characters`;

/**
 * A name (of a person, organisation, venue, tournament or table): trimmed,
 * required, at most `max` characters, nothing invisible.
 */
export function nameField(label: string, options: { max?: number; required?: string; tooLong?: string } = {}) {
  const max = options.max ?? 100;
  const required = options.required ?? `${label} is required`;
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(max, options.tooLong ?? `${label} must be at most ${max} characters`),
    z.refine((text) => !hasInvisibleCharacters(text), invisibleCharactersMessage(label)),
  );
}
