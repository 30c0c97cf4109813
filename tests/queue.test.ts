// The floor through the real Worker: the settings' validation and who may
// change them, pins and rotation with their refusals, the pages and the
// tablet, the round trips, the queue's API and the no-show walkover. How
// tables are assigned is tested in-process (app/features/floor/server/queue.server.test.ts).
import { settledStats } from "../bench/round-trips.ts";
import { expect, test } from "vitest";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";
import type { MatchView } from "../app/features/play/domain/play.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = Pick<
  MatchView,
  "id" | "bracket" | "round" | "matchNumber" | "player1Id" | "player2Id" | "winnerId" | "status" | "tableId" | "isBye"
> & { calledAt: string | null; pinnedTableId: string | null };

type QueueItem = {
  position: number;
  matchId: string;
  label: string;
  bracket: string;
  round: number;
  matchNumber: number;
  player1Id: string;
  player2Id: string;
  player1: { name: string } | null;
  player2: { name: string } | null;
  waitingSince: string;
  pinnedTableId: string | null;
  pinnedTableName: string | null;
  estimatedStart: string | null;
};
type Queue = {
  tournamentId: string;
  autoAssign: boolean;
  noShowMinutes: number;
  averageMatchMinutes: number;
  queue: QueueItem[];
};

const matchesOf = (t: TournamentJson) => f.matchesOf<Match>(t);
const byPosition = (ms: Match[], bracket: string, round: number, matchNumber: number) => {
  const m = ms.find((x) => x.bracket === bracket && x.round === round && x.matchNumber === matchNumber);
  if (!m) throw new Error(`no ${bracket} ${round}.${matchNumber}`);
  return m;
};

async function addTable(td: Account, name: string): Promise<string> {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const settings = (td: Account, t: { id: string }, body: unknown) =>
  td.client.json("PATCH", `/api/tournaments/${t.id}/settings`, body);

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
  const td = await f.organiser();
  const tableIds: string[] = [];
  for (let i = 0; i < tables; i++) tableIds.push(await addTable(td, `Table ${i + 1}`));
  for (const i of outOfRotation) {
    const off = await td.client.json("PATCH", `/api/tables/${tableIds[i]}/rotation`, { inRotation: false });
    expect(off.status).toBe(200);
  }
  const t = await f.createTournament(td, { maxPlayers: Math.max(4, players), tournamentType: type });
  if (auto) expect((await settings(td, t, { autoAssign: true })).status).toBe(200);
  const entrants = await f.enter(t, players);
  const started = await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  expect(started.status, await started.clone().text()).toBe(200);
  return { td, t, tableIds, entrants };
}

