// A tournament's table-scoring settings (decision 012): how results from the tables are taken and who breaks.
import { and, eq } from "drizzle-orm";
import { build, first, write, type Sender } from "~/db/batch.server.ts";
import { tournaments } from "~/db/schema.ts";
import { DomainError, tournamentNotFound } from "~/domain/errors.ts";
import type { BreakRule, ResultsFromTables } from "~/features/floor/domain/table-scoring.ts";
import { tournamentRow, type TournamentRef } from "~/features/tournaments/server/tournament-ref.server.ts";

/** What PATCH /api/tournaments/{id}/settings may change of table scoring (checked by TournamentSettingsSchema). */
export type TableScoringSettings = { resultsFromTables?: ResultsFromTables; breakRule?: BreakRule };

/** The settings' columns for an update (only those given). */
export function tableScoringSet(settings: TableScoringSettings) {
  return {
    ...(settings.resultsFromTables ? { resultsFromTables: settings.resultsFromTables } : {}),
    ...(settings.breakRule ? { breakRule: settings.breakRule } : {}),
  };
}

/** Writes the director's table-scoring settings (by the tournament's id or slug; the director's own only). */
export async function saveTableScoringSettings(
  db: Sender,
  {
    organiserId,
    tournament,
    settings,
  }: { organiserId: string; tournament: TournamentRef; settings: TableScoringSettings },
) {
  const found = await db.send(first(tournamentRow(tournament)));
  if (!found) throw tournamentNotFound();
  if (found.organiserId !== organiserId) throw new DomainError(403, "Only the tournament's director can do that");
  const set = tableScoringSet(settings);
  const columns = { resultsFromTables: tournaments.resultsFromTables, breakRule: tournaments.breakRule };
  if (Object.keys(set).length === 0) return { resultsFromTables: found.resultsFromTables, breakRule: found.breakRule };
  return db.write(
    write(
      [
        build
          .update(tournaments)
          .set(set)
          .where(and(eq(tournaments.id, found.id), eq(tournaments.organiserId, organiserId)))
          .returning(columns),
      ],
      ([rows]) => {
        const row = (rows as { resultsFromTables: ResultsFromTables; breakRule: BreakRule }[])[0];
        if (!row) throw tournamentNotFound();
        return row;
      },
    ),
  );
}
