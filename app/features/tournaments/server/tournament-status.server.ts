// Archiving a tournament and restoring it: the director's status changes, each one guarded statement.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { build, first, reads, write, type Sender } from "~/db/batch.server.ts";
import { matches, tournaments } from "~/db/schema.ts";
import { DomainError, tournamentNotFound } from "~/domain/errors.ts";
import { statusChangeError, type TournamentStatus } from "~/domain/tournaments.ts";
import { finalPlayed, tournamentByIdQuery, type TournamentRow } from "./tournaments.server.ts";

/**
 * Archive (in_progress → finished: money stays in escrow, nothing is paid) and
 * restore (archived → open: the bracket is discarded, paid entries kept).
 * One guarded statement: a concurrent start or finalize cannot interleave.
 */
export async function changeTournamentStatus(
  db: Sender,
  { organiserId, tournamentId, to }: { organiserId: string; tournamentId: string; to: TournamentStatus },
): Promise<TournamentRow> {
  const { current, played } = await db.send(
    reads({
      current: tournamentByIdQuery(tournamentId),
      played: first(build.all<{ played: number }>(sql`select ${finalPlayed(tournamentId)} as played`)),
    }),
  );
  if (!current) throw tournamentNotFound();
  if (current.organiserId !== organiserId) throw new DomainError(403, "You can only change your own tournaments");
  const finalized = current.finishedAt !== null;
  const problem = statusChangeError(current.status, to, { finalized, finalPlayed: Boolean(played?.played) });
  if (problem) throw new DomainError(409, problem);

  const guard = and(
    eq(tournaments.id, tournamentId),
    eq(tournaments.organiserId, organiserId),
    eq(tournaments.status, current.status),
    isNull(tournaments.finishedAt),
  );
  const changed = ([rows]: readonly unknown[]) => {
    const row = (rows as TournamentRow[])[0];
    if (!row) throw new DomainError(409, "The tournament changed meanwhile; reload and try again");
    return row;
  };
  if (to === "finished") {
    // A result recorded for the final meanwhile makes this archive change nothing.
    const archive = build
      .update(tournaments)
      .set({ status: "finished" })
      .where(and(guard, sql`not ${finalPlayed(tournamentId)}`))
      .returning();
    return db.write(write([archive], changed));
  }
  return db.write(
    write(
      [
        build.update(tournaments).set({ status: "open", startedAt: null }).where(guard).returning(),
        // Only when the restore above applied: the tournament is then open.
        build.delete(matches).where(
          and(
            eq(matches.tournamentId, tournamentId),
            inArray(
              matches.tournamentId,
              build
                .select({ id: tournaments.id })
                .from(tournaments)
                .where(and(eq(tournaments.id, tournamentId), eq(tournaments.status, "open"))),
            ),
          ),
        ),
      ],
      changed,
    ),
  );
}
