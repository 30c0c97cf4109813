// A tournament's writes, one use case each for the JSON API and the director's pages. Made, made again from another
// ("Run again", decision 020), archived and restored: no open page shows a tournament before it exists, and archiving
// is the director's own list, so these are quiet. Edited (decision 020): a night moved into a series must be the
// director's own series, whichever adapter sent it; a change the pages show is announced ("details").
import type { Sender } from "~/db/batch.server.ts";
import type { Change } from "~/domain/changes.ts";
import type { TournamentStatus } from "~/domain/tournaments.ts";
import { checkSeriesChoice, seriesOwnerQuery } from "~/features/series/server/series.server.ts";
import {
  ownTournament,
  runTournamentAgain,
  saveTournamentEdit,
} from "~/features/tournaments/server/tournament-edit.server.ts";
import { createTournament as insertTournament } from "~/features/tournaments/server/tournament-create.server.ts";
import { changeTournamentStatus } from "~/features/tournaments/server/tournament-status.server.ts";
import { quiet } from "~/web/done.ts";

type Fields = Parameters<typeof insertTournament>[2];

/**
 * A new tournament of the director's. A series chosen must be the director's own (404 none, 403 another's): `series`
 * is its owner when the caller read it with its other reads; it is read here otherwise.
 */
export async function createTournament(
  db: Sender,
  { organiserId, fields, series }: { organiserId: string; fields: Fields; series?: { organiserId: string } | null },
) {
  const chosen = fields.seriesId ?? null;
  if (chosen !== null) {
    checkSeriesChoice(chosen, series === undefined ? await db.send(seriesOwnerQuery(chosen)) : series, organiserId);
  }
  return quiet(await insertTournament(db, organiserId, fields));
}

type RunAgain = Omit<Parameters<typeof runTournamentAgain>[1], "t"> & {
  organiserId: string;
  /** The tournament to copy, as the caller read it (a 404 for none, a 403 for another director's). */
  t: Parameters<typeof ownTournament>[0];
};

/** A copy of the director's own tournament (its settings, not its entries), open for entries. */
export async function runAgain(db: Sender, { organiserId, t, ...when }: RunAgain) {
  return quiet(await runTournamentAgain(db, { t: ownTournament(t, organiserId), ...when }));
}

/** Archive (to finished) or restore (to open), DESIGN §5. */
export async function changeStatus(
  db: Sender,
  input: { organiserId: string; tournamentId: string; to: TournamentStatus },
) {
  return quiet(await changeTournamentStatus(db, input));
}

type EditInput = Parameters<typeof saveTournamentEdit>[1] & {
  organiserId: string;
  /** The chosen series' owner, when the caller read it with its other reads; read here otherwise. */
  series?: { organiserId: string } | null;
};

/** The director's edit of a tournament: the fields its state allows (decision 020). */
export async function editTournament(db: Sender, { organiserId, series, ...edit }: EditInput) {
  const chosen = edit.next.seriesId ?? null;
  if (chosen !== (edit.t.seriesId ?? null)) {
    checkSeriesChoice(chosen, series === undefined ? await db.send(seriesOwnerQuery(chosen)) : series, organiserId);
  }
  const saved = await saveTournamentEdit(db, edit);
  const details: Change = { organiserId, tournamentId: edit.t.id, what: "details" };
  return { answer: saved, changes: saved.changed.length > 0 ? [details] : [] };
}
