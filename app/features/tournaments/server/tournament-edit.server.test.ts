// Editing in-process: the write re-checks, as it runs, the locks its read decided on — a payment, a hold or an entry
// landing between the read and the write is refused with its reason and nothing is written. And "Run again" copies
// the settings, not the entries. Who may, the JSON and the pages are the HTTP suite's (tests/edit-run-again.test.ts).
import { expect, test } from "vitest";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { mergeEdit, runAgainName, storedFields } from "~/features/tournaments/domain/tournament-edit.ts";
import { editTournamentSchema } from "~/features/tournaments/domain/tournament-schema.ts";
import { editReadQuery, runTournamentAgain, saveTournamentEdit, settingsOf } from "./tournament-edit.server.ts";
import type { TournamentRow } from "./tournaments.server.ts";

const s = useServiceDb();

/** Reads the tournament and its facts now, and returns an edit to write later (with what it read then). */
async function readThenEdit(t: TournamentRow, sent: Record<string, unknown>) {
  const now = Date.now();
  const { t: read, facts } = await s.sender.send(editReadQuery({ id: t.id }, now));
  if (!read) throw new Error("no such tournament");
  const next = editTournamentSchema(read).parse(mergeEdit(storedFields(settingsOf(read)), sent));
  return () => saveTournamentEdit(s.sender, { t: read, facts, next, now });
}

const stored = async (t: { id: string }) =>
  (
    await s.rows<{ entry_fee_pence: number; max_players: number; tournament_type: string; name: string }>(
      "select entry_fee_pence, max_players, tournament_type, name from tournaments where id = ?",
      [t.id],
    )
  )[0];

let td: Account;

test("a payment landing between the read and the write: the fee change is refused with the reason", async () => {
  td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 8 });
  const write = await readThenEdit(t, { entryFee: "12.00", name: "Renamed" });
  await s.enter(t, 1);
  expect(await answered(write())).toEqual({
    status: 409,
    message: "The entry fee can't change: players have already paid",
  });
  expect(await stored(t)).toMatchObject({ entry_fee_pence: 1000, name: "Friday 8-Ball Knockout" });
});

test("a hold taken meanwhile: the fee is refused, the split is not", async () => {
  const t = await s.tournament(td, { maxPlayers: 8 });
  const fee = await readThenEdit(t, { siteFee: "2.00" });
  const rake = await readThenEdit(t, { rakeValue: "2.00" });
  await s.join(await s.player(), t);
  expect(await answered(fee())).toEqual({ status: 409, message: "The site fee can't change: 1 player is paying now" });
  expect(await answered(rake())).toEqual({ status: 200, message: null });
});

test("an entry meanwhile locks the format; places taken meanwhile hold max players up", async () => {
  const t = await s.tournament(td, { maxPlayers: 8 });
  const format = await readThenEdit(t, { tournamentType: "round_robin" });
  const smaller = await readThenEdit(t, { maxPlayers: 2 });
  await s.enter(t, 3);
  expect(await answered(format())).toEqual({
    status: 409,
    message: "The tournament type can't change: players have entered",
  });
  expect(await answered(smaller())).toEqual({
    status: 409,
    message: "Max players can't go below 3: 3 players have paid",
  });
  expect(await stored(t)).toMatchObject({ max_players: 8, tournament_type: "single_elimination" });
});

test("a start meanwhile: the night can no longer change, the table-scoring settings still can", async () => {
  const t = await s.tournament(td, { maxPlayers: 4 });
  await s.enter(t, 2);
  const name = await readThenEdit(t, { name: "Renamed" });
  const breaks = await readThenEdit(t, { breakRule: "alternate" });
  await s.start(td, t);
  expect(await answered(name())).toEqual({ status: 409, message: "The name can't change: the tournament has started" });
  expect((await breaks()).changed).toEqual(["breakRule"]);
});

test("an edit that holds writes only what changed and answers the tournament as it is after", async () => {
  const t = await s.tournament(td, { maxPlayers: 8, rules: "WPA" });
  const { changed, detail } = await (await readThenEdit(t, { name: "Thursday 8-Ball", raceTo: 4, rules: null }))();
  expect(changed).toEqual(["name", "rules", "raceTo"]);
  expect(detail).toMatchObject({ id: t.id, name: "Thursday 8-Ball", raceTo: 4, rules: null, playerCount: 0 });
});

test("run again copies the settings and the floor's, not the entries, a week later", async () => {
  const t = await s.tournament(td, {
    maxPlayers: 8,
    tournamentType: "double_elimination",
    grandFinal: "single",
    raceTo: 5,
    resultsFromTables: "approve",
  });
  await s.rows("update tournaments set auto_assign = 1, no_show_minutes = 7 where id = ?", [t.id]);
  await s.enter(t, 2);
  const [original] = await s.rows<TournamentRow>("select * from tournaments where id = ?", [t.id]);
  const { t: row } = await s.sender.send(editReadQuery({ id: t.id }, Date.now()));
  if (!row || !original) throw new Error("no such tournament");
  const copy = await runTournamentAgain(s.sender, { t: row, now: Date.now() });
  expect(copy.id).not.toBe(t.id);
  expect(copy.slug).not.toBe(t.slug);
  expect(settingsOf(copy)).toEqual({ ...settingsOf(row), date: copy.date, name: runAgainName(row.name, copy.date) });
  expect(copy.name).not.toBe(row.name);
  expect(copy).toMatchObject({ status: "open", autoAssign: true, noShowMinutes: 7, startedAt: null });
  expect(Date.parse(copy.date) - Date.parse(row.date)).toBe(7 * 86_400_000);
  expect(await s.count("tournament_players", "tournament_id = ?", [copy.id])).toBe(0);
});
