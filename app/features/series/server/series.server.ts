// A series made and its rules changed, one use case each for the JSON API and the director's pages. The ranking is
// worked out whenever it is read, so nothing follows either write: both are quiet.
import type { Sender } from "~/db/batch.server.ts";
import { ownSeriesRow, updateSeries } from "~/services/series-edit.server.ts";
import { createSeries as insertSeries } from "~/services/series.server.ts";
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
