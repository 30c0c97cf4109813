// Tables and the scoreboard through the real Worker.
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

async function startedTournament(
  td: Account,
  players = 4,
  overrides: Record<string, unknown> = {},
): Promise<TournamentJson> {
  const t = await f.createTournament(td, { maxPlayers: 8, ...overrides });
  for (let i = 0; i < players; i++) {
    const p = await f.player(`Player ${i + 1}`);
    const { paymentIntentId } = (await (
      await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id })
    ).json()) as { paymentIntentId: string };
    await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, { cardNumber: "4242424242424242" });
  }
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  return t;
}

type Match = {
  id: string;
  round: number;
  player1Id: string | null;
  player2Id: string | null;
  status: string;
  isBye: boolean;
};
const playableMatches = async (t: TournamentJson) =>
  ((await (await app.client().get(`/api/tournaments/${t.id}/matches`)).json()) as Match[]).filter(
    (m) => m.player1Id && m.player2Id && m.status !== "completed",
  );

test("a director adds, lists and deletes tables; names are trimmed; codes are 8 unique characters", async () => {
  const td = await f.organiser();
  const t1 = await addTable(td, "  Table 1  ");
  const t2 = await addTable(td, "Table 2");
  expect(t1.name).toBe("Table 1");
  expect(t1.accessCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  expect(t1.accessCode).not.toBe(t2.accessCode);
  const list = (await (await td.client.get("/api/tables")).json()) as Table[];
  expect(list.map((t) => t.name)).toEqual(["Table 1", "Table 2"]);
  expect((await td.client.request(`/api/tables/${t1.id}`, { method: "DELETE" })).status).toBe(200);
  expect(((await (await td.client.get("/api/tables")).json()) as Table[]).map((t) => t.name)).toEqual(["Table 2"]);
});

test("bad table input and the wrong people are refused, writing nothing", async () => {
  const td = await f.organiser();
  const before = await f.count("tables");
  for (const body of [{ name: "" }, { name: "    " }, {}, { name: 42 }, { name: "x".repeat(10_000) }, null]) {
    const response = await td.client.json("POST", "/api/tables", body);
    expect(response.status, JSON.stringify(body)).toBe(400);
  }
  const blank = await td.client.json("POST", "/api/tables", { name: "  " });
  expect(((await blank.json()) as { message: string }).message).toBe("Please enter a table name");
  expect((await app.client().json("POST", "/api/tables", { name: "Visitor" })).status).toBe(401);
  const p = await f.player();
  expect((await p.client.json("POST", "/api/tables", { name: "Player" })).status).toBe(403);
  expect((await p.client.get("/api/tables")).status).toBe(403);
  expect(await f.count("tables")).toBe(before);

  const mine = await addTable(td, "Mine");
  const other = await f.organiser("Other");
  expect((await other.client.request(`/api/tables/${mine.id}`, { method: "DELETE" })).status).toBe(403);
  expect((await p.client.request(`/api/tables/${mine.id}`, { method: "DELETE" })).status).toBe(403);
  expect((await app.client().request(`/api/tables/${mine.id}`, { method: "DELETE" })).status).toBe(401);
  expect((await td.client.request(`/api/tables/missing`, { method: "DELETE" })).status).toBe(404);
  expect((await (await other.client.get("/api/tables")).json()) as Table[]).toEqual([]);
  expect(await f.count("tables", "id = ?", [mine.id])).toBe(1);
});

test("codes are found ignoring case and spaces; wrong lengths, unicode and unknown codes are 404", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Table 7");
  const byCode = await app.client().get(`/api/tables/by-code/${table.accessCode.toLowerCase()}`);
  expect(byCode.status).toBe(200);
  expect(await byCode.json()).toEqual(table);
  expect((await app.client().get(`/api/tables/by-code/%20${table.accessCode}%20`)).status).toBe(200);
  for (const code of ["ABC", "ABCDEFGHJ", "%C3%84BCD2345", "ZZZZZZZZ", "ABCD%3C345"]) {
    expect((await app.client().get(`/api/tables/by-code/${code}`)).status, code).toBe(404);
    expect((await app.client().get(`/api/tables/by-code/${code}/current-match`)).status, code).toBe(404);
  }
});

test(`current-match: \
null until assigned, then the most recently assigned match of a tournament in progress`, async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Table 1");
  const empty = await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`);
  expect(empty.status).toBe(200);
  expect(await empty.json()).toBeNull();
  expect(empty.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300");
  expect(empty.headers.get("Cache-Tag")).toBe(`table-${table.accessCode},tables-${td.id}`);

  const t = await startedTournament(td, 4);
  const [a, b] = await playableMatches(t);
  await td.client.json("PATCH", `/api/matches/${a!.id}/table`, { tableId: table.id });
  // One match at a time on a table: the second waits until the first has its result.
  const busy = await td.client.json("PATCH", `/api/matches/${b!.id}/table`, { tableId: table.id });
  expect(busy.status).toBe(409);
  expect(await busy.json()).toMatchObject({ message: "Table 1 has a match in progress" });
  await td.client.json("PATCH", `/api/matches/${a!.id}`, { winnerId: a!.player1Id });
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect((await td.client.json("PATCH", `/api/matches/${b!.id}/table`, { tableId: table.id })).status).toBe(200);
  const current = (await (
    await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`)
  ).json()) as Record<string, unknown>;
  expect(current).toMatchObject({
    tournament: { name: "Friday 8-Ball Knockout" },
    round: 1,
    player1Id: b!.player1Id,
    player2Id: b!.player2Id,
    player1Score: 0,
    player2Score: 0,
    winnerId: null,
    status: "in_progress",
  });
  expect((current.player1 as { name: string }).name).toMatch(/^Player \d$/);

  // The result shows on the table with the winner.
  await td.client.json("PATCH", `/api/matches/${b!.id}`, { winnerId: b!.player2Id, player1Score: 2, player2Score: 5 });
  const done = (await (
    await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`)
  ).json()) as Record<string, unknown>;
  expect(done).toMatchObject({ status: "completed", winnerId: b!.player2Id, player1Score: 2, player2Score: 5 });

  // Deleting the table clears it from its matches.
  await td.client.request(`/api/tables/${table.id}`, { method: "DELETE" });
  expect(await f.count("matches", "table_id = ?", [table.id])).toBe(0);
  expect((await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`)).status).toBe(404);
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

