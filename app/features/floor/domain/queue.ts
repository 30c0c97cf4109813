// The floor (decisions 013–015): which ready match goes to which free table, when each
// one in the queue should start, and when a called match's no-show time is up.
// Pure: the floor service reads the rows, asks here, and writes what it says.
import type { BracketMatch, BracketSide } from "../../play/domain/bracket.ts";

/** What the queue needs of a match. `calledAt` is when it was given its table. */
export type FloorMatch = Pick<
  BracketMatch,
  "id" | "bracket" | "group" | "round" | "matchNumber" | "player1Id" | "player2Id" | "status" | "isBye" | "completedAt"
> & {
  tableId: string | null;
  calledAt: number | null;
  /** The table the director keeps this match for (the TV table): it goes nowhere else. */
  pinnedTableId: string | null;
};

/** One place in the queue: a ready match and since when it has waited (ms). */
export type QueueEntry = { match: FloorMatch; waitingSince: number };

/** A table of the director's as the floor sees it. */
export type FloorTable = {
  id: string;
  /** Out of rotation, a table takes only the matches pinned to it. */
  inRotation: boolean;
  /** The match being played on it (in any of the director's tournaments), or null when it is free. */
  busy: { calledAt: number } | null;
  /** Whether a tablet is on it now (its push channel's word); unknown when the channel could not be asked. */
  tablet?: boolean;
};

/** A match to call: this match to this table. */
export type Call = { matchId: string; tableId: string };

export const DEFAULT_NO_SHOW_MINUTES = 10;
export const NO_SHOW_MINUTES = { min: 1, max: 60 } as const;
/** Until a venue has a played match timed, a match is reckoned to take this long. */
export const DEFAULT_MATCH_MS = 20 * 60_000;
// A timed length outside these is a table left assigned or a slip of the finger, not a match.
const SHORTEST_MATCH_MS = 60_000;
const LONGEST_MATCH_MS = 3 * 3_600_000;

// The brackets in the order a tie in waiting is broken: the losers' side first (decisions 013–015), then as played.
const sideOrder: Record<BracketSide, number> = { losers: 0, group: 1, winners: 2, knockout: 2, grand_final: 3 };

const entriesOf = (m: Pick<FloorMatch, "player1Id" | "player2Id">) =>
  [m.player1Id, m.player2Id].filter((id): id is string => id !== null);

/**
 * The ready matches in the order they will be called: both entries known,
 * no result, no table, and neither entry playing elsewhere in the tournament
 * (a league's player is in many matches). The longest wait goes first, a wait
 * being since the later of the two entries' last results (or the start); equal
 * waits put the losers' side first, then the bracket's own order.
 */
export function readyQueue(bracket: readonly FloorMatch[], startedAt: number): QueueEntry[] {
  const playing = new Set<string>();
  const lastDone = new Map<string, number>();
  for (const m of bracket) {
    if (m.status === "in_progress") for (const e of entriesOf(m)) playing.add(e);
    if (m.status === "completed" && m.completedAt !== null) {
      for (const e of entriesOf(m)) lastDone.set(e, Math.max(lastDone.get(e) ?? 0, m.completedAt));
    }
  }
  const queue: QueueEntry[] = [];
  for (const m of bracket) {
    if (m.status !== "pending" || m.isBye || m.tableId !== null || !m.player1Id || !m.player2Id) continue;
    if (playing.has(m.player1Id) || playing.has(m.player2Id)) continue;
    const waitingSince = Math.max(startedAt, lastDone.get(m.player1Id) ?? 0, lastDone.get(m.player2Id) ?? 0);
    queue.push({ match: m, waitingSince });
  }
  return queue.sort(compareEntries);
}

function compareEntries(a: QueueEntry, b: QueueEntry): number {
  const x = a.match;
  const y = b.match;
  return (
    a.waitingSince - b.waitingSince ||
    sideOrder[x.bracket] - sideOrder[y.bracket] ||
    x.round - y.round ||
    (x.group ?? "").localeCompare(y.group ?? "") ||
    x.matchNumber - y.matchNumber ||
    (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)
  );
}

/** Each entry's last table: where its most recently called match was (a result keeps its table). */
export function lastTables(bracket: readonly FloorMatch[]): Map<string, string> {
  const latest = new Map<string, { tableId: string; at: number }>();
  for (const m of bracket) {
    if (m.tableId === null || m.calledAt === null) continue;
    for (const e of entriesOf(m)) {
      const seen = latest.get(e);
      if (!seen || m.calledAt > seen.at) latest.set(e, { tableId: m.tableId, at: m.calledAt });
    }
  }
  return new Map([...latest].map(([entry, { tableId }]) => [entry, tableId]));
}

/**
 * Which queued matches go to which free tables now. A pinned match goes to its
 * table when that is free, and waits for it otherwise; the rest, longest wait
 * first, take the free tables in rotation in the director's order — those with
 * a tablet on them before those without, where the match is scored — passing
 * over the table either entry just left while another is free. No entry is
 * called twice at once. `holdBack` is a match the director has just taken off
 * its table: it keeps its place for the next table but not this one.
 */
