import { expect, test } from "vitest";
import type { BracketMatch } from "../../play/domain/bracket.ts";
import { generateFormat } from "../../tournaments/domain/formats.ts";
import type { MatchView } from "../../play/domain/play.ts";
import type { QueueState } from "../../floor/domain/queue-views.ts";
import type { TournamentType } from "../../../domain/tournaments.ts";
import {
  bracketParts,
  bracketSize,
  fitScale,
  gridColumns,
  pageAt,
  TV_BODY,
  tablesOf,
  tvPages,
  tvScreen,
  type TvReads,
} from "./tv.ts";

/** A match of an event without handicaps or ratings shown. */
const unrated = { race1: null, race2: null, player1Rating: null, player2Rating: null };

const NOW = 1_900_000_000_000;
const MINUTE = 60_000;

const entries = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

function drawn(type: TournamentType, n: number): MatchView[] {
  let next = 0;
  const matches: BracketMatch[] = generateFormat(type, entries(n), () => `m${++next}`, NOW, {
    grandFinal: "reset",
    groupSize: 4,
    advancePerGroup: 2,
  });
  const named = (id: string | null) => (id === null ? null : { name: `Player ${id.slice(1)}` });
  return matches.map((m) => ({
    ...m,
    player1: named(m.player1Id),
    player2: named(m.player2Id),
    ...unrated,
    tableId: null,
    tableName: null,
    calledAt: null,
    pinnedTableId: null,
    awaitingApproval: false,
  }));
}

const keys = (parts: { key: string }[]) => parts.map((p) => p.key);

test("a 16-entry double elimination is three screens, each fitting without scaling", () => {
  const parts = bracketParts(drawn("double_elimination", 16), "double_elimination");
  expect(keys(parts)).toEqual(["bracket-winners", "bracket-losers", "bracket-grand-final"]);
  expect(parts.map((p) => p.heading)).toEqual(["Winners' bracket", "Losers' bracket", "Grand final"]);
  expect(parts[0]?.rounds.map((r) => r.matches.length)).toEqual([8, 4, 2, 1]);
  for (const part of parts) expect(fitScale(bracketSize(part)), part.key).toBe(1);
});

test("a bracket taller than eight matches a column is split: equal slices, then the last rounds alone", () => {
  const parts = bracketParts(drawn("single_elimination", 64), "single_elimination");
  expect(keys(parts)).toEqual([
    "bracket-winners-1",
    "bracket-winners-2",
    "bracket-winners-3",
    "bracket-winners-4",
    "bracket-winners-5",
  ]);
  expect(parts[0]?.heading).toBe("Bracket, part 1 of 5");
  expect(parts[0]?.rounds.map((r) => r.matches.length)).toEqual([8, 4, 2, 1]);
  expect(parts[4]?.rounds.map((r) => r.matches.length)).toEqual([2, 1]);
  // Every match is on exactly one screen.
  const shown = parts.flatMap((p) => p.rounds.flatMap((r) => r.matches.map((m) => m.id)));
  expect(new Set(shown).size).toBe(63);
  expect(shown).toHaveLength(63);
  // A slice's matches feed one another: the second quarter's first match is the first round's ninth.
  expect(parts[1]?.rounds[0]?.matches[0]?.matchNumber).toBe(9);
});

test("leagues and group fixtures are not brackets: a groups event shows its knockout once drawn", () => {
  expect(bracketParts(drawn("round_robin", 6), "round_robin")).toEqual([]);
  expect(bracketParts(drawn("round_robin_tier", 8), "round_robin_tier")).toEqual([]);
});

test("the round of pages: welcome before the start; brackets, standings and the floor; the champion leads", () => {
  const base = { tournamentType: "double_elimination" as const, championKnown: false, tables: 0, queued: 0 };
  const brackets = bracketParts(drawn("double_elimination", 16), "double_elimination");
  expect(keys(tvPages({ ...base, status: "open", brackets }))).toEqual(["welcome"]);
  expect(keys(tvPages({ ...base, status: "in_progress", brackets, tables: 2, queued: 3 }))).toEqual([
    "bracket-winners",
    "bracket-losers",
    "bracket-grand-final",
    "tables",
    "next",
  ]);
  expect(keys(tvPages({ ...base, status: "in_progress", brackets, championKnown: true, tables: 2 }))).toEqual([
    "champion",
    "bracket-winners",
    "bracket-losers",
    "bracket-grand-final",
    "tables",
  ]);
  expect(keys(tvPages({ ...base, status: "finished", brackets, championKnown: true, tables: 2 }))).toEqual([
    "champion",
    "bracket-winners",
    "bracket-losers",
    "bracket-grand-final",
  ]);
  const league = { ...base, tournamentType: "round_robin" as const, brackets: [], tables: 1 };
  expect(keys(tvPages({ ...league, status: "in_progress" }))).toEqual(["standings", "tables"]);
  // A night of a series: its ranking after the standings, before the start and once the night is over.
  expect(keys(tvPages({ ...league, status: "open", series: true }))).toEqual(["welcome", "series"]);
  expect(keys(tvPages({ ...league, status: "in_progress", series: true }))).toEqual(["standings", "series", "tables"]);
  expect(keys(tvPages({ ...league, status: "finished", series: true }))).toEqual(["standings", "series"]);
  const seconds = tvPages({ ...league, status: "in_progress" }).map((p) => p.seconds);
  expect(seconds.every((s) => s >= 10 && s <= 30)).toBe(true);
});

