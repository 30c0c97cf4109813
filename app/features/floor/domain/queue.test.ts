import { expect, test } from "vitest";
import { generateFormat } from "../../tournaments/domain/formats.ts";
import {
  averageMatchMs,
  clockText,
  DEFAULT_MATCH_MS,
  estimateStarts,
  lastTables,
  nextMatchText,
  noShowAt,
  noShowMessages,
  noShowRefusal,
  planCalls,
  readyQueue,
  startsInText,
  type Call,
  type FloorMatch,
  type FloorTable,
  type QueueEntry,
} from "./queue.ts";
import { FloorSettingsFormSchema, TournamentSettingsSchema } from "./queue-schema.ts";

const START = 1_000_000;
const MIN = 60_000;

let n = 0;
function match(over: Partial<FloorMatch> = {}): FloorMatch {
  n += 1;
  return {
    id: `m${n}`,
    bracket: "winners",
    group: null,
    round: 1,
    matchNumber: n,
    player1Id: `a${n}`,
    player2Id: `b${n}`,
    status: "pending",
    isBye: false,
    completedAt: null,
    tableId: null,
    calledAt: null,
    pinnedTableId: null,
    ...over,
  };
}
const table = (id: string, over: Partial<FloorTable> = {}): FloorTable => ({
  id,
  inRotation: true,
  busy: null,
  ...over,
});
const ids = (queue: { match: FloorMatch }[]) => queue.map((q) => q.match.id);

test("only matches with both entries, no result, no table and nobody playing elsewhere are ready", () => {
  const ready = match({ id: "ready" });
  const bracket = [
    ready,
    match({ player2Id: null }),
    match({ player1Id: null, player2Id: null }),
    match({ isBye: true, status: "completed", player2Id: null, completedAt: START }),
    match({ status: "completed", winnerId: "x", completedAt: START } as Partial<FloorMatch>),
    match({ status: "in_progress", tableId: "t1", calledAt: START, player1Id: "busy" }),
    // Its player is at a table in another match (a league): not ready.
    match({ id: "clash", player1Id: "busy" }),
    // Pending but still on a table (cannot happen through the services, but is not ready either).
    match({ tableId: "t2" }),
  ];
  expect(ids(readyQueue(bracket, START))).toEqual(["ready"]);
});

test("the longest wait goes first; a wait runs from the later of the two entries' last results", () => {
  const early = match({ id: "early", player1Id: "p", player2Id: "q", round: 2 });
  const late = match({ id: "late", player1Id: "r", player2Id: "s", round: 2 });
  const bracket = [
    late,
    early,
    match({ player1Id: "p", player2Id: "x1", status: "completed", completedAt: START + 5 * MIN }),
    match({ player1Id: "q", player2Id: "x2", status: "completed", completedAt: START + 9 * MIN }),
    match({ player1Id: "r", player2Id: "x3", status: "completed", completedAt: START + 2 * MIN }),
    match({ player1Id: "s", player2Id: "x4", status: "completed", completedAt: START + 12 * MIN }),
  ];
  const queue = readyQueue(bracket, START);
  expect(ids(queue)).toEqual(["early", "late"]);
  expect(queue.map((q) => q.waitingSince)).toEqual([START + 9 * MIN, START + 12 * MIN]);
});

test("a match nobody has played before waits from the start", () => {
  const queue = readyQueue([match({ id: "r1" })], START);
  expect(queue).toEqual([{ match: expect.objectContaining({ id: "r1" }), waitingSince: START }]);
});

test("in double elimination the losers' side goes first when waits are equal, then the bracket's order", () => {
  const bracket = [
    match({ id: "w2", bracket: "winners", round: 2, matchNumber: 1 }),
    match({ id: "w1b", bracket: "winners", round: 1, matchNumber: 2 }),
    match({ id: "w1a", bracket: "winners", round: 1, matchNumber: 1 }),
    match({ id: "l3", bracket: "losers", round: 3, matchNumber: 1 }),
    match({ id: "l1", bracket: "losers", round: 1, matchNumber: 1 }),
    match({ id: "gf", bracket: "grand_final", round: 1, matchNumber: 1 }),
  ];
  expect(ids(readyQueue(bracket, START))).toEqual(["l1", "l3", "w1a", "w1b", "w2", "gf"]);
  // A longer wait still beats the losers' side.
  const older = match({ id: "older", player1Id: "o1", player2Id: "o2" });
  const losers = match({ id: "losers", bracket: "losers", player1Id: "l1", player2Id: "l2" });
  const done = match({ player1Id: "l1", player2Id: "zz", status: "completed", completedAt: START + MIN });
  expect(ids(readyQueue([losers, older, done], START))).toEqual(["older", "losers"]);
});

