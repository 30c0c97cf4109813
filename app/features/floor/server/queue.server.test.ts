// The floor in-process: automatic table assignment at the start, after
// results, by hand and with the switch; pins and tables out of rotation; the
// losers' side first, not back to the same table; results, fills and
// assignments racing each other; the queue's order and estimates; the
// settings', pins' and rotation's refusals; a walkover freeing its table.
// Who may call the API, its JSON, the pages (the player's dashboard, the
// tablet's called time, the no-show's walkover) and the round trips are the
// HTTP suite's (tests/queue.test.ts).
import { expect, test } from "vitest";
import type { MatchView } from "~/features/play/domain/play.ts";
import { type Account, answered, bodyChecked, useServiceDb } from "../../../../test-support/services.ts";
import { assignTable } from "~/features/play/server/table-assignment.server.ts";
import { saveSettings } from "~/features/play/server/use-cases.server.ts";
import { nextMatchText } from "~/features/floor/domain/queue.ts";
import { PinSchema, RotationSchema, TournamentSettingsSchema } from "~/features/floor/domain/queue-schema.ts";
import { queueJson, queueOf as queueOfFloor } from "~/features/floor/domain/queue-views.ts";
import { playerQueuesQuery, queueQuery } from "./queue-reads.server.ts";
import { fillFreeTables, saveFloorSettings, setRotation } from "./queue.server.ts";
import { createTable } from "./tables.server.ts";
import { pinMatchToTable, rotateTable } from "./use-cases.server.ts";

const s = useServiceDb();

type Match = MatchView;

const byPosition = (ms: Match[], bracket: string, round: number, matchNumber: number) => {
  const m = ms.find((x) => x.bracket === bracket && x.round === round && x.matchNumber === matchNumber);
  if (!m) throw new Error(`no ${bracket} ${round}.${matchNumber}`);
  return m;
};

const addTable = async (td: Account, name: string) => (await s.table(td, name)).id;

/** The floor's settings as their route saves them: then the free tables fill when the switch went on. */
async function settings(td: Account, t: { id: string }, body: { autoAssign?: boolean; noShowMinutes?: number }) {
  const saved = await saveFloorSettings(s.sender, { organiserId: td.id, tournament: { id: t.id }, settings: body });
  await s.after({ organiserId: td.id, tournamentId: saved.tournamentId, what: "table", floors: saved.floors });
  return saved;
}

async function rotation(td: Account, tableId: string, inRotation: boolean) {
  const saved = await setRotation(s.sender, { organiserId: td.id, tableId, inRotation });
  await s.after({ organiserId: td.id, tournamentId: null, what: "table", floors: saved.floors });
}

/** A director with tables, a tournament of `players` paid entries with automatic assignment on, started. */
async function evening({
  players,
  tables,
  type = "single_elimination",
  auto = true,
  outOfRotation = [],
}: {
  players: number;
  tables: number;
  type?: string;
  auto?: boolean;
  outOfRotation?: number[];
}) {
  const td = await s.organiser();
  const tableIds: string[] = [];
  for (let i = 0; i < tables; i++) tableIds.push(await addTable(td, `Table ${i + 1}`));
  for (const i of outOfRotation) await rotation(td, tableIds[i] as string, false);
  const t = await s.tournament(td, { maxPlayers: Math.max(4, players), tournamentType: type });
  if (auto) await settings(td, t, { autoAssign: true });
  const entrants = await s.enterFromBalance(t, players);
  await s.start(td, t);
  return { td, t, tableIds, entrants };
}

const result = (td: Account, m: Match, winner: "player1" | "player2" = "player1") =>
  s.record(td, m.id, { winnerId: winner === "player1" ? m.player1Id : m.player2Id });

/** The queue as its API answers it (queueJson: what GET /api/tournaments/{id}/queue sends). */
async function queueOf(t: { id: string }) {
  const floor = await s.sender.send(queueQuery({ id: t.id }));
  if (!floor) throw new Error("no such tournament");
  return queueJson(floor, await s.matches(t), Date.now());
}

/** No table holds two matches being played, and no match is on a table without being in progress. */
async function expectFloorSound(organiserId: string) {
  const doubled = await s.rows(
    `select m.table_id, count(*) as n from matches m join tournaments t on t.id = m.tournament_id
      where t.organiser_id = ? and m.status = 'in_progress' and t.status = 'in_progress'
      group by m.table_id having count(*) > 1`,
    [organiserId],
  );
  expect(doubled).toEqual([]);
  const stray = await s.rows(
    `select m.id from matches m join tournaments t on t.id = m.tournament_id
      where t.organiser_id = ? and m.status = 'pending' and m.table_id is not null`,
    [organiserId],
  );
  expect(stray).toEqual([]);
}

