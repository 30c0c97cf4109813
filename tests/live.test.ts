// Push (decision 009) through the real Worker: a tablet's and a page's WebSocket
// hear every change the director writes, once it is written; subscriptions
// are refused for what does not exist; the tablet page ships no framework.
import { gzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Change = {
  type: string;
  what: string;
  tournamentId: string;
  board?: string;
  at?: number;
  matches?: { id: string; status: string; player1Score: number; player2Score: number; tableName: string | null }[];
};

/** The racks on a pushed board, in the order the board shows them. */
const scoresOn = (board: string | undefined) =>
  [...(board ?? "").matchAll(/data-testid="score"[^>]*>(\d+)</g)].map((m) => Number(m[1]));
type Match = { id: string; player1Id: string | null; player2Id: string | null; status: string };

/** A subscriber: the messages in arrival order, and the next one awaited in turn. */
async function subscribe(path: string) {
  const socket = new WebSocket(app.url.replace(/^http/, "ws") + path);
  const received: Change[] = [];
  const waiting: ((change: Change) => void)[] = [];
  socket.addEventListener("message", (event) => {
    const change = JSON.parse(String(event.data)) as Change;
    const next = waiting.shift();
    if (next) next(change);
    else received.push(change);
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`${path} did not open`)), { once: true });
  });
  return {
    next: (): Promise<Change> => {
      const queued = received.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => socket.close(),
  };
}

/** Whether a WebSocket to `path` opens (true) or is refused (false). */
function opens(path: string): Promise<boolean> {
  const socket = new WebSocket(app.url.replace(/^http/, "ws") + path);
  return new Promise((resolve) => {
    socket.addEventListener("open", () => {
      socket.close();
      resolve(true);
    });
    socket.addEventListener("error", () => resolve(false));
  });
}

async function addTable(td: Account, name: string) {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; accessCode: string };
}

async function twoPlayerTournament(td: Account): Promise<TournamentJson> {
  const t = await f.createTournament(td, { maxPlayers: 2, payoutStructure: "winner_only" });
  await f.enter(t, 2);
  return t;
}