test("the page asked for, the first when it is not shown now, and the next wrapping round", () => {
  const pages = tvPages({
    status: "in_progress",
    tournamentType: "round_robin",
    brackets: [],
    championKnown: false,
    tables: 1,
    queued: 1,
  });
  expect(pageAt(pages, "tables")).toMatchObject({ index: 1, page: { key: "tables" }, next: { key: "next" } });
  expect(pageAt(pages, "next")).toMatchObject({ index: 2, next: { key: "standings" } });
  expect(pageAt(pages, "bracket-losers")).toMatchObject({ index: 0, page: { key: "standings" } });
  expect(pageAt(pages, null)).toMatchObject({ index: 0 });
});

test("a page scales down only when it is larger than the screen's body", () => {
  expect(fitScale({ width: 10, height: 10 })).toBe(1);
  expect(fitScale({ width: TV_BODY.width * 2, height: 10 })).toBe(0.5);
  expect(fitScale({ width: 10, height: TV_BODY.height * 4 })).toBe(0.25);
  expect([1, 2, 3, 4, 5, 9, 10, 16, 20].map(gridColumns)).toEqual([1, 2, 2, 2, 3, 3, 4, 4, 5]);
});

const floor = (matches: MatchView[]): QueueState => ({
  tournament: {
    id: "t1",
    organiserId: "td1",
    status: "in_progress",
    startedAt: NOW - 30 * MINUTE,
    autoAssign: true,
    noShowMinutes: 10,
  },
  matches: matches.map((m) => ({ ...m, completedAt: null })),
  tables: [
    { id: "tb1", name: "Table 1", inRotation: true, busy: { calledAt: NOW - 5 * MINUTE } },
    { id: "tb2", name: "Table 2", inRotation: true, busy: { calledAt: NOW - MINUTE } },
    { id: "tb3", name: "Table 3", inRotation: true, busy: null },
    { id: "tb4", name: "Back room", inRotation: false, busy: null },
  ],
  averageMs: 20 * MINUTE,
});

test("every table with its match and live rack score, or why it has none", () => {
  const matches = drawn("single_elimination", 8).map((m) =>
    m.id === "m1"
      ? {
          ...m,
          status: "in_progress" as const,
          tableId: "tb1",
          calledAt: NOW - 5 * MINUTE,
          player1Score: 3,
          player2Score: 2,
        }
      : m,
  );
  const tables = tablesOf(floor(matches), matches);
  expect(tables.map((t) => t.state)).toEqual(["playing", "elsewhere", "free", "resting"]);
  expect(tables[0]?.match).toMatchObject({ player1: "Player 1", player2: "Player 8", score1: 3, score2: 2 });
  expect(tables[0]?.match?.title).toBe("Quarter-Finals · Match 1");
  expect(tablesOf(null, matches)).toEqual([]);
});

function reads(matches: MatchView[], over: Partial<TvReads["tournament"]> = {}): TvReads {
  return {
    tournament: {
      id: "t1",
      slug: "friday",
      name: "Friday",
      venue: "The Red Lion",
      date: "2030-12-06",
      time: "19:30",
      raceTo: 5,
      playerCount: 8,
      maxPlayers: 8,
      status: "in_progress",
      tournamentType: "single_elimination",
      advancePerGroup: null,
      players: entries(8).map((id) => ({ id, name: `Player ${id.slice(1)}` })),
      teams: [],
      ...over,
    },
    matches,
    prizes: [],
    floor: floor(matches),
  };
}

test("the screen: up next with estimated starts; the champion and prizes once the final is decided", () => {
  const matches = drawn("single_elimination", 8);
  const next = tvScreen(reads(matches), { requested: "next", now: NOW });
  expect(next.page.key).toBe("next");
  expect(next.next.key).toBe("bracket-winners");
  if (next.body.kind !== "next") throw new Error("up next");
  expect(next.body.queue).toHaveLength(4);
  // One table is free: the first match starts now, the others as tables free up.
  expect(next.body.queue[0]).toMatchObject({ title: "Quarter-Finals · Match 1", starts: "now" });
  expect(next.body.queue[3]?.starts).toMatch(/^in about \d+ min$/);

  const final = matches.map((m) =>
    m.label === "Final"
      ? { ...m, player1Id: "p1", player2Id: "p2", player1: { name: "Ann" }, player2: { name: "Bo" } }
      : m,
  );
  const played = final.map((m) =>
    m.label === "Final" ? { ...m, status: "completed" as const, winnerId: "p1", player1Score: 5, player2Score: 3 } : m,
  );
  const finished = tvScreen(
    {
      ...reads(played, { status: "finished" }),
      prizes: [{ playerId: "p1", name: "Ann", position: "1st", amountPence: 5600 }],
    },
    { requested: null, now: NOW },
  );
  expect(finished.page.key).toBe("champion");
  if (finished.body.kind !== "champion") throw new Error("champion");
  expect(finished.body.results.podium[0]).toMatchObject({ label: "Champion", players: [{ name: "Ann" }] });
  expect(finished.body.results.prizes).toEqual([
    { position: "1st", playerId: "p1", name: "Ann", amountPence: 5600, paidInCash: false },
  ]);
});

test("before the start: one page, entries counted", () => {
  const screen = tvScreen(reads([], { status: "open", playerCount: 5 }), { requested: "tables", now: NOW });
  expect(screen.page.key).toBe("welcome");
  expect(screen.body).toEqual({ kind: "welcome", entries: 5, maxPlayers: 8 });
});
