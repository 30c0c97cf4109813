// Scoring at the table in-process: a tablet's taps by its table's code, each
// applied once whatever is replayed or sent at once, the result recorded by
// the director's own path or waiting for approval, the director's version
// winning over an offline tablet, the lag and the break. Codes, bodies, rate
// limits, sockets and the forms are the HTTP suite's (tests/table-scoring.test.ts).
import { expect, test } from "vitest";
import { type Account, answered, newTapId, type Tablet, useServiceDb } from "../../../../test-support/services.ts";
import { assignTable } from "~/features/play/server/table-assignment.server.ts";
import type { Read, Sender, Write } from "~/db/batch.server.ts";
import { DomainError } from "~/domain/errors.ts";
import { approveTableResult, runTap, type TapKind } from "./table-scoring.server.ts";
import { tablesQuery } from "./tables.server.ts";

const s = useServiceDb();

/** The tap's answer: 200 or 201 with the match, or the refusal's status. */
const statusOf = async (tap: ReturnType<Tablet["send"]>) => {
  const answer = await answered(tap);
  return answer.status === 200 ? (await tap).status : answer.status;
};

async function expectRefused(tap: Promise<unknown>, status: number, message: string) {
  expect(await answered(tap)).toEqual({ status, message });
}

async function assign(td: Account, matchId: string, tableId: string | null) {
  const assigned = await assignTable(s.sender, { organiserId: td.id, matchId, tableId });
  await s.after(assigned.change);
}

/** A started two-player tournament whose final is on a table: the tablet, the final, the table. */
async function finalAtTable(td: Account, settings: Record<string, unknown> = { raceTo: 3 }) {
  const t = await s.tournament(td, { maxPlayers: 2, payoutStructure: "winner_only", ...settings });
  await s.enterFromBalance(t, 2);
  await s.start(td, t);
  const [final] = await s.matches(t);
  if (!final?.player1Id || !final.player2Id) throw new Error("a two-player draw has a final with its players");
  const table = await s.table(td, `Table ${crypto.randomUUID().slice(0, 6)}`);
  await assign(td, final.id, table.id);
  return { t, final, table, tab: s.tablet(table.accessCode) };
}

async function matchOf(t: { id: string }, id: string) {
  const found = (await s.matches(t)).find((m) => m.id === id);
  if (!found) throw new Error(`no match ${id}`);
  return found;
}

const rackRows = (matchId: string) => s.count("table_taps", "match_id = ? and kind = 'rack'", [matchId]);

test("rack by rack to the race-to, a replay changes nothing, undo, then confirm records the result", async () => {
  const td = await s.organiser();
  const { t, final, table, tab } = await finalAtTable(td);
  const first = await tab.current();
  expect(first).toMatchObject({ raceTo: 3, breaker: null, awaitingApproval: false, player1Score: 0 });

  const tapId = newTapId();
  const rack = await tab.rack(1, tapId);
  expect(rack.status).toBe(201);
  expect(rack.match).toMatchObject({ id: final.id, player1Score: 1, player2Score: 0, status: "in_progress" });
  // The same tap again: 200, nothing changes.
  const replay = await tab.rack(1, tapId);
  expect(replay.status).toBe(200);
  expect(replay.match).toMatchObject({ player1Score: 1, player2Score: 0 });
  expect(await rackRows(final.id)).toBe(1);

  expect((await tab.rack(2)).status).toBe(201);
  await expectRefused(tab.confirm(), 409, "The race is not finished");
  expect((await tab.rack(1)).status).toBe(201);
  expect((await tab.rack(1)).status).toBe(201);
  expect(await tab.current()).toMatchObject({ player1Score: 3, player2Score: 1 });
  // Winner breaks: the last rack's winner.
  expect((await tab.current())?.breaker).toBe(1);
  await expectRefused(tab.rack(2), 409, "The race is won: confirm the result or undo the last rack");

  // Undo takes back the last rack (player 1's), once whatever is replayed.
  const undoId = newTapId();
  expect((await tab.undo(undoId)).match).toMatchObject({ player1Score: 2, player2Score: 1 });
  expect((await tab.undo(undoId)).status).toBe(200);
  expect(await tab.current()).toMatchObject({ player1Score: 2, player2Score: 1 });
  expect((await tab.rack(1)).status).toBe(201);

  const confirmId = newTapId();
  const confirmed = await tab.confirm({}, confirmId);
  expect(confirmed.status).toBe(201);
  expect(confirmed.match).toMatchObject({ status: "completed", winnerId: final.player1Id, player1Score: 3 });
  // Recorded as the director records it: the match, and the table is free again.
  expect(await matchOf(t, final.id)).toMatchObject({ status: "completed", winnerId: final.player1Id });
  const tables = await s.sender.send(tablesQuery(td.id));
  expect(tables.find((x) => x.id === table.id)?.busyWith).toBeNull();
  // The confirm again is a replay; another confirm or rack is refused.
  expect((await tab.confirm({}, confirmId)).status).toBe(200);
  await expectRefused(tab.confirm(), 409, "The match is already decided");
  await expectRefused(tab.rack(1), 409, "The match is already decided");
  await expectRefused(tab.undo(), 409, "The match is already decided");
});

