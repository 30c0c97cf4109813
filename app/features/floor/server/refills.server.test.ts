// Every way a table frees, it refills, in-process: with "Assign tables automatically" on, a result however it is
// recorded — by the director, a walkover, a double forfeit, a tablet's confirm (recorded at once, or approved by the
// director), the scoreboard's plain form — calls the next match to it; a table added takes the first in the queue; a
// table deleted mid-match sends its match back to the queue, or to a table that is free. Each write runs as its route
// runs it (`perform`: the use case, then what follows). The routes' answers and forms are tests/refills.test.ts's.
import { expect, test } from "vitest";
import type { MatchView } from "~/features/play/domain/play.ts";
import { queueJson } from "~/features/floor/domain/queue-views.ts";
import { perform } from "~/web/use-case.server.ts";
import { type Account, newTapId, useServiceDb } from "../../../../test-support/services.ts";
import { queueQuery } from "./queue-reads.server.ts";
import { removeTable } from "./use-cases.server.ts";
import {
  approveResult,
  recordResult,
  saveScoringSettings,
  saveSettings,
  tabletFormTap,
} from "~/features/play/server/use-cases.server.ts";

const s = useServiceDb();

type Table = { id: string; name: string; accessCode: string };

/** `players` paid entries, automatic assignment on, started with `tables` tables: the first matches are on them. */
async function evening(players: number, tables: number, settings: Record<string, unknown> = {}) {
  const td = await s.organiser();
  const made: Table[] = [];
  for (let i = 0; i < tables; i++) made.push(await s.table(td, `Table ${i + 1}`));
  const t = await s.tournament(td, { maxPlayers: Math.max(4, players), raceTo: 2, ...settings });
  const floor = { organiserId: td.id, tournament: { id: t.id }, settings: { autoAssign: true } };
  await perform(s.app, s.sender, saveSettings, floor);
  await s.enterFromBalance(t, players);
  await s.start(td, t);
  return { td, t, tables: made };
}

/** The match on `table` now, which must be there. */
async function playing(t: { id: string }, table: Table): Promise<MatchView> {
  const m = (await s.matches(t)).find((x) => x.status === "in_progress" && x.tableId === table.id);
  if (!m) throw new Error(`nothing on ${table.name}`);
  return m;
}

/**
 * After the table's match was decided, another match is on it (the next in the queue), and nothing is doubled:
 * answers that match.
 */
async function expectRefilled(t: { id: string }, table: Table, decided: MatchView): Promise<MatchView> {
  const ms = await s.matches(t);
  expect(ms.find((m) => m.id === decided.id)?.status).toBe("completed");
  const next = ms.find((m) => m.status === "in_progress" && m.tableId === table.id);
  if (!next) throw new Error(`${table.name} was not refilled`);
  expect(next.id).not.toBe(decided.id);
  const tables = ms.filter((m) => m.status === "in_progress").map((m) => m.tableId);
  expect(new Set(tables).size).toBe(tables.length);
  return next;
}

/** The director records a result as the match route does. */
const result = (td: Account, m: MatchView, input: Record<string, unknown>) =>
  perform(s.app, s.sender, recordResult, { organiserId: td.id, matchId: m.id, input, mode: "either" });

test("a result by the director, a walkover and a double forfeit each refill their table", async () => {
  // Double elimination on one table: each result leaves another match ready for it.
  const { td, t, tables } = await evening(4, 1, { tournamentType: "double_elimination" });
  const table = tables[0] as Table;
  const first = await playing(t, table);
  expect(await result(td, first, { winnerId: first.player1Id })).toMatchObject({ outcome: "recorded" });
  const walkedOver = await expectRefilled(t, table, first);

  await result(td, walkedOver, { winnerId: walkedOver.player2Id, outcome: "walkover" });
  const forfeited = await expectRefilled(t, table, walkedOver);

  await result(td, forfeited, { outcome: "double_forfeit" });
  await expectRefilled(t, table, forfeited);
});

test("a tablet's confirm refills its table: recorded at once (by taps or plain form), or once approved", async () => {
  // Double elimination on one table: each result leaves another match ready for it.
  const { td, t, tables } = await evening(4, 1, { tournamentType: "double_elimination", resultsFromTables: "record" });
  const table = tables[0] as Table;
  const first = await playing(t, table);
  const tablet = s.tablet(table.accessCode);
  for (let r = 0; r < 2; r++) expect((await tablet.rack(1)).status).toBe(201);
  expect((await tablet.confirm()).status).toBe(201);
  // The board without JavaScript: the same taps from its forms, each answered with no note.
  const second = await expectRefilled(t, table, first);
  const sent = { code: table.accessCode, address: "192.0.2.1" };
  const tap = async (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return perform(s.app, s.sender, tabletFormTap, { sent, form });
  };
  for (let r = 0; r < 2; r++) {
    expect(await tap({ intent: "racks", tapId: newTapId(), player: "2", matchId: second.id })).toEqual({ note: null });
  }
  expect(await tap({ intent: "confirm", tapId: newTapId(), matchId: second.id })).toEqual({ note: null });
  const third = await expectRefilled(t, table, second);

  // Now waiting for the director's approval: the table is the match's until the director approves.
  const scoring = { organiserId: td.id, tournament: { id: t.id }, settings: { resultsFromTables: "approve" as const } };
  await perform(s.app, s.sender, saveScoringSettings, scoring);
  for (let r = 0; r < 2; r++) expect((await tablet.rack(2)).status).toBe(201);
  expect((await tablet.confirm()).status).toBe(201);
  expect(await playing(t, table)).toMatchObject({ id: third.id, awaitingApproval: true });
  expect(await perform(s.app, s.sender, approveResult, { organiserId: td.id, matchId: third.id })).toMatchObject({
    outcome: "recorded",
  });
  await expectRefilled(t, table, third);
});

test("a table deleted mid-match: its match back to the queue, or to a table that is free", async () => {
  const { td, t, tables } = await evening(4, 1);
  const [first] = tables as [Table];
  const m = await playing(t, first);
  // A second table, added mid-evening, takes the first match in the queue at once.
  const second = await s.table(td, "Table 2");
  const onSecond = await playing(t, second);
  expect(onSecond).toMatchObject({ round: 1, matchNumber: 2 });
  expect(await perform(s.app, s.sender, removeTable, { organiserId: td.id, tableId: first.id })).toEqual({
    removed: true,
  });
  // Back in the queue (no table anywhere is free), not in progress on no table.
  expect((await s.matches(t)).find((x) => x.id === m.id)).toMatchObject({ status: "pending", tableId: null });
  const floor = await s.sender.send(queueQuery({ id: t.id }));
  if (!floor) throw new Error("no such tournament");
  expect(queueJson(floor, await s.matches(t), Date.now()).queue.map((q) => q.matchId)).toContain(m.id);
  // A result on Table 2 frees it: the match sent back goes there.
  await result(td, onSecond, { winnerId: onSecond.player1Id });
  expect(await expectRefilled(t, second, onSecond)).toMatchObject({ id: m.id });
  expect(await s.count("matches", "tournament_id = ? and status = 'in_progress' and table_id is null", [t.id])).toBe(0);

  // With a free table waiting (nothing else is ready), deleting the table it is played on moves it there.
  const spare = await s.table(td, "Table 3");
  expect((await s.matches(t)).filter((x) => x.tableId === spare.id)).toEqual([]);
  await perform(s.app, s.sender, removeTable, { organiserId: td.id, tableId: second.id });
  expect((await s.matches(t)).find((x) => x.id === m.id)).toMatchObject({ status: "in_progress", tableId: spare.id });
});
