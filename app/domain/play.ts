// Forms and API bodies for match play (SPEC §5): one schema each, shared by
// the browser, the form actions and the JSON API.
import { z } from "zod";
import type { MatchStatus } from "./bracket.ts";

/** A match as the screens show it: SPEC's match shape with names and the table. */
export type MatchView = {
  id: string;
  round: number;
  matchNumber: number;
  player1Id: string | null;
  player2Id: string | null;
  player1: { name: string } | null;
  player2: { name: string } | null;
  player1Score: number;
  player2Score: number;
  winnerId: string | null;
  status: MatchStatus;
  isBye: boolean;
  tableId: string | null;
  tableName: string | null;
  nextMatchId: string | null;
};

const score = z.preprocess(
  (value) => (value === "" || value === null ? undefined : typeof value === "string" ? value.trim() : value),
  z
    .union([z.number(), z.string().regex(/^\d+$/, "Scores must be whole numbers of 0 or more").transform(Number)], {
      error: "Scores must be whole numbers of 0 or more",
    })
    .pipe(z.number().int("Scores must be whole numbers of 0 or more").min(0, "Scores must be whole numbers of 0 or more").max(999, "Scores must be whole numbers of 0 or more"))
    .optional(),
);

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

export const MatchResultSchema = z.object({
  winnerId: id("Select the winner"),
  player1Score: score,
  player2Score: score,
});

/** PATCH /api/matches/{id}: SPEC §5's match update. */
export const MatchUpdateSchema = MatchResultSchema.extend({
  status: z.enum(["pending", "in_progress", "completed"], { error: "Status must be pending, in_progress or completed" }).optional(),
  player1Id: z.string().max(64).optional(),
  player2Id: z.string().max(64).optional(),
});

export const AssignTableSchema = z.object({
  tableId: z.union([z.string().trim().max(64), z.null()], { error: "tableId must be a table id or null" }).transform((v) => (v ? v : null)),
});

/** The tournament page's director actions, by hidden `intent`. */
export const DirectorActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("start") }),
    z.object({ intent: z.literal("finalize") }),
    MatchResultSchema.extend({ intent: z.literal("record-result"), matchId: id("Match not found") }),
    MatchResultSchema.extend({ intent: z.literal("correct-result"), matchId: id("Match not found") }),
    z.object({
      intent: z.literal("assign-table"),
      matchId: id("Match not found"),
      tableId: z.string().trim().max(64).optional().transform((v) => (v ? v : null)),
    }),
  ],
  { error: "Unknown action" },
);
export type DirectorAction = z.infer<typeof DirectorActionSchema>;
