// A season's match format as the secretary changes it: the request's body, the format in words, and the page's form
// (section rows, blank ones ignored) read into the body with each message tied to the row and field it is about.
import { z } from "../../../domain/zod.ts";
import { type MatchFormat, MatchFormatSchema } from "./match-card.ts";

/** `PATCH /api/seasons/{id}`. */
export const ChangeSeasonFormatSchema = z.object({ format: MatchFormatSchema });

const kind = (players: 1 | 2) => (players === 1 ? "singles" : "doubles");

/** "8 singles, then 1 doubles; at most 2 singles frames each" (a section named otherwise is named). */
export function describeFormat(format: MatchFormat): string {
  const sections = format.sections
    .map((s) =>
      s.name.toLowerCase() === kind(s.players)
        ? `${s.frames} ${kind(s.players)}`
        : `${s.name}: ${s.frames} ${kind(s.players)}`,
    )
    .join(", then ");
  const max = format.maxSinglesPerPlayer;
  return `${sections}; at most ${max} singles frame${max === 1 ? "" : "s"} each`;
}

/** How many section rows the page's form offers. */
export const FORMAT_ROWS = 4;

/** A whole number as typed, or the text itself (for the schema to refuse with its message). */
const wholeOrText = (text: string): number | string => (/^\s*\d{1,6}\s*$/.test(text) ? Number(text) : text);

/**
 * The page's format form as the API's body: rows `name-i`, `frames-i`, `players-i` ("1" or "2"), blank rows (no name
 * and no frames) left out, and `maxSingles`. Its refusals are keyed by the form's fields (`frames-2`, `maxSingles`;
 * `form` for the whole format's).
 */
export function formatFromForm(
  values: Record<string, string>,
): { ok: true; format: MatchFormat } | { ok: false; errors: Record<string, string> } {
  const rows: number[] = [];
  const sections: unknown[] = [];
  for (let i = 0; i < FORMAT_ROWS; i++) {
    const name = values[`name-${i}`] ?? "";
    const frames = values[`frames-${i}`] ?? "";
    if (name.trim() === "" && frames.trim() === "") continue;
    rows.push(i);
    sections.push({ name, frames: wholeOrText(frames), players: values[`players-${i}`] === "2" ? 2 : 1 });
  }
  const parsed = ChangeSeasonFormatSchema.safeParse({
    format: { sections, maxSinglesPerPlayer: wholeOrText(values.maxSingles ?? "") },
  });
  if (parsed.success) return { ok: true, format: parsed.data.format as MatchFormat };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [, first, index, field] = issue.path.map(String);
    const key =
      first === "maxSinglesPerPlayer"
        ? "maxSingles"
        : first === "sections" && index !== undefined && field !== undefined
          ? `${field}-${rows[Number(index)]}`
          : "form";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
