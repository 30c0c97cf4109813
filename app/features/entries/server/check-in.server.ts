// Checking in before the break-off (decisions 013–015): the player's "I'm here", and the check-in as the tournament
// page shows it, to the director (every paid entry and the reserve list) and to the player (their own footing).
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { build, query, reads, write, type Read, type Sender } from "~/db/batch.server.ts";
import { players, reserves, teamMembers, teams, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { type CheckInRead, checkInMessages, type Reserve } from "~/features/entries/domain/check-in.ts";
import { registrationEntry } from "./entries.server.ts";
import {
  inTournament,
  tournamentIdSql,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";

type Tournament = typeof tournaments.$inferSelect;

/** SQL: the player's registration in the tournament: their own, or the team they play for. */
export const entryOf = (tournamentId: SQL | string, playerId: string) =>
  sql`(${tournamentPlayers.playerId} = ${playerId} or ${tournamentPlayers.id} in
    (select tm.team_id from ${teamMembers} tm
      where tm.tournament_id = ${tournamentId} and tm.player_id = ${playerId}))`;

/** The tournament (404 when there is none): every action here reads it first. */
export function knownTournament(t: Tournament | null | undefined): Tournament {
  if (!t) throw new DomainError(404, checkInMessages.notFound);
  return t;
}

/** "I'm here": the player (or, in a team event, any member for the team) checks in before the start. One batch. */
export async function checkIn(
  db: Sender,
  { playerId, tournament, now = Date.now() }: { playerId: string; tournament: TournamentRef; now?: number },
) {
  const key = tournamentIdSql(tournament);
  return db.write(
    write(
      [
        build
          .update(tournamentPlayers)
          .set({ checkedInAt: sql`coalesce(${tournamentPlayers.checkedInAt}, ${now})` })
          .where(
            and(
              sql`${tournamentPlayers.tournamentId} = ${key}`,
              eq(tournamentPlayers.paid, true),
              entryOf(key, playerId),
              sql`exists (select 1 from ${tournaments} where id = ${key} and status = 'open')`,
            ),
          )
          .returning({ checkedInAt: tournamentPlayers.checkedInAt }),
        tournamentRow(tournament),
      ],
      ([rows, found]) => {
        const t = knownTournament((found as Tournament[])[0]);
        const row = (rows as { checkedInAt: number }[])[0];
        if (row) {
          return {
            checkedIn: true as const,
            checkedInAt: new Date(row.checkedInAt).toISOString(),
            organiserId: t.organiserId,
            tournamentId: t.id,
          };
        }
        if (t.status !== "open") throw new DomainError(409, checkInMessages.checkInStarted);
        throw new DomainError(403, checkInMessages.notEntered);
      },
    ),
  );
}

/** A reserve list row as the director sees it. */
export type ReserveRow = Reserve & { name: string };

/** The director's view of check-in: every paid entry with its check-in, and the reserve list. */
export function checkInQuery(tournament: TournamentRef): Read<CheckInRead> {
  return reads({
    entries: query(
      build
        .select({
          registrationId: tournamentPlayers.id,
          entryId: registrationEntry,
          name: sql<string>`coalesce((select te.name from ${teams} te where te.id = ${tournamentPlayers.id}),
            ${players.name})`,
          checkedInAt: tournamentPlayers.checkedInAt,
          withdrawnAt: tournamentPlayers.withdrawnAt,
        })
        .from(tournamentPlayers)
        .innerJoin(players, eq(players.id, tournamentPlayers.playerId))
        .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true)))
        .orderBy(asc(tournamentPlayers.paidAt), asc(tournamentPlayers.joinedAt)),
    ),
    reserves: reservesQuery(inTournament(reserves.tournamentId, tournament)),
  });
}

function reservesQuery(where: SQL): Read<ReserveRow[]> {
  return query(
    build
      .select({
        id: reserves.id,
        playerId: reserves.playerId,
        joinedAt: reserves.joinedAt,
        ticket: reserves.ticket,
        offeredAt: reserves.offeredAt,
        offerExpiresAt: reserves.offerExpiresAt,
        name: players.name,
      })
      .from(reserves)
      .innerJoin(players, eq(players.id, reserves.playerId))
      .where(
        and(
          where,
          // Once they paid, a reserve is an entry like any other.
          sql`not exists (select 1 from ${tournamentPlayers} tp where tp.tournament_id = ${reserves.tournamentId}
            and tp.player_id = ${reserves.playerId} and tp.paid = 1)`,
        ),
      )
      .orderBy(asc(reserves.ticket)),
  );
}

/** The player's own footing on the page: their check-in and where they are on the reserve list. */
export function myCheckInQuery(tournament: TournamentRef, playerId: string) {
  const key = tournamentIdSql(tournament);
  return reads({
    checkedInAt: query(
      build
        .select({ at: tournamentPlayers.checkedInAt })
        .from(tournamentPlayers)
        .where(
          and(
            sql`${tournamentPlayers.tournamentId} = ${key}`,
            eq(tournamentPlayers.paid, true),
            entryOf(key, playerId),
          ),
        )
        .limit(1),
      ([row]) => row?.at ?? null,
    ),
    reserves: reservesQuery(sql`${reserves.tournamentId} = ${key}`),
  });
}
