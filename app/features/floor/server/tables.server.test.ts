// The director's tables in-process: adding (one of a name, whatever the case, the spaces or the clicks at once),
// listing, deleting; codes found ignoring case and spaces, others refused; what a table's tablet shows (nothing until
// a match is assigned, then the latest, its result, the round and the race) and which table is busy. Who may call
// the API, its bodies' answers, the edge's cache headers, the pages and the forms are the HTTP suite's
// (tests/tables.test.ts).
import { expect, test } from "vitest";
import { TableSchema } from "~/features/floor/domain/tables.ts";
import { assignMatchTable } from "~/features/play/server/use-cases.server.ts";
import { type Account, answered, bodyChecked, useServiceDb } from "../../../../test-support/services.ts";
import { findByCode } from "./table-codes.server.ts";
import { tableByCodeQuery, tablesQuery } from "./tables.server.ts";
import { addTable, removeTable } from "./use-cases.server.ts";

const s = useServiceDb();

/** A table added as the tables route adds it: the name read by the form's schema (trimmed), then the use case. */
const adding = (td: Account, name: unknown) =>
  s.perform(addTable, { organiserId: td.id, name: TableSchema.parse({ name }).name });
const removing = (td: Account, tableId: string) => s.perform(removeTable, { organiserId: td.id, tableId });
const listOf = async (td: Account) => (await s.sender.send(tablesQuery(td.id))).map((t) => t.name);

/** A tournament of `players` paid entries, started; its playable matches. */
async function started(td: Account, players: number, overrides: Record<string, unknown> = {}) {
  const t = await s.tournament(td, { maxPlayers: 8, ...overrides });
  await s.enterFromBalance(t, players);
  await s.start(td, t);
  const playable = (await s.matches(t)).filter((m) => m.player1Id && m.player2Id && m.status !== "completed");
  return { t, playable };
}

const assign = (td: Account, matchId: string, tableId: string, now?: number) =>
  s.perform(assignMatchTable, { organiserId: td.id, matchId, tableId, now });

