// Scoring at the table through the real Worker and database: codes refused
// and replaced (and their sockets closed), bad bodies, who may approve, the
// settings, the tap limit, statistics and standings, and the plain forms.
// How taps, confirms and approvals apply is tested in-process
// (app/features/floor/server/table-scoring.server.test.ts).
import { expect, test } from "vitest";
import { type Account, type TournamentJson, useFactories, validTournament } from "./support/factories.ts";
import type { HttpClient } from "./support/http.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Current = {
  id: string;
  player1Id: string;
  player2Id: string;
  player1Score: number;
  player2Score: number;
  winnerId: string | null;
  status: string;
  raceTo: number | null;
  breaker: 1 | 2 | null;
  awaitingApproval: boolean;
} | null;
type Match = {
  id: string;
  player1Id: string | null;
  player2Id: string | null;
  status: string;
  winnerId: string | null;
};

let taps = 0;
const newTapId = () => `tap-${Date.now().toString(36)}-${++taps}-${crypto.randomUUID().slice(0, 8)}`;

/** A tablet: anonymous, at a table by its code. */
function tablet(code: string, client: HttpClient = app.client()) {
  const send = (kind: string, body: Record<string, unknown>) =>
    client.json("POST", `/api/tables/by-code/${code}/${kind}`, body);
  return {
    send,
    rack: (player: 1 | 2, tapId = newTapId()) => send("racks", { tapId, player }),
    undo: (tapId = newTapId()) => send("undo", { tapId }),
    confirm: (body: Record<string, unknown> = {}, tapId = newTapId()) => send("confirm", { tapId, ...body }),
    lag: (player: 1 | 2, tapId = newTapId()) => send("lag", { tapId, player }),
    current: async (): Promise<Current> => {
      const response = await client.get(`/api/tables/by-code/${code}/current-match`);
      expect(response.status).toBe(200);
      return (await response.json()) as Current;
    },
  };
}

async function addTable(td: Account, name = "Table 1") {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; accessCode: string };
}

/** A started two-player tournament whose final is on a table: the tablet, the final, the table. */
async function finalAtTable(td: Account, settings: Record<string, unknown> = { raceTo: 3 }) {
  const t = await f.createTournament(td, { maxPlayers: 2, payoutStructure: "winner_only", ...settings });
  await f.enter(t, 2);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  if (!final?.player1Id || !final.player2Id) throw new Error("a two-player draw has a final with its players");
  const table = await addTable(td, `Table ${crypto.randomUUID().slice(0, 6)}`);
  expect((await td.client.json("PATCH", `/api/matches/${final.id}/table`, { tableId: table.id })).status).toBe(200);
  return { t, final, table, tab: tablet(table.accessCode) };
}

/** Refused with `status` and `message`; a tap's refusal also names its code, which clients tell refusals apart by. */
async function expectRefused(response: Response, status: number, message: string, code?: string) {
  expect(response.status).toBe(status);
  expect(((await response.json()) as { message: string }).message).toBe(message);
  if (code) expect(response.headers.get("Refusal-Code")).toBe(code);
}

async function matchOf(t: TournamentJson, id: string): Promise<Match> {
  const found = (await f.matchesOf<Match>(t)).find((m) => m.id === id);
  if (!found) throw new Error(`no match ${id}`);
  return found;
}

test("unknown codes, empty tables, another table's code and bad taps are refused and write nothing", async () => {
  const td = await f.organiser();
  const { final, tab } = await finalAtTable(td);
  const empty = await addTable(td, "Empty table");
  const other = tablet(empty.accessCode);

  await expectRefused(await tablet("ZZZZZZZZ").rack(1), 404, "Invalid access code");
  await expectRefused(await tablet("nope").rack(1), 404, "Invalid access code");
  // Another table's code reaches only that table: nothing is in progress there, and this match is untouched.
  await expectRefused(await other.rack(1), 409, "No match in progress on this table", "no-match");
  await expectRefused(
    await other.send("racks", { tapId: newTapId(), player: 1, matchId: final.id }),
    409,
    "No match in progress on this table",
  );
  expect(await tab.current()).toMatchObject({ player1Score: 0, player2Score: 0 });

  for (const body of [
    { tapId: "short", player: 1 },
    { tapId: "x".repeat(65), player: 1 },
    { tapId: "has spaces in it", player: 1 },
    { tapId: newTapId(), player: 3 },
    { tapId: newTapId() },
    { player: 1 },
  ]) {
    expect((await tab.send("racks", body)).status).toBe(400);
  }
  expect((await tab.send("nonsense", { tapId: newTapId() })).status).toBe(404);
  expect((await app.client().get(`/api/tables/by-code/${empty.accessCode}/racks`)).status).toBe(405);
  expect(await f.count("table_taps", "match_id = ?", [final.id])).toBe(0);
  await expectRefused(await tab.undo(), 409, "There is no rack to undo");
});

