// What a tablet sends with a tap (decision 012), checked before anything is read:
// kept apart from table-scoring.ts so that the pages showing its settings load
// no Zod (decision 016).
import { z } from "zod";
import type { Side } from "./table-scoring.ts";

/** A tap's id: made by the tablet, so bounded in length and alphabet (it is stored). */
const TapIdSchema = z
  .string({ error: "tapId is required" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "tapId must be 8 to 64 letters, digits, '-' or '_'");

const side = z.union([z.literal(1), z.literal(2), z.literal("1"), z.literal("2")], {
  error: "player must be 1 or 2",
});
const toSide = (value: 1 | 2 | "1" | "2"): Side => (Number(value) === 1 ? 1 : 2);

/** The match the tablet was showing when the tap was made: a tap never lands on the table's next match. */
const matchIdField = z.string().max(64).optional();

export const RackTapSchema = z.object({ tapId: TapIdSchema, player: side.transform(toSide), matchId: matchIdField });
export const UndoTapSchema = z.object({ tapId: TapIdSchema, matchId: matchIdField });
export const LagTapSchema = RackTapSchema;

const rackScore = z.coerce
  .number({ error: "Scores must be whole numbers of 0 or more" })
  .int("Scores must be whole numbers of 0 or more")
  .min(0, "Scores must be whole numbers of 0 or more")
  .max(999, "Scores must be whole numbers of 0 or more");

/** Confirm: with a race-to the racks decide; without one the tablet says who won (and may give the score). */
export const ConfirmTapSchema = z.object({
  tapId: TapIdSchema,
  matchId: matchIdField,
  winner: side.transform(toSide).optional(),
  player1Score: rackScore.optional(),
  player2Score: rackScore.optional(),
});
