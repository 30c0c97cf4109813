// The director's tick beside a name (decision 021): checking in an entry for a player without a phone, or
// taking a mistaken tick back, before the start. One guarded statement.
import { and, eq, sql } from "drizzle-orm";
import { build, write, type Sender } from "~/db/batch.server.ts";
import { teamMembers, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { checkInMessages } from "~/features/entries/domain/check-in.ts";
import { DomainError } from "~/domain/errors.ts";
import { ownTournament } from "~/features/play/domain/play-checks.ts";
import {
  tournamentIdSql,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";

type Tournament = typeof tournaments.$inferSelect;

/** SQL: the paid entry `entry` names: its registration id, a team's id, its player's id or a team member's id. */
const namedEntry = (key: ReturnType<typeof tournamentIdSql>, entry: string) =>
  sql`(${tournamentPlayers.id} = ${entry} or ${tournamentPlayers.playerId} = ${entry} or ${tournamentPlayers.id} in
    (select tm.team_id from ${teamMembers} tm where tm.tournament_id = ${key} and tm.player_id = ${entry}))`;

/**
 * The director checks an entry in (`checkedIn`, keeping the first time when it already was) or takes the tick back,
 * while the tournament is open. Answers the entry's check-in as it is now.
 */
export async function checkInEntry(
  db: Sender,
  {
    organiserId,
    tournament,
    entry,
    checkedIn,
    now = Date.now(),
  }: { organiserId: string; tournament: TournamentRef; entry: string; checkedIn: boolean; now?: number },
) {
  const key = tournamentIdSql(tournament);
  return db.write(
    write(
      [
        build
          .update(tournamentPlayers)
          .set({ checkedInAt: checkedIn ? sql`coalesce(${tournamentPlayers.checkedInAt}, ${now})` : null })
          .where(
            and(
              sql`${tournamentPlayers.tournamentId} = ${key}`,
              eq(tournamentPlayers.paid, true),
              namedEntry(key, entry),
              sql`exists (select 1 from ${tournaments} where id = ${key} and status = 'open'
                and organiser_id = ${organiserId})`,
            ),
          )
          .returning({ id: tournamentPlayers.id, checkedInAt: tournamentPlayers.checkedInAt }),
        tournamentRow(tournament),
      ],
      ([rows, found]) => {
        const t = ownTournament((found as Tournament[])[0] ?? null, organiserId);
        const row = (rows as { id: string; checkedInAt: number | null }[])[0];
        if (t.status !== "open") throw new DomainError(409, checkInMessages.checkInStarted);
        if (!row) throw new DomainError(404, checkInMessages.noSuchEntry);
        return {
          checkedIn: row.checkedInAt !== null,
          checkedInAt: row.checkedInAt === null ? null : new Date(row.checkedInAt).toISOString(),
          entryId: row.id,
          organiserId: t.organiserId,
          tournamentId: t.id,
        };
      },
    ),
  );
}