test("groups are ordered by round, then group, then match number", () => {
  const bracket = [
    match({ id: "B1", bracket: "group", group: "B", round: 1, matchNumber: 1 }),
    match({ id: "A2", bracket: "group", group: "A", round: 2, matchNumber: 1 }),
    match({ id: "A1", bracket: "group", group: "A", round: 1, matchNumber: 1 }),
  ];
  expect(ids(readyQueue(bracket, START))).toEqual(["A1", "B1", "A2"]);
});

test("each entry's last table is where its most recently called match was", () => {
  const bracket = [
    match({ player1Id: "p", player2Id: "q", tableId: "t1", calledAt: START, status: "completed" }),
    match({ player1Id: "p", player2Id: "r", tableId: "t2", calledAt: START + MIN, status: "completed" }),
    match({ player1Id: "s", player2Id: "u", tableId: null, calledAt: null }),
  ];
  const last = lastTables(bracket);
  expect(Object.fromEntries(last)).toEqual({ p: "t2", q: "t1", r: "t2" });
});

test("at the start every free table in rotation gets a match at once, in the queue's order", () => {
  const bracket = [1, 2, 3, 4, 5].map((i) => match({ id: `r${i}`, matchNumber: i }));
  const tables = [table("t1"), table("t2"), table("t3", { inRotation: false }), table("t4")];
  const calls = planCalls({ queue: readyQueue(bracket, START), tables, lastTable: new Map() });
  expect(calls).toEqual([
    { matchId: "r1", tableId: "t1" },
    { matchId: "r2", tableId: "t2" },
    { matchId: "r3", tableId: "t4" },
  ]);
});

test("a busy table gets nothing; with no free table nothing is called", () => {
  const queue = readyQueue([match({ id: "x" })], START);
  expect(planCalls({ queue, tables: [table("t1", { busy: { calledAt: START } })], lastTable: new Map() })).toEqual([]);
  expect(planCalls({ queue, tables: [], lastTable: new Map() })).toEqual([]);
  expect(planCalls({ queue: [], tables: [table("t1")], lastTable: new Map() })).toEqual([]);
});

test("a pinned match takes its table before an older match, and waits for it rather than take another", () => {
  const older = match({ id: "older" });
  const pinned = match({ id: "pinned", pinnedTableId: "tv", round: 2 });
  const queue = readyQueue([older, pinned], START);
  expect(planCalls({ queue, tables: [table("tv"), table("t1")], lastTable: new Map() })).toEqual([
    { matchId: "pinned", tableId: "tv" },
    { matchId: "older", tableId: "t1" },
  ]);
  // The TV table is busy: the pinned match waits, the other free table goes to the next match.
  const tvBusy = [table("tv", { busy: { calledAt: START } }), table("t1")];
  expect(planCalls({ queue, tables: tvBusy, lastTable: new Map() })).toEqual([{ matchId: "older", tableId: "t1" }]);
  // Out of rotation, the TV table still takes the match pinned to it, and only that.
  const tvKept = [table("tv", { inRotation: false })];
  expect(planCalls({ queue, tables: tvKept, lastTable: new Map() })).toEqual([{ matchId: "pinned", tableId: "tv" }]);
  const onlyOlder = readyQueue([older], START);
  expect(planCalls({ queue: onlyOlder, tables: tvKept, lastTable: new Map() })).toEqual([]);
});

test("two matches pinned to one table: the longer wait takes it, the other waits", () => {
  const a = match({ id: "a", pinnedTableId: "tv" });
  const b = match({ id: "b", pinnedTableId: "tv", round: 2 });
  const calls = planCalls({
    queue: readyQueue([b, a], START),
    tables: [table("tv"), table("t1")],
    lastTable: new Map(),
  });
  expect(calls).toEqual([{ matchId: "a", tableId: "tv" }]);
});

