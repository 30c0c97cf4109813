// Tablets stay put (decision 024) through the real Worker: the board
// remembers its table in a cookie, `/scoreboard` goes back to it (not to a
// code that is gone), changing table needs a code or the director, the
// director sends a table's tablet to another table (by the API or the form),
// and a deleted table's tablets are told on their sockets. Which sends are
// refused and what a send leaves behind are tested in-process
// (app/features/floor/server/tablets.server.test.ts).
import { expect, test } from "vitest";
import { type Account, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Table = { id: string; name: string; accessCode: string };

async function addTable(td: Account, name: string): Promise<Table> {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Table;
}

const sentTo = async (table: Table) =>
  (await f.sql().execute({ sql: "select sent_to from tables where id = ?", args: [table.id] })).rows[0]?.sent_to;

test("the board remembers its table; /scoreboard goes back to it, and forgets a code that is gone", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Table 1");
  const other = await addTable(td, "Table 2");
  const tablet = app.client();

  // Before any table: the code box.
  const fresh = await tablet.get("/scoreboard");
  expect(fresh.status).toBe(200);
  expect(await fresh.text()).toContain("View Scoreboard");

  // The board sets a long-lived cookie for this table, once (not on every 5-second refresh).
  const board = await tablet.get(`/scoreboard/${table.accessCode.toLowerCase()}`);
  expect(board.status).toBe(200);
  const cookie = board.headers.get("Set-Cookie") ?? "";
  expect(cookie).toContain(`br_table=${table.accessCode}`);
  expect(cookie).toMatch(/Max-Age=34560000/);
  expect(cookie).toContain("HttpOnly");
  expect((await tablet.get(`/scoreboard/${table.accessCode}`)).headers.get("Set-Cookie")).toBeNull();

  // After a restart (the same cookies): straight to the table.
  const back = await tablet.get("/scoreboard");
  expect(back.status).toBe(302);
  expect(back.headers.get("Location")).toBe(`/scoreboard/${table.accessCode}`);
  // A code typed in still goes where it says.
  const typed = await tablet.get(`/scoreboard?code=${other.accessCode}`);
  expect(typed.headers.get("Location")).toBe(`/scoreboard/${other.accessCode}`);

  // A renewed code does not trap the tablet: the old one is forgotten and the code box shown.
  const renewed = await td.client.json("POST", `/api/tables/${table.id}/new-code`);
  expect(renewed.status).toBe(200);
  const gone = await tablet.get("/scoreboard");
  expect(gone.status).toBe(200);
  expect(gone.headers.get("Set-Cookie")).toMatch(/^br_table=; Max-Age=0/);
  expect(await gone.text()).toContain("View Scoreboard");
  expect(tablet.cookies.has("br_table")).toBe(false);

  // A cookie that is not a code at all is ignored; a well-formed code that names no table counts as a wrong code
  // from the address, as it would typed in (a cookie is no way round the limit).
  const odd = await app.client().get("/scoreboard", { headers: { Cookie: "br_table=%3Cscript%3E" } });
  expect(odd.status).toBe(200);
  const address = { "X-Test-Client-Address": "198.51.100.77" };
  const wrong = async () =>
    (await f.sql().execute("select coalesce(sum(count), 0) as n from rate_limits where key like '%198.51.100.77%'"))
      .rows[0]?.n;
  const before = Number(await wrong());
  const guessed = await app.client().get("/scoreboard", { headers: { ...address, Cookie: "br_table=ABCD2345" } });
  expect(guessed.status).toBe(200);
  expect(Number(await wrong())).toBe(before + 1);
});

test("changing table: a page asking for a code or the director, who picks a table and is signed out", async () => {
  const td = await f.organiser();
  const [one, two] = [await addTable(td, "Table 1"), await addTable(td, "Table 2")];
  const theirs = await addTable(await f.organiser("Other Director"), "Their Table");

  const page = await app.client().get(`/scoreboard/${one.accessCode}/change`);
  expect(page.status).toBe(200);
  const html = (await page.text()).replaceAll("<!-- -->", "");
  for (const text of ["Change table", "This tablet shows", "Back to Table 1", "Go to that table"]) {
    expect(html).toContain(text);
  }
  expect(html).toContain(`href="/login?redirectTo=%2Fscoreboard%2F${one.accessCode}%2Fchange"`);
  // Left there, the tablet goes back to its board by itself; nobody else's tables are listed.
  expect(html).toContain(`content="120; url=/scoreboard/${one.accessCode}"`);
  expect(html).not.toContain("Table 2");
  expect((await app.client().get("/scoreboard/NOPE2345/change")).status).toBe(404);

  // The signed-in director sees their own tables (and only theirs).
  const signedIn = await td.client.get(`/scoreboard/${one.accessCode}/change`);
  const list = await signedIn.text();
  expect(list).toContain("Table 2");
  expect(list).not.toContain("Their Table");
  expect(list).not.toContain("Sign in as the director");

  // Another director's table is refused; a visitor is sent to sign in; nothing moves.
  const refused = await td.client.postForm(`/scoreboard/${one.accessCode}/change`, { tableId: theirs.id });
  expect(refused.status).toBe(404);
  const visitor = await app.client().postForm(`/scoreboard/${one.accessCode}/change`, { tableId: two.id });
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

  // The pick: to that table's board, remembered, and the director's sign-in on the tablet ends.
  const picked = await td.client.postForm(`/scoreboard/${one.accessCode}/change`, { tableId: two.id });
  expect(picked.status).toBe(303);
  expect(picked.headers.get("Location")).toBe(`/scoreboard/${two.accessCode}`);
  expect(td.client.cookies.get("br_table")).toBe(two.accessCode);
  expect((await td.client.get("/api/auth/me")).status).toBe(401);
});

