import { expect, test } from "vitest";
import { applyResult } from "../../play/domain/apply-result.ts";
import { type BracketMatch, withChanges } from "../../play/domain/bracket.ts";
import { idFactory, NOW, playerIds } from "../../play/domain/bracket-testing.ts";
import { generateDoubleElimination } from "../../play/domain/double-elimination.ts";
import { drawSheet, type SheetMatchIn } from "./draw-sheet.ts";
import { generateBracket } from "../../play/domain/generate-bracket.ts";

const named = (matches: readonly BracketMatch[], tables: Record<string, string> = {}): SheetMatchIn[] =>
  matches.map((m) => ({
    ...m,
    player1: m.player1Id ? { name: `Name ${m.player1Id}` } : null,
    player2: m.player2Id ? { name: `Name ${m.player2Id}` } : null,
    tableName: tables[m.id] ?? null,
  }));

test("a 16-entry double elimination: winners', losers' and grand final, each match once, in round order", () => {
  const matches = generateDoubleElimination(playerIds(16), idFactory(), NOW, "reset");
  const sheet = drawSheet(named(matches));
  expect(sheet.map((s) => [s.id, s.heading, s.rounds.length])).toEqual([
    ["winners", "Winners' bracket", 4],
    ["losers", "Losers' bracket", 6],
    ["grand-final", "Grand final", 2],
  ]);
  const rows = sheet.flatMap((s) => s.rounds.flatMap((r) => r.rows));
  expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  expect(rows).toHaveLength(matches.length);
  expect(sheet[0]!.rounds.map((r) => r.rows.length)).toEqual([8, 4, 2, 1]);
  expect(sheet[0]!.rounds[0]!.rows.map((r) => r.matchNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  // Nothing played: names to the first round, blanks after, and empty score boxes everywhere.
  expect(rows.every((r) => r.score === null)).toBe(true);
  expect(sheet[0]!.rounds[0]!.rows[0]!.sides.map((s) => s.name)).toEqual(["Name p1", "Name p16"]);
  expect(sheet[1]!.rounds[0]!.rows[0]!.sides.map((s) => s.name)).toEqual([null, null]);
});

test("a result shows its score and winner; a walkover says W/O; a bye says Bye; the table is named", () => {
  let matches = generateBracket(playerIds(3), idFactory(), NOW);
  const first = matches.find((m) => m.round === 1 && !m.isBye)!;
  const result = { winnerId: first.player2Id!, player1Score: 2, player2Score: 5 };
  matches = withChanges(matches, applyResult(matches, first.id, result, { raceTo: null, now: NOW }));
  const sheet = drawSheet(named(matches, { [first.id]: "Table 3" }));
  const [round1, final] = sheet[0]!.rounds;
  const played = round1!.rows.find((r) => r.id === first.id)!;
  expect(played).toMatchObject({ score: [2, 5], tableName: "Table 3" });
  expect(played.sides.map((s) => s.won)).toEqual([false, true]);
  const bye = round1!.rows.find((r) => r.id !== first.id)!;
  expect(bye.score).toBeNull();
  expect(bye.sides.some((s) => s.bye)).toBe(true);
  expect(final!.label).toBe("Final");
  expect(final!.rows[0]!.sides.filter((s) => s.name !== null)).toHaveLength(2);

  const walkover = named(matches).map((m) =>
    m.id === first.id ? { ...m, outcome: "walkover" as const, player1Score: 0, player2Score: 0 } : m,
  );
  expect(drawSheet(walkover)[0]!.rounds[0]!.rows.find((r) => r.id === first.id)!.score).toBe("W/O");
});

test("groups come as one part each, named by letter, before the knockout", () => {
  const base = { round: 1, player1Score: 0, player2Score: 0, winnerId: null, status: "pending" as const };
  const match = (id: string, bracket: SheetMatchIn["bracket"], group: string | null, matchNumber: number) =>
    ({
      ...base,
      id,
      bracket,
      group,
      matchNumber,
      label: group ? `Group ${group} Round 1` : "Final",
      outcome: "played",
      isBye: false,
      player1Id: null,
      player2Id: null,
      player1: null,
      player2: null,
      tableName: null,
    }) satisfies SheetMatchIn;
  const sheet = drawSheet([
    match("a1", "group", "A", 1),
    match("b1", "group", "B", 1),
    match("k1", "knockout", null, 1),
  ]);
  expect(sheet.map((s) => [s.id, s.heading])).toEqual([
    ["group-a", "Group A"],
    ["group-b", "Group B"],
    ["knockout", "Knockout"],
  ]);
});