test("a tablet and a tournament's pages hear start, table, result, correction and finalize", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Table 1");
  const t = await twoPlayerTournament(td);
  // The tablet subscribes by its code (any case, as typed); the pages by the tournament's id.
  const tablet = await subscribe(`/api/live/tables/${table.accessCode.toLowerCase()}`);
  const page = await subscribe(`/api/live/tournaments/${t.id}`);
  // The pages hear the news, with the matches it changed when it changed some (they redraw them without a read);
  // the table's tablet hears it with its board when the change drew on the table.
  const heard = async (
    what: string,
    scores?: number[],
    matches?: Partial<NonNullable<Change["matches"]>[number]>[],
  ) => {
    const told = await page.next();
    if (matches === undefined) expect(told).toEqual({ type: "changed", what, tournamentId: t.id });
    else {
      expect(told).toMatchObject({ type: "changed", what, tournamentId: t.id, matches });
      expect(told.matches).toHaveLength(matches.length);
      expect(told.at).toBeGreaterThan(Date.now() - 60_000);
    }
    const news = await tablet.next();
    expect(news).toMatchObject({ type: "changed", what, tournamentId: t.id });
    if (scores === undefined) expect(news.board).toBeUndefined();
    else expect(scoresOn(news.board)).toEqual(scores);
  };

  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  await heard("start");
  const [final] = await f.matchesOf<Match>(t);
  if (!final?.player1Id) throw new Error("a two-player draw has a final with its players");

  expect((await td.client.json("PATCH", `/api/matches/${final.id}/table`, { tableId: table.id })).status).toBe(200);
  await heard("table", [0, 0], [{ id: final.id, status: "in_progress", tableName: "Table 1" }]);
  const result = { winnerId: final.player1Id, player1Score: 5, player2Score: 2 };
  expect((await td.client.json("PATCH", `/api/matches/${final.id}`, result)).status).toBe(200);
  await heard("result", [5, 2], [{ id: final.id, status: "completed", player1Score: 5, player2Score: 2 }]);
  const corrected = { ...result, player2Score: 3 };
  expect((await td.client.json("PATCH", `/api/matches/${final.id}`, corrected)).status).toBe(200);
  await heard("result", [5, 3], [{ id: final.id, status: "completed", player1Score: 5, player2Score: 3 }]);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);
  await heard("finalize");

  // What the tablet then reads is the database's truth: the tournament is over, the table free.
  const current = await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`);
  expect(await current.json()).toBeNull();
  tablet.close();
  page.close();
});

test("the director's page forms announce too, and a refused write announces nothing", async () => {
  const td = await f.organiser();
  const stranger = await f.organiser("Sid Stranger");
  const table = await addTable(td, "Table 2");
  const t = await twoPlayerTournament(td);
  const page = await subscribe(`/api/live/tournaments/${t.id}`);

  const started = await td.client.pagePost(`/tournament/${t.slug}`, { intent: "start" });
  expect(started.status).toBe(302);
  expect(await page.next()).toMatchObject({ what: "start" });
  const [final] = await f.matchesOf<Match>(t);
  if (!final?.player1Id) throw new Error("a two-player draw has a final with its players");

  // Someone else's result is refused (403) and says nothing; the director's next write is the next message.
  const refused = await stranger.client.json("PATCH", `/api/matches/${final.id}`, { winnerId: final.player1Id });
  expect(refused.status).toBe(403);
  const form = { intent: "assign-table", matchId: final.id, tableId: table.id };
  expect((await td.client.pagePost(`/tournament/${t.slug}`, form)).status).toBe(302);
  expect(await page.next()).toMatchObject({ what: "table", tournamentId: t.id });
  const recorded = await td.client.pagePost(`/tournament/${t.slug}`, {
    intent: "record-result",
    matchId: final.id,
    winnerId: final.player1Id,
    player1Score: "5",
    player2Score: "1",
  });
  expect(recorded.status).toBe(302);
  expect(await page.next()).toMatchObject({ what: "result", tournamentId: t.id });
  page.close();
});

/** The next message, or a failure once `ms` pass: liveness (a push, not the pages' 60-second poll), not speed. */
const within = <T>(ms: number, next: Promise<T>): Promise<T> =>
  Promise.race([next, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`nothing in ${ms} ms`)), ms))]);

test("joins and payments reach an open director's page at once: a hold, a card payment, the balance", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const page = await subscribe(`/api/live/tournaments/${t.id}`);

  // A card: the hold is news (a place taken), and so is the payment its webhook confirms.
  const carded = await f.player();
  const joined = await carded.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
  const { paymentIntentId } = (await joined.json()) as { paymentIntentId: string };
  expect(await within(5000, page.next())).toMatchObject({ what: "entries", tournamentId: t.id });
  const card = { cardNumber: "4242424242424242" };
  expect((await carded.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, card)).status).toBe(200);
  expect(await within(5000, page.next())).toMatchObject({ what: "entries", tournamentId: t.id });

  // The balance: one form post, one message.
  const saver = await f.player();
  await f.credit("player", saver.id, 1100);
  const paid = await saver.client.postForm(`/tournament/${t.slug}/checkout`, { intent: "balance", pence: "1100" });
  expect(paid.status).toBe(302);
  expect(await within(5000, page.next())).toMatchObject({ what: "entries", tournamentId: t.id });
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(2);
  page.close();
});

test("the scheduled tidy-up announces the places it frees and offers, like any other change", async () => {
  const td = await f.organiser();
  // One tournament full with a lapsed hold and a reserve waiting (the place goes to her), one with a lapsed hold only.
  const [offering, freeing] = [
    await f.createTournament(td, { maxPlayers: 2 }),
    await f.createTournament(td, { maxPlayers: 4 }),
  ];
  await f.enter(offering, 1);
  const [late, lapsed, reserve] = [await f.player("Late Lou"), await f.player("Lapsed Len"), await f.player("Res")];
  const join = (who: Account, t: TournamentJson, extra = {}) =>
    who.client.json("POST", "/api/tournaments/join", { tournamentId: t.id, ...extra });
  expect((await join(late, offering)).status).toBeLessThan(300);
  expect((await join(lapsed, freeing)).status).toBeLessThan(300);
  expect((await join(reserve, offering, { reserve: true })).status).toBeLessThan(300);
  for (const [t, who] of [
    [offering, late],
    [freeing, lapsed],
  ] as const) {
    await f.sql().execute({
      sql: "update tournament_players set hold_expires_at = ? where tournament_id = ? and player_id = ?",
      args: [Date.now() - 1000, t.id, who.id],
    });
  }
  const pages = [
    await subscribe(`/api/live/tournaments/${offering.id}`),
    await subscribe(`/api/live/tournaments/${freeing.id}`),
  ];

  const cron = await fetch(`${app.url}/cdn-cgi/local/scheduled?cron=*/5+*+*+*+*`);
  expect(cron.status).toBe(200);
  await cron.text();
  expect(await pages[0]?.next()).toEqual({ type: "changed", what: "entries", tournamentId: offering.id });
  expect(await pages[1]?.next()).toEqual({ type: "changed", what: "entries", tournamentId: freeing.id });
  // What they heard is so: the reserve holds the place, the lapsed hold is gone.
  expect(await f.count("tournament_players", "tournament_id = ? and player_id = ?", [offering.id, reserve.id])).toBe(1);
  expect(await f.count("tournament_players", "tournament_id = ?", [freeing.id])).toBe(0);
  for (const page of pages) page?.close();
});

test("a match the floor calls reaches the pages with its table, after any change, by hand or not", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Table 1");
  const t = await f.createTournament(td, { maxPlayers: 4 });
  expect((await td.client.json("PATCH", `/api/tournaments/${t.id}/settings`, { autoAssign: true })).status).toBe(200);
  await f.enter(t, 4);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const first = (await f.matchesOf<Match & { tableId: string | null }>(t)).find((m) => m.tableId === table.id);
  if (!first) throw new Error("the floor calls a semi-final to the table at the start");
  const page = await subscribe(`/api/live/tournaments/${t.id}`);

  // The director takes it off the table: the page hears that, then the other semi-final called to the table.
  expect((await td.client.json("PATCH", `/api/matches/${first.id}/table`, { tableId: null })).status).toBe(200);
  expect(await page.next()).toMatchObject({ what: "table", matches: [{ id: first.id, status: "pending" }] });
  const called = await page.next();
  expect(called).toMatchObject({ what: "table", matches: [{ status: "in_progress", tableName: "Table 1" }] });
  expect(called.matches?.[0]?.id).not.toBe(first.id);
  page.close();
});

test("subscriptions name something that exists, as a WebSocket, from this site", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Table 3");
  expect(await opens(`/api/live/tables/${table.accessCode}`)).toBe(true);
  expect(await opens("/api/live/tables/ZZZZ2222")).toBe(false);
  expect(await opens("/api/live/tables/not-a-code")).toBe(false);
  expect(await opens("/api/live/tournaments/no-such-tournament")).toBe(false);

  // Not a WebSocket: told so, in the API's JSON shape.
  const plain = await app.client().get(`/api/live/tables/${table.accessCode}`);
  expect(plain.status).toBe(426);
  expect(await plain.json()).toEqual({ message: "Open this address as a WebSocket" });
  const posted = await app.client().json("POST", `/api/live/tables/${table.accessCode}`, {});
  expect(posted.status).toBe(405);
  expect(posted.headers.get("Allow")).toBe("GET");
});

test("the scoreboard ships one small script instead of React, and refreshes itself without it", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Table 4");
  const response = await app.client().get(`/scoreboard/${table.accessCode}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  expect(nonce).toBeTruthy();

  // No module scripts, no preloads, no hydration data: only the page's own script and the inline theme scripts.
  expect(html).not.toMatch(/type="module"|modulepreload|__reactRouterContext/);
  const external = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*>/g)];
  expect(external.map((m) => m[1])).toEqual(["/scoreboard.js"]);
  expect(external[0]?.[0]).toContain(`nonce="${nonce}"`);
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
  const script = await (await app.client().get("/scoreboard.js")).text();
  expect(script).toContain("/api/live/tables/");
  const gzipped = gzipSync(Buffer.from(script + inline.join(""))).length;
  expect(gzipped).toBeLessThanOrEqual(15 * 1024);

  // The timed refresh is in the page itself, for when the script cannot run.
  expect(html).toMatch(/<meta http-equiv="refresh" content="5"\/?>/);
  // The invalid-code page does not reload itself.
  const invalid = await app.client().get("/scoreboard/ZZZZ2222");
  expect(invalid.status).toBe(404);
  expect(await invalid.text()).not.toContain('http-equiv="refresh"');
});