test("the switch's last choice is the default for the director's next tournament", async () => {
  const td = await s.organiser();
  const first = await s.tournament(td);
  expect((await queueOf(first)).autoAssign).toBe(false);
  await settings(td, first, { autoAssign: true });
  const second = await s.tournament(td);
  expect((await queueOf(second)).autoAssign).toBe(true);
  // Another director's default is their own.
  const other = await s.organiser("Other");
  expect((await queueOf(await s.tournament(other))).autoAssign).toBe(false);
  await settings(td, second, { autoAssign: false });
  expect((await queueOf(await s.tournament(td))).autoAssign).toBe(false);
  // Changing only the minutes leaves the default alone.
  await settings(td, first, { noShowMinutes: 20 });
  expect((await queueOf(await s.tournament(td))).autoAssign).toBe(false);
});

test("at the start every free table in rotation gets a match; the queue says who is next and when", async () => {
  const { td, t, tableIds } = await evening({ players: 8, tables: 3, outOfRotation: [2] });
  const ms = await s.matches(t);
  const playing = ms.filter((m) => m.status === "in_progress");
  expect(playing.map((m) => [m.round, m.matchNumber, m.tableId])).toEqual([
    [1, 1, tableIds[0]],
    [1, 2, tableIds[1]],
  ]);
  for (const m of playing) expect(m.calledAt ?? 0).toBeGreaterThan(Date.now() - 60_000);
  expect(ms.filter((m) => m.status === "pending").every((m) => m.calledAt === null)).toBe(true);

  const q = await queueOf(t);
  expect(q).toMatchObject({ tournamentId: t.id, autoAssign: true, noShowMinutes: 10, averageMatchMinutes: 20 });
  expect(q.queue.map((x) => [x.position, x.round, x.matchNumber])).toEqual([
    [1, 1, 3],
    [2, 1, 4],
  ]);
  const [next, after] = q.queue;
  expect(next?.player1?.name).toMatch(/^Player \d$/);
  expect(next?.label).toBe("Quarter-Finals");
  // Two tables busy since just now, 20 minutes a match: both next matches in about 20 minutes.
  for (const x of [next, after]) {
    const minutes = (Date.parse(x?.estimatedStart ?? "") - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(18);
    expect(minutes).toBeLessThanOrEqual(20);
  }
  await expectFloorSound(td.id);
});

test("with the switch off nothing is assigned; turning it on mid-evening fills the free tables", async () => {
  const { td, t, tableIds } = await evening({ players: 4, tables: 2, auto: false });
  expect((await s.matches(t)).filter((m) => m.status === "in_progress")).toEqual([]);
  const q = await queueOf(t);
  expect(q.queue).toHaveLength(2);
  // Free tables: both could start now.
  for (const x of q.queue) expect(Math.abs(Date.parse(x.estimatedStart ?? "") - Date.now())).toBeLessThan(60_000);
  await settings(td, t, { autoAssign: true });
  const playing = (await s.matches(t)).filter((m) => m.status === "in_progress");
  expect(playing.map((m) => m.tableId).sort()).toEqual([...tableIds].sort());
});

test("a result frees its table and the longest-waiting ready match goes to it", async () => {
  const { td, t, tableIds } = await evening({ players: 8, tables: 2 });
  let ms = await s.matches(t);
  await result(td, byPosition(ms, "winners", 1, 2));
  ms = await s.matches(t);
  // Table 2 freed: Quarter-final 3 (waiting since the start) goes to it, not the semi-final (not ready anyway).
  expect(byPosition(ms, "winners", 1, 3)).toMatchObject({ status: "in_progress", tableId: tableIds[1] });
  expect(byPosition(ms, "winners", 1, 4)).toMatchObject({ status: "pending", tableId: null });
  await result(td, byPosition(ms, "winners", 1, 1));
  ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 4)).toMatchObject({ status: "in_progress", tableId: tableIds[0] });
  // Results with nothing ready leave the table free.
  await result(td, byPosition(ms, "winners", 1, 3));
  ms = await s.matches(t);
  // The first semi-final (winners of 1 and 2) has waited since QF1's result: it takes Table 2.
  expect(byPosition(ms, "winners", 2, 1)).toMatchObject({ status: "in_progress", tableId: tableIds[1] });
  await expectFloorSound(td.id);
});