test("waiting for approval: the tablet's result is flagged, taps stop, the director approves it once", async () => {
  const td = await s.organiser();
  const { t, final, tab } = await finalAtTable(td, { raceTo: 2, resultsFromTables: "approve" });
  const approve = async () => {
    const saved = await approveTableResult(s.sender, { organiserId: td.id, matchId: final.id });
    if (saved.outcome !== "unconfirmed") await s.after(saved.change);
  };
  await expectRefused(approve(), 409, "No result from the table is waiting for approval");
  expect((await tab.rack(2)).status).toBe(201);
  expect((await tab.rack(2)).status).toBe(201);
  const confirmed = await tab.confirm();
  expect(confirmed.status).toBe(201);
  expect(confirmed.match).toMatchObject({ status: "in_progress", awaitingApproval: true, player2Score: 2 });
  await expectRefused(tab.rack(1), 409, "The result is waiting for the director's approval");
  await expectRefused(tab.undo(), 409, "The result is waiting for the director's approval");
  expect(await matchOf(t, final.id)).toMatchObject({ status: "in_progress", winnerId: null });

  const other = await s.organiser("Other Director");
  expect((await answered(approveTableResult(s.sender, { organiserId: other.id, matchId: final.id }))).status).toBe(403);
  const approvals = await Promise.all([answered(approve()), answered(approve())]);
  expect(approvals.map((a) => a.status).sort()).toEqual([200, 409]);
  expect(await matchOf(t, final.id)).toMatchObject({ status: "completed", winnerId: final.player2Id });
  expect(await tab.current()).toMatchObject({ awaitingApproval: false, player2Score: 2, winnerId: final.player2Id });
  await expectRefused(approve(), 409, "No result from the table is waiting for approval");
});

test("the director overrides while the tablet is offline: queued taps refused, the director wins", async () => {
  const td = await s.organiser();
  const { t, final, tab } = await finalAtTable(td, { raceTo: 5 });
  expect((await tab.rack(1)).status).toBe(201);
  // Offline: three taps queued on the tablet, then the director records a different result.
  const queued: { kind: TapKind; body: Record<string, unknown> }[] = [
    { kind: "racks", body: { tapId: newTapId(), player: 1, matchId: final.id } },
    { kind: "racks", body: { tapId: newTapId(), player: 1, matchId: final.id } },
    { kind: "undo", body: { tapId: newTapId(), matchId: final.id } },
  ];
  const recorded = await answered(
    s.record(td, final.id, { winnerId: final.player2Id, player1Score: 2, player2Score: 5 }),
  );
  expect(recorded.status).toBe(200);
  // Back online: the queue is replayed in order; the director's version wins.
  for (const { kind, body } of queued) {
    await expectRefused(tab.send(kind, body), 409, "The match is already decided");
  }
  expect(await tab.current()).toMatchObject({ player1Score: 2, player2Score: 5, winnerId: final.player2Id });
  expect(await matchOf(t, final.id)).toMatchObject({ status: "completed", winnerId: final.player2Id });
});

test("a tap queued for one match never lands on the table's next match", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 4, payoutStructure: "winner_only", raceTo: 3 });
  await s.enterFromBalance(t, 4);
  expect((await answered(s.start(td, t))).status).toBe(200);
  const [semi1, semi2] = (await s.matches(t)).filter((m) => m.player1Id && m.player2Id);
  if (!semi1 || !semi2) throw new Error("four players fill both semi-finals");
  const table = await s.table(td);
  const tab = s.tablet(table.accessCode);
  expect((await answered(assign(td, semi1.id, table.id))).status).toBe(200);
  const queued = { tapId: newTapId(), player: 1, matchId: semi1.id };
  expect((await answered(s.record(td, semi1.id, { winnerId: semi1.player1Id }))).status).toBe(200);
  expect((await answered(assign(td, semi2.id, table.id))).status).toBe(200);
  await expectRefused(
    tab.send("racks", queued),
    409,
    "The director changed this match: the tablet shows the director's version",
  );
  expect(await tab.current()).toMatchObject({ id: semi2.id, player1Score: 0, player2Score: 0 });
});

