// A series' writes, one use case each for the JSON API and the director's pages: a series made, its rules changed
// (the ranking is worked out whenever it is read, so both are quiet), and a night put into it or taken out (the
// tournament's pages show their series: "details").
import type { Sender } from "~/db/batch.server.ts";
import type { Change } from "~/domain/changes.ts";
import { ownSeriesRow, setNightSeries, updateSeries } from "~/features/series/server/series-edit.server.ts";
import { createSeries as insertSeries } from "~/features/series/server/series.server.ts";
import { quiet } from "~/web/done.ts";

type SeriesRow = Parameters<typeof updateSeries>[1];

/** A new series of the director's, with its points table, best N and qualifying cut. */
export async function createSeries(
  db: Sender,
  { organiserId, fields }: { organiserId: string; fields: Parameters<typeof insertSeries>[2] },
) {
  return quiet(await insertSeries(db, organiserId, fields));
}

/** The director's own series changed (a 404 for none, a 403 for another's; its points fixed once a night counts). */
export async function editSeries(
  db: Sender,
  {
    organiserId,
    row,
    fields,
  }: { organiserId: string; row: SeriesRow | null; fields: Parameters<typeof updateSeries>[2] },
) {
  return quiet(await updateSeries(db, ownSeriesRow(row, organiserId), fields));
}

type Move = Parameters<typeof setNightSeries>[2] & { organiserId: string };

/** A night put into one of the director's series or taken out of it. */
export async function moveNight(db: Sender, { organiserId, ...move }: Move) {
  const moved = await setNightSeries(db, organiserId, move);
  const details: Change = { organiserId, tournamentId: moved.tournamentId, what: "details" };
  return { answer: moved, changes: moved.changed ? [details] : [] };
}