test("a player is not sent back to the table they just left when another is free", async () => {
  const { td, t, tableIds } = await evening({ players: 4, tables: 3 });
  let ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 1).tableId).toBe(tableIds[0]);
  expect(byPosition(ms, "winners", 1, 2).tableId).toBe(tableIds[1]);
  await result(td, byPosition(ms, "winners", 1, 1));
  await result(td, byPosition(ms, "winners", 1, 2));
  ms = await s.matches(t);
  // Tables 1 and 2 are where the finalists just played: the final goes to Table 3.
  expect(byPosition(ms, "winners", 2, 1)).toMatchObject({ status: "in_progress", tableId: tableIds[2] });
});

test("double elimination: when waits are equal the losers' side goes first", async () => {
  const { td, t, tableIds } = await evening({ players: 4, tables: 1, type: "double_elimination" });
  let ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 1)).toMatchObject({ status: "in_progress", tableId: tableIds[0] });
  await result(td, byPosition(ms, "winners", 1, 1));
  ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 2)).toMatchObject({ status: "in_progress", tableId: tableIds[0] });
  await result(td, byPosition(ms, "winners", 1, 2));
  ms = await s.matches(t);
  // The winners' final and the losers' first match became ready with the same result: the losers' side plays.
  const losers = ms.find((m) => m.bracket === "losers" && m.round === 1);
  expect(losers).toMatchObject({ status: "in_progress", tableId: tableIds[0] });
  expect(byPosition(ms, "winners", 2, 1)).toMatchObject({ status: "pending", tableId: null });
  const q = await queueOf(t);
  expect(q.queue.map((x) => [x.bracket, x.round])).toEqual([["winners", 2]]);
});

test("out of rotation a table gets nothing; back in rotation it fills at once; refusals change nothing", async () => {
  const { td, t, tableIds } = await evening({ players: 4, tables: 2, outOfRotation: [1] });
  const tv = tableIds[1] as string;
  let ms = await s.matches(t);
  expect(ms.filter((m) => m.status === "in_progress").map((m) => m.tableId)).toEqual([tableIds[0]]);
  const rotating = (who: Account, tableId: string, inRotation: boolean) =>
    s.perform(rotateTable, { organiserId: who.id, tableId, inRotation });
  expect((await bodyChecked(RotationSchema, { inRotation: "yes" })).status).toBe(400);
  expect((await answered(rotating(td, "missing", true))).status).toBe(404);
  expect((await answered(rotating(await s.organiser("Other"), tv, true))).status).toBe(403);
  ms = await s.matches(t);
  expect(ms.filter((m) => m.status === "in_progress")).toHaveLength(1);
  expect(await rotating(td, tv, true)).toEqual({ inRotation: true });
  ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 2)).toMatchObject({ status: "in_progress", tableId: tv });
});

test("the director still assigns by hand; a match taken off its table waits for the next one", async () => {
  const { td, t, tableIds } = await evening({ players: 8, tables: 1 });
  let ms = await s.matches(t);
  const qf1 = byPosition(ms, "winners", 1, 1);
  expect(qf1.tableId).toBe(tableIds[0]);
  const assign = async (m: Match, tableId: string | null) => {
    const assigned = await assignTable(s.sender, { organiserId: td.id, matchId: m.id, tableId });
    await s.after(assigned.change);
  };
  // Taken off (its player is not here yet): the table takes the next match, QF1 keeps first place in the queue.
  expect((await answered(assign(qf1, null))).status).toBe(200);
  ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 1)).toMatchObject({ status: "pending", tableId: null, calledAt: null });
  expect(byPosition(ms, "winners", 1, 2)).toMatchObject({ status: "in_progress", tableId: tableIds[0] });
  expect((await queueOf(t)).queue[0]).toMatchObject({ round: 1, matchNumber: 1 });
  // A table added mid-evening takes the first in the queue at once.
  const second = await addTable(td, "Table 2");
  ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 1)).toMatchObject({ status: "in_progress", tableId: second });
  // By hand onto a table with a match in progress: refused, naming the table; nothing moves.
  const busy = await answered(assign(byPosition(ms, "winners", 1, 4), second));
  expect(busy.status).toBe(409);
  expect(busy).toMatchObject({ message: "Table 2 has a match in progress" });
  expect(byPosition(await s.matches(t), "winners", 1, 4)).toMatchObject({ status: "pending", tableId: null });
  // A result frees the table: the next in the queue goes to it.
  await result(td, byPosition(ms, "winners", 1, 1));
  ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 3)).toMatchObject({ status: "in_progress", tableId: second });
  await expectFloorSound(td.id);
});