test("taps at once: each counts once, a tap sent twice at once counts once, undo never goes below 0", async () => {
  const td = await s.organiser();
  const { final, tab } = await finalAtTable(td, { raceTo: 50 });
  const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => statusOf(tab.rack(i % 2 === 0 ? 1 : 2))));
  expect(answers).toEqual(Array(16).fill(201));
  expect(await tab.current()).toMatchObject({ player1Score: 8, player2Score: 8 });

  const same = newTapId();
  const replays = await Promise.all(Array.from({ length: 8 }, () => statusOf(tab.rack(1, same))));
  expect(replays.sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
  expect(await tab.current()).toMatchObject({ player1Score: 9, player2Score: 8 });
  expect(await rackRows(final.id)).toBe(17);

  const undos = await Promise.all(Array.from({ length: 20 }, () => statusOf(tab.undo())));
  expect(undos.filter((status) => status === 201)).toHaveLength(17);
  expect(undos.every((status) => status === 201 || status === 409)).toBe(true);
  expect(await tab.current()).toMatchObject({ player1Score: 0, player2Score: 0 });
  expect(await s.count("table_taps", "match_id = ? and kind = 'rack' and undone_by is null", [final.id])).toBe(0);
});

test("two tablets confirm at once: the result is recorded once", async () => {
  const td = await s.organiser();
  const { t, final, tab } = await finalAtTable(td, { raceTo: 1 });
  expect((await tab.rack(2)).status).toBe(201);
  const statuses = (await Promise.all(Array.from({ length: 4 }, () => statusOf(tab.confirm())))).sort();
  expect(statuses[0]).toBe(201);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.slice(1).every((status) => status === 409)).toBe(true);
  expect(await matchOf(t, final.id)).toMatchObject({ status: "completed", winnerId: final.player2Id });
  expect(await s.count("table_taps", "match_id = ? and kind = 'confirm'", [final.id])).toBe(1);
});

test("without a race-to the tablet says who won and the score", async () => {
  const td = await s.organiser();
  const { t, final, tab } = await finalAtTable(td, { raceTo: undefined });
  expect((await tab.current())?.raceTo).toBeNull();
  expect((await tab.rack(1)).status).toBe(201);
  expect((await tab.rack(1)).status).toBe(201);
  await expectRefused(tab.confirm(), 400, "Who won? Choose the winner");
  await expectRefused(tab.confirm({ winner: 2 }), 400, "The winner must have won more racks than the loser");
  const confirmed = await tab.confirm({ winner: 2, player1Score: 2, player2Score: 4 });
  expect(confirmed.status).toBe(201);
  expect(await matchOf(t, final.id)).toMatchObject({ status: "completed", winnerId: final.player2Id });
  expect(await tab.current()).toMatchObject({ player1Score: 2, player2Score: 4 });
});

test("the lag and the break rule say who breaks", async () => {
  const td = await s.organiser();
  const { tab } = await finalAtTable(td, { raceTo: 5, breakRule: "alternate" });
  expect((await tab.current())?.breaker).toBeNull();
  const lag = await tab.lag(2);
  expect(lag.status).toBe(201);
  expect(lag.match).toMatchObject({ breaker: 2 });
  expect((await tab.rack(2)).status).toBe(201);
  expect((await tab.current())?.breaker).toBe(1);
  expect((await tab.rack(2)).status).toBe(201);
  expect((await tab.current())?.breaker).toBe(2);
  await expectRefused(tab.lag(1), 409, "The lag is played before the first rack");
});

test("a result waiting for approval goes with the table: unassigned, the match is scored afresh", async () => {
  const td = await s.organiser();
  const { final, table, tab } = await finalAtTable(td, { raceTo: 1, resultsFromTables: "approve" });
  expect((await tab.rack(2)).status).toBe(201);
  expect((await tab.confirm()).status).toBe(201);
  expect((await answered(assign(td, final.id, null))).status).toBe(200);
  expect((await answered(assign(td, final.id, table.id))).status).toBe(200);
  expect(await tab.current()).toMatchObject({ awaitingApproval: false, status: "in_progress" });
  // The players set the score right and confirm again; the director approves the new confirm.
  expect((await tab.undo()).status).toBe(201);
  expect((await tab.rack(1)).status).toBe(201);
  expect((await tab.confirm()).status).toBe(201);
  const saved = await approveTableResult(s.sender, { organiserId: td.id, matchId: final.id });
  expect(saved.outcome).toBe("recorded");
  if (saved.outcome !== "unconfirmed") await s.after(saved.change);
  expect(await tab.current()).toMatchObject({ status: "completed", winnerId: final.player1Id });
});

