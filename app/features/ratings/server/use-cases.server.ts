// The director's starting ratings for provisional players in an open singles event (decision 031): the director's
// page lists the entrants' ratings, so its other tabs hear of it ("entries").
import type { Sender } from "~/db/batch.server.ts";
import type { Change } from "~/domain/changes.ts";
import { setStartingRatings } from "~/features/ratings/server/starting-ratings.server.ts";

export async function saveStartingRatings(db: Sender, input: Parameters<typeof setStartingRatings>[1]) {
  const saved = await setStartingRatings(db, input);
  const entries: Change = { organiserId: input.organiserId, tournamentId: saved.tournamentId, what: "entries" };
  return { answer: saved, changes: [entries] };
}