test("two results freeing tables at once never put one match on two tables or two on one", async () => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { td, t } = await evening({ players: 16, tables: 4 });
    let ms = await s.matches(t);
    expect(ms.filter((m) => m.status === "in_progress")).toHaveLength(4);
    // Round 1 matches 1 and 2 finish together: each frees a table, and between them the quarter-final is ready.
    await Promise.all([1, 2].map((n) => result(td, byPosition(ms, "winners", 1, n))));
    await expectFloorSound(td.id);
    ms = await s.matches(t);
    const playing = ms.filter((m) => m.status === "in_progress");
    // Both freed tables filled: round 1 matches 5 and 6 (the longest waits), each on one table.
    expect(playing).toHaveLength(4);
    expect(new Set(playing.map((m) => m.tableId)).size).toBe(4);
    expect(
      playing
        .filter((m) => m.round === 1)
        .map((m) => m.matchNumber)
        .sort(),
    ).toEqual([3, 4, 5, 6]);
    // Four at once.
    await Promise.all(playing.map((m) => result(td, m)));
    await expectFloorSound(td.id);
    ms = await s.matches(t);
    const next = ms.filter((m) => m.status === "in_progress");
    expect(next).toHaveLength(4);
    expect(new Set(next.map((m) => m.tableId)).size).toBe(4);
    expect(new Set(next.map((m) => m.id)).size).toBe(4);
  }
});

test("fills racing each other and a table set by hand: each match called once, one match per table", async () => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { td, t } = await evening({ players: 8, tables: 0 });
    // Three tables written with no fill after them, then five fills and the director's own assignment at once.
    const tableIds: string[] = [];
    for (let i = 0; i < 3; i++) tableIds.push((await createTable(s.sender, td.id, `Table ${i + 1}`)).table.id);
    const qf4 = byPosition(await s.matches(t), "winners", 1, 4);
    const byHand = async () => {
      const assigned = await assignTable(s.sender, { organiserId: td.id, matchId: qf4.id, tableId: tableIds[2] ?? "" });
      await s.after(assigned.change);
    };
    const [hand, ...fills] = await Promise.all([
      answered(byHand()),
      ...Array.from({ length: 5 }, () => fillFreeTables(s.sender, { organiserId: td.id, floors: "read" })),
    ]);
    expect([200, 409]).toContain(hand?.status);
    const calls = fills.flatMap((filled) => filled.called);
    expect(new Set(calls.map((c) => c.matchId)).size, "no match called twice").toBe(calls.length);
    await expectFloorSound(td.id);
    const playing = (await s.matches(t)).filter((m) => m.status === "in_progress");
    expect(playing).toHaveLength(3);
    expect(new Set(playing.map((m) => m.tableId))).toEqual(new Set(tableIds));
  }
});

test("estimates use the venue's average match length so far", async () => {
  const { td, t } = await evening({ players: 8, tables: 1 });
  let ms = await s.matches(t);
  // QF1 was called 30 minutes ago and just finished: the venue's matches take 30 minutes.
  await s.rows("update matches set table_assigned_at = table_assigned_at - 1800000 where id = ?", [
    byPosition(ms, "winners", 1, 1).id,
  ]);
  await result(td, byPosition(ms, "winners", 1, 1));
  const q = await queueOf(t);
  expect(q.averageMatchMinutes).toBe(30);
  ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 2).status).toBe("in_progress");
  // QF3 after QF2 (30 min), QF4 after that (60 min).
  const minutes = q.queue.map((x) => Math.round((Date.parse(x.estimatedStart ?? "") - Date.now()) / 60_000));
  expect(minutes).toEqual([30, 60]);
});