/** The service's sender, counting its round trips (each read or write it sends is one batch). */
function counting() {
  const counted = { trips: 0 };
  const sender: Sender = {
    send: <T>(read: Read<T>) => {
      counted.trips++;
      return s.sender.send(read);
    },
    write: <T>(batch: Write<T>) => {
      counted.trips++;
      return s.sender.write(batch);
    },
  };
  return Object.assign(counted, { sender });
}

/** A tap as the route runs it, through `sender`: its status, or the refusal's. */
async function tapThrough(sender: Sender, code: string, kind: TapKind, body: Record<string, unknown>) {
  const tapped = runTap(sender, { code, address: "192.0.2.7" }, kind, async (schema) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new DomainError(400, parsed.error.issues[0]?.message ?? "Bad tap");
    return parsed.data;
  });
  const answer = await answered(tapped);
  return answer.status === 200 ? (await tapped).status : answer.status;
}

test("a tap is two round trips: a rack, its replay, a refusal, and a confirm that records the result", async () => {
  const td = await s.organiser();
  const { t, final, table } = await finalAtTable(td, { raceTo: 2 });
  const trips = async (kind: TapKind, body: Record<string, unknown>) => {
    const c = counting();
    const status = await tapThrough(c.sender, table.accessCode, kind, { matchId: final.id, ...body });
    return { status, trips: c.trips };
  };
  const rackId = newTapId();
  expect(await trips("racks", { tapId: rackId, player: 1 })).toEqual({ status: 201, trips: 2 });
  expect(await trips("racks", { tapId: rackId, player: 1 })).toEqual({ status: 200, trips: 2 });
  expect(await trips("confirm", { tapId: newTapId() })).toEqual({ status: 409, trips: 2 });
  expect(await trips("racks", { tapId: newTapId(), player: 1 })).toEqual({ status: 201, trips: 2 });
  // Recorded at once, in the confirm's own batch: the match, the table free, the board's answer.
  expect(await trips("confirm", { tapId: newTapId() })).toEqual({ status: 201, trips: 2 });
  expect(await matchOf(t, final.id)).toMatchObject({ status: "completed", winnerId: final.player1Id });
  const tables = await s.sender.send(tablesQuery(td.id));
  expect(tables.find((x) => x.id === table.id)?.busyWith).toBeNull();
  expect(await s.tablet(table.accessCode).current()).toMatchObject({ status: "completed", player1Score: 2 });
});

test("a confirm naming its match in a tournament that waits for approval: two round trips, and it waits", async () => {
  const td = await s.organiser();
  const { t, final, table, tab } = await finalAtTable(td, { raceTo: 1, resultsFromTables: "approve" });
  expect((await tab.rack(2)).status).toBe(201);
  const c = counting();
  expect(await tapThrough(c.sender, table.accessCode, "confirm", { tapId: newTapId(), matchId: final.id })).toBe(201);
  expect(c.trips).toBe(2);
  expect(await matchOf(t, final.id)).toMatchObject({ status: "in_progress", awaitingApproval: true, winnerId: null });
});

test("the tap limit counts in the tap's batch: past it a tap writes nothing; a replay, a refusal: 429", async () => {
  const td = await s.organiser();
  const { final, tab } = await finalAtTable(td, {});
  const first = newTapId();
  for (let i = 0; i < 120; i++) expect((await tab.rack(1, i === 0 ? first : undefined)).status).toBe(201);
  const tooMany = { status: 429, message: "Too many taps from this table. Wait a minute and try again." };
  expect(await answered(tab.rack(1))).toEqual(tooMany);
  expect(await answered(tab.rack(1, first))).toEqual(tooMany);
  expect(await answered(tab.lag(1))).toEqual(tooMany);
  expect(await rackRows(final.id)).toBe(120);
  expect(await tab.current()).toMatchObject({ player1Score: 120 });
  // Another table's taps are its own.
  const other = await s.table(td, "Other table");
  expect(await answered(s.tablet(other.accessCode).rack(1))).toEqual({
    status: 409,
    message: "No match in progress on this table",
  });
});
