// "Undo" at the table in-process (decision 025): a result recorded at once is
// taken back within 10 s of being recorded (the time injected, never waited
// for), the bracket and the floor rewound as if it had never been recorded;
// refused after, once played on, or once the director approved it. The HTTP
// route, the plain form and the board are the HTTP suite's (tests/table-undo.test.ts).
import { expect, test } from "vitest";
import { type Account, answered, newTapId, useServiceDb } from "../../../../test-support/services.ts";
import {
  NO_RESULT_TO_UNDO,
  PLAYED_ON,
  RESULT_APPROVED,
  RESULT_FINAL,
  UNDO_WINDOW_MS,
  WINNER_MORE_RACKS,
} from "~/features/floor/domain/table-scoring.ts";
import { saveFloorSettings } from "./queue.server.ts";
import { assignTable } from "~/features/play/server/table-assignment.server.ts";
import { approveTableResult } from "./table-scoring.server.ts";
import { tapResultUndo } from "./table-undo.server.ts";

const s = useServiceDb();

/** A started tournament of `players`, the floor filling `tables` tables by itself. */
async function evening(td: Account, players: number, tables: number, settings: Record<string, unknown> = {}) {
  const tabled = [];
  for (let i = 0; i < tables; i++) tabled.push(await s.table(td, `Table ${i + 1} ${crypto.randomUUID().slice(0, 4)}`));
  const t = await s.tournament(td, { maxPlayers: players, raceTo: 2, payoutStructure: "winner_only", ...settings });
  const on = await saveFloorSettings(s.sender, {
    organiserId: td.id,
    tournament: { id: t.id },
    settings: { autoAssign: true },
  });
  await s.after({ organiserId: td.id, tournamentId: t.id, what: "table", floors: on.floors });
  await s.enterFromBalance(t, players);
  await s.start(td, t);
  return { t, tables: tabled };
}

const matchOn = async (t: { id: string }, tableId: string) =>
  (await s.matches(t)).find((m) => m.status === "in_progress" && m.tableId === tableId);

/** Plays the match on the table to a 2–0 for player 1 and confirms it; answers the match as it was played. */
async function win(t: { id: string }, table: { id: string; accessCode: string }) {
  const m = await matchOn(t, table.id);
  if (!m) throw new Error("nothing on the table");
  const tab = s.tablet(table.accessCode);
  await tab.rack(1);
  await tab.rack(1);
  expect((await tab.confirm()).status).toBe(201);
  return m;
}

const undoAt = (code: string, body: { tapId?: string; matchId?: string } = {}, now?: number) =>
  tapResultUndo(s.sender, { code, address: "192.0.2.1" }, { tapId: body.tapId ?? newTapId(), ...body }, now);

test("recorded at once: undone within 10 s the match is played again; the next match loses its player", async () => {
  const td = await s.organiser();
  const { t, tables } = await evening(td, 4, 2);
  const [a, b] = tables as [(typeof tables)[0], (typeof tables)[0]];
  await win(t, b);
  const semi = await win(t, a);
  // Both semi-finals decided: the floor called the final to a free table.
  const final = (await s.matches(t)).find((m) => m.id !== semi.id && m.player1Id && m.status === "in_progress");
  expect(final?.player1Id && final.player2Id).toBeTruthy();

  const tapId = newTapId();
  const undone = await undoAt(a.accessCode, { tapId, matchId: semi.id });
  expect(undone.status).toBe(201);
  await s.after(undone.change);
  const after = await s.matches(t);
  expect(after.find((m) => m.id === semi.id)).toMatchObject({
    status: "in_progress",
    winnerId: null,
    tableId: a.id,
    player1Score: 2,
    player2Score: 0,
  });
  // The final waits for its player again, off its table; nothing else is on a table.
  const rewound = after.find((m) => m.id === final?.id);
  expect(rewound).toMatchObject({ status: "pending", tableId: null });
  expect([rewound?.player1Id, rewound?.player2Id].filter(Boolean)).toHaveLength(1);
  expect(after.filter((m) => m.status === "in_progress").map((m) => m.id)).toEqual([semi.id]);
  expect(await s.count("table_taps", "match_id = ? and kind = 'confirm' and undone_by = ?", [semi.id, tapId])).toBe(1);
  // The same undo again changes nothing; another finds nothing to undo.
  expect((await undoAt(a.accessCode, { tapId })).status).toBe(200);
  expect(await answered(undoAt(a.accessCode))).toEqual({ status: 409, message: NO_RESULT_TO_UNDO });

  // The racks go on from where they were: undo the last, win it the other way, and the bracket moves on again.
  const tab = s.tablet(a.accessCode);
  await tab.undo();
  await tab.undo();
  await tab.rack(2);
  await tab.rack(2);
  expect((await tab.confirm()).status).toBe(201);
  const again = await s.matches(t);
  expect(again.find((m) => m.id === semi.id)).toMatchObject({ status: "completed", winnerId: semi.player2Id });
  const called = again.find((m) => m.id === final?.id);
  expect([called?.player1Id, called?.player2Id]).toContain(semi.player2Id);
  expect(called?.status).toBe("in_progress");
});

