// The floor's forms and API bodies (decisions 013–015): apart from the rules in
// queue.ts, so the pages that show the floor load no Zod.
import { z } from "zod";
import { NO_SHOW_MINUTES } from "./queue.ts";
import { breakRules, resultsFromTablesModes } from "./table-scoring.ts";

const noShowMessage = `No-show minutes must be a whole number from ${NO_SHOW_MINUTES.min} to ${NO_SHOW_MINUTES.max}`;
const noShowMinutes = z
  .number({ error: noShowMessage })
  .int(noShowMessage)
  .min(NO_SHOW_MINUTES.min, noShowMessage)
  .max(NO_SHOW_MINUTES.max, noShowMessage);

const floorFields = {
  autoAssign: z.boolean({ error: "autoAssign must be true or false" }).optional(),
  noShowMinutes: noShowMinutes.optional(),
};
export type FloorSettings = { autoAssign?: boolean; noShowMinutes?: number };

/**
 * PATCH /api/tournaments/{id}/settings: what the director may change — the floor's (decisions 013–015) and table
 * scoring's (decision 012); at least one field.
 */
export const TournamentSettingsSchema = z
  .object({
    ...floorFields,
    resultsFromTables: z
      .enum(resultsFromTablesModes, { error: "resultsFromTables must be record or approve" })
      .optional(),
    breakRule: z.enum(breakRules, { error: "breakRule must be winner or alternate" }).optional(),
  })
  .refine((s) => Object.values(s).some((value) => value !== undefined), {
    message: "Send autoAssign, noShowMinutes, resultsFromTables or breakRule",
  });

/** The same settings from the director's form (a checkbox and a number field, as text). */
export const FloorSettingsFormSchema = z.object({
  autoAssign: z
    .union([z.literal("true"), z.literal("false")], { error: "autoAssign must be true or false" })
    .transform((v) => v === "true"),
  noShowMinutes: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v),
    noShowMinutes,
  ),
});

/** PATCH /api/matches/{id}/pin and PATCH /api/tables/{id}/rotation. */
export const PinSchema = z.object({
  tableId: z
    .union([z.string().trim().max(64), z.null()], { error: "tableId must be a table id or null" })
    .transform((v) => (v ? v : null)),
});
export const RotationSchema = z.object({
  inRotation: z.boolean({ error: "inRotation must be true or false" }),
});
