// A night put into a series or taken out of it, from the series page: the tournament's pages show its series.
import type { Sender } from "~/db/batch.server.ts";
import type { Change } from "~/domain/changes.ts";
import { setNightSeries } from "~/services/series-edit.server.ts";

type Move = Parameters<typeof setNightSeries>[2] & { organiserId: string };

export async function moveNight(db: Sender, { organiserId, ...move }: Move) {
  const moved = await setNightSeries(db, organiserId, move);
  const details: Change = { organiserId, tournamentId: moved.tournamentId, what: "details" };
  return { answer: moved, changes: moved.changed ? [details] : [] };
}
