// A tournament made, made again from another ("Run again", decision 020), archived and restored: one use case each
// for the JSON API and the director's pages. No open page shows a tournament before it exists, and archiving is the
// director's own list: all are quiet.
import type { Sender } from "~/db/batch.server.ts";
import type { TournamentStatus } from "~/domain/tournaments.ts";
import { checkSeriesChoice, seriesOwnerQuery } from "~/services/series.server.ts";
import { ownTournament, runTournamentAgain } from "~/services/tournament-edit.server.ts";
import { changeTournamentStatus, createTournament as insertTournament } from "~/services/tournaments.server.ts";
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
