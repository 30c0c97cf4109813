// The floor's writes: automatic assignment — when a table frees, the ready
// match that has waited longest goes to it (app/features/floor/domain/queue.ts decides) —
// and the director's settings, pins and rotation. Every call is one guarded
// statement in a batch, so two results freeing tables at once cannot put one
// match on two tables or two matches on one table.
import { and, eq, sql } from "drizzle-orm";
import { build, first, known, reads, trailing, write, type Sender } from "~/db/batch.server.ts";
import { matches, organisers, tables, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { lastTables, planCalls, readyQueue, type Call, type FloorMatch } from "~/features/floor/domain/queue.ts";
import type { FloorSettings } from "~/features/floor/domain/queue-schema.ts";
import type { MatchView } from "~/features/play/domain/play.ts";
import { matchInPlay, ownTournament } from "~/features/play/domain/play-checks.ts";
import type { BreakRule, ResultsFromTables } from "~/features/floor/domain/table-scoring.ts";
import type { TournamentStatus } from "~/domain/tournaments.ts";
import { matchesAfter, matchWithTournament } from "~/features/play/server/match-reads.server.ts";
import { tableScoringSet, type TableScoringSettings } from "./table-scoring-settings.server.ts";
import { inTournament, type TournamentRef } from "~/features/tournaments/server/tournament-ref.server.ts";
import type { Scoreboard } from "~/features/floor/domain/scoreboard.ts";
import { boardsAfter } from "./tables.server.ts";

import type { QueueState } from "~/features/floor/domain/queue-views.ts";
import { autoQueuesQuery, queuesAfter } from "./queue-reads.server.ts";
import type { CalledMatch, QueuesAfter } from "~/domain/changes.ts";

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
    tablets = async () => null,
  }: {
    organiserId: string;
    floors: Map<string, QueueState> | "read";
    holdBack?: string | null;
    now?: number;
    tablets?: Tablets;
  },
): Promise<Filled> {
  const called: CalledMatch[] = [];
  let boards: Record<string, Scoreboard> = {};
  // The matches as the latest round's batch left them, by id.
  const views = new Map<string, MatchView>();
  // Which tables have a tablet: asked of their channel once, and only when there is something to call.
  let withTablet: ReadonlySet<string> | null | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const floors = round === 0 && given !== "read" ? given : await db.send(autoQueuesQuery(organiserId));
    let planned = planFloors(floors, withTablet ?? null, { holdBack, now });
    if (planned.length === 0) break;
    if (withTablet === undefined) {
      withTablet = await tablets();
      if (withTablet !== null) planned = planFloors(floors, withTablet, { holdBack, now });
    }
    // The called tables' boards and the called matches as the calls leave them, for their tablets and pages.
    const board = boardsAfter(planned.map((p) => p.call.tableId));
    const changed = matchesAfter(planned.map((p) => p.match.id));
    const calls = planned.map((p) => callStatement(p.tournamentId, p.match, p.call, now));
    const { done, drawn, after } = await db.write(
      write([...calls, ...board.items, ...changed.items], (raw) => {
        const [drawn, after] = trailing(raw, board, changed);
        return { done: raw.slice(0, planned.length).map((rows) => (rows as unknown[]).length > 0), drawn, after };
      }),
    );
    boards = { ...boards, ...drawn };
    for (const view of after) views.set(view.id, view);
    planned.forEach((p, i) => {
      if (done[i])
        called.push({ tournamentId: p.tournamentId, matchId: p.match.id, tableId: p.call.tableId, calledAt: now });
    });
    if (done.every(Boolean)) break;
  }
  return { called, boards, matches: called.flatMap((c) => views.get(c.matchId) ?? []) };
}

/** The director's tables with a tablet on them now (null: not known), asked only when a match is to be called. */
type Tablets = () => Promise<ReadonlySet<string> | null>;

/** The calls the floors make now: tournaments share the director's tables, so what one takes is busy for the next. */
function planFloors(
  floors: ReadonlyMap<string, QueueState>,
  withTablet: ReadonlySet<string> | null,
  { holdBack, now }: { holdBack: string | null; now: number },
): { tournamentId: string; match: FloorMatch; call: Call }[] {
  const planned: { tournamentId: string; match: FloorMatch; call: Call }[] = [];
  const taken = new Set<string>();
  for (const floor of floors.values()) {
    const free = floor.tables.map((t) => ({
      ...t,
      busy: taken.has(t.id) ? { calledAt: now } : t.busy,
      tablet: withTablet === null ? undefined : withTablet.has(t.id),
    }));
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
  return planned;
}

/** The matches called to free tables, the boards of the tables they were called to, and the matches as called. */
type Filled = { called: CalledMatch[]; boards: Record<string, Scoreboard>; matches: MatchView[] };

/**
 * After anything that may free a table or make a match ready (a start, a
 * result, a table taken off, a pin, a table back in rotation or added, the
 * switch turned on): fills the free tables (after-change.server.ts calls it,
 * for every change). It never fails the change that came before it — a miss
 * is made up by the next one.
 */
export async function fillFreeTables(
  db: Sender,
  {
    floors,
    ...options
  }: { organiserId: string; floors: QueuesAfter; holdBack?: string | null; now?: number; tablets?: Tablets },
): Promise<Filled> {
  if (floors === null) return { called: [], boards: {}, matches: [] };
  try {
    return await assignFreeTables(db, { ...options, floors });
  } catch (error) {
    console.error("Automatic table assignment failed", error);
    return { called: [], boards: {}, matches: [] };
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