export function planCalls({
  queue,
  tables,
  lastTable,
  holdBack = null,
}: {
  queue: readonly QueueEntry[];
  tables: readonly FloorTable[];
  lastTable: ReadonlyMap<string, string>;
  holdBack?: string | null;
}): Call[] {
  const free = new Map(tables.filter((t) => t.busy === null).map((t) => [t.id, t]));
  const calls: Call[] = [];
  const called = new Set<string>();
  const call = (m: FloorMatch, tableId: string) => {
    calls.push({ matchId: m.id, tableId });
    free.delete(tableId);
    for (const e of entriesOf(m)) called.add(e);
  };
  const candidates = queue.filter(({ match: m }) => m.id !== holdBack);
  const clash = (m: FloorMatch) => entriesOf(m).some((e) => called.has(e));
  // The pinned first: their table is theirs even when an older match waits.
  for (const { match: m } of candidates) {
    if (m.pinnedTableId !== null && free.has(m.pinnedTableId) && !clash(m)) call(m, m.pinnedTableId);
  }
  for (const { match: m } of candidates) {
    if (m.pinnedTableId !== null || clash(m)) continue;
    const open = [...free.values()].filter((t) => t.inRotation);
    if (open.length === 0) break;
    const left = new Set(entriesOf(m).flatMap((e) => lastTable.get(e) ?? []));
    const scored = open.filter((t) => t.tablet !== false);
    const table = scored.find((t) => !left.has(t.id)) ?? scored[0] ?? open.find((t) => !left.has(t.id)) ?? open[0];
    if (table) call(m, table.id);
  }
  return calls;
}

/**
 * When each queued match should start (ms, or null when no table can take
 * it): every busy table frees `averageMs` after it was called (now, if that
 * is past), and the queue, in order, takes the table that frees first (a
 * pinned match its own), no sooner than its entries' previous match in the
 * queue is reckoned over.
 */
export function estimateStarts({
  queue,
  tables,
  averageMs,
  now,
}: {
  queue: readonly QueueEntry[];
  tables: readonly FloorTable[];
  averageMs: number;
  now: number;
}): Map<string, number | null> {
  const freeAt = new Map(
    tables.map((t) => [t.id, t.busy === null ? now : Math.max(now, t.busy.calledAt + averageMs)] as const),
  );
  const rotation = tables.filter((t) => t.inRotation).map((t) => t.id);
  const entryFreeAt = new Map<string, number>();
  const starts = new Map<string, number | null>();
  for (const { match: m } of queue) {
    const choices = m.pinnedTableId === null ? rotation : freeAt.has(m.pinnedTableId) ? [m.pinnedTableId] : [];
    let table: { id: string; at: number } | null = null;
    for (const id of choices) {
      const at = freeAt.get(id) ?? now;
      if (table === null || at < table.at) table = { id, at };
    }
    if (table === null) {
      starts.set(m.id, null);
      continue;
    }
    const start = Math.max(table.at, ...entriesOf(m).map((e) => entryFreeAt.get(e) ?? now));
    starts.set(m.id, start);
    freeAt.set(table.id, start + averageMs);
    for (const e of entriesOf(m)) entryFreeAt.set(e, start + averageMs);
  }
  return starts;
}

/** The average length of the venue's timed matches (ms), or the default before there is one. */
export function averageMatchMs(lengths: readonly number[]): number {
  const timed = lengths.filter((ms) => ms >= SHORTEST_MATCH_MS && ms <= LONGEST_MATCH_MS);
  if (timed.length === 0) return DEFAULT_MATCH_MS;
  return Math.round(timed.reduce((sum, ms) => sum + ms, 0) / timed.length);
}

/** "now", "in about 12 min", "in about 1 h 5 min": when a match should start, as a player reads it. */
export function startsInText(start: number, now: number): string {
  const minutes = Math.round((start - now) / 60_000);
  if (minutes < 1) return "now";
  if (minutes < 60) return `in about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `in about ${hours} h${rest === 0 ? "" : ` ${rest} min`}`;
}

/**
 * The player's next match in one line (their dashboard): "Next: Table 3 vs Sam — now" once called, "Next: vs Sam —
 * in about 12 min" while it waits in the queue; null when there is no estimate to give.
 */
export function nextMatchText({
  table,
  opponent,
  estimatedStart,
  now,
}: {
  /** The table it was called to, or null while it waits. */
  table: string | null;
  opponent: string;
  estimatedStart: number | null;
  now: number;
}): string | null {
  if (table !== null) return `Next: ${table} vs ${opponent} — now`;
  if (estimatedStart === null) return null;
  const when = startsInText(estimatedStart, now);
  return `Next: vs ${opponent} — ${when === "now" ? "any minute now" : when}`;
}

/** When a called match's no-show time is up (ms). */
export const noShowAt = (calledAt: number, noShowMinutes: number) => calledAt + noShowMinutes * 60_000;

/** Minutes and seconds since a match was called, as its clock shows them ("7:05"). */
export function clockText(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** What the no-show rule needs of a called match: its live rack score and whether a result waits for approval. */
export type NoShowCheck = { player1Score: number; player2Score: number; awaitingApproval: boolean };

export const noShowMessages = {
  racksScored: "Racks have been scored in this match: it is being played, so nobody is a no-show",
  awaitingApproval: "This match's result is waiting for your approval: approve it or record the result instead",
} as const;

/**
 * Why a no-show walkover cannot be given for a match (null: it can). A match whose racks are being scored at the
 * table, or whose result waits for the director's approval (decision 012), is being played: nobody failed to turn up.
 */
export function noShowRefusal(match: NoShowCheck): string | null {
  if (match.awaitingApproval) return noShowMessages.awaitingApproval;
  if (match.player1Score > 0 || match.player2Score > 0) return noShowMessages.racksScored;
  return null;
}