async function result(td: Account, m: Match, winner: "player1" | "player2" = "player1") {
  const response = await td.client.json("PATCH", `/api/matches/${m.id}`, {
    winnerId: winner === "player1" ? m.player1Id : m.player2Id,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function queueOf(t: { id: string }): Promise<Queue> {
  const response = await app.client().get(`/api/tournaments/${t.id}/queue`);
  expect(response.status).toBe(200);
  return (await response.json()) as Queue;
}

/** No table holds two matches being played, and no match is on a table without being in progress. */
async function expectFloorSound(organiserId: string) {
  const doubled = await f.sql().execute({
    sql: `select m.table_id, count(*) as n from matches m join tournaments t on t.id = m.tournament_id
      where t.organiser_id = ? and m.status = 'in_progress' and t.status = 'in_progress'
      group by m.table_id having count(*) > 1`,
    args: [organiserId],
  });
  expect(doubled.rows).toEqual([]);
  const stray = await f.sql().execute({
    sql: `select m.id from matches m join tournaments t on t.id = m.tournament_id
      where t.organiser_id = ? and m.status = 'pending' and m.table_id is not null`,
    args: [organiserId],
  });
  expect(stray.rows).toEqual([]);
}

test("settings: the director only, good values only, nothing written on a refusal", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const row = async () =>
    (
      await f.sql().execute({
        sql: "select auto_assign as autoAssign, no_show_minutes as noShow from tournaments where id = ?",
        args: [t.id],
      })
    ).rows[0];
  expect({ ...(await row()) }).toEqual({ autoAssign: 0, noShow: 10 });
  const refusals: [unknown, string][] = [
    [{}, "Send autoAssign, noShowMinutes, resultsFromTables or breakRule"],
    [{ autoAssign: "yes" }, "autoAssign must be true or false"],
    [{ autoAssign: 1 }, "autoAssign must be true or false"],
    [{ noShowMinutes: 0 }, "No-show minutes must be a whole number from 1 to 60"],
    [{ noShowMinutes: 61 }, "No-show minutes must be a whole number from 1 to 60"],
    [{ noShowMinutes: 2.5 }, "No-show minutes must be a whole number from 1 to 60"],
    [{ noShowMinutes: "10" }, "No-show minutes must be a whole number from 1 to 60"],
    [{ autoAssign: true, noShowMinutes: -1 }, "No-show minutes must be a whole number from 1 to 60"],
  ];
  for (const [body, message] of refusals) {
    const response = await settings(td, t, body);
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  }
  const broken = await td.client.request(`/api/tournaments/${t.id}/settings`, {
    method: "PATCH",
    body: "{",
    headers: { "Content-Type": "application/json" },
  });
  expect(broken.status).toBe(400);
  expect((await app.client().json("PATCH", `/api/tournaments/${t.id}/settings`, { autoAssign: true })).status).toBe(
    401,
  );
  const p = await f.player();
  expect((await settings(p, t, { autoAssign: true })).status).toBe(403);
  const other = await f.organiser("Other");
  expect((await settings(other, t, { autoAssign: true })).status).toBe(403);
  expect((await settings(td, { id: "missing" }, { autoAssign: true })).status).toBe(404);
  expect((await settings(td, { id: "x".repeat(100) }, { autoAssign: true })).status).toBe(404);
  expect({ ...(await row()) }).toEqual({ autoAssign: 0, noShow: 10 });

  const saved = await settings(td, t, { autoAssign: true, noShowMinutes: 15 });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toEqual({ message: "Settings saved", settings: { autoAssign: true, noShowMinutes: 15 } });
  expect({ ...(await row()) }).toEqual({ autoAssign: 1, noShow: 15 });
  // Only the field sent changes.
  expect(await (await settings(td, t, { noShowMinutes: 5 })).json()).toMatchObject({
    settings: { autoAssign: true, noShowMinutes: 5 },
  });
});

test("a pinned match waits for its table (out of rotation, the TV table) and goes nowhere else", async () => {
  const { td, t, tableIds } = await evening({ players: 8, tables: 2, outOfRotation: [1] });
  const [table1, tv] = tableIds as [string, string];
  let ms = await matchesOf(t);
  expect(ms.filter((m) => m.status === "in_progress").map((m) => m.tableId)).toEqual([table1]);
  const qf4 = byPosition(ms, "winners", 1, 4);
  const pin = (m: Match, body: unknown, who = td) => who.client.json("PATCH", `/api/matches/${m.id}/pin`, body);
  // Refusals first, writing nothing.
  expect((await pin(qf4, { tableId: "missing" })).status).toBe(404);
  const other = await f.organiser("Other");
  expect((await pin(qf4, { tableId: await addTable(other, "Theirs") })).status).toBe(403);
  expect((await pin(qf4, { tableId: tv }, other)).status).toBe(403);
  expect((await app.client().json("PATCH", `/api/matches/${qf4.id}/pin`, { tableId: tv })).status).toBe(401);
  expect((await pin({ ...qf4, id: "missing" }, { tableId: tv })).status).toBe(404);
  expect((await pin(qf4, { tableId: 7 })).status).toBe(400);
  expect(await f.count("matches", "pinned_table_id is not null")).toBe(0);

  const pinned = await pin(qf4, { tableId: tv });
  expect(pinned.status).toBe(200);
  expect(await pinned.json()).toEqual({ message: "Match pinned to the table" });
  ms = await matchesOf(t);
  // The TV table was free: the match pinned to it is called there at once, ahead of older matches.
  expect(byPosition(ms, "winners", 1, 4)).toMatchObject({ status: "in_progress", tableId: tv, pinnedTableId: tv });
  expect(byPosition(ms, "winners", 1, 2)).toMatchObject({ status: "pending" });

  // Pin the first semi-final to the TV table: when Table 1 frees it is not taken there.
  await result(td, byPosition(ms, "winners", 1, 1));
  ms = await matchesOf(t);
  expect(byPosition(ms, "winners", 1, 2)).toMatchObject({ status: "in_progress", tableId: table1 });
  await pin(byPosition(ms, "winners", 2, 1), { tableId: tv });
  await result(td, byPosition(ms, "winners", 1, 2));
  ms = await matchesOf(t);
  // Table 1 free, semi-final 1 ready but pinned to the busy TV table: QF3 takes Table 1.
  expect(byPosition(ms, "winners", 2, 1)).toMatchObject({ status: "pending", tableId: null });
  expect(byPosition(ms, "winners", 1, 3)).toMatchObject({ status: "in_progress", tableId: table1 });
  const q = await queueOf(t);
  expect(q.queue[0]).toMatchObject({ round: 2, matchNumber: 1, pinnedTableId: tv, pinnedTableName: "Table 2" });
  await result(td, byPosition(ms, "winners", 1, 4));
  ms = await matchesOf(t);
  expect(byPosition(ms, "winners", 2, 1)).toMatchObject({ status: "in_progress", tableId: tv });
  // A match with a result cannot be pinned.
  expect((await pin(byPosition(ms, "winners", 1, 1), { tableId: tv })).status).toBe(409);
  await expectFloorSound(td.id);
});

test("out of rotation a table gets nothing; back in rotation it fills at once", async () => {
  const { td, t, tableIds } = await evening({ players: 4, tables: 2, outOfRotation: [1] });
  let ms = await matchesOf(t);
  expect(ms.filter((m) => m.status === "in_progress").map((m) => m.tableId)).toEqual([tableIds[0]]);
  const rotation = (who: Account, id: string, body: unknown) =>
    who.client.json("PATCH", `/api/tables/${id}/rotation`, body);
  expect((await rotation(td, tableIds[1] as string, { inRotation: "yes" })).status).toBe(400);
  expect((await rotation(td, "missing", { inRotation: true })).status).toBe(404);
  expect((await rotation(await f.organiser("Other"), tableIds[1] as string, { inRotation: true })).status).toBe(403);
  expect((await rotation(await f.player(), tableIds[1] as string, { inRotation: true })).status).toBe(403);
  ms = await matchesOf(t);
  expect(ms.filter((m) => m.status === "in_progress")).toHaveLength(1);
  const back = await rotation(td, tableIds[1] as string, { inRotation: true });
  expect(await back.json()).toEqual({ message: "Table back in rotation", inRotation: true });
  ms = await matchesOf(t);
  expect(byPosition(ms, "winners", 1, 2)).toMatchObject({ status: "in_progress", tableId: tableIds[1] });
});

test("a player's dashboard says where and when their next match is", async () => {
  const { t, tableIds, entrants } = await evening({ players: 8, tables: 1 });
  const ms = await matchesOf(t);
  const called = byPosition(ms, "winners", 1, 1);
  const waiting = byPosition(ms, "winners", 1, 3);
  const names = new Map<string, string>();
  for (const m of (await f.matchesOf<Match & MatchView>(t)).filter((x) => x.round === 1)) {
    names.set(m.player1Id as string, m.player1?.name ?? "");
    names.set(m.player2Id as string, m.player2?.name ?? "");
  }
  const dashboardOf = async (playerId: string | null) => {
    const who = entrants.find((e) => e.id === playerId);
    if (!who) throw new Error("no such entrant");
    return (await who.client.get("/player/dashboard")).text();
  };
  expect(tableIds).toHaveLength(1);
  const atTable = await dashboardOf(called.player1Id);
  expect(atTable).toContain(`Next: Table 1 vs ${names.get(called.player2Id as string)} — now`);
  // QF3 waits for QF1 and QF2 on the one table: about 40 minutes at 20 a match.
  const queued = await dashboardOf(waiting.player2Id);
  expect(queued).toMatch(new RegExp(`Next: vs ${names.get(waiting.player1Id as string)} — in about (39|40) min`));
});

test("the tablet shows when its match was called; current-match gives calledAt", async () => {
  const { td, t } = await evening({ players: 4, tables: 1 });
  const tables = (await (await td.client.get("/api/tables")).json()) as { accessCode: string }[];
  const code = tables[0]?.accessCode as string;
  const current = (await (await app.client().get(`/api/tables/by-code/${code}/current-match`)).json()) as {
    calledAt: string;
    status: string;
  };
  expect(current.status).toBe("in_progress");
  const called = byPosition(await matchesOf(t), "winners", 1, 1).calledAt;
  expect(current.calledAt).toBe(called);
  const html = await (await app.client().get(`/scoreboard/${code}`)).text();
  const time = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/London",
  }).format(Date.parse(called ?? ""));
  expect(html).toContain(`Called at ${time}`);
  expect(html).toContain(`data-called-at="${Date.parse(called ?? "")}"`);
  // Not yet time for a walkover: the notice is there but hidden.
  expect(html).toMatch(/<p hidden="" data-no-show=""/);
});

