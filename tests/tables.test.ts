// Tables and the scoreboard through the real Worker: the tables API's JSON and who may call it, codes in the URL,
// current-match's answer and its cache headers, the tables page's forms, the scoreboard page, many tablets polling at
// once and the bracket's table picker. Naming, codes, busy tables, the same name twice and what a tablet shows are
// tested in-process (app/features/floor/server/tables.server.test.ts).
import { expect, test } from "vitest";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Table = { id: string; name: string; accessCode: string };

async function addTable(td: Account, name: string): Promise<Table> {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Table;
}

type Match = { id: string; player1Id: string | null; player2Id: string | null; status: string };
const playableMatches = async (t: TournamentJson) =>
  ((await (await app.client().get(`/api/tournaments/${t.id}/matches`)).json()) as Match[]).filter(
    (m) => m.player1Id && m.player2Id && m.status !== "completed",
  );

test("the tables API: 201 with the name trimmed and a code, the list, delete; refusals; who may call it", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "  Table 1  ");
  expect(table).toEqual({
    id: expect.any(String),
    name: "Table 1",
    accessCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
  });
  const list = async (who: Account) => (await (await who.client.get("/api/tables")).json()) as Table[];
  expect((await list(td)).map((t) => t.name)).toEqual(["Table 1"]);

  const before = await f.count("tables");
  const refused: [unknown, number, unknown][] = [
    [{ name: "  " }, 400, { message: "Please enter a table name", errors: { name: ["Please enter a table name"] } }],
    [null, 400, expect.objectContaining({ message: expect.any(String) })],
    [{ name: "table 1" }, 409, { message: "You already have a table called Table 1" }],
  ];
  for (const [body, status, answer] of refused) {
    const response = await td.client.json("POST", "/api/tables", body);
    expect(response.status, JSON.stringify(body)).toBe(status);
    expect(await response.json()).toEqual(answer);
  }
  expect((await app.client().json("POST", "/api/tables", { name: "Visitor" })).status).toBe(401);
  const p = await f.player();
  expect((await p.client.json("POST", "/api/tables", { name: "Player" })).status).toBe(403);
  expect((await p.client.get("/api/tables")).status).toBe(403);
  expect(await f.count("tables")).toBe(before);

  const other = await f.organiser("Other");
  expect(await list(other)).toEqual([]);
  const remove = (who: { request: (path: string, init: RequestInit) => Promise<Response> }) =>
    who.request(`/api/tables/${table.id}`, { method: "DELETE" });
  expect((await remove(other.client)).status).toBe(403);
  expect((await remove(p.client)).status).toBe(403);
  expect((await remove(app.client())).status).toBe(401);
  expect((await td.client.request("/api/tables/missing", { method: "DELETE" })).status).toBe(404);
  const removed = await remove(td.client);
  expect(removed.status).toBe(200);
  expect(await removed.json()).toEqual({ message: "Table removed successfully" });
  expect(await list(td)).toEqual([]);
});