test("a new code disconnects the old one: its taps and reads are refused, the new code scores", async () => {
  const td = await f.organiser();
  const { table, tab } = await finalAtTable(td);
  expect((await tab.rack(1)).status).toBe(201);

  const stranger = await f.organiser("Other Director");
  expect((await stranger.client.json("POST", `/api/tables/${table.id}/new-code`)).status).toBe(403);
  const rotated = await td.client.json("POST", `/api/tables/${table.id}/new-code`);
  expect(rotated.status).toBe(200);
  const { accessCode } = (await rotated.json()) as { accessCode: string };
  expect(accessCode).not.toBe(table.accessCode);

  await expectRefused(await tab.rack(1), 404, "Invalid access code");
  expect((await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`)).status).toBe(404);
  expect((await app.client().get(`/scoreboard/${table.accessCode}`)).status).toBe(404);
  const fresh = tablet(accessCode);
  expect(await (await fresh.rack(2)).json()).toMatchObject({ player1Score: 1, player2Score: 1 });
});

test("a new code closes the old code's push sockets", async () => {
  const td = await f.organiser();
  const { table } = await finalAtTable(td);
  const socket = new WebSocket(`${app.url.replace(/^http/, "ws")}/api/live/tables/${table.accessCode}`);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("did not open")), { once: true });
  });
  // Told at once (the tablet reads again and finds its code refused), then closed.
  const told = new Promise<string>((resolve) => socket.addEventListener("message", (e) => resolve(String(e.data))));
  const closed = new Promise<number>((resolve) => socket.addEventListener("close", (e) => resolve(e.code)));
  expect((await td.client.json("POST", `/api/tables/${table.id}/new-code`)).status).toBe(200);
  expect(JSON.parse(await told)).toEqual({ type: "code" });
  expect(await closed).toBe(4404);
});

test("waiting for approval: the tablet's result is flagged, taps stop, the director approves it", async () => {
  const td = await f.organiser();
  const { t, final, tab } = await finalAtTable(td, { raceTo: 2, resultsFromTables: "approve" });
  expect((await tab.rack(2)).status).toBe(201);
  expect((await tab.rack(2)).status).toBe(201);
  const confirmed = await tab.confirm();
  expect(confirmed.status).toBe(201);
  expect(await confirmed.json()).toMatchObject({ status: "in_progress", awaitingApproval: true, player2Score: 2 });
  await expectRefused(await tab.rack(1), 409, "The result is waiting for the director's approval", "awaiting");
  await expectRefused(await tab.undo(), 409, "The result is waiting for the director's approval", "awaiting");
  expect(await matchOf(t, final.id)).toMatchObject({ status: "in_progress", winnerId: null });

  const player = await f.player();
  expect((await player.client.json("POST", `/api/matches/${final.id}/approve`)).status).toBe(403);
  expect((await td.client.json("POST", `/api/matches/${final.id}/approve`)).status).toBe(200);
  expect(await matchOf(t, final.id)).toMatchObject({ status: "completed", winnerId: final.player2Id });
  expect(await tab.current()).toMatchObject({ awaitingApproval: false, player2Score: 2, winnerId: final.player2Id });
  // The tablet tells "decided" by its code (it then says the director's version stands), not by the words.
  await expectRefused(await tab.rack(1), 409, "The match is already decided", "decided");
  await expectRefused(
    await td.client.json("POST", `/api/matches/${final.id}/approve`),
    409,
    "No result from the table is waiting for approval",
  );
});

test("settings: set at creation, changed by the director only, bad values refused", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { resultsFromTables: "approve", breakRule: "alternate" });
  expect(t).toMatchObject({ resultsFromTables: "approve", breakRule: "alternate" });
  const defaults = await f.createTournament(td);
  expect(defaults).toMatchObject({ resultsFromTables: "record", breakRule: "winner" });
  const refused = await td.client.json("POST", "/api/tournaments", validTournament({ breakRule: "loser" }));
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ errors: { breakRule: ["The break rule must be winner or alternate"] } });

  const path = `/api/tournaments/${t.id}/settings`;
  const saved = await td.client.json("PATCH", path, { resultsFromTables: "record" });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toEqual({
    message: "Settings saved",
    settings: { resultsFromTables: "record", breakRule: "alternate" },
  });
  expect((await td.client.json("PATCH", path, { breakRule: "loser" })).status).toBe(400);
  expect((await td.client.json("PATCH", path, { resultsFromTables: 1 })).status).toBe(400);
  const stranger = await f.organiser("Other Director");
  expect((await stranger.client.json("PATCH", path, { breakRule: "winner" })).status).toBe(403);
  expect((await app.client().json("PATCH", path, { breakRule: "winner" })).status).toBe(401);
  const unknown = `/api/tournaments/${crypto.randomUUID()}/settings`;
  expect((await td.client.json("PATCH", unknown, { breakRule: "winner" })).status).toBe(404);
  expect((await td.client.json("PATCH", path, {})).status).toBe(400);
  const [row] = (
    await f.sql().execute({ sql: "select results_from_tables, break_rule from tournaments where id = ?", args: [t.id] })
  ).rows;
  expect(row).toMatchObject({ results_from_tables: "record", break_rule: "alternate" });
});

test("taps are rate-limited per table code", async () => {
  const td = await f.organiser();
  const { tab } = await finalAtTable(td, { raceTo: 50 });
  const sameTap = newTapId();
  let status = 0;
  for (let i = 0; i < 121 && status !== 429; i++) status = (await tab.rack(1, sameTap)).status;
  expect(status).toBe(429);
  expect(await tab.current()).toMatchObject({ player1Score: 1 });
});

test("racks won and lost reach the player's statistics and the standings", async () => {
  const td = await f.organiser();
  const { t, final, tab } = await finalAtTable(td, { raceTo: 3 });
  for (const side of [1, 2, 1, 1] as const) expect((await tab.rack(side)).status).toBe(201);
  expect((await tab.confirm()).status).toBe(201);
  const standings = await f.standingsOf(t);
  expect(standings.find((r) => r.playerId === final.player1Id)).toMatchObject({ racksFor: 3, racksAgainst: 1 });
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);
  const [row] = (
    await f.sql().execute({
      sql: "select racks_won, racks_lost from player_stats where player_id = ?",
      args: [final.player1Id as string],
    })
  ).rows;
  expect(row).toMatchObject({ racks_won: 3, racks_lost: 1 });
});

test("the director's page flags a result waiting for approval; its plain form approves it", async () => {
  const td = await f.organiser();
  const { t, final, tab } = await finalAtTable(td, { raceTo: 1, resultsFromTables: "approve" });
  expect((await tab.rack(1)).status).toBe(201);
  expect((await tab.confirm()).status).toBe(201);
  const page = await td.client.get(`/tournament/${t.slug}?tab=bracket`);
  const html = await page.text();
  expect(html).toContain("Waiting for your approval");
  expect(html).toContain("1 result from a table waits");
  expect(html).toContain('value="approve-result"');
  const approved = await td.client.pagePost(`/tournament/${t.slug}?tab=bracket`, {
    intent: "approve-result",
    matchId: final.id,
  });
  expect(approved.status).toBe(302);
  expect(await matchOf(t, final.id)).toMatchObject({ status: "completed", winnerId: final.player1Id });
  expect(await (await td.client.get(`/tournament/${t.slug}?tab=bracket`)).text()).not.toContain(
    "Waiting for your approval",
  );
});

test("the tablet's plain forms tap once per id and come back with a note when refused", async () => {
  const td = await f.organiser();
  const { final, table, tab } = await finalAtTable(td, { raceTo: 2 });
  const client = app.client();
  const path = `/scoreboard/${table.accessCode}`;
  const form = { intent: "racks", tapId: newTapId(), player: "2", matchId: final.id };
  for (let i = 0; i < 2; i++) {
    const sent = await client.postForm(path, form);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(path);
  }
  expect(await tab.current()).toMatchObject({ player1Score: 0, player2Score: 1 });
  const undo = await client.postForm(path, { intent: "undo", tapId: newTapId(), matchId: final.id });
  expect(undo.headers.get("Location")).toBe(path);
  const none = await client.postForm(path, { intent: "undo", tapId: newTapId(), matchId: final.id });
  expect(none.headers.get("Location")).toBe(`${path}?note=no-rack`);
  const board = await (await client.get(`${path}?note=no-rack`)).text();
  expect(board).toContain("There is no rack to undo");
  // Only the known notes are shown: anything else in the address shows nothing.
  expect(await (await client.get(`${path}?note=%3Cscript%3E`)).text()).not.toContain("&lt;script");
  const bad = await client.postForm(path, { intent: "racks", tapId: "bad id", player: "1" });
  expect(bad.headers.get("Location")).toBe(`${path}?note=error`);
  expect(await tab.current()).toMatchObject({ player1Score: 0, player2Score: 0 });
});

test("New code on the tables page replaces the code", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Corner table");
  const renewed = await td.client.postForm("/td/tables", { intent: "new-code", tableId: table.id });
  expect(renewed.status).toBe(302);
  const [row] = (await (await td.client.get("/api/tables")).json()) as { accessCode: string }[];
  expect(row?.accessCode).not.toBe(table.accessCode);
  expect((await app.client().get(`/api/tables/by-code/${table.accessCode}`)).status).toBe(404);
  const other = await f.organiser("Other Director");
  const refused = await other.client.postForm("/td/tables", { intent: "new-code", tableId: table.id });
  expect(refused.status).toBe(302);
  const [still] = (await (await td.client.get("/api/tables")).json()) as { accessCode: string }[];
  expect(still?.accessCode).toBe(row?.accessCode);
});

test("odd bodies get a clear 4xx, never a 500, and write nothing", async () => {
  const td = await f.organiser();
  const { final, table, tab } = await finalAtTable(td);
  const client = app.client();
  const path = (kind: string) => `/api/tables/by-code/${table.accessCode}/${kind}`;
  for (const kind of ["racks", "undo", "confirm", "lag"]) {
    for (const body of [null, [], "text", 7, { tapId: null }, { tapId: ["a"] }, { tapId: "ééééééééé", player: 1 }]) {
      const response = await client.json("POST", path(kind), body);
      expect(response.status, `${kind} ${JSON.stringify(body)}`).toBe(400);
    }
    const long = await client.json("POST", path(kind), { tapId: newTapId(), player: 1, matchId: "m".repeat(65) });
    expect(long.status).toBe(400);
    const notJson = await client.request(path(kind), {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  }
  for (const body of [{ player: 1.5 }, { player: "x" }, { winner: 0 }, { player1Score: 1e9 }, { player2Score: -1 }]) {
    const kind = "player" in body ? "racks" : "confirm";
    expect((await client.json("POST", path(kind), { tapId: newTapId(), ...body })).status).toBe(400);
  }
  expect(await f.count("table_taps", "match_id = ?", [final.id])).toBe(0);
  expect(await tab.current()).toMatchObject({ player1Score: 0, player2Score: 0 });
});

test("PATCH settings, the floor's and table scoring's together: one answer with all four; finished, none", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const path = `/api/tournaments/${t.id}/settings`;
  const all = { autoAssign: true, noShowMinutes: 7, resultsFromTables: "approve", breakRule: "alternate" };
  const saved = await td.client.json("PATCH", path, all);
  expect(saved.status).toBe(200);
  expect(await saved.json()).toEqual({ message: "Settings saved", settings: all });
  const columns = "auto_assign, no_show_minutes, results_from_tables, break_rule";
  const row = async () =>
    (await f.sql().execute({ sql: `select ${columns} from tournaments where id = ?`, args: [t.id] })).rows[0];
  const stored = { auto_assign: 1, no_show_minutes: 7, results_from_tables: "approve", break_rule: "alternate" };
  expect(await row()).toMatchObject(stored);
  // Once finished the floor refuses the call, and table scoring's half is not written either.
  await f.sql().execute({ sql: "update tournaments set status = 'finished' where id = ?", args: [t.id] });
  const late = { autoAssign: false, noShowMinutes: 9, resultsFromTables: "record", breakRule: "winner" };
  expect((await td.client.json("PATCH", path, late)).status).toBe(409);
  expect(await row()).toMatchObject(stored);
});

test("the director changes the tournament's settings in its dialog (a plain form): floor, table scoring", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const path = `/tournament/${t.slug}`;
  const page = await (await td.client.get(path)).text();
  expect(page).toContain(`${path}?confirm=settings`);
  expect(page).not.toContain("Results from tables");
  const dialog = await (await td.client.get(`${path}?confirm=settings`)).text();
  for (const label of ["Assign tables automatically", "No-show minutes", "Results from tables", "Break rule"]) {
    expect(dialog).toContain(label);
  }
  const settings = async () =>
    (
      await f.sql().execute({
        sql: "select auto_assign, no_show_minutes, results_from_tables, break_rule from tournaments where id = ?",
        args: [t.id],
      })
    ).rows[0];
  const form = { intent: "settings", autoAssign: "true", noShowMinutes: "15" };
  const saved = await td.client.pagePost(path, { ...form, resultsFromTables: "approve", breakRule: "alternate" });
  expect(saved.status).toBe(302);
  const after = { auto_assign: 1, no_show_minutes: 15, results_from_tables: "approve", break_rule: "alternate" };
  expect(await settings()).toMatchObject(after);
  // A bad value anywhere changes nothing, nor does another director.
  await td.client.pagePost(path, { ...form, noShowMinutes: "5", resultsFromTables: "later", breakRule: "winner" });
  await td.client.pagePost(path, { ...form, noShowMinutes: "61", resultsFromTables: "record", breakRule: "winner" });
  const other = await f.organiser("Other Director");
  await other.client.pagePost(path, { ...form, autoAssign: "false", resultsFromTables: "record", breakRule: "winner" });
  expect(await settings()).toMatchObject(after);
  // A visitor sees no settings, and cannot open them.
  const visitor = await (await app.client().get(`${path}?confirm=settings`)).text();
  expect(visitor).not.toContain("Results from tables");
});
