// Features together: a whole evening to finalize for every format × singles
// and teams × how results arrive (the director, tablets that record at once,
// tablets waiting for approval), with "Assign tables automatically" on and the
// director never assigning a table. Every match is played at a table the
// floor called it to; a free table never sits beside a ready match; every
// ledger check holds and the prizes plus the rake are the entry fees.
import { expect, test } from "vitest";
import type { MatchView } from "../app/domain/play.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = Pick<
  MatchView,
  "id" | "bracket" | "player1Id" | "player2Id" | "status" | "tableId" | "isBye" | "winnerId" | "outcome"
>;
type Table = { id: string; name: string; accessCode: string };
type Results = "director" | "record" | "approve";

const formats = ["single_elimination", "double_elimination", "round_robin_tier", "round_robin"] as const;
const matchTypes = ["1v1", "2v2"] as const;
const resultModes: Results[] = ["director", "record", "approve"];
const ENTRIES = 8;
const TABLES = 3;
const RACE = 2;

let taps = 0;
const tapId = () => `m-${Date.now().toString(36)}-${++taps}`;

async function addTable(td: Account, name: string): Promise<Table> {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status).toBe(201);
  return (await response.json()) as Table;
}

/** A team of two: its captain names it and pays for both by card. */
async function enterTeam(t: TournamentJson, n: number) {
  const [captain, mate] = [await f.player(`Captain ${n}`), await f.player(`Mate ${n}`)];
  const joined = await captain.client.json("POST", "/api/tournaments/join", {
    tournamentId: t.id,
    teamName: `Team ${n}`,
    teammates: [mate.email],
  });
  expect(joined.status, await joined.clone().text()).toBe(200);
  const { paymentIntentId } = (await joined.json()) as { paymentIntentId: string };
  const paid = await captain.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
    cardNumber: "4242424242424242",
  });
  expect(paid.status).toBe(200);
}

/** A free table in rotation while a match is ready for it would be a stall. */
async function expectNoStall(t: TournamentJson, tables: Table[], where: string) {
  const ms = await f.matchesOf<Match>(t);
  const busy = new Set(ms.filter((m) => m.status === "in_progress").map((m) => m.tableId));
  const free = tables.filter((table) => !busy.has(table.id));
  const queue = (await (await app.client().get(`/api/tournaments/${t.id}/queue`)).json()) as {
    queue: { matchId: string }[];
  };
  if (free.length > 0) expect(queue.queue, `${where}: ${free.length} table(s) free beside a ready match`).toEqual([]);
  const onTables = ms.filter((m) => m.status === "in_progress").map((m) => m.tableId);
  expect(
    onTables.every((id) => id !== null),
    `${where}: a match in progress on no table`,
  ).toBe(true);
  expect(new Set(onTables).size, `${where}: two matches on one table`).toBe(onTables.length);
}

/** Plays the match on `table` to its end the way `mode` says; answers whether there was one. */
async function playAt(td: Account, t: TournamentJson, table: Table, mode: Results): Promise<boolean> {
  const current = (await (await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`)).json()) as {
    id: string;
    status: string;
    player1Id: string;
    player2Id: string;
  } | null;
  if (current?.status !== "in_progress") return false;
  if (mode === "director") {
    const response = await td.client.json("PATCH", `/api/matches/${current.id}`, {
      winnerId: current.player1Id,
      player1Score: RACE,
      player2Score: 1,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return true;
  }
  const tap = (kind: string, body: Record<string, unknown>) =>
    app.client().json("POST", `/api/tables/by-code/${table.accessCode}/${kind}`, { tapId: tapId(), ...body });
  // Player 2 takes a rack, player 1 the race.
  expect((await tap("racks", { player: 2, matchId: current.id })).status).toBe(201);
  for (let r = 0; r < RACE; r++) expect((await tap("racks", { player: 1, matchId: current.id })).status).toBe(201);
  const confirmed = await tap("confirm", { matchId: current.id });
  expect(confirmed.status, await confirmed.clone().text()).toBe(201);
  if (mode === "approve") {
    const approved = await td.client.json("POST", `/api/matches/${current.id}/approve`);
    expect(approved.status, await approved.clone().text()).toBe(200);
  }
  const after = (await f.matchesOf<Match>(t)).find((m) => m.id === current.id);
  expect(after?.status, `${t.name as string}: the match played at ${table.name} is decided`).toBe("completed");
  return true;
}

for (const format of formats) {
  for (const matchType of matchTypes) {
    test(`${format}, ${matchType}: an evening to finalize with results from the director, \
tablets recording and tablets waiting for approval`, async () => {
      for (const mode of resultModes) {
        const where = `${format} ${matchType} ${mode}`;
        const td = await f.organiser();
        const tables: Table[] = [];
        for (let i = 0; i < TABLES; i++) tables.push(await addTable(td, `Table ${i + 1}`));
        const t = await f.createTournament(td, {
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
        const on = await td.client.json("PATCH", `/api/tournaments/${t.id}/settings`, { autoAssign: true });
        expect(on.status).toBe(200);
        if (matchType === "1v1") await f.enter(t, ENTRIES);
        else for (let n = 1; n <= ENTRIES; n++) await enterTeam(t, n);
        const started = await td.client.json("POST", `/api/tournaments/${t.id}/start`);
        expect(started.status, await started.clone().text()).toBe(200);

        // The director only records (or approves) what the floor put on the tables.
        for (let step = 0; step < 200; step++) {
          await expectNoStall(t, tables, `${where}, step ${step}`);
          let played = false;
          for (const table of tables) played = (await playAt(td, t, table, mode)) || played;
          if (!played) break;
        }
        const ms = await f.matchesOf<Match>(t);
        const unplayed = ms.filter((m) => m.status !== "completed" && m.player1Id && m.player2Id);
        expect(unplayed, `${where}: matches left unplayed with no table`).toEqual([]);
        const assigned = await f.count(
          "matches",
          "tournament_id = ? and is_bye = 0 and status = 'completed' and table_assigned_at is null",
          [t.id],
        );
        expect(assigned, `${where}: every match played was called to a table`).toBe(0);

        const finalize = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
        expect(finalize.status, `${where}: ${await finalize.clone().text()}`).toBe(200);
        const players = ENTRIES * (matchType === "2v2" ? 2 : 1);
        const money = await f.sql().execute({
          sql: `select coalesce(sum(case when type = 'payout' then amount_pence end), 0) as prizes,
              coalesce(sum(case when type = 'rake' then amount_pence end), 0) as rake
            from transactions where tournament_id = ?`,
          args: [t.id],
        });
        const row = money.rows[0];
        expect(Number(row?.prizes) + Number(row?.rake), `${where}: prizes + rake = entry fees`).toBe(players * 1_000);
        expect(Number(row?.rake)).toBe(players * 100);
        await f.expectLedgerTrue();
      }
    }, 240_000);
  }
}
