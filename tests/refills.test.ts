// Every way a table frees, it refills: with "Assign tables automatically" on,
// a result recorded however it is recorded — the API, the director's form, a
// tablet's confirm (recorded at once, or approved by the director), the
// scoreboard's plain form, a walkover, a double forfeit — a table added, and a
// table deleted mid-match (its match back in the queue) all call the next
// match without the director assigning anything. Real Worker, real libSQL.
import { expect, test } from "vitest";
import type { MatchView } from "../app/features/play/domain/play.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = Pick<MatchView, "id" | "round" | "matchNumber" | "player1Id" | "player2Id" | "status" | "tableId">;
type Table = { id: string; name: string; accessCode: string };

let taps = 0;
const tapId = () => `tap-${Date.now().toString(36)}-${++taps}`;

async function addTable(td: Account, name: string): Promise<Table> {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status).toBe(201);
  return (await response.json()) as Table;
}

/** 8 paid players, automatic assignment on, started with `tables` tables: the first matches are on them. */
async function evening(tables: number, settings: Record<string, unknown> = {}) {
  const td = await f.organiser();
  const tabled: Table[] = [];
  for (let i = 0; i < tables; i++) tabled.push(await addTable(td, `Table ${i + 1}`));
  const t = await f.createTournament(td, { maxPlayers: 8, raceTo: 2, ...settings });
  expect((await td.client.json("PATCH", `/api/tournaments/${t.id}/settings`, { autoAssign: true })).status).toBe(200);
  await f.enter(t, 8);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  return { td, t, tables: tabled };
}

const matchesOf = (t: TournamentJson) => f.matchesOf<Match>(t);
const onTable = async (t: TournamentJson, table: Table) =>
  (await matchesOf(t)).find((m) => m.status === "in_progress" && m.tableId === table.id);

/** The match on `table` now, which must be there. */
async function playing(t: TournamentJson, table: Table): Promise<Match> {
  const m = await onTable(t, table);
  if (!m) throw new Error(`nothing on ${table.name}`);
  return m;
}

/** After the table's match was decided, another match is on it (the next in the queue), and nothing is doubled. */
async function expectRefilled(t: TournamentJson, table: Table, decided: Match) {
  const ms = await matchesOf(t);
  expect(ms.find((m) => m.id === decided.id)?.status).toBe("completed");
  const next = ms.find((m) => m.status === "in_progress" && m.tableId === table.id);
  expect(next, `${table.name} refilled`).toBeDefined();
  expect(next?.id).not.toBe(decided.id);
  const tables = ms.filter((m) => m.status === "in_progress").map((m) => m.tableId);
  expect(new Set(tables).size).toBe(tables.length);
}

const tablet = (table: Table) => ({
  rack: (player: 1 | 2) =>
    app.client().json("POST", `/api/tables/by-code/${table.accessCode}/racks`, { tapId: tapId(), player }),
  confirm: () => app.client().json("POST", `/api/tables/by-code/${table.accessCode}/confirm`, { tapId: tapId() }),
});

test("a result by the API refills its table", async () => {
  const { td, t, tables } = await evening(2);
  const m = await playing(t, tables[0] as Table);
  expect((await td.client.json("PATCH", `/api/matches/${m.id}`, { winnerId: m.player1Id })).status).toBe(200);
  await expectRefilled(t, tables[0] as Table, m);
});

test("a result by the director's form (no JavaScript) refills its table", async () => {
  const { td, t, tables } = await evening(2);
  const m = await playing(t, tables[1] as Table);
  const response = await td.client.postForm(`/tournament/${t.slug}`, {
    intent: "record-result",
    matchId: m.id,
    winnerId: m.player2Id as string,
  });
  expect(response.status).toBe(302);
  await expectRefilled(t, tables[1] as Table, m);
});

test("a walkover and a double forfeit each refill their table", async () => {
  const { td, t, tables } = await evening(2);
  const [one, two] = [await playing(t, tables[0] as Table), await playing(t, tables[1] as Table)];
  const walkover = await td.client.json("PATCH", `/api/matches/${one.id}`, {
    winnerId: one.player1Id,
    outcome: "walkover",
  });
  expect(walkover.status).toBe(200);
  await expectRefilled(t, tables[0] as Table, one);
  const forfeit = await td.client.json("PATCH", `/api/matches/${two.id}`, { outcome: "double_forfeit" });
  expect(forfeit.status, await forfeit.clone().text()).toBe(200);
  await expectRefilled(t, tables[1] as Table, two);
});

