// Features together, in-process: a whole evening to finalize for every format
// × singles and teams × how results arrive (the director, tablets that record
// at once, tablets waiting for approval), with "Assign tables automatically"
// on and the director never assigning a table. Every match is played at a
// table the floor called it to; a free table never sits beside a ready match;
// every ledger check holds and the prizes plus the rake are the entry fees.
// Two test files run it, each for two formats.
import { expect, test } from "vitest";
import { type Account, answered, type ServiceDb } from "../../../../test-support/services.ts";
import { finalizeTournament } from "./finalize.server.ts";
import { queueJson } from "~/features/floor/domain/queue-views.ts";
import { queueQuery } from "~/features/floor/server/queue-reads.server.ts";
import { saveFloorSettings } from "~/features/floor/server/queue.server.ts";
import { approveTableResult } from "~/features/floor/server/table-scoring.server.ts";

type Table = { id: string; name: string; accessCode: string };
type Results = "director" | "record" | "approve";

type Format = "single_elimination" | "double_elimination" | "round_robin_tier" | "round_robin";
const matchTypes = ["1v1", "2v2"] as const;
const resultModes: Results[] = ["director", "record", "approve"];
const ENTRIES = 8;
const TABLES = 3;
const RACE = 2;

/** A free table in rotation while a match is ready for it would be a stall. */
async function expectNoStall(s: ServiceDb, t: { id: string; name: string }, tables: Table[], where: string) {
  const ms = await s.matches(t);
  const busy = new Set(ms.filter((m) => m.status === "in_progress").map((m) => m.tableId));
  const free = tables.filter((table) => !busy.has(table.id));
  const floor = await s.sender.send(queueQuery({ id: t.id }));
  if (!floor) throw new Error("no such tournament");
  const queue = queueJson(floor, ms, Date.now());
  if (free.length > 0) expect(queue.queue, `${where}: ${free.length} table(s) free beside a ready match`).toEqual([]);
  const onTables = ms.filter((m) => m.status === "in_progress").map((m) => m.tableId);
  expect(
    onTables.every((id) => id !== null),
    `${where}: a match in progress on no table`,
  ).toBe(true);
  expect(new Set(onTables).size, `${where}: two matches on one table`).toBe(onTables.length);
}

/** Plays the match on `table` to its end the way `mode` says; answers whether there was one. */
async function playAt(
  s: ServiceDb,
  td: Account,
  t: { id: string; name: string },
  table: Table,
  mode: Results,
): Promise<boolean> {
  const tab = s.tablet(table.accessCode);
  const current = await tab.current();
  if (current?.status !== "in_progress") return false;
  if (mode === "director") {
    const recorded = await answered(
      s.record(td, current.id, { winnerId: current.player1Id, player1Score: RACE, player2Score: 1 }),
    );
    expect(recorded.status, recorded.message ?? "").toBe(200);
    return true;
  }
  // Player 2 takes a rack, player 1 the race.
  expect((await tab.send("racks", { tapId: tapId(), player: 2, matchId: current.id })).status).toBe(201);
  for (let r = 0; r < RACE; r++) {
    expect((await tab.send("racks", { tapId: tapId(), player: 1, matchId: current.id })).status).toBe(201);
  }
  expect((await tab.send("confirm", { tapId: tapId(), matchId: current.id })).status).toBe(201);
  if (mode === "approve") {
    const approve = async () => {
      const saved = await approveTableResult(s.sender, { organiserId: td.id, matchId: current.id });
      if (saved.outcome !== "unconfirmed") await s.after(saved.change);
    };
    const approved = await answered(approve());
    expect(approved.status, approved.message ?? "").toBe(200);
  }
  const after = (await s.matches(t)).find((m) => m.id === current.id);
  expect(after?.status, `${t.name}: the match played at ${table.name} is decided`).toBe("completed");
  return true;
}

let taps = 0;
const tapId = () => `m-${Date.now().toString(36)}-${++taps}`;

/** The evenings of these formats, each singles and teams, on a database of their own. */
export function eveningMatrix(s: ServiceDb, formats: readonly Format[]): void {
  for (const format of formats) {
    for (const matchType of matchTypes) {
      test(`${format}, ${matchType}: an evening to finalize with results from the director, \
tablets recording and tablets waiting for approval`, async () => {
        for (const mode of resultModes) {
          const where = `${format} ${matchType} ${mode}`;
          const td = await s.organiser();
          const tables: Table[] = [];
          for (let i = 0; i < TABLES; i++) tables.push(await s.table(td, `Table ${i + 1}`));
          const t = await s.tournament(td, {
            name: `Matrix ${where}`,
            tournamentType: format,
            matchType,
            maxPlayers: ENTRIES,
            raceTo: RACE,
            entryFee: "10.00",
            rakeValue: "1.00",
            payoutStructure: "winner_ru_semi",
            ...(mode === "director" ? {} : { resultsFromTables: mode }),
          });
          const on = await saveFloorSettings(s.sender, {
            organiserId: td.id,
            tournament: { id: t.id },
            settings: { autoAssign: true },
          });
          await s.after({ organiserId: td.id, tournamentId: t.id, what: "table", floors: on.floors });
          if (matchType === "1v1") await s.enter(t, ENTRIES);
          else for (let n = 1; n <= ENTRIES; n++) await s.enterTeam(t, n);
          const started = await answered(s.start(td, t));
          expect(started.status, started.message ?? "").toBe(200);

          // The director only records (or approves) what the floor put on the tables.
          for (let step = 0; step < 200; step++) {
            await expectNoStall(s, t, tables, `${where}, step ${step}`);
            let played = false;
            for (const table of tables) played = (await playAt(s, td, t, table, mode)) || played;
            if (!played) break;
          }
          const ms = await s.matches(t);
          const unplayed = ms.filter((m) => m.status !== "completed" && m.player1Id && m.player2Id);
          expect(unplayed, `${where}: matches left unplayed with no table`).toEqual([]);
          const assigned = await s.count(
            "matches",
            "tournament_id = ? and is_bye = 0 and status = 'completed' and table_assigned_at is null",
            [t.id],
          );
          expect(assigned, `${where}: every match played was called to a table`).toBe(0);

          const finalize = await answered(
            finalizeTournament(s.sender, { organiserId: td.id, tournament: { id: t.id } }),
          );
          expect(finalize.status, `${where}: ${finalize.message}`).toBe(200);
          await s.after({ organiserId: td.id, tournamentId: t.id, what: "finalize" });
          const players = ENTRIES * (matchType === "2v2" ? 2 : 1);
          const [row] = await s.rows(
            `select coalesce(sum(case when type = 'payout' then amount_pence end), 0) as prizes,
              coalesce(sum(case when type = 'rake' then amount_pence end), 0) as rake
            from transactions where tournament_id = ?`,
            [t.id],
          );
          expect(Number(row?.prizes) + Number(row?.rake), `${where}: prizes + rake = entry fees`).toBe(players * 1_000);
          expect(Number(row?.rake)).toBe(players * 100);
          await s.expectLedgerTrue();
        }
      }, 240_000);
    }
  }
}
