// Editing a tournament after creating it (decision 020), one use case for the JSON API and the edit page: a night
// moved into a series must be the director's own series, whichever adapter sent it; a change the pages show is
// announced ("details").
import type { Sender } from "~/db/batch.server.ts";
import type { Change } from "~/domain/changes.ts";
import { checkSeriesChoice, seriesOwnerQuery } from "~/services/series.server.ts";
import { saveTournamentEdit } from "~/services/tournament-edit.server.ts";

type EditInput = Parameters<typeof saveTournamentEdit>[1] & {
  organiserId: string;
  /** The chosen series' owner, when the caller read it with its other reads; read here otherwise. */
  series?: { organiserId: string } | null;
};

export async function editTournament(db: Sender, { organiserId, series, ...edit }: EditInput) {
  const chosen = edit.next.seriesId ?? null;
  if (chosen !== (edit.t.seriesId ?? null)) {
    checkSeriesChoice(chosen, series === undefined ? await db.send(seriesOwnerQuery(chosen)) : series, organiserId);
  }
  const saved = await saveTournamentEdit(db, edit);
  const details: Change = { organiserId, tournamentId: edit.t.id, what: "details" };
  return { answer: saved, changes: saved.changed.length > 0 ? [details] : [] };
}