test("GET /api/tables says which tables have a tablet: an open channel, or a board read without a script", async () => {
  const td = await f.organiser();
  const a = await addTable(td, "Table A");
  const b = await addTable(td, "Table B");
  await addTable(td, "Table C");
  const connected = async () => {
    const response = await td.client.get("/api/tables");
    expect(response.status).toBe(200);
    const tables = (await response.json()) as { id: string; name: string; tabletConnected: boolean }[];
    return Object.fromEntries(tables.map((t) => [t.name, t.tabletConnected]));
  };
  expect(await connected()).toEqual({ "Table A": false, "Table B": false, "Table C": false });

  // Table A's tablet runs its script: its channel is open.
  const tablet = await subscribe(`/api/live/tables/${a.accessCode}`);
  // Table B's has no script: it reads its board (and again every 5 s).
  expect((await app.client().get(`/scoreboard/${b.accessCode}`)).status).toBe(200);
  expect(await connected()).toEqual({ "Table A": true, "Table B": true, "Table C": false });
  // Another director's tables are theirs alone.
  const other = await f.organiser("Other");
  await addTable(other, "Table A");
  expect(await (await other.client.get("/api/tables")).json()).toMatchObject([
    { name: "Table A", tabletConnected: false },
  ]);

  // The tablet closes its channel: the table has none once the channel has heard it close.
  tablet.close();
  let left = true;
  for (let i = 0; i < 50 && left; i++) {
    left = (await connected())["Table A"] === true;
    if (left) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(left).toBe(false);
});
