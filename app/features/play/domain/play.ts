// Forms and API bodies for match play (SPEC §5): one schema each, shared by
// the browser, the form actions and the JSON API; and a match as the screens show it.
import { z } from "zod";
import { matchStatuses, type BracketSide, type MatchStatus } from "./bracket.ts";
import { FloorSettingsFormSchema } from "../../floor/domain/queue-schema.ts";
import { breakRules, resultsFromTablesModes } from "../../floor/domain/table-scoring.ts";
import { outcomes, type Outcome } from "./outcomes.ts";

/** A match as the screens show it: SPEC's match shape with names and the table. */
export type MatchView = {
  id: string;
  bracket: BracketSide;
  group: string | null;
  label: string;
  outcome: Outcome;
  round: number;
  matchNumber: number;
  player1Id: string | null;
  player2Id: string | null;
  player1: { name: string } | null;
  player2: { name: string } | null;
  /** A team event's members of each side (the captain first); empty for players. */
  player1Members?: { id: string; name: string }[];
  player2Members?: { id: string; name: string }[];
  player1Score: number;
  player2Score: number;
  winnerId: string | null;
  status: MatchStatus;
  isBye: boolean;
  tableId: string | null;
  tableName: string | null;
  /** When the match was given its table (ms), kept after its result; null before. */
  calledAt: number | null;
  /** The table the director keeps it for (decisions 013–015), if any. */
  pinnedTableId: string | null;
  /** A tablet confirmed this result and it waits for the director's approval (decision 012). */
  awaitingApproval: boolean;
  nextMatchId: string | null;
  loserMatchId: string | null;
  /** Each side's race (decision 028): a handicapped match's own, else the event's race-to; null: no race. */
  race1: number | null;
  race2: number | null;
  /** A singles player's rating as shown (decision 027); null for a team or an empty slot. */
  player1Rating: number | null;
  player2Rating: number | null;
};

const score = z.preprocess(
  (value) => (value === "" || value === null ? undefined : typeof value === "string" ? value.trim() : value),
  z
    .union([z.number(), z.string().regex(/^\d+$/, "Scores must be whole numbers of 0 or more").transform(Number)], {
      error: "Scores must be whole numbers of 0 or more",
    })
    .pipe(
      z
        .number()
        .int("Scores must be whole numbers of 0 or more")
        .min(0, "Scores must be whole numbers of 0 or more")
        .max(999, "Scores must be whole numbers of 0 or more"),
    )
    .optional(),
);

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

const MatchResultSchema = z
  .object({
    outcome: z
      .enum(outcomes, { error: "Outcome must be played, walkover or double_forfeit" })
      .optional()
      .transform((value) => value ?? "played"),
    winnerId: id("Select the winner").optional(),
    player1Score: score,
    player2Score: score,
  })
  // A double forfeit has no winner and no racks; everything else needs the winner.
  .superRefine((input, ctx) => {
    if (input.outcome !== "double_forfeit" && input.winnerId === undefined) {
      ctx.addIssue({ code: "custom", path: ["winnerId"], message: "Select the winner" });
    }
    if (input.outcome === "double_forfeit" && input.winnerId !== undefined) {
      ctx.addIssue({ code: "custom", path: ["winnerId"], message: "A double forfeit has no winner" });
    }
  });

/** PATCH /api/matches/{id}: SPEC §5's match update. */
export const MatchUpdateSchema = MatchResultSchema.extend({
  /** A walkover for a no-show (decision 021): the entry that did not turn up is withdrawn, never called again. */
  noShow: z.boolean({ error: "noShow must be true or false" }).optional(),
  status: z.enum(matchStatuses, { error: "Status must be pending, in_progress or completed" }).optional(),
  player1Id: z.string().max(64).optional(),
  player2Id: z.string().max(64).optional(),
});

export const AssignTableSchema = z.object({
  tableId: z
    .union([z.string().trim().max(64), z.null()], { error: "tableId must be a table id or null" })
    .transform((v) => (v ? v : null)),
});

// A table picked in a form: "" (none, or any) is null.
const formTableId = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v ? v : null));

/** The tournament page's director actions, by hidden `intent`. */
export const DirectorActionSchema = z.discriminatedUnion(
  "intent",
  [
    // "yes" drops the entries not checked in (their entry fees back); anything else starts with everyone.
    z.object({
      intent: z.literal("start"),
      dropAbsent: z
        .string()
        .max(8)
        .optional()
        .transform((v) => v === "yes"),
    }),
    z.object({ intent: z.literal("finalize") }),
    MatchResultSchema.extend({
      intent: z.literal("record-result"),
      matchId: id("Match not found"),
      // The floor's no-show walkover (decision 021): the entry that did not turn up is withdrawn.
      noShow: z
        .string()
        .max(8)
        .optional()
        .transform((v) => v === "true"),
    }),
    MatchResultSchema.extend({
      intent: z.literal("correct-result"),
      matchId: id("Match not found"),
      /** The moves of players at tables the director was shown and confirms (corrections.ts movesKey). */
      confirmMoves: z.string().max(2000).optional(),
    }),
    // A result confirmed at the table, approved as it is; table scoring's settings (decision 012).
    z.object({ intent: z.literal("approve-result"), matchId: id("Match not found") }),
    z.object({
      intent: z.literal("assign-table"),
      matchId: id("Match not found"),
      tableId: formTableId,
    }),
    // The floor (decisions 013–015): its settings, a match kept for one table, a table in or out of rotation.
    // The tournament's settings (the settings dialog): the floor's, and table scoring's (decision 012).
    FloorSettingsFormSchema.extend({
      intent: z.literal("settings"),
      resultsFromTables: z.enum(resultsFromTablesModes, { error: "Choose how results from tables are recorded" }),
      breakRule: z.enum(breakRules, { error: "Choose a break rule" }),
    }),
    z.object({
      intent: z.literal("pin-table"),
      matchId: id("Match not found"),
      tableId: formTableId,
    }),
    z.object({
      intent: z.literal("table-rotation"),
      tableId: id("Table not found"),
      inRotation: z
        .enum(["true", "false"], { error: "inRotation must be true or false" })
        .transform((v) => v === "true"),
    }),
    // The director's tick beside a name before the start, and withdrawing an entry during play (decision 021).
    z.object({
      intent: z.literal("check-in-entry"),
      registrationId: id("Entry not found"),
      checkedIn: z.enum(["true", "false"], { error: "checkedIn must be true or false" }).transform((v) => v === "true"),
    }),
    z.object({ intent: z.literal("withdraw-entry"), registrationId: id("Entry not found") }),
    // The seeding form: one number per entry, in fields named "seed:<playerId>".
    z.looseObject({ intent: z.literal("seeds") }),
  ],
  { error: "Unknown action" },
);

/**
 * The order a seeding form asks for: entries by the numbers typed (1 first),
 * ties and blanks keeping the order the form listed them in.
 */
export function orderFromSeedForm(form: Record<string, unknown>): string[] {
  const rows = Object.entries(form)
    .filter(([key]) => key.startsWith("seed:"))
    .map(([key, value], listed) => {
      const typed =
        typeof value === "string" && /^\d{1,3}$/.test(value.trim()) ? Number(value) : Number.POSITIVE_INFINITY;
      return { playerId: key.slice("seed:".length), typed, listed };
    });
  return rows.sort((a, b) => a.typed - b.typed || a.listed - b.listed).map((row) => row.playerId);
}
export type DirectorAction = z.infer<typeof DirectorActionSchema>;