test("a director adds, lists and deletes tables; names are trimmed; codes are 8 unique characters", async () => {
  const td = await s.organiser();
  const t1 = await adding(td, "  Table 1  ");
  const t2 = await adding(td, "Table 2");
  expect(t1.name).toBe("Table 1");
  expect(t1.accessCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  expect(t1.accessCode).not.toBe(t2.accessCode);
  expect(await listOf(td)).toEqual(["Table 1", "Table 2"]);
  expect(await removing(td, t1.id)).toEqual({ removed: true });
  expect(await listOf(td)).toEqual(["Table 2"]);
});

test("bad table input and another director are refused, writing nothing", async () => {
  const td = await s.organiser();
  const before = await s.count("tables");
  for (const body of [{ name: "" }, { name: "    " }, {}, { name: 42 }, { name: "x".repeat(10_000) }, null]) {
    expect((await bodyChecked(TableSchema, body)).status, JSON.stringify(body)).toBe(400);
  }
  expect(await bodyChecked(TableSchema, { name: "  " })).toEqual({ status: 400, message: "Please enter a table name" });
  expect(await s.count("tables")).toBe(before);

  const mine = await adding(td, "Mine");
  const other = await s.organiser("Other");
  expect(await answered(removing(other, mine.id))).toEqual({
    status: 403,
    message: "You can only delete your own tables",
  });
  expect(await answered(removing(td, "missing"))).toEqual({ status: 404, message: "Table not found" });
  expect(await listOf(other)).toEqual([]);
  expect(await s.count("tables", "id = ?", [mine.id])).toBe(1);
});

test("codes are found ignoring case and spaces; wrong lengths, unicode and unknown codes are 404", async () => {
  const td = await s.organiser();
  const table = await adding(td, "Table 7");
  const sent = (code: string) => ({ code, address: "203.0.113.7" });
  expect(await findByCode(s.sender, sent(table.accessCode.toLowerCase()), tableByCodeQuery)).toEqual(table);
  expect(await findByCode(s.sender, sent(` ${table.accessCode} `), tableByCodeQuery)).toEqual(table);
  for (const code of ["ABC", "ABCDEFGHJ", "\u00c4BCD2345", "ZZZZZZZZ", "ABCD<345"]) {
    expect(await answered(findByCode(s.sender, sent(code), tableByCodeQuery)), code).toEqual({
      status: 404,
      message: "Invalid access code",
    });
    expect((await answered(s.tablet(code).current())).status, code).toBe(404);
  }
});

test("current-match: null until assigned, then the latest match assigned, of a tournament in progress", async () => {
  const td = await s.organiser();
  const table = await s.table(td, "Table 1");
  const tablet = s.tablet(table.accessCode);
  expect(await tablet.current()).toBeNull();

  const { t, playable } = await started(td, 4);
  const [a, b] = playable;
  if (!a || !b) throw new Error("two first-round matches");
  // Called a minute ago.
  await assign(td, a.id, table.id, Date.now() - 60_000);
  // One match at a time on a table: the second waits until the first has its result.
  expect(await answered(assign(td, b.id, table.id))).toEqual({
    status: 409,
    message: "Table 1 has a match in progress",
  });
  await s.record(td, a.id, { winnerId: a.player1Id });
  // Called now: the table's most recent.
  await assign(td, b.id, table.id);
  const current = await tablet.current();
  expect(current).toMatchObject({
    tournament: { name: "Friday 8-Ball Knockout" },
    round: 1,
    player1Id: b.player1Id,
    player2Id: b.player2Id,
    player1Score: 0,
    player2Score: 0,
    winnerId: null,
    status: "in_progress",
  });
  expect(current?.player1?.name).toMatch(/^Player \d$/);

  // The result shows on the table with the winner.
  await s.record(td, b.id, { winnerId: b.player2Id, player1Score: 2, player2Score: 5 });
  expect(await tablet.current()).toMatchObject({
    status: "completed",
    winnerId: b.player2Id,
    player1Score: 2,
    player2Score: 5,
  });

  // Deleting the table clears it from its matches.
  await removing(td, table.id);
  expect(await s.count("matches", "table_id = ?", [table.id])).toBe(0);
  expect((await answered(tablet.current())).status).toBe(404);
  expect((await s.matches(t)).find((m) => m.id === b.id)).toMatchObject({ status: "completed", tableId: null });
});

test("a second table of the same name (ignoring case and spaces) is refused; another director may use it", async () => {
  const td = await s.organiser();
  await adding(td, "Table 1");
  const before = await s.count("tables");
  for (const name of ["Table 1", "table 1", "TABLE1", "  Table  1 "]) {
    expect(await answered(adding(td, name)), name).toEqual({
      status: 409,
      message: "You already have a table called Table 1",
    });
  }
  expect(await s.count("tables")).toBe(before);

  await adding(await s.organiser(), "Table 1");
  await adding(td, "Table 2");

  // Quick clicks at once make one table.
  const clicks = await Promise.all(Array.from({ length: 6 }, () => answered(adding(td, "Table 3"))));
  expect(clicks.map((c) => c.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  expect(await listOf(td)).toEqual(["Table 1", "Table 2", "Table 3"]);
});

test("a table another match is being played on is busy with it; once its match has a result it is free", async () => {
  const td = await s.organiser();
  const { playable } = await started(td, 4);
  const table = await s.table(td, "Table 1");
  const [first] = playable;
  if (!first) throw new Error("a four-player draw has two first-round matches");
  await assign(td, first.id, table.id);
  const busy = async () => (await s.sender.send(tablesQuery(td.id)))[0]?.busyWith;
  expect(await busy()).toBe(first.id);
  await s.record(td, first.id, { winnerId: first.player1Id });
  expect(await busy()).toBeNull();
});

test("the tablet names the round as the bracket does and shows the race", async () => {
  const td = await s.organiser();
  const { playable } = await started(td, 8, { raceTo: 5 });
  const table = await s.table(td, "Table 1");
  await assign(td, playable[0]?.id ?? "", table.id);
  expect(await s.tablet(table.accessCode).current()).toMatchObject({ round: 1, label: "Quarter-Finals", raceTo: 5 });
  // A two-player draw's one match is the final.
  const final = await started(td, 2);
  const other = await s.table(td, "Table 2");
  await assign(td, final.playable[0]?.id ?? "", other.id);
  expect(await s.tablet(other.accessCode).current()).toMatchObject({ round: 1, label: "Final" });
});