test("a player is not sent back to the table they just left when another is free", () => {
  const m = match({ id: "next", player1Id: "p", player2Id: "q" });
  const queue = readyQueue([m], START);
  const tables = [table("t1"), table("t2"), table("t3")];
  expect(planCalls({ queue, tables, lastTable: new Map([["p", "t1"]]) })).toEqual([{ matchId: "next", tableId: "t2" }]);
  expect(
    planCalls({
      queue,
      tables,
      lastTable: new Map([
        ["p", "t1"],
        ["q", "t2"],
      ]),
    }),
  ).toEqual([{ matchId: "next", tableId: "t3" }]);
  // The only free table is the one they left: they go back to it rather than wait.
  expect(planCalls({ queue, tables: [table("t1")], lastTable: new Map([["p", "t1"]]) })).toEqual([
    { matchId: "next", tableId: "t1" },
  ]);
});

test("tables with a tablet are filled before those without; a table without one still takes a match", () => {
  const [a, b, c] = [1, 2, 3].map((i) => match({ id: `m-${i}`, matchNumber: i }));
  const queue = readyQueue([a, b, c] as FloorMatch[], START);
  const tables = [table("t1", { tablet: false }), table("t2", { tablet: true }), table("t3")];
  // t3's tablet is unknown (the channel could not be asked): as good as one with a tablet.
  expect(planCalls({ queue, tables, lastTable: new Map() })).toEqual([
    { matchId: "m-1", tableId: "t2" },
    { matchId: "m-2", tableId: "t3" },
    { matchId: "m-3", tableId: "t1" },
  ]);
  // A tablet outweighs the table a player just left; between tablets, the other is still taken.
  const one = readyQueue([match({ id: "next", player1Id: "p", player2Id: "q" })], START);
  const left = new Map([["p", "t2"]]);
  expect(
    planCalls({ queue: one, tables: [table("t1", { tablet: false }), table("t2", { tablet: true })], lastTable: left }),
  ).toEqual([{ matchId: "next", tableId: "t2" }]);
  expect(
    planCalls({ queue: one, tables: [table("t2", { tablet: true }), table("t4", { tablet: true })], lastTable: left }),
  ).toEqual([{ matchId: "next", tableId: "t4" }]);
  // Out of rotation stays out, tablet or not; a pinned match takes its table without one.
  expect(
    planCalls({ queue, tables: [table("t1", { tablet: true, inRotation: false })], lastTable: new Map() }),
  ).toEqual([]);
  const pinned = readyQueue([match({ id: "pin", pinnedTableId: "t1" })], START);
  expect(
    planCalls({
      queue: pinned,
      tables: [table("t1", { tablet: false }), table("t2", { tablet: true })],
      lastTable: new Map(),
    }),
  ).toEqual([{ matchId: "pin", tableId: "t1" }]);
});

test("nobody is called to two tables at once (a league's first evening)", () => {
  // Round robin of 4: six matches, all ready at the start, each player in three.
  let id = 0;
  const league = generateFormat("round_robin", ["A", "B", "C", "D"], () => `g${++id}`, START, {
    grandFinal: "reset",
    groupSize: 4,
    advancePerGroup: 2,
  }).map((m) => match({ ...m, tableId: null, calledAt: null, pinnedTableId: null }));
  const queue = readyQueue(league, START);
  expect(queue).toHaveLength(6);
  const calls = planCalls({ queue, tables: ["t1", "t2", "t3", "t4"].map((t) => table(t)), lastTable: new Map() });
  expect(calls).toHaveLength(2);
  const entries = calls.flatMap((c) => {
    const m = league.find((x) => x.id === c.matchId);
    return [m?.player1Id, m?.player2Id];
  });
  expect(new Set(entries).size).toBe(4);
});

test("a match just taken off its table keeps its place but is not put straight back", () => {
  const held = match({ id: "held" });
  const other = match({ id: "other", round: 2 });
  const queue = readyQueue([held, other], START);
  expect(ids(queue)).toEqual(["held", "other"]);
  expect(planCalls({ queue, tables: [table("t1")], lastTable: new Map(), holdBack: "held" })).toEqual([
    { matchId: "other", tableId: "t1" },
  ]);
});

