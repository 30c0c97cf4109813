// The floor through the real Worker: the settings', pins' and rotation's JSON and who may call them, the queue's
// JSON, the player's dashboard, the tablet's called time, the floor's no-show walkover offered by the page and given
// by its form, and the round trips. How tables are assigned, pins, rotation, the queue's order and estimates and
// every refusal are tested in-process (app/features/floor/server/queue.server.test.ts).
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

test("the settings' JSON: the settings saved; a refusal says why; who may call it", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const refused = await settings(td, t, { noShowMinutes: 0 });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe(
    "No-show minutes must be a whole number from 1 to 60",
  );
  const broken = await td.client.request(`/api/tournaments/${t.id}/settings`, {
    method: "PATCH",
    body: "{",
    headers: { "Content-Type": "application/json" },
  });
  expect(broken.status).toBe(400);
  expect((await app.client().json("PATCH", `/api/tournaments/${t.id}/settings`, { autoAssign: true })).status).toBe(
    401,
  );
  expect((await settings(await f.player(), t, { autoAssign: true })).status).toBe(403);
  expect((await settings(td, { id: "x".repeat(100) }, { autoAssign: true })).status).toBe(404);

  const saved = await settings(td, t, { autoAssign: true, noShowMinutes: 15 });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toEqual({ message: "Settings saved", settings: { autoAssign: true, noShowMinutes: 15 } });
});

test("pins' and rotation's JSON: a match pinned, a table back in rotation; bodies and who may call them", async () => {
  const { td, t, tableIds } = await evening({ players: 4, tables: 2, outOfRotation: [1] });
  const tv = tableIds[1] as string;
  const pending = (await matchesOf(t)).find((m) => m.status === "pending" && m.player1Id && m.player2Id);
  if (!pending) throw new Error("a semi-final waiting for a table");
  const pin = (body: unknown, who: Account | null = td) =>
    (who?.client ?? app.client()).json("PATCH", `/api/matches/${pending.id}/pin`, body);
  expect((await pin({ tableId: tv }, null)).status).toBe(401);
  expect((await pin({ tableId: 7 })).status).toBe(400);
  const pinned = await pin({ tableId: tv });
  expect(pinned.status).toBe(200);
  expect(await pinned.json()).toEqual({ message: "Match pinned to the table" });

  const rotation = (who: Account, body: unknown) => who.client.json("PATCH", `/api/tables/${tv}/rotation`, body);
  expect((await rotation(td, { inRotation: "yes" })).status).toBe(400);
  expect((await rotation(await f.player(), { inRotation: true })).status).toBe(403);
  const back = await rotation(td, { inRotation: true });
  expect(await back.json()).toEqual({ message: "Table back in rotation", inRotation: true });
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

test("a called match: the queue's JSON, the tablet's call time; later, the no-show walkover by form", async () => {
  expect((await app.client().get("/api/tournaments/missing/queue")).status).toBe(404);
  const { td, t } = await evening({ players: 4, tables: 1 });
  expect((await settings(td, t, { noShowMinutes: 5 })).status).toBe(200);
  let ms = await matchesOf(t);
  const called = byPosition(ms, "winners", 1, 1);
  const q = await queueOf(t);
  expect(q).toMatchObject({ tournamentId: t.id, autoAssign: true, noShowMinutes: 5, averageMatchMinutes: 20 });
  expect(q.queue).toEqual([
    expect.objectContaining({ position: 1, matchId: byPosition(ms, "winners", 1, 2).id, round: 1, matchNumber: 2 }),
  ]);
  expect(Number.isFinite(Date.parse(q.queue[0]?.waitingSince ?? ""))).toBe(true);

  // The tablet: when its match was called, and the no-show's notice, hidden until it is time.
  const tables = (await (await td.client.get("/api/tables")).json()) as { accessCode: string }[];
  const code = tables[0]?.accessCode as string;
  const current = (await (await app.client().get(`/api/tables/by-code/${code}/current-match`)).json()) as {
    calledAt: string;
    status: string;
  };
  expect(current.status).toBe("in_progress");
  expect(current.calledAt).toBe(called.calledAt);
  const html = await (await app.client().get(`/scoreboard/${code}`)).text();
  const time = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/London",
  }).format(Date.parse(called.calledAt ?? ""));
  expect(html).toContain(`Called at ${time}`);
  expect(html).toContain(`data-called-at="${Date.parse(called.calledAt ?? "")}"`);
  expect(html).toMatch(/<p hidden="" data-no-show=""/);

  // The floor: the director's first screen during play.
  const page = async () => (await td.client.get(`/tournament/${t.slug}`)).text();
  let floor = await page();
  expect(floor).toContain("data-called-at");
  expect(floor).not.toContain("Walkover to ");
  // Six minutes pass.
  await f.sql().execute({
    sql: "update matches set table_assigned_at = table_assigned_at - 360000 where id = ?",
    args: [called.id],
  });
  floor = await page();
  expect(floor).toContain("Walkover to ");
  // One tap: the result form with the walkover for the player who is there.
  const tapped = await td.client.pagePost(`/tournament/${t.slug}`, {
    intent: "record-result",
    matchId: called.id,
    winnerId: called.player2Id as string,
    outcome: "walkover",
  });
  expect(tapped.status).toBeLessThan(400);
  ms = await matchesOf(t);
  expect(byPosition(ms, "winners", 1, 1)).toMatchObject({ status: "completed", winnerId: called.player2Id });
  expect(await f.count("matches", "id = ? and outcome = 'walkover'", [called.id])).toBe(1);
});
