// Every adapter that frees a table refills it through the real Worker: with "Assign tables automatically" on, a
// result sent as JSON or by the director's form (no JavaScript), a tablet's confirm approved by JSON or by the form,
// the scoreboard's plain form, and a table deleted (its match back in the queue) each answer as their route should
// and leave the next match called. Every way a table refills — walkovers, double forfeits, 'Record at once', a table
// added or deleted with another free — is app/features/floor/server/refills.server.test.ts's.
import { expect, test } from "vitest";
import type { MatchView } from "../app/features/play/domain/play.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = Pick<MatchView, "id" | "player1Id" | "player2Id" | "status" | "tableId">;
type Table = { id: string; name: string; accessCode: string };

let taps = 0;
const tapId = () => `tap-${Date.now().toString(36)}-${++taps}`;

async function addTable(td: Account, name: string): Promise<Table> {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status).toBe(201);
  return (await response.json()) as Table;
}

/** `players` paid players, automatic assignment on, started with `tables` tables: the first matches are on them. */
async function evening(tables: number, players: number, settings: Record<string, unknown> = {}) {
  const td = await f.organiser();
  const tabled: Table[] = [];
  for (let i = 0; i < tables; i++) tabled.push(await addTable(td, `Table ${i + 1}`));
  const t = await f.createTournament(td, { maxPlayers: Math.max(4, players), raceTo: 2, ...settings });
  expect((await td.client.json("PATCH", `/api/tournaments/${t.id}/settings`, { autoAssign: true })).status).toBe(200);
  await f.enter(t, players);
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

test("each adapter's answer, and the table it freed called again", async () => {
  // Double elimination on one table, waiting for the director's approval of the tablets' results: each result
  // leaves another match ready for the table.
  const { td, t, tables } = await evening(1, 4, { tournamentType: "double_elimination", resultsFromTables: "approve" });
  const table = tables[0] as Table;
  const page = `/tournament/${t.slug}`;

  const byJson = await playing(t, table);
  expect((await td.client.json("PATCH", `/api/matches/${byJson.id}`, { winnerId: byJson.player1Id })).status).toBe(200);
  await expectRefilled(t, table, byJson);

  const byForm = await playing(t, table);
  const recorded = await td.client.pagePost(page, {
    intent: "record-result",
    matchId: byForm.id,
    winnerId: byForm.player2Id as string,
  });
  expect(recorded.status).toBe(302);
  await expectRefilled(t, table, byForm);

  // A tablet's confirm waits for the director, who approves it by JSON.
  const byTablet = await playing(t, table);
  const tab = tablet(table);
  for (let r = 0; r < 2; r++) expect((await tab.rack(1)).status).toBe(201);
  expect((await tab.confirm()).status).toBe(201);
  expect((await onTable(t, table))?.id).toBe(byTablet.id);
  expect((await td.client.json("POST", `/api/matches/${byTablet.id}/approve`)).status).toBe(200);
  await expectRefilled(t, table, byTablet);

  // The scoreboard's plain form confirms; the director approves by the page's form.
  const byBoard = await playing(t, table);
  const board = app.client();
  const form = (fields: Record<string, string>) => board.postForm(`/scoreboard/${table.accessCode}`, fields);
  for (let r = 0; r < 2; r++) {
    expect((await form({ intent: "racks", tapId: tapId(), player: "2", matchId: byBoard.id })).status).toBe(303);
  }
  expect((await form({ intent: "confirm", tapId: tapId(), matchId: byBoard.id })).status).toBe(303);
  expect((await onTable(t, table))?.id).toBe(byBoard.id);
  const approved = await td.client.pagePost(page, { intent: "approve-result", matchId: byBoard.id });
  expect(approved.status).toBe(302);
  await expectRefilled(t, table, byBoard);

  // The table deleted mid-match: its match goes back to the queue.
  const stranded = await playing(t, table);
  expect((await td.client.request(`/api/tables/${table.id}`, { method: "DELETE" })).status).toBe(200);
  expect((await matchesOf(t)).find((x) => x.id === stranded.id)).toMatchObject({ status: "pending", tableId: null });
  const queue = (await (await app.client().get(`/api/tournaments/${t.id}/queue`)).json()) as {
    queue: { matchId: string }[];
  };
  expect(queue.queue.map((q) => q.matchId)).toContain(stranded.id);
});