// A small deterministic generator, so every run checks the same thousands of floors.
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The rules every plan keeps: no match, table or entry twice; only free tables; a pinned match only at its table,
 * others only in rotation; nothing idle that could be filled; a free pinned table given to its match; nobody sent
 * back to the table they left while another stayed idle; and no match passed over for a later one unless it could
 * not go (an entry already called, or its pinned table busy).
 */
function expectSoundPlan(
  queue: readonly QueueEntry[],
  tables: readonly FloorTable[],
  lastTable: ReadonlyMap<string, string>,
  calls: readonly Call[],
  context: string,
) {
  const bracket = queue.map((q) => q.match);
  const byId = new Map(bracket.map((m) => [m.id, m]));
  const tableById = new Map(tables.map((t) => [t.id, t]));
  expect(new Set(calls.map((c) => c.matchId)).size, context).toBe(calls.length);
  expect(new Set(calls.map((c) => c.tableId)).size, context).toBe(calls.length);
  const calledEntries = calls.flatMap((c) => [byId.get(c.matchId)?.player1Id, byId.get(c.matchId)?.player2Id]);
  expect(new Set(calledEntries).size, context).toBe(calledEntries.length);
  for (const c of calls) {
    const m = byId.get(c.matchId);
    const t = tableById.get(c.tableId);
    expect(t?.busy, context).toBeNull();
    if (m?.pinnedTableId) expect(c.tableId, context).toBe(m.pinnedTableId);
    else expect(t?.inRotation, context).toBe(true);
  }
  // Nothing left that could go: every free table in rotation is used, or every unpinned match that could go has.
  const usedTables = new Set(calls.map((c) => c.tableId));
  const idle = tables.filter((t) => t.busy === null && t.inRotation && !usedTables.has(t.id));
  const calledIds = new Set(calls.map((c) => c.matchId));
  const calledPeople = new Set(calledEntries);
  const couldGo = queue.filter(
    ({ match: m }) =>
      !calledIds.has(m.id) &&
      m.pinnedTableId === null &&
      !calledPeople.has(m.player1Id) &&
      !calledPeople.has(m.player2Id),
  );
  if (idle.length > 0)
    expect(
      couldGo.map((q) => q.match.id),
      context,
    ).toEqual([]);
  // A pinned match whose table is free and whose players are free was called.
  for (const { match: m } of queue) {
    const t = m.pinnedTableId === null ? undefined : tableById.get(m.pinnedTableId);
    if (t && t.busy === null && !usedTables.has(t.id)) {
      const free = !calledPeople.has(m.player1Id) && !calledPeople.has(m.player2Id);
      if (free) expect(calledIds.has(m.id), context).toBe(true);
    }
  }
  // Nobody went back to the table they left while a table they had not just left stayed idle.
  for (const c of calls) {
    const m = byId.get(c.matchId);
    if (!m || m.pinnedTableId) continue;
    const left = new Set([lastTable.get(m.player1Id ?? ""), lastTable.get(m.player2Id ?? "")]);
    if (left.has(c.tableId))
      expect(
        idle.filter((t) => !left.has(t.id)),
        context,
      ).toEqual([]);
  }
  // Longest wait first: an unpinned match left waiting while a later one was called to a table in rotation could
  // not go (one of its entries was called).
  const position = new Map(queue.map((q, i) => [q.match.id, i]));
  for (const c of calls) {
    const m = byId.get(c.matchId);
    if (!m || m.pinnedTableId) continue;
    for (const { match: earlier } of queue.slice(0, position.get(c.matchId))) {
      if (calledIds.has(earlier.id) || earlier.pinnedTableId !== null) continue;
      const blocked = calledPeople.has(earlier.player1Id) || calledPeople.has(earlier.player2Id);
      expect(blocked, `${context}: ${earlier.id} passed over for ${c.matchId}`).toBe(true);
    }
  }
}