test("the director sends a table's tablet to another: it follows once, with or without its script", async () => {
  const td = await f.organiser();
  const [one, two] = [await addTable(td, "Table 1"), await addTable(td, "Table 2")];
  const tablet = app.client();
  await tablet.get(`/scoreboard/${one.accessCode}`);
  expect(tablet.cookies.get("br_table")).toBe(one.accessCode);

  const sent = await td.client.json("POST", `/api/tables/${one.id}/send-tablet`, { toTableId: two.id });
  expect(sent.status).toBe(200);
  expect(await sent.json()).toEqual({ message: "Table 1's tablet goes to Table 2" });
  expect(await sentTo(one)).toBe(two.id);

  // The tablet's next read of its board (the push's, or the page's own refresh) lands on the other table.
  const follows = await tablet.get(`/scoreboard/${one.accessCode}`);
  expect(follows.status).toBe(302);
  expect(follows.headers.get("Location")).toBe(`/scoreboard/${two.accessCode}`);
  expect(tablet.cookies.get("br_table")).toBe(two.accessCode);
  expect((await tablet.get("/scoreboard")).headers.get("Location")).toBe(`/scoreboard/${two.accessCode}`);
  // Followed once: Table 1 is an ordinary board again for the next tablet set up there.
  expect(await sentTo(one)).toBeNull();
  expect((await app.client().get(`/scoreboard/${one.accessCode}`)).status).toBe(200);

  // The same from the tables page's form (no JavaScript): a toast, then the tablet at Table 2 goes back.
  const form = await td.client.postForm("/td/tables", { intent: "send-tablet", tableId: two.id, toTableId: one.id });
  expect(form.status).toBe(302);
  expect(form.headers.get("Location")).toBe("/td/tables");
  expect(await sentTo(two)).toBe(one.id);
  expect((await tablet.get(`/scoreboard/${two.accessCode}`)).headers.get("Location")).toBe(
    `/scoreboard/${one.accessCode}`,
  );
  // The page offers it per table, with a dialog choosing the table.
  const dialog = (await (await td.client.get(`/td/tables?send=${one.id}`)).text())
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'");
  expect(dialog).toContain("Send Table 1's tablet to another table");
  expect(dialog).toContain(`<option value="${two.id}">Table 2</option>`);
  expect(dialog).not.toContain(`<option value="${one.id}">`);
});

test("sending a tablet: the refusal's JSON, a body without a table, the wrong people; the form's toast", async () => {
  const td = await f.organiser();
  const [one, two] = [await addTable(td, "Table 1"), await addTable(td, "Table 2")];
  const other = await f.organiser("Other Director");
  const player = await f.player();
  const send = (who: Account | null, body: unknown) =>
    (who?.client ?? app.client()).json("POST", `/api/tables/${one.id}/send-tablet`, body);

  const refusals: [Promise<Response>, number, string?][] = [
    [send(other, { toTableId: two.id }), 403, "You can only send tablets between your own tables"],
    [send(td, {}), 400],
    [send(player, { toTableId: two.id }), 403],
    [send(null, { toTableId: two.id }), 401],
  ];
  for (const [response, status, message] of refusals) {
    const answer = await response;
    expect(answer.status, await answer.clone().text()).toBe(status);
    if (message) expect(((await answer.json()) as { message: string }).message).toBe(message);
  }
  expect(await sentTo(one)).toBeNull();

  // The form too: refused with the reason, nothing written.
  const form = await other.client.postForm("/td/tables", { intent: "send-tablet", tableId: one.id, toTableId: two.id });
  expect(form.status).toBe(302);
  expect(await sentTo(one)).toBeNull();
  const toast = await (await other.client.get("/td/tables")).text();
  expect(toast).toContain("You can only send tablets between your own tables");
});

/** A tablet's push socket on `table`, open; what it is told and how it closes. */
async function liveTablet(table: Table) {
  const socket = new WebSocket(`${app.url.replace(/^http/, "ws")}/api/live/tables/${table.accessCode}`);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("did not open")), { once: true });
  });
  const told = new Promise<string>((resolve) => socket.addEventListener("message", (e) => resolve(String(e.data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  return { told, closed };
}

test("deleting a table tells its tablets it is gone and closes their sockets; other tables' stay open", async () => {
  const td = await f.organiser();
  const [doomed, kept] = [await addTable(td, "Table 1"), await addTable(td, "Table 2")];
  const [first, second, elsewhere] = [await liveTablet(doomed), await liveTablet(doomed), await liveTablet(kept)];
  let keptClosed = false;
  void elsewhere.closed.then(() => (keptClosed = true));

  expect((await td.client.json("DELETE", `/api/tables/${doomed.id}`)).status).toBe(200);
  for (const tablet of [first, second]) {
    expect(JSON.parse(await tablet.told)).toEqual({ type: "deleted" });
    expect(await tablet.closed).toEqual({ code: 4404, reason: "Table deleted" });
  }
  // What the board then reads: its code is refused, and the page says so.
  expect((await app.client().get(`/api/tables/by-code/${doomed.accessCode}/current-match`)).status).toBe(404);
  const page = await app.client().get(`/scoreboard/${doomed.accessCode}`);
  expect(page.status).toBe(404);
  expect(await page.text()).toContain("Invalid access code");
  expect(keptClosed).toBe(false);
});

test("deleting a table from the Tables page tells its tablets too", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Table 1");
  const tablet = await liveTablet(table);
  const deleted = await td.client.postForm("/td/tables", { intent: "delete", tableId: table.id });
  expect(deleted.status).toBeLessThan(400);
  expect(JSON.parse(await tablet.told)).toEqual({ type: "deleted" });
});