test(`the scoreboard page: \
code form, invalid code, no match, live match with a refresh for no-JS tablets`, async () => {
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

  const t = await startedTournament(td, 2);
  const [m] = await playableMatches(t);
  await td.client.json("PATCH", `/api/matches/${m!.id}/table`, { tableId: table.id });
  const live = (await (await app.client().get(`/scoreboard/${table.accessCode}`)).text()).replaceAll("<!-- -->", "");
  expect(live).toContain("Friday 8-Ball Knockout");
  // Labelled as the bracket labels it: a two-player draw is the final.
  expect(live).toContain("Final");
  expect(live).not.toContain("Round 1 - Match 1");
  expect(live).toContain("in progress");
});

test("many tablets polling at once all get answers (no request waits on another's database I/O)", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Busy Table");
  const t = await startedTournament(td, 2);
  const [m] = await playableMatches(t);
  await td.client.json("PATCH", `/api/matches/${m!.id}/table`, { tableId: table.id });
  const responses = await Promise.all(
    Array.from({ length: 60 }, () => app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`)),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(60).fill(200));
  const bodies = (await Promise.all(responses.map((r) => r.json()))) as { status: string }[];
  expect(bodies.every((b) => b.status === "in_progress")).toBe(true);
});

test("a second table of the same name (ignoring case and spaces) is refused; another director may use it", async () => {
  const td = await f.organiser();
  await addTable(td, "Table 1");
  const before = await f.count("tables");
  for (const name of ["Table 1", "table 1", "TABLE1", "  Table  1 "]) {
    const response = await td.client.json("POST", "/api/tables", { name });
    expect(response.status, name).toBe(409);
    expect(await response.json()).toEqual({ message: "You already have a table called Table 1" });
  }
  expect(await f.count("tables")).toBe(before);
  const form = await td.client.postForm("/td/tables", { intent: "add", name: "table 1" });
  expect(form.status).toBe(409);
  expect(await form.text()).toContain("You already have a table called Table 1");
  expect(await f.count("tables")).toBe(before);

  await addTable(await f.organiser(), "Table 1");
  await addTable(td, "Table 2");

  // Two quick clicks at once make one table.
  const clicks = await Promise.all(
    Array.from({ length: 6 }, () => td.client.json("POST", "/api/tables", { name: "Table 3" })),
  );
  expect(clicks.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  const names = ((await (await td.client.get("/api/tables")).json()) as Table[]).map((t) => t.name);
  expect(names).toEqual(["Table 1", "Table 2", "Table 3"]);
});

test("the table picker marks a table that another match is being played on", async () => {
  const td = await f.organiser();
  const t = await startedTournament(td, 4);
  const table = await addTable(td, "Table 1");
  const [first, second] = await playableMatches(t);
  if (!first || !second) throw new Error("a four-player draw has two first-round matches");
  expect((await td.client.json("PATCH", `/api/matches/${first.id}/table`, { tableId: table.id })).status).toBe(200);

  const listed = ((await (await td.client.get("/api/tables")).json()) as (Table & { busyWith: string | null })[])[0];
  expect(listed?.busyWith).toBe(first.id);
  const page = await (await td.client.get(`/tournament/${t.slug}?tab=bracket`)).text();
  const pickerOf = (matchId: string) => {
    const from = page.indexOf(`name="matchId" value="${matchId}"`);
    return page.slice(from, page.indexOf("</select>", from));
  };
  expect(pickerOf(first.id)).toContain(">Table 1<");
  expect(pickerOf(second.id)).toContain(">Table 1 (in use)<");

  // Once its match has a result the table is free again.
  const done = await td.client.json("PATCH", `/api/matches/${first.id}`, { winnerId: first.player1Id });
  expect(done.status).toBe(200);
  const after = await (await td.client.get(`/tournament/${t.slug}?tab=bracket`)).text();
  expect(after).not.toContain("Table 1 (in use)");
});

test("the scoreboard names the round as the bracket does and shows the race", async () => {
  const td = await f.organiser();
  const t = await startedTournament(td, 8, { raceTo: 5 });
  const table = await addTable(td, "Table 1");
  const [first] = await playableMatches(t);
  if (!first) throw new Error("an eight-player draw has first-round matches");
  await td.client.json("PATCH", `/api/matches/${first.id}/table`, { tableId: table.id });

  const current = await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`);
  expect(await current.json()).toMatchObject({ round: 1, label: "Quarter-Finals", raceTo: 5 });
  const page = (await (await app.client().get(`/scoreboard/${table.accessCode}`)).text()).replaceAll("<!-- -->", "");
  expect(page).toMatch(/Quarter-Finals · Match \d · Race to 5/);
});