test("on thousands of random floors a plan never breaks the rules and leaves no table idle that it could fill", () => {
  for (let seed = 1; seed <= 3000; seed++) {
    const rnd = random(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
    const tableIds = Array.from({ length: 1 + Math.floor(rnd() * 6) }, (_, i) => `t${i}`);
    const tables = tableIds.map((id) =>
      table(id, { inRotation: rnd() < 0.8, busy: rnd() < 0.4 ? { calledAt: START } : null }),
    );
    const people = Array.from({ length: 2 + Math.floor(rnd() * 10) }, (_, i) => `p${i}`);
    const bracket = Array.from({ length: Math.floor(rnd() * 12) }, (_, i) => {
      const p1 = pick(people);
      const p2 = pick(people.filter((p) => p !== p1));
      return match({
        id: `x${i}`,
        bracket: pick(["winners", "losers", "group"] as const),
        round: 1 + Math.floor(rnd() * 3),
        matchNumber: i + 1,
        player1Id: p1,
        player2Id: p2,
        pinnedTableId: rnd() < 0.15 ? pick(tableIds) : null,
      });
    });
    const lastTable = new Map(people.filter(() => rnd() < 0.5).map((p) => [p, pick(tableIds)] as const));
    const queue = readyQueue(bracket, START);
    const calls = planCalls({ queue, tables, lastTable });
    const context = JSON.stringify({ seed, calls });

    expectSoundPlan(queue, tables, lastTable, calls, context);
  }
});

test("estimates: a free table is now, a busy one when its match should end, an overdue one now", () => {
  const queue = readyQueue([match({ id: "a" }), match({ id: "b" }), match({ id: "c" }), match({ id: "d" })], START);
  const now = START + 30 * MIN;
  const tables = [
    table("free"),
    table("busy", { busy: { calledAt: now - 5 * MIN } }),
    table("overdue", { busy: { calledAt: now - 50 * MIN } }),
  ];
  const starts = estimateStarts({ queue, tables, averageMs: 20 * MIN, now });
  expect(Object.fromEntries(starts)).toEqual({
    a: now,
    b: now,
    c: now + 15 * MIN,
    // The free table's first match ends at now + 20.
    d: now + 20 * MIN,
  });
});

test("estimates: no table in rotation means no estimate; a pinned match waits for its own table", () => {
  const now = START;
  const pinned = match({ id: "pinned", pinnedTableId: "tv" });
  const lost = match({ id: "lost", pinnedTableId: "gone" });
  const plain = match({ id: "plain" });
  const queue = readyQueue([pinned, lost, plain], START);
  const tables = [table("tv", { inRotation: false, busy: { calledAt: now - 5 * MIN } })];
  expect(Object.fromEntries(estimateStarts({ queue, tables, averageMs: 20 * MIN, now }))).toEqual({
    pinned: now + 15 * MIN,
    lost: null,
    plain: null,
  });
});

test("estimates: an entry's second match in the queue starts after its first is reckoned over", () => {
  const first = match({ id: "first", player1Id: "p", player2Id: "q" });
  const second = match({ id: "second", player1Id: "p", player2Id: "r", round: 2 });
  const queue = readyQueue([first, second], START);
  const starts = estimateStarts({ queue, tables: [table("t1"), table("t2")], averageMs: 10 * MIN, now: START });
  expect(Object.fromEntries(starts)).toEqual({ first: START, second: START + 10 * MIN });
});

test("the average match length ignores what is not a match and falls back before the first", () => {
  expect(averageMatchMs([])).toBe(DEFAULT_MATCH_MS);
  expect(averageMatchMs([10_000, 5 * 3_600_000])).toBe(DEFAULT_MATCH_MS);
  expect(averageMatchMs([10 * MIN, 20 * MIN, 10_000])).toBe(15 * MIN);
});

test("start times, clocks and the no-show deadline read as people say them", () => {
  expect(startsInText(START, START)).toBe("now");
  expect(startsInText(START - 5 * MIN, START)).toBe("now");
  expect(startsInText(START + 29_000, START)).toBe("now");
  expect(startsInText(START + 12 * MIN, START)).toBe("in about 12 min");
  expect(startsInText(START + 60 * MIN, START)).toBe("in about 1 h");
  expect(startsInText(START + 65 * MIN, START)).toBe("in about 1 h 5 min");
  expect(clockText(0)).toBe("0:00");
  expect(clockText(-5)).toBe("0:00");
  expect(clockText(7 * MIN + 5_000)).toBe("7:05");
  expect(clockText(75 * MIN)).toBe("75:00");
  expect(noShowAt(START, 10)).toBe(START + 10 * MIN);
});

test("a no-show walkover is refused for a match being played: racks scored, or a result to approve", () => {
  const called = { player1Score: 0, player2Score: 0, awaitingApproval: false };
  expect(noShowRefusal(called)).toBeNull();
  // A rack on either side: the match is being played.
  for (const score of [{ player1Score: 1 }, { player2Score: 2 }, { player1Score: 3, player2Score: 1 }]) {
    expect(noShowRefusal({ ...called, ...score })).toBe(noShowMessages.racksScored);
  }
  // A result confirmed at the table waits for approval, even at 0–0 (no race-to: "X won" with no racks).
  expect(noShowRefusal({ ...called, awaitingApproval: true })).toBe(noShowMessages.awaitingApproval);
  expect(noShowRefusal({ ...called, player1Score: 4, awaitingApproval: true })).toBe(noShowMessages.awaitingApproval);
});

test("settings: each field checked, at least one sent; the form's text read the same way", () => {
  expect(TournamentSettingsSchema.parse({ autoAssign: true })).toEqual({ autoAssign: true });
  expect(TournamentSettingsSchema.parse({ noShowMinutes: 15 })).toEqual({ noShowMinutes: 15 });
  for (const bad of [{}, { autoAssign: "yes" }, { noShowMinutes: 0 }, { noShowMinutes: 61 }, { noShowMinutes: 2.5 }]) {
    expect(TournamentSettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  }
  expect(TournamentSettingsSchema.safeParse({ noShowMinutes: "10" }).error?.issues[0]?.message).toBe(
    "No-show minutes must be a whole number from 1 to 60",
  );
  expect(FloorSettingsFormSchema.parse({ autoAssign: "true", noShowMinutes: " 12 " })).toEqual({
    autoAssign: true,
    noShowMinutes: 12,
  });
  expect(FloorSettingsFormSchema.safeParse({ autoAssign: "false", noShowMinutes: "ten" }).success).toBe(false);
});

test("the player's next match reads \"Table 3 vs Sam — now\" once called, else the queue's estimate", () => {
  const base = { opponent: "Sam", now: START };
  expect(nextMatchText({ ...base, table: "Table 3", estimatedStart: null })).toBe("Next: Table 3 vs Sam — now");
  expect(nextMatchText({ ...base, table: null, estimatedStart: START + 12 * MIN })).toBe(
    "Next: vs Sam — in about 12 min",
  );
  expect(nextMatchText({ ...base, table: null, estimatedStart: START })).toBe("Next: vs Sam — any minute now");
  expect(nextMatchText({ ...base, table: null, estimatedStart: null })).toBeNull();
});

test("every small floor (two tables, two or three matches, pins, rotation, last tables) plans soundly", () => {
  const states = [
    { inRotation: true, busy: null },
    { inRotation: true, busy: { calledAt: START } },
    { inRotation: false, busy: null },
    { inRotation: false, busy: { calledAt: START } },
  ] as const;
  const pins = [null, "t1", "t2"] as const;
  const lasts = [undefined, "t1", "t2"] as const;
  let checked = 0;
  for (const s1 of states)
    for (const s2 of states)
      for (const pinA of pins)
        for (const pinB of pins)
          for (const lastA of lasts)
            for (const shared of [false, true]) {
              const tables = [table("t1", s1), table("t2", s2)];
              // B shares an entry with A or not; C is a third, unpinned match of its own.
              const a = match({ id: "A", player1Id: "a1", player2Id: "a2", pinnedTableId: pinA });
              const b = match({ id: "B", player1Id: shared ? "a1" : "b1", player2Id: "b2", pinnedTableId: pinB });
              const c = match({ id: "C", player1Id: "c1", player2Id: "c2", round: 2 });
              const lastTable = new Map(lastA ? [["a1", lastA]] : []);
              const queue = readyQueue([a, b, c], START);
              const calls = planCalls({ queue, tables, lastTable });
              expectSoundPlan(queue, tables, lastTable, calls, JSON.stringify({ s1, s2, pinA, pinB, lastA, shared }));
              checked += 1;
            }
  expect(checked).toBe(4 * 4 * 3 * 3 * 3 * 2);
});
