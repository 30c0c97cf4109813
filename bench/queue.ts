// The floor (decisions 013–015): a 512-entry double elimination played to the end on
// 32 tables with automatic assignment, as the service decides it — after the
// start and after every result, the ready queue, each entry's last table, the
// calls to the free tables, and the queue's estimated starts, all timed as one
// decision.
import { withChanges, type BracketMatch } from "../app/features/play/domain/bracket.ts";
import { applyResult } from "../app/features/play/domain/apply-result.ts";
import { champion } from "../app/features/play/domain/bracket-places.ts";
import { generateDoubleElimination } from "../app/features/play/domain/double-elimination.ts";
import {
  DEFAULT_MATCH_MS,
  estimateStarts,
  lastTables,
  planCalls,
  readyQueue,
  type FloorMatch,
  type FloorTable,
} from "../app/features/floor/domain/queue.ts";

type Seat = { tableId: string | null; calledAt: number | null };

export function queueTimings(entries = 512, tableCount = 32) {
  let n = 0;
  const start = 0;
  let now = start;
  let bracket: BracketMatch[] = generateDoubleElimination(
    Array.from({ length: entries }, (_, i) => `p${i + 1}`),
    () => `m${++n}`,
    start,
    "reset",
  );
  const seats = new Map<string, Seat>();
  const tables: FloorTable[] = Array.from({ length: tableCount }, (_, i) => ({
    id: `t${i + 1}`,
    inRotation: true,
    busy: null,
  }));
  const timings: number[] = [];
  let calls = 0;

  const floorOf = (): FloorMatch[] =>
    bracket.map((m) => ({ ...m, ...(seats.get(m.id) ?? { tableId: null, calledAt: null }), pinnedTableId: null }));
  const decide = () => {
    const t0 = performance.now();
    const floor = floorOf();
    const queue = readyQueue(floor, start);
    const planned = planCalls({ queue, tables, lastTable: lastTables(floor) });
    estimateStarts({ queue, tables, averageMs: DEFAULT_MATCH_MS, now });
    timings.push(performance.now() - t0);
    for (const call of planned) {
      seats.set(call.matchId, { tableId: call.tableId, calledAt: now });
      bracket = bracket.map((m) => (m.id === call.matchId ? { ...m, status: "in_progress" } : m));
      const table = tables.find((t) => t.id === call.tableId);
      if (table) table.busy = { calledAt: now };
      calls += 1;
    }
  };

  decide();
  while (champion(bracket) === null) {
    // The match called longest ago finishes next.
    const playing = bracket
      .filter((m) => m.status === "in_progress")
      .sort((a, b) => (seats.get(a.id)?.calledAt ?? 0) - (seats.get(b.id)?.calledAt ?? 0))[0];
    if (!playing) throw new Error("nothing at a table before a champion");
    now += 60_000;
    const changes = applyResult(bracket, playing.id, { winnerId: playing.player1Id as string }, { raceTo: null, now });
    bracket = withChanges(bracket, changes);
    const table = tables.find((t) => t.id === seats.get(playing.id)?.tableId);
    if (table) table.busy = null;
    decide();
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    entries,
    tables: tableCount,
    decisions: timings.length,
    "matches called": calls,
    "mean ms": round(timings.reduce((s, x) => s + x, 0) / timings.length),
    "p95 ms": round(sorted[Math.floor(sorted.length * 0.95)] ?? 0),
    "max ms": round(sorted[sorted.length - 1] ?? 0),
  };
}