test("settings: the director's own, good values only, nothing written on a refusal; only the fields sent", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const row = async () =>
    (
      await s.rows("select auto_assign as autoAssign, no_show_minutes as noShow from tournaments where id = ?", [t.id])
    )[0];
  expect(await row()).toEqual({ autoAssign: 0, noShow: 10 });
  const noShowMessage = "No-show minutes must be a whole number from 1 to 60";
  const refusals: [unknown, string][] = [
    [{}, "Send autoAssign, noShowMinutes, resultsFromTables or breakRule"],
    [{ autoAssign: "yes" }, "autoAssign must be true or false"],
    [{ autoAssign: 1 }, "autoAssign must be true or false"],
    [{ noShowMinutes: 0 }, noShowMessage],
    [{ noShowMinutes: 61 }, noShowMessage],
    [{ noShowMinutes: 2.5 }, noShowMessage],
    [{ noShowMinutes: "10" }, noShowMessage],
    [{ autoAssign: true, noShowMinutes: -1 }, noShowMessage],
  ];
  for (const [body, message] of refusals) {
    expect(await bodyChecked(TournamentSettingsSchema, body), JSON.stringify(body)).toEqual({ status: 400, message });
  }
  const saving = (who: Account, id: string, settings: { autoAssign?: boolean; noShowMinutes?: number }) =>
    s.perform(saveSettings, { organiserId: who.id, tournament: { id }, settings });
  expect((await answered(saving(await s.organiser("Other"), t.id, { autoAssign: true }))).status).toBe(403);
  expect((await answered(saving(td, "missing", { autoAssign: true }))).status).toBe(404);
  expect(await row()).toEqual({ autoAssign: 0, noShow: 10 });

  expect(await saving(td, t.id, { autoAssign: true, noShowMinutes: 15 })).toMatchObject({
    autoAssign: true,
    noShowMinutes: 15,
  });
  expect(await row()).toEqual({ autoAssign: 1, noShow: 15 });
  // Only the field sent changes.
  expect(await saving(td, t.id, { noShowMinutes: 5 })).toMatchObject({ autoAssign: true, noShowMinutes: 5 });
});

test("a pinned match waits for its table (out of rotation, the TV table) and goes nowhere else", async () => {
  const { td, t, tableIds } = await evening({ players: 8, tables: 2, outOfRotation: [1] });
  const [table1, tv] = tableIds as [string, string];
  let ms = await s.matches(t);
  expect(ms.filter((m) => m.status === "in_progress").map((m) => m.tableId)).toEqual([table1]);
  const qf4 = byPosition(ms, "winners", 1, 4);
  const pin = (m: Match, tableId: string | null, who = td) =>
    s.perform(pinMatchToTable, { organiserId: who.id, matchId: m.id, tableId });
  // Refusals first, writing nothing.
  expect((await answered(pin(qf4, "missing"))).status).toBe(404);
  const other = await s.organiser("Other");
  expect((await answered(pin(qf4, await addTable(other, "Theirs")))).status).toBe(403);
  expect((await answered(pin(qf4, tv, other))).status).toBe(403);
  expect((await answered(pin({ ...qf4, id: "missing" }, tv))).status).toBe(404);
  expect((await bodyChecked(PinSchema, { tableId: 7 })).status).toBe(400);
  expect(await s.count("matches", "pinned_table_id is not null")).toBe(0);

  expect(await pin(qf4, tv)).toEqual({ pinned: true });
  ms = await s.matches(t);
  // The TV table was free: the match pinned to it is called there at once, ahead of older matches.
  expect(byPosition(ms, "winners", 1, 4)).toMatchObject({ status: "in_progress", tableId: tv, pinnedTableId: tv });
  expect(byPosition(ms, "winners", 1, 2)).toMatchObject({ status: "pending" });

  // Pin the first semi-final to the TV table: when Table 1 frees it is not taken there.
  await result(td, byPosition(ms, "winners", 1, 1));
  ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 2)).toMatchObject({ status: "in_progress", tableId: table1 });
  await pin(byPosition(ms, "winners", 2, 1), tv);
  await result(td, byPosition(ms, "winners", 1, 2));
  ms = await s.matches(t);
  // Table 1 free, semi-final 1 ready but pinned to the busy TV table: QF3 takes Table 1.
  expect(byPosition(ms, "winners", 2, 1)).toMatchObject({ status: "pending", tableId: null });
  expect(byPosition(ms, "winners", 1, 3)).toMatchObject({ status: "in_progress", tableId: table1 });
  const q = await queueOf(t);
  expect(q.queue[0]).toMatchObject({ round: 2, matchNumber: 1, pinnedTableId: tv, pinnedTableName: "Table 2" });
  await result(td, byPosition(ms, "winners", 1, 4));
  ms = await s.matches(t);
  expect(byPosition(ms, "winners", 2, 1)).toMatchObject({ status: "in_progress", tableId: tv });
  // A match with a result cannot be pinned.
  expect((await answered(pin(byPosition(ms, "winners", 1, 1), tv))).status).toBe(409);
  await expectFloorSound(td.id);
});

