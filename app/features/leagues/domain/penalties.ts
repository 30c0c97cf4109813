// Points a league's secretary deducts from a team (DESIGN §11): the request's body. Pure.
import { nameField } from "../../../domain/text.ts";
import { z } from "../../../domain/zod.ts";

/** More than this off a team at once is a slip of the keyboard, not a ruling. */
const MAX_PENALTY = 100;

const POINTS_MESSAGE = `The points deducted must be a whole number from 1 to ${MAX_PENALTY}`;

/** `POST /api/seasons/{id}/penalties`. */
export const CreatePenaltySchema = z.object({
  teamId: z.string({ error: "Choose the team" }).check(z.minLength(1, "Choose the team")),
  points: z
    .number({ error: POINTS_MESSAGE })
    .check(z.refine(Number.isInteger, POINTS_MESSAGE), z.gte(1, POINTS_MESSAGE), z.lte(MAX_PENALTY, POINTS_MESSAGE)),
  reason: nameField("The reason", { max: 200 }),
});
export type PenaltyInput = z.output<typeof CreatePenaltySchema>;

export const PENALTY_MESSAGES = {
  teamNotInSeason: "Choose a team of this season",
  notFound: "That deduction is not in this season",
} as const;
