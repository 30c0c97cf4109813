// A season's settings as the secretary changes them — the match format, the table's points, the averages' minimum:
// the request's body, the format in words, and the page's forms read into the body with each message tied to the
// field it is about (the format's section rows, blank ones ignored).
import { z } from "../../../domain/zod.ts";
import { type MatchFormat, MatchFormatSchema } from "./match-card.ts";
import { MeritMinFramesSchema, type Points, PointsSchema } from "./standings.ts";

/** `PATCH /api/seasons/{id}`: any of the format, the points and the merit table's minimum — at least one. */
export const ChangeSeasonSchema = z
  .object({
    format: z.optional(MatchFormatSchema),
    points: z.optional(PointsSchema),
    meritMinFrames: z.optional(MeritMinFramesSchema),
  })
  .check(
    z.refine(
      (body) => body.format !== undefined || body.points !== undefined || body.meritMinFrames !== undefined,
      "Give the season's format, points or meritMinFrames to change",
    ),
  );
/** What a secretary changes of a season (the body, its format typed). */
export type SeasonChanges = { format?: MatchFormat; points?: Points; meritMinFrames?: number };

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
export const wholeOrText = (text: string): number | string => (/^\s*\d{1,6}\s*$/.test(text) ? Number(text) : text);

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
  const parsed = ChangeSeasonSchema.safeParse({
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

/** The page's points form's fields, in the body's order. */
export const POINTS_FIELDS = ["win", "draw", "loss", "frame"] as const;

/**
 * The page's points form as the API's body: `win`, `draw`, `loss`, `frame` and `meritMinFrames` as typed; the points
 * are left out when `pointsLocked` (a fixture played: only the minimum changes). Refusals keyed by field.
 */
export function tableSettingsFromForm(
  values: Record<string, string>,
  pointsLocked: boolean,
): { ok: true; changes: SeasonChanges } | { ok: false; errors: Record<string, string> } {
  const points = Object.fromEntries(POINTS_FIELDS.map((f) => [f, wholeOrText(values[f] ?? "")]));
  const parsed = ChangeSeasonSchema.safeParse({
    ...(pointsLocked ? {} : { points }),
    meritMinFrames: wholeOrText(values.meritMinFrames ?? ""),
  });
  if (parsed.success) return { ok: true, changes: parsed.data as SeasonChanges };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [first, field] = issue.path.map(String);
    errors[first === "points" && field ? field : (first ?? "form")] ??= issue.message;
  }
  return { ok: false, errors };
}