test("the queue: none for no such tournament, empty before the start, no estimates with no table", async () => {
  expect(await s.sender.send(queueQuery({ id: "missing" }))).toBeNull();
  const td = await s.organiser();
  const t = await s.tournament(td);
  expect((await queueOf(t)).queue).toEqual([]);
  await s.enterFromBalance(t, 4);
  await s.start(td, t);
  const q = await queueOf(t);
  expect(q.queue.map((x) => x.estimatedStart)).toEqual([null, null]);
  expect(q.queue.every((x) => Number.isFinite(Date.parse(x.waitingSince ?? "")))).toBe(true);
});

test("a player's next match: the table once called, else the queue's estimate (20 minutes a match)", async () => {
  const { t, entrants } = await evening({ players: 8, tables: 1 });
  const ms = await s.matches(t);
  const [called, waiting] = [byPosition(ms, "winners", 1, 1), byPosition(ms, "winners", 1, 3)];
  const now = Date.now();
  // What the player's dashboard reads: their floors, and where their match stands in the queue.
  const nextFor = async (match: Match, side: "player1" | "player2") => {
    const me = entrants.find((e) => e.id === match[`${side}Id`]);
    const other = side === "player1" ? match.player2 : match.player1;
    const floor = (await s.sender.send(playerQueuesQuery(me?.id ?? ""))).get(t.id);
    const queued = floor ? queueOfFloor(floor, now).find((x) => x.match.id === match.id) : undefined;
    const table = match.status === "in_progress" ? (match.tableName ?? null) : null;
    return nextMatchText({ table, opponent: other?.name ?? "", estimatedStart: queued?.estimatedStart ?? null, now });
  };
  expect(await nextFor(called, "player1")).toBe(`Next: Table 1 vs ${called.player2?.name} — now`);
  // QF3 waits for QF1 and QF2 on the one table: about 40 minutes at 20 a match.
  expect(await nextFor(waiting, "player2")).toMatch(
    new RegExp(`^Next: vs ${waiting.player1?.name} — in about (39|40) min$`),
  );
});

test("the tablet says when its match was called: the call's own time", async () => {
  const { t, tableIds } = await evening({ players: 4, tables: 1 });
  const [code] = await s.rows<{ code: string }>("select access_code as code from tables where id = ?", [
    tableIds[0] ?? "",
  ]);
  const current = await s.tablet(String(code?.code)).current();
  expect(current?.status).toBe("in_progress");
  const called = byPosition(await s.matches(t), "winners", 1, 1).calledAt;
  expect(Date.parse(String(current?.calledAt))).toBe(called);
});

test("a walkover for the player who turned up frees the table, and the next match takes it", async () => {
  const { td, t } = await evening({ players: 4, tables: 1 });
  await settings(td, t, { noShowMinutes: 5 });
  const called = byPosition(await s.matches(t), "winners", 1, 1);
  await s.record(td, called.id, { winnerId: called.player2Id, outcome: "walkover" });
  const ms = await s.matches(t);
  expect(byPosition(ms, "winners", 1, 1)).toMatchObject({ status: "completed", winnerId: called.player2Id });
  expect(await s.count("matches", "id = ? and outcome = 'walkover'", [called.id])).toBe(1);
  expect(byPosition(ms, "winners", 1, 2).status).toBe("in_progress");
});

test("the floor fills tables with a tablet first, asking which once, only when it has a match to call", async () => {
  const { td, t, tableIds } = await evening({ players: 4, tables: 3, auto: false });
  const [t1, t2, t3] = tableIds as [string, string, string];
  // The switch goes on without its own fill (settings() would fill before the test asks).
  await s.db.$client.execute({ sql: "update tournaments set auto_assign = 1 where id = ?", args: [t.id] });
  let asked = 0;
  const tablets = async () => {
    asked += 1;
    return new Set([t3, t2]);
  };
  const filled = await fillFreeTables(s.sender, { organiserId: td.id, floors: "read", tablets });
  expect(asked).toBe(1);
  expect(filled.called.map((c) => c.tableId).sort()).toEqual([t2, t3].sort());
  expect(filled.called.map((c) => c.tableId)).not.toContain(t1);
  // Nothing left to call: the channel is not asked.
  await fillFreeTables(s.sender, { organiserId: td.id, floors: "read", tablets });
  expect(asked).toBe(1);
  await expectFloorSound(td.id);
});