test("a result confirmed on a tablet ('Record at once') refills its table", async () => {
  const { t, tables } = await evening(2, { resultsFromTables: "record" });
  const table = tables[0] as Table;
  const m = await playing(t, table);
  const tab = tablet(table);
  for (let i = 0; i < 2; i++) expect((await tab.rack(1)).status).toBe(201);
  expect((await tab.confirm()).status).toBe(201);
  await expectRefilled(t, table, m);
});

test("a tablet's result waiting for approval refills its table once the director approves (API and form)", async () => {
  const { td, t, tables } = await evening(2, { resultsFromTables: "approve" });
  for (const [i, table] of (tables as Table[]).entries()) {
    const m = await playing(t, table);
    const tab = tablet(table);
    for (let r = 0; r < 2; r++) expect((await tab.rack(2)).status).toBe(201);
    expect((await tab.confirm()).status).toBe(201);
    // Waiting: the table is still the match's.
    expect((await onTable(t, table))?.id).toBe(m.id);
    const approved =
      i === 0
        ? await td.client.json("POST", `/api/matches/${m.id}/approve`)
        : await td.client.postForm(`/tournament/${t.slug}`, { intent: "approve-result", matchId: m.id });
    expect(approved.status).toBe(i === 0 ? 200 : 302);
    await expectRefilled(t, table, m);
  }
});

test("a result confirmed on the scoreboard's plain form refills its table", async () => {
  const { t, tables } = await evening(1, { resultsFromTables: "record" });
  const table = tables[0] as Table;
  const m = await playing(t, table);
  const board = app.client();
  const form = (fields: Record<string, string>) => board.postForm(`/scoreboard/${table.accessCode}`, fields);
  for (let r = 0; r < 2; r++) {
    expect((await form({ intent: "racks", tapId: tapId(), player: "1", matchId: m.id })).status).toBe(303);
  }
  expect((await form({ intent: "confirm", tapId: tapId(), matchId: m.id })).status).toBe(303);
  await expectRefilled(t, table, m);
});

test("a table deleted mid-match sends its match back to the queue, and a free table takes it", async () => {
  const { td, t, tables } = await evening(2);
  const [first] = tables as [Table, Table];
  const m = await playing(t, first);
  // A third table, added mid-evening, takes the first match in the queue at once.
  const third = await addTable(td, "Table 3");
  expect(await onTable(t, third)).toBeDefined();
  const deleted = await td.client.request(`/api/tables/${first.id}`, { method: "DELETE" });
  expect(deleted.status).toBe(200);
  // Back in the queue (no table anywhere is free), not in progress on no table.
  const back = (await matchesOf(t)).find((x) => x.id === m.id);
  expect(back).toMatchObject({ status: "pending", tableId: null });
  const queue = (await (await app.client().get(`/api/tournaments/${t.id}/queue`)).json()) as {
    queue: { matchId: string }[];
  };
  expect(queue.queue.map((q) => q.matchId)).toContain(m.id);
  // A result on Table 3 frees it: a match from the queue goes there.
  const onThird = await playing(t, third);
  expect((await td.client.json("PATCH", `/api/matches/${onThird.id}`, { winnerId: onThird.player1Id })).status).toBe(
    200,
  );
  await expectRefilled(t, third, onThird);
  const stray = await f.count("matches", "tournament_id = ? and status = 'in_progress' and table_id is null", [t.id]);
  expect(stray).toBe(0);
});

test("deleting a table whose match is playing, with a free table waiting, moves the match there", async () => {
  const td = await f.organiser();
  const [one, spare] = [await addTable(td, "Table 1"), await addTable(td, "Table 2")];
  const t = await f.createTournament(td, { maxPlayers: 2 });
  expect((await td.client.json("PATCH", `/api/tournaments/${t.id}/settings`, { autoAssign: true })).status).toBe(200);
  await f.enter(t, 2);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const final = (await onTable(t, one)) ?? (await onTable(t, spare));
  if (!final) throw new Error("the final is on a table");
  const [gone, free] = final.tableId === one.id ? [one, spare] : [spare, one];
  expect((await td.client.request(`/api/tables/${gone.id}`, { method: "DELETE" })).status).toBe(200);
  expect((await matchesOf(t)).find((x) => x.id === final.id)).toMatchObject({
    status: "in_progress",
    tableId: free.id,
  });
});
