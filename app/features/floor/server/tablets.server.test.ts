// Tablets stay put in-process (decision 024): the director sends a table's tablets to another of their own tables,
// the send is remembered until a tablet follows it, once; a code renewed or a table deleted is no longer found; a
// wrong code counts against the address. The board's cookie and redirects, the change-table page, the forms and the
// tablets' sockets are the HTTP suite's (tests/tablets.test.ts).
import { expect, test } from "vitest";
import { SendTabletSchema } from "~/features/floor/domain/tables.ts";
import { type Account, answered, bodyChecked, useServiceDb } from "../../../../test-support/services.ts";
import { findByCode } from "./table-codes.server.ts";
import { tableByCodeQuery } from "./tables.server.ts";
import { sentToQuery } from "./tablets.server.ts";
import { followSend, newTableCode, removeTable, sendTabletTo } from "./use-cases.server.ts";

const s = useServiceDb();

type Table = { id: string; name: string; accessCode: string };

const sentTo = async (table: Table) =>
  (await s.rows("select sent_to from tables where id = ?", [table.id]))[0]?.sent_to;
const send = (who: Account, from: Table | string, to: Table | string) =>
  s.perform(sendTabletTo, {
    organiserId: who.id,
    tableId: typeof from === "string" ? from : from.id,
    toTableId: typeof to === "string" ? to : to.id,
  });

test("a table's tablets sent to another: remembered until a tablet follows, once; a newer send stays", async () => {
  const td = await s.organiser();
  const [one, two, three] = [await s.table(td, "Table 1"), await s.table(td, "Table 2"), await s.table(td, "Table 3")];

  expect(await send(td, one, two)).toEqual({ from: "Table 1", to: "Table 2" });
  expect(await sentTo(one)).toBe(two.id);
  // The tablet's next read of its board finds where to go.
  expect(await s.sender.send(sentToQuery(one.accessCode))).toEqual({ id: two.id, accessCode: two.accessCode });
  // Followed once: Table 1 is an ordinary board again for the next tablet set up there.
  await s.perform(followSend, { code: one.accessCode, targetId: two.id });
  expect(await sentTo(one)).toBeNull();
  expect(await s.sender.send(sentToQuery(one.accessCode))).toBeNull();

  // Sent on to Table 3 before a tablet followed the send to Table 2: that tablet's follow clears only its own.
  await send(td, one, two);
  await send(td, one, three);
  await s.perform(followSend, { code: one.accessCode, targetId: two.id });
  expect(await sentTo(one)).toBe(three.id);

  // And back the other way: Table 2's tablets to Table 1.
  await send(td, two, one);
  expect(await sentTo(two)).toBe(one.id);
});

test("sending a tablet is refused for another director's tables, tables that are not there and bad input", async () => {
  const td = await s.organiser();
  const [one, two] = [await s.table(td, "Table 1"), await s.table(td, "Table 2")];
  const other = await s.organiser("Other Director");
  const theirs = await s.table(other, "Their Table");
  const notYours = { status: 403, message: "You can only send tablets between your own tables" };
  const notFound = { status: 404, message: "Table not found" };

  expect(await answered(send(other, one, two))).toEqual(notYours);
  expect(await answered(send(td, one, theirs))).toEqual(notYours);
  expect(await answered(send(td, theirs, one))).toEqual(notYours);
  expect(await answered(send(td, "missing", two))).toEqual(notFound);
  expect(await answered(send(td, one, "missing"))).toEqual(notFound);
  expect(await answered(send(td, one, one))).toEqual({ status: 400, message: "The tablet is already at that table" });
  for (const body of [{}, { toTableId: "" }, { toTableId: 42 }, { toTableId: "x".repeat(500) }]) {
    expect((await bodyChecked(SendTabletSchema, body)).status, JSON.stringify(body)).toBe(400);
  }
  expect(await bodyChecked(SendTabletSchema, { toTableId: two.id })).toEqual({ status: 200, message: null });
  expect(await sentTo(one)).toBeNull();
  expect(await sentTo(theirs)).toBeNull();
});

test("a code renewed or of a table deleted is found no more; a wrong code counts against the address", async () => {
  const td = await s.organiser();
  const [table, doomed] = [await s.table(td, "Table 1"), await s.table(td, "Table 2")];
  const address = "198.51.100.77";
  const lookUp = (code: string) => findByCode(s.sender, { code, address }, tableByCodeQuery);
  const wrongCodes = async () =>
    Number(
      (await s.rows("select coalesce(sum(count), 0) as n from rate_limits where key like ?", [`%${address}%`]))[0]?.n,
    );

  const renewed = await s.perform(newTableCode, { organiserId: td.id, tableId: table.id });
  expect(renewed.accessCode).not.toBe(table.accessCode);
  expect(await lookUp(renewed.accessCode)).toEqual({ ...table, accessCode: renewed.accessCode });
  const invalid = { status: 404, message: "Invalid access code" };
  expect(await answered(lookUp(table.accessCode))).toEqual(invalid);
  expect(await wrongCodes()).toBe(1);

  expect(await s.perform(removeTable, { organiserId: td.id, tableId: doomed.id })).toEqual({ removed: true });
  expect(await answered(s.tablet(doomed.accessCode).current())).toEqual(invalid);
  expect(await answered(lookUp(doomed.accessCode))).toEqual(invalid);
  expect(await wrongCodes()).toBe(2);
});
