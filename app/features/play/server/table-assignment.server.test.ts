// The director's tables in-process: a match put on a table and taken off it, one match a table. Who may do it and
// the JSON's shape are the HTTP suite's (tests/play.test.ts).
import { expect, test } from "vitest";
import { answered, useServiceDb } from "../../../../test-support/services.ts";
import { assignTable } from "./table-assignment.server.ts";

const s = useServiceDb();

test("a table puts its match in progress and one match at a time on it; taken off, the match is pending", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 4 });
  await s.enter(t, 4);
  await s.start(td, t);
  const [m1, m2] = (await s.matches(t)).filter((m) => m.round === 1);
  if (!m1 || !m2) throw new Error("no first round");
  const table = await s.table(td, "Table 1");
  const assign = (matchId: string, tableId: string | null) =>
    assignTable(s.sender, { organiserId: td.id, matchId, tableId });

  await assign(m1.id, table.id);
  expect((await s.matches(t)).find((m) => m.id === m1.id)).toMatchObject({
    status: "in_progress",
    tableId: table.id,
    tableName: "Table 1",
  });
  expect(await answered(assign(m2.id, table.id))).toEqual({
    status: 409,
    message: "Table 1 has a match in progress",
  });
  await assign(m1.id, null);
  expect((await s.matches(t)).find((m) => m.id === m1.id)).toMatchObject({ status: "pending", tableId: null });
  // Free again: the other match takes it; a result frees it.
  await assign(m2.id, table.id);
  await s.record(td, m2.id, { winnerId: m2.player1Id });
  expect((await s.matches(t)).find((m) => m.id === m2.id)).toMatchObject({ status: "completed" });
  expect(await answered(assign(m2.id, table.id))).toEqual({ status: 409, message: "This match already has a result" });
  await assign(m1.id, table.id);
});