test("the match the floor called to the freed table goes back to the queue", async () => {
  const td = await s.organiser();
  const { t, tables } = await evening(td, 8, 1);
  const [a] = tables as [(typeof tables)[0]];
  const first = await win(t, a);
  const next = await matchOn(t, a.id);
  expect(next?.id).not.toBe(first.id);
  const undone = await undoAt(a.accessCode);
  await s.after(undone.change);
  const after = await s.matches(t);
  expect(after.find((m) => m.id === first.id)).toMatchObject({ status: "in_progress", tableId: a.id });
  expect(after.find((m) => m.id === next?.id)).toMatchObject({ status: "pending", tableId: null });
  expect((await s.tablet(a.accessCode).current())?.id).toBe(first.id);
});

test("after 10 s, or once the next match is being played, the result stands", async () => {
  const td = await s.organiser();
  const { t, tables } = await evening(td, 4, 2);
  const [a, b] = tables as [(typeof tables)[0], (typeof tables)[0]];
  const late = await win(t, b);
  const [recorded] = await s.rows<{ completed_at: number }>("select completed_at from matches where id = ?", [late.id]);
  const completedAt = Number(recorded?.completed_at);
  expect(await answered(undoAt(b.accessCode, {}, completedAt + UNDO_WINDOW_MS))).toEqual({
    status: 409,
    message: RESULT_FINAL,
  });
  expect(await answered(undoAt(b.accessCode, {}, completedAt + UNDO_WINDOW_MS - 1))).toEqual({
    status: 200,
    message: null,
  });
  // Won again, then the other semi-final: the final is called, and a rack is scored on it.
  const tab = s.tablet(b.accessCode);
  expect((await tab.confirm()).status).toBe(201);
  await win(t, a);
  const final = (await s.matches(t)).find((m) => m.status === "in_progress");
  const finalTable = tables.find((x) => x.id === final?.tableId);
  if (!final || !finalTable) throw new Error("the final is called");
  await s.tablet(finalTable.accessCode).rack(1);
  const other = finalTable.id === a.id ? b : a;
  expect(await answered(undoAt(other.accessCode))).toEqual({ status: 409, message: PLAYED_ON });
  expect((await s.matches(t)).find((m) => m.id === final.id)).toMatchObject({ status: "in_progress", player1Score: 1 });
});

test("waiting for approval: undone until the director approves, refused after", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 2, payoutStructure: "winner_only", resultsFromTables: "approve" });
  await s.enterFromBalance(t, 2);
  await s.start(td, t);
  const [final] = await s.matches(t);
  const table = await s.table(td, `Table ${crypto.randomUUID().slice(0, 6)}`);
  await s.after(
    (await assignTable(s.sender, { organiserId: td.id, matchId: final?.id ?? "", tableId: table.id })).change,
  );
  const tab = s.tablet(table.accessCode);
  // Without a race-to, "X won" needs more racks for the winner.
  expect(await answered(tab.confirm({ winner: 1 }))).toEqual({ status: 400, message: WINNER_MORE_RACKS });
  await tab.rack(2);
  expect((await tab.confirm({ winner: 2, player1Score: 1, player2Score: 3 })).match).toMatchObject({
    awaitingApproval: true,
    player2Score: 3,
  });
  // Long after: still undone, as nothing is final until the director approves.
  const undone = await undoAt(table.accessCode, {}, Date.now() + 60 * 60 * 1000);
  expect(undone.status).toBe(201);
  expect(undone.board.match).toMatchObject({ awaitingApproval: false, player1Score: 0, player2Score: 1 });
  expect((await tab.rack(2)).status).toBe(201);
  expect((await tab.confirm({ winner: 2, player1Score: 0, player2Score: 2 })).status).toBe(201);
  const approved = await approveTableResult(s.sender, { organiserId: td.id, matchId: final?.id ?? "" });
  if (approved.outcome !== "unconfirmed") await s.after(approved.change);
  expect(await answered(undoAt(table.accessCode))).toEqual({ status: 409, message: RESULT_APPROVED });
  expect((await s.matches(t))[0]).toMatchObject({ status: "completed", winnerId: final?.player2Id });
});
