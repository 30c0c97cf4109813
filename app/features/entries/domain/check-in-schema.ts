// The check-in API's body (decision 021): apart from the rules in check-in.ts, so the pages that show check-in load
// no Zod (decision 016).
import { z } from "zod";

/**
 * POST /api/tournaments/{id}/checkin's body: nothing for a player's own check-in; the director names the entry
 * (`playerId`: a player's id, a team's id or a member's, or the registration's id) and may take a tick back
 * (`checkedIn: false`).
 */
export const CheckInBodySchema = z.object({
  playerId: z.string({ error: "playerId must be an id" }).trim().min(1, "playerId must be an id").max(64).optional(),
  checkedIn: z.boolean({ error: "checkedIn must be true or false" }).optional(),
});
