// The floor (issue 19): the floor settings, pins and rotation, the queue with
// its estimates, and automatic assignment — when a table frees, the ready
// match that has waited longest goes to it (app/domain/queue.ts decides). Every
// call is one guarded statement in a batch, so two results freeing tables at
// once cannot put one match on two tables or two matches on one table.
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { build, first, known, mapRead, outer, query, reads, write, type Read, type Sender } from "~/db/batch.server.ts";
import { matches, organisers, tables, teamMembers, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import {
  averageMatchMs,
  estimateStarts,
  lastTables,
  noShowAt,
  planCalls,
  readyQueue,
  type Call,
  type FloorMatch,
  type FloorTable,
  type QueueEntry,
} from "~/domain/queue.ts";
import type { FloorSettings } from "~/domain/queue-schema.ts";
import { matchInPlay, ownTournament, type MatchView } from "~/domain/play.ts";
import type { BreakRule, ResultsFromTables } from "~/domain/table-scoring.ts";
import type { TournamentStatus } from "~/domain/tournaments.ts";
import { matchWithTournament } from "./play.server.ts";
import { tableScoringSet, type TableScoringSettings } from "./table-scoring.server.ts";
import { inTournament, type TournamentRef } from "./tournament-ref.server.ts";

/** A match given a table: by the director or by the floor. */
export type CalledMatch = { tournamentId: string; matchId: string; tableId: string; calledAt: number };

// ---------------------------------------------------------------------------
// Reading the floor

/** A tournament's floor: what the queue rules need, read in one round trip with whatever else a page reads. */
export type QueueState = {
  tournament: {
    id: string;
    organiserId: string;
    status: TournamentStatus;
    startedAt: number | null;
    autoAssign: boolean;
    noShowMinutes: number;
  };
  matches: FloorMatch[];
  /** The director's tables in their order; busy with a match of any of their tournaments in progress. */
  tables: (FloorTable & { name: string })[];
  /** The average match length at the venue so far (ms). */
  averageMs: number;
};

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
const autoQueuesQuery = (organiserId: string) =>
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
export type QueuesAfter = Map<string, QueueState> | "read" | null;

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

/** A place in the queue as the pages and the API show it. */
export type QueuedMatch = QueueEntry & { estimatedStart: number | null };

/** The ready matches in the order they will be called, each with when it should start (null: no table for it). */
export function queueOf(floor: QueueState, now: number): QueuedMatch[] {
  if (floor.tournament.status !== "in_progress") return [];
  const queue = readyQueue(floor.matches, floor.tournament.startedAt ?? now);
  const starts = estimateStarts({ queue, tables: floor.tables, averageMs: floor.averageMs, now });
  return queue.map((entry) => ({ ...entry, estimatedStart: starts.get(entry.match.id) ?? null }));
}

// ---------------------------------------------------------------------------
// Automatic assignment

/** The guarded statement calling one match to one table: nothing happens unless all is still as planned. */
function callStatement(tournamentId: string, m: FloorMatch, call: Call, now: number) {
  const entries = [m.player1Id ?? "", m.player2Id ?? ""];
  return build.all<{ id: string }>(sql`update ${matches}
    set table_id = ${call.tableId}, table_assigned_at = ${now}, status = 'in_progress'
    where id = ${m.id} and status = 'pending' and table_id is null and is_bye = 0
      and player1_id = ${entries[0]} and player2_id = ${entries[1]}
      and (pinned_table_id is null or pinned_table_id = ${call.tableId})
      and exists (select 1 from ${tournaments} where id = ${tournamentId}
        and status = 'in_progress' and auto_assign = 1)
      and exists (select 1 from ${tables} where id = ${call.tableId}
        and (in_rotation = 1 or id = ${m.pinnedTableId}))
      and not exists (select 1 from ${matches} b join ${tournaments} bt on bt.id = b.tournament_id
        where b.table_id = ${call.tableId} and b.status = 'in_progress' and bt.status = 'in_progress')
      and not exists (select 1 from ${matches} p where p.tournament_id = ${tournamentId} and p.status = 'in_progress'
        and (p.player1_id in (${entries[0]}, ${entries[1]}) or p.player2_id in (${entries[0]}, ${entries[1]})))
    returning id`);
}

// A call that lost a race is planned again from a fresh read; a floor settles in a few rounds.
const ROUNDS = 3;

/**
 * Gives every free table a match, in each of the director's tournaments in
 * progress with automatic assignment on (the oldest first): read, plan, one
 * guarded batch. `holdBack` is a match the director just took off its table.
 */
async function assignFreeTables(
  db: Sender,
  {
    organiserId,
    floors: given,
    holdBack = null,
    now = Date.now(),
  }: { organiserId: string; floors: Map<string, QueueState> | "read"; holdBack?: string | null; now?: number },
): Promise<CalledMatch[]> {
  const called: CalledMatch[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const floors = round === 0 && given !== "read" ? given : await db.send(autoQueuesQuery(organiserId));
    const planned: { tournamentId: string; match: FloorMatch; call: Call }[] = [];
    // Tournaments share the director's tables: what one takes is busy for the next.
    const taken = new Set<string>();
    for (const floor of floors.values()) {
      const free = floor.tables.map((t) => (taken.has(t.id) ? { ...t, busy: { calledAt: now } } : t));
      const calls = planCalls({
        queue: readyQueue(floor.matches, floor.tournament.startedAt ?? now),
        tables: free,
        lastTable: lastTables(floor.matches),
        holdBack,
      });
      for (const call of calls) {
        const match = floor.matches.find((m) => m.id === call.matchId);
        if (!match) continue;
        taken.add(call.tableId);
        planned.push({ tournamentId: floor.tournament.id, match, call });
      }
    }
    if (planned.length === 0) break;
    const done = await db.write(
      write(
        planned.map((p) => callStatement(p.tournamentId, p.match, p.call, now)),
        (raw) => raw.map((rows) => (rows as unknown[]).length > 0),
      ),
    );
    planned.forEach((p, i) => {
      if (done[i])
        called.push({ tournamentId: p.tournamentId, matchId: p.match.id, tableId: p.call.tableId, calledAt: now });
    });
    if (done.every(Boolean)) break;
  }
  return called;
}

/**
 * After anything that may free a table or make a match ready (a start, a
 * result, a table taken off, a pin, a table back in rotation or added, the
 * switch turned on): fills the free tables (after-change.server.ts calls it,
 * for every change). It never fails the change that came before it — a miss
 * is made up by the next one.
 */
export async function fillFreeTables(
  db: Sender,
  { floors, ...options }: { organiserId: string; floors: QueuesAfter; holdBack?: string | null; now?: number },
): Promise<CalledMatch[]> {
  if (floors === null) return [];
  try {
    return await assignFreeTables(db, { ...options, floors });
  } catch (error) {
    console.error("Automatic table assignment failed", error);
    return [];
  }
}

// ---------------------------------------------------------------------------
// The director's settings, pins and rotation

/**
 * PATCH /api/tournaments/{id}/settings: the floor's settings; the switch's last choice is the next default. Table
 * scoring's, when given too (the settings dialog), go in the same write.
 */
export async function saveFloorSettings(
  db: Sender,
  {
    organiserId,
    tournament,
    settings,
  }: { organiserId: string; tournament: TournamentRef; settings: FloorSettings & TableScoringSettings },
) {
  const t = ownTournament(
    await db.send(
      first(
        build
          .select({ id: tournaments.id, organiserId: tournaments.organiserId, status: tournaments.status })
          .from(tournaments)
          .where(inTournament(tournaments.id, tournament))
          .limit(1),
      ),
    ),
    organiserId,
  );
  if (t.status === "finished") throw new DomainError(409, "This tournament has finished");
  const set = {
    ...(settings.autoAssign === undefined ? {} : { autoAssign: settings.autoAssign }),
    ...(settings.noShowMinutes === undefined ? {} : { noShowMinutes: settings.noShowMinutes }),
    ...tableScoringSet(settings),
  };
  // Turned on: the free tables fill from the floor as this batch leaves it.
  const floor = queuesAfter(organiserId, settings.autoAssign === true && t.status === "in_progress");
  const saved = await db.write(
    write(
      [
        build
          .update(tournaments)
          .set(set)
          .where(and(eq(tournaments.id, t.id), eq(tournaments.organiserId, organiserId), sql`status != 'finished'`))
          .returning({
            status: tournaments.status,
            autoAssign: tournaments.autoAssign,
            noShowMinutes: tournaments.noShowMinutes,
            resultsFromTables: tournaments.resultsFromTables,
            breakRule: tournaments.breakRule,
          }),
        ...(settings.autoAssign === undefined
          ? []
          : [
              build
                .update(organisers)
                .set({ autoAssignDefault: settings.autoAssign })
                .where(eq(organisers.id, organiserId)),
            ]),
        ...floor.items,
      ],
      (raw) => {
        const row = (
          raw[0] as {
            status: TournamentStatus;
            autoAssign: boolean;
            noShowMinutes: number;
            resultsFromTables: ResultsFromTables;
            breakRule: BreakRule;
          }[]
        )[0];
        if (!row) throw new DomainError(409, "This tournament has finished");
        return { ...row, floors: floor.result(raw) };
      },
    ),
  );
  return { tournamentId: t.id, ...saved };
}

/** Pins a match to a table (the TV table), or unpins it: it then goes only there when assigned automatically. */
export async function pinMatch(
  db: Sender,
  { organiserId, matchId, tableId }: { organiserId: string; matchId: string; tableId: string | null },
) {
  const read = await db.send(
    reads({
      found: matchWithTournament(matchId),
      table: tableId === null ? known(null) : first(build.select().from(tables).where(eq(tables.id, tableId)).limit(1)),
    }),
  );
  const { row, t } = matchInPlay(read.found, organiserId);
  if (row.status === "completed") throw new DomainError(409, "This match already has a result");
  if (tableId !== null) {
    if (!read.table) throw new DomainError(404, "Table not found");
    if (read.table.organiserId !== organiserId) throw new DomainError(403, "You can only use your own tables");
  }
  const floor = queuesAfter(organiserId, t.autoAssign);
  const floors = await db.write(
    write(
      [
        build
          .update(matches)
          .set({ pinnedTableId: tableId })
          .where(and(eq(matches.id, matchId), sql`${matches.status} != 'completed'`))
          .returning({ id: matches.id }),
        ...floor.items,
      ],
      (raw) => {
        if (!(raw[0] as unknown[])[0]) throw new DomainError(409, "This match already has a result");
        return floor.result(raw);
      },
    ),
  );
  return { tournamentId: row.tournamentId, floors };
}

/** Takes one of the director's tables out of rotation or puts it back. */
export async function setRotation(
  db: Sender,
  { organiserId, tableId, inRotation }: { organiserId: string; tableId: string; inRotation: boolean },
) {
  const table = await db.send(
    first(build.select({ organiserId: tables.organiserId }).from(tables).where(eq(tables.id, tableId)).limit(1)),
  );
  if (!table) throw new DomainError(404, "Table not found");
  if (table.organiserId !== organiserId) throw new DomainError(403, "You can only change your own tables");
  // Back in rotation: the table fills from the floor as this batch leaves it.
  const floor = queuesAfter(organiserId, inRotation);
  const floors = await db.write(
    write(
      [
        build
          .update(tables)
          .set({ inRotation })
          .where(and(eq(tables.id, tableId), eq(tables.organiserId, organiserId))),
        ...floor.items,
      ],
      floor.result,
    ),
  );
  return { inRotation, floors };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** GET /api/tournaments/{id}/queue's answer: the queue in call order, times as ISO strings. */
export function queueJson(floor: QueueState, views: readonly MatchView[], now: number) {
  const names = new Map(views.map((v) => [v.id, v]));
  const tableNames = new Map(floor.tables.map((t) => [t.id, t.name]));
  return {
    tournamentId: floor.tournament.id,
    autoAssign: floor.tournament.autoAssign,
    noShowMinutes: floor.tournament.noShowMinutes,
    averageMatchMinutes: Math.round(floor.averageMs / 60_000),
    queue: queueOf(floor, now).map(({ match: m, waitingSince, estimatedStart }, i) => {
      const view = names.get(m.id);
      return {
        position: i + 1,
        matchId: m.id,
        label: view?.label ?? "",
        bracket: m.bracket,
        group: m.group,
        round: m.round,
        matchNumber: m.matchNumber,
        player1Id: m.player1Id,
        player2Id: m.player2Id,
        player1: view?.player1 ?? null,
        player2: view?.player2 ?? null,
        waitingSince: iso(waitingSince),
        pinnedTableId: m.pinnedTableId,
        pinnedTableName: m.pinnedTableId === null ? null : (tableNames.get(m.pinnedTableId) ?? null),
        estimatedStart: iso(estimatedStart),
      };
    }),
  };
}

/** What the director's floor panel shows: settings, the queue, and every table with its match and clock. */
export type QueuePanel = {
  status: TournamentStatus;
  autoAssign: boolean;
  noShowMinutes: number;
  averageMinutes: number;
  now: number;
  queue: {
    matchId: string;
    title: string;
    players: string;
    pinnedTableId: string | null;
    pinnedTableName: string | null;
    estimatedStart: number | null;
  }[];
  tables: {
    id: string;
    name: string;
    inRotation: boolean;
    /** In use by a match of another of the director's tournaments. */
    busyElsewhere: boolean;
    playing: {
      matchId: string;
      title: string;
      player1: { id: string; name: string };
      player2: { id: string; name: string };
      calledAt: number;
      noShowAt: number;
    } | null;
  }[];
};

const matchTitle = (m: Pick<MatchView, "label" | "matchNumber">) => `${m.label} · Match ${m.matchNumber}`;
const nameOf = (side: { name: string } | null) => side?.name ?? "To be decided";

export function queuePanel(floor: QueueState, views: readonly MatchView[], now: number): QueuePanel {
  const byId = new Map(views.map((v) => [v.id, v]));
  const tableNames = new Map(floor.tables.map((t) => [t.id, t.name]));
  const playingOn = new Map(views.filter((v) => v.status === "in_progress" && v.tableId).map((v) => [v.tableId, v]));
  return {
    status: floor.tournament.status,
    autoAssign: floor.tournament.autoAssign,
    noShowMinutes: floor.tournament.noShowMinutes,
    averageMinutes: Math.round(floor.averageMs / 60_000),
    now,
    queue: queueOf(floor, now).flatMap(({ match, estimatedStart }) => {
      const view = byId.get(match.id);
      if (!view) return [];
      return [
        {
          matchId: match.id,
          title: matchTitle(view),
          players: `${nameOf(view.player1)} vs ${nameOf(view.player2)}`,
          pinnedTableId: match.pinnedTableId,
          pinnedTableName: match.pinnedTableId === null ? null : (tableNames.get(match.pinnedTableId) ?? null),
          estimatedStart,
        },
      ];
    }),
    tables: floor.tables.map((t) => {
      const view = playingOn.get(t.id);
      const calledAt = view?.calledAt ?? null;
      return {
        id: t.id,
        name: t.name,
        inRotation: t.inRotation,
        busyElsewhere: t.busy !== null && !view,
        playing:
          view && calledAt !== null && view.player1Id && view.player2Id
            ? {
                matchId: view.id,
                title: matchTitle(view),
                player1: { id: view.player1Id, name: nameOf(view.player1) },
                player2: { id: view.player2Id, name: nameOf(view.player2) },
                calledAt,
                noShowAt: noShowAt(calledAt, floor.tournament.noShowMinutes),
              }
            : null,
      };
    }),
  };
}
