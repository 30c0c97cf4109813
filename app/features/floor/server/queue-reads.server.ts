// The queue as it is read: each tournament's floor (its ready matches, the
// director's tables, the venue's average match), in one round trip with
// whatever else a page reads. What the pages and the API show of it is
// features/floor/domain/queue-views.ts; no writes here: queue.server.ts assigns and keeps the settings.
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { build, mapRead, outer, query, reads, type Read } from "~/db/batch.server.ts";
import { matches, tables, teamMembers, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { averageMatchMs } from "~/features/floor/domain/queue.ts";
import type { QueuesAfter } from "~/domain/changes.ts";
import type { QueueState } from "~/features/floor/domain/queue-views.ts";
import { inTournament, type TournamentRef } from "~/features/tournaments/server/tournament-ref.server.ts";

/** A match given a table: by the director or by the floor. */

// ---------------------------------------------------------------------------
// Reading the floor

// The venue's timed matches that make the average: its most recent ones, by the director, played at a table.
const TIMED_MATCHES = 200;

/** The floors of the tournaments `where` selects (a condition on `tournaments`), by tournament id. */
function queuesQuery(where: SQL): Read<Map<string, QueueState>> {
  const chosen = build.select({ id: tournaments.id }).from(tournaments).where(where);
  const organisersOf = build.select({ id: tournaments.organiserId }).from(tournaments).where(where);
  const busySince = sql<number | null>`(select max(m.table_assigned_at) from ${matches} m
    join ${tournaments} t on t.id = m.tournament_id
    where m.table_id = ${outer(tables.id)} and m.status = 'in_progress' and t.status = 'in_progress')`;
  const busy = sql<number>`exists (select 1 from ${matches} m join ${tournaments} t on t.id = m.tournament_id
    where m.table_id = ${outer(tables.id)} and m.status = 'in_progress' and t.status = 'in_progress')`;
  const lengths = sql<{ tournamentId: string; ms: number }[]>`select tournament_id as "tournamentId", ms from (
      select t.id as tournament_id, m.completed_at - m.table_assigned_at as ms,
        row_number() over (partition by t.id order by m.completed_at desc) as n
      from ${tournaments} t
      join ${tournaments} v on v.organiser_id = t.organiser_id and lower(trim(v.venue)) = lower(trim(t.venue))
      join ${matches} m on m.tournament_id = v.id
      where t.id in ${chosen} and m.status = 'completed' and m.outcome = 'played' and m.is_bye = 0
        and m.table_assigned_at is not null and m.completed_at is not null
    ) where n <= ${TIMED_MATCHES}`;
  return mapRead(
    reads({
      ts: query(
        build
          .select({
            id: tournaments.id,
            organiserId: tournaments.organiserId,
            status: tournaments.status,
            startedAt: tournaments.startedAt,
            autoAssign: tournaments.autoAssign,
            noShowMinutes: tournaments.noShowMinutes,
          })
          .from(tournaments)
          .where(where)
          .orderBy(asc(tournaments.startedAt)),
      ),
      ms: query(
        build
          .select({
            tournamentId: matches.tournamentId,
            id: matches.id,
            bracket: matches.bracket,
            group: matches.groupName,
            round: matches.round,
            matchNumber: matches.matchNumber,
            player1Id: matches.player1Id,
            player2Id: matches.player2Id,
            status: matches.status,
            isBye: matches.isBye,
            completedAt: matches.completedAt,
            tableId: matches.tableId,
            calledAt: matches.tableAssignedAt,
            pinnedTableId: matches.pinnedTableId,
          })
          .from(matches)
          .where(inArray(matches.tournamentId, chosen)),
      ),
      tbs: query(
        build
          .select({
            id: tables.id,
            name: tables.name,
            organiserId: tables.organiserId,
            inRotation: tables.inRotation,
            busy,
            busySince,
          })
          .from(tables)
          .where(inArray(tables.organiserId, organisersOf))
          .orderBy(asc(tables.createdAt), asc(tables.name)),
      ),
      lengths: query(build.all<{ tournamentId: string; ms: number }>(lengths)),
    }),
    ({ ts, ms, tbs, lengths }) =>
      new Map(
        ts.map((t) => [
          t.id,
          {
            tournament: t,
            matches: ms.filter((m) => m.tournamentId === t.id),
            tables: tbs
              .filter((tb) => tb.organiserId === t.organiserId)
              .map((tb) => ({
                id: tb.id,
                name: tb.name,
                inRotation: tb.inRotation,
                busy: Number(tb.busy) === 1 ? { calledAt: Number(tb.busySince ?? 0) } : null,
              })),
            averageMs: averageMatchMs(lengths.filter((l) => l.tournamentId === t.id).map((l) => Number(l.ms))),
          },
        ]),
      ),
  );
}

/** The floors the switch is on for: the director's tournaments in progress that assign tables automatically. */
export const autoQueuesQuery = (organiserId: string) =>
  queuesQuery(
    and(
      eq(tournaments.organiserId, organiserId),
      eq(tournaments.status, "in_progress"),
      eq(tournaments.autoAssign, true),
    ) as SQL,
  );

/**
 * What the floor needs after a write: the floors as the write left them, read at the end of its own batch (no
 * round trip of their own); "read" when they must be read afresh; null when there is nothing to fill.
 */

/** The statements to put at the end of a write's batch, and the floors from its answers (`wanted`: the switch on). */
export function queuesAfter(organiserId: string, wanted: boolean) {
  const read = wanted ? autoQueuesQuery(organiserId) : null;
  return {
    items: read?.items ?? [],
    result: (raw: readonly unknown[]): QueuesAfter =>
      read ? read.result(raw.slice(raw.length - read.items.length)) : null,
  };
}

/** One tournament's floor, by id or slug (null when there is no such tournament). */
export function queueQuery(ref: TournamentRef): Read<QueueState | null> {
  return mapRead(queuesQuery(inTournament(tournaments.id, ref)), (floors) => [...floors.values()][0] ?? null);
}

/** The floors of the tournaments in progress that a player has a paid entry in (their own, or their team's). */
export function playerQueuesQuery(playerId: string): Read<Map<string, QueueState>> {
  return queuesQuery(sql`${tournaments.status} = 'in_progress' and ${tournaments.id} in
    (select tp.tournament_id from ${tournamentPlayers} tp where tp.paid = 1 and (tp.player_id = ${playerId}
      or tp.id in (select tm.team_id from ${teamMembers} tm where tm.player_id = ${playerId})))`);
}