test("round trips (decision 006): with the switch on a result reads the floor in its batch", async () => {
  const { td, t } = await evening({ players: 8, tables: 1 });
  const ms = await matchesOf(t);
  const pipelines = async (run: () => Promise<unknown>) => {
    // What earlier requests left running after their responses (the start's call notices) is not this one's.
    await settledStats(app.stack);
    app.stack.db.resetStats();
    await run();
    // With what the request left running after its response (the players' call notices).
    return (await settledStats(app.stack)).pipelines;
  };
  // QF1's result frees Table 1 and QF2 is called to it: read, write (with the floor), the call; then, after the
  // response, QF2's players are told: who and the claim of the call, and the 2 e-mails the local outbox keeps; and
  // the ratings' replay reads and writes (decision 027).
  expect(await pipelines(() => result(td, byPosition(ms, "winners", 1, 1)))).toBe(3 + 4 + 2);
  expect(byPosition(await matchesOf(t), "winners", 1, 2).status).toBe("in_progress");
  // Switched off, a result is the usual two, and the ratings' two after the response.
  await settings(td, t, { autoAssign: false });
  expect(await pipelines(() => result(td, byPosition(ms, "winners", 1, 2)))).toBe(2 + 2);
});

test("the queue: 404 for no such tournament, empty before the start, null estimates with no table", async () => {
  expect((await app.client().get("/api/tournaments/missing/queue")).status).toBe(404);
  const td = await f.organiser();
  const t = await f.createTournament(td);
  expect((await queueOf(t)).queue).toEqual([]);
  await f.enter(t, 4);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const q = await queueOf(t);
  expect(q.queue.map((x) => x.estimatedStart)).toEqual([null, null]);
  expect(q.queue.every((x) => Number.isFinite(Date.parse(x.waitingSince)))).toBe(true);
});