test("a code in the URL: any case, spaces; one naming no table is a 404; current-match null, cacheable", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Table 7");
  const byCode = await app.client().get(`/api/tables/by-code/${table.accessCode.toLowerCase()}`);
  expect(byCode.status).toBe(200);
  expect(await byCode.json()).toEqual(table);
  expect((await app.client().get(`/api/tables/by-code/%20${table.accessCode}%20`)).status).toBe(200);
  for (const code of ["%C3%84BCD2345", "ABCD%3C345"]) {
    expect((await app.client().get(`/api/tables/by-code/${code}`)).status, code).toBe(404);
    expect((await app.client().get(`/api/tables/by-code/${code}/current-match`)).status, code).toBe(404);
  }

  const empty = await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`);
  expect(empty.status).toBe(200);
  expect(await empty.json()).toBeNull();
  expect(empty.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300");
  expect(empty.headers.get("Cache-Tag")).toBe(`table-${table.accessCode},tables-${td.id}`);
});

test("the tables page works as forms without JavaScript: add, blank name, delete dialog, markup escaped", async () => {
  const td = await f.organiser();
  const added = await td.client.postForm("/td/tables", { intent: "add", name: "  <b>Snooker</b> Table  " });
  expect(added.status).toBe(302);
  const page = await (await td.client.get("/td/tables")).text();
  expect(page).toContain("Table created");
  expect(page).toContain("New table added successfully");
  expect(page).toContain("&lt;b&gt;Snooker&lt;/b&gt; Table");
  expect(page).not.toContain("<b>Snooker</b>");

  const blank = await td.client.postForm("/td/tables", { intent: "add", name: "   " });
  expect(blank.status).toBe(400);
  expect(await blank.text()).toContain("Please enter a table name");
  const before = await f.count("tables");
  const twice = await td.client.postForm("/td/tables", { intent: "add", name: "<B>snooker</B>  table" });
  expect(twice.status).toBe(409);
  expect(await twice.text()).toContain("You already have a table called &lt;b&gt;Snooker&lt;/b&gt; Table");
  expect(await f.count("tables")).toBe(before);

  const [table] = (await (await td.client.get("/api/tables")).json()) as Table[];
  const dialog = (await (await td.client.get(`/td/tables?delete=${table!.id}`)).text()).replaceAll("<!-- -->", "");
  expect(dialog).toContain("Delete &lt;b&gt;Snooker&lt;/b&gt; Table?");
  expect(dialog).toContain(
    "This will remove the table and its access code. Any tablets using this code will no longer work.",
  );
  const deleted = await td.client.postForm("/td/tables", { intent: "delete", tableId: table!.id });
  expect(await (await td.client.get(deleted.headers.get("Location")!)).text()).toContain("Table removed successfully");

  const empty = await (await td.client.get("/td/tables")).text();
  expect(empty).toContain("No tables yet. Add your first table above.");
  const p = await f.player();
  expect((await p.client.get("/td/tables")).headers.get("Location")).toBe("/player/dashboard");
  expect((await app.client().get("/td/tables")).headers.get("Location")).toBe("/login?redirectTo=%2Ftd%2Ftables");
});

test("the scoreboard page: the code form, an invalid code, a table waiting, refreshed for no-JS tablets", async () => {
  const start = await (await app.client().get("/scoreboard")).text();
  expect(start).toContain("Table Scoreboard");
  expect(start).toContain("View Scoreboard");
  const go = await app.client().get("/scoreboard?code=%20abcd2345%20");
  expect(go.headers.get("Location")).toBe("/scoreboard/ABCD2345");

  const invalid = await app.client().get("/scoreboard/NOPE1234");
  expect(invalid.status).toBe(404);
  const invalidHtml = await invalid.text();
  expect(invalidHtml).toContain("Invalid access code");
  expect(invalidHtml).toContain("Try Again");

  const td = await f.organiser();
  const table = await addTable(td, "Table 3");
  const waiting = await (await app.client().get(`/scoreboard/${table.accessCode.toLowerCase()}`)).text();
  for (const text of [
    "Table 3",
    "Live Match Information",
    "No Active Match",
    "Waiting for a match to be assigned to this table...",
    "Change Table",
  ]) {
    expect(waiting).toContain(text);
  }
  expect(waiting).toContain('<meta http-equiv="refresh" content="5"/>');
});

test("a match at a table: its round and race on the board; 60 tablets polling at once; the busy table", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 8, raceTo: 5 });
  await f.enter(t, 8);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const table = await addTable(td, "Table 1");
  const [first, second] = await playableMatches(t);
  if (!first || !second) throw new Error("an eight-player draw has first-round matches");
  expect((await td.client.json("PATCH", `/api/matches/${first.id}/table`, { tableId: table.id })).status).toBe(200);

  const current = await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`);
  expect(await current.json()).toMatchObject({ round: 1, label: "Quarter-Finals", raceTo: 5, status: "in_progress" });
  const page = (await (await app.client().get(`/scoreboard/${table.accessCode}`)).text()).replaceAll("<!-- -->", "");
  expect(page).toContain("Friday 8-Ball Knockout");
  // Labelled as the bracket labels it.
  expect(page).toMatch(/Quarter-Finals · Match \d · Race to 5/);
  expect(page).not.toContain("Round 1 - Match 1");
  expect(page).toContain("in progress");

  // Many tablets polling at once all get answers (no request waits on another's database I/O).
  const responses = await Promise.all(
    Array.from({ length: 60 }, () => app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`)),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(60).fill(200));
  const bodies = (await Promise.all(responses.map((r) => r.json()))) as { status: string }[];
  expect(bodies.every((b) => b.status === "in_progress")).toBe(true);

  // The table picker marks a table that another match is being played on.
  const [listed] = (await (await td.client.get("/api/tables")).json()) as (Table & { busyWith: string | null })[];
  expect(listed?.busyWith).toBe(first.id);
  const bracket = await (await td.client.get(`/tournament/${t.slug}?tab=bracket`)).text();
  const pickerOf = (matchId: string) => {
    const from = bracket.indexOf(`name="matchId" value="${matchId}"`);
    return bracket.slice(from, bracket.indexOf("</select>", from));
  };
  expect(pickerOf(first.id)).toContain(">Table 1<");
  expect(pickerOf(second.id)).toContain(">Table 1 (in use)<");
  // Once its match has a result the table is free again.
  const done = await td.client.json("PATCH", `/api/matches/${first.id}`, { winnerId: first.player1Id });
  expect(done.status).toBe(200);
  const after = await (await td.client.get(`/tournament/${t.slug}?tab=bracket`)).text();
  expect(after).not.toContain("Table 1 (in use)");
});