test("no-show: after the no-show minutes the director gets a walkover for the player who is there", async () => {
  const { td, t } = await evening({ players: 4, tables: 1 });
  await settings(td, t, { noShowMinutes: 5 });
  let ms = await matchesOf(t);
  const called = byPosition(ms, "winners", 1, 1);
  // The floor: the director's first screen during play.
  const page = async () => (await td.client.get(`/tournament/${t.slug}`)).text();
  let html = await page();
  expect(html).toContain("data-called-at");
  expect(html).not.toContain("Walkover to ");
  // Six minutes pass.
  await f.sql().execute({
    sql: "update matches set table_assigned_at = table_assigned_at - 360000 where id = ?",
    args: [called.id],
  });
  html = await page();
  const names = ms.filter((m) => m.id === called.id).flatMap((m) => [m.player1Id, m.player2Id]);
  expect(html).toContain("Walkover to ");
  // One tap: the result form with the walkover for the player who is there.
  const tapped = await td.client.postForm(`/tournament/${t.slug}`, {
    intent: "record-result",
    matchId: called.id,
    winnerId: names[1] as string,
    outcome: "walkover",
  });
  expect(tapped.status).toBeLessThan(400);
  ms = await matchesOf(t);
  expect(byPosition(ms, "winners", 1, 1)).toMatchObject({ status: "completed", winnerId: names[1] });
  expect(await f.count("matches", "id = ? and outcome = 'walkover'", [called.id])).toBe(1);
  // The table freed by the walkover took the next match.
  expect(byPosition(ms, "winners", 1, 2).status).toBe("in_progress");
});
