// What one tap, one result and one profile view cost, each alone on a quiet server (the Thursday benchmark's
// `perTap`, `perResult` and `history`): the Worker host's CPU, the database's round trips and rows, the requests the
// devices made because of it. And years of history written straight into the database (historic singles nights,
// their matches and entries: no ratings tables, which the app fills as it needs), to see what grows with it.
import type { Client } from "@libsql/client";
import type { Stack } from "../scripts/lib/stack.ts";
import { raceWon } from "../scripts/lib/load-shape.ts";
import { settledStats } from "./round-trips.ts";
import { ask, counters, runtimeCpu } from "./devices.ts";
import { openFloor } from "./floor-sim.ts";
import { startNights, type Venue, writeVenue } from "./venues.ts";

export type Cost = {
  samples: number;
  "Worker CPU ms": number;
  "front CPU ms": number;
  "round trips": number;
  statements: number;
  "rows read": number;
  "scan steps": number;
  "rows written": number;
  requests: number;
};

type Sample = Omit<Cost, "samples">;

/**
 * Still for a moment twice over, a second apart: what a change left running (its announcements, the screens' reads,
 * a replay that computes for a while between its read and its write) is counted with it, not with the next.
 */
async function quiet(stack: Stack) {
  await settledStats(stack);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return settledStats(stack);
}

async function measured(stack: Stack, group: number, action: () => Promise<void>): Promise<Sample> {
  const db = await quiet(stack);
  const cpu = runtimeCpu(group);
  const requests = counters.requests;
  await action();
  const after = await quiet(stack);
  const cpuAfter = runtimeCpu(group);
  return {
    "Worker CPU ms": (cpuAfter.workerd - cpu.workerd) * 1000,
    "front CPU ms": (cpuAfter.front - cpu.front) * 1000,
    "round trips": after.pipelines - db.pipelines,
    statements: after.statements - db.statements,
    "rows read": after.rowsRead - db.rowsRead,
    "scan steps": after.scanSteps - db.scanSteps,
    "rows written": after.rowsWritten - db.rowsWritten,
    requests: counters.requests - requests,
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

function mean(samples: readonly Sample[]): Cost {
  const total = (key: keyof Sample) => samples.reduce((sum, s) => sum + s[key], 0) / Math.max(1, samples.length);
  return {
    samples: samples.length,
    "Worker CPU ms": round1(total("Worker CPU ms")),
    "front CPU ms": round1(total("front CPU ms")),
    "round trips": round1(total("round trips")),
    statements: round1(total("statements")),
    "rows read": round1(total("rows read")),
    "scan steps": round1(total("scan steps")),
    "rows written": round1(total("rows written")),
    requests: round1(total("requests")),
  };
}

export type Probe = { tap: Cost; result: Cost; firstResult: Cost; profile: Cost; historicProfile?: Cost };

/**
 * A venue of its own (16 players on 4 tables, race to 3, a tablet and a second screen at each table, 5 pages open),
 * started; every table's match tapped rack by rack to its end and confirmed, each tap and each result measured alone,
 * then three views of a player's profile (and of `historicPlayer`'s, when given).
 */
export async function probe(
  stack: Stack,
  db: Client,
  secret: string,
  address: string,
  label: string,
  historicPlayer?: string,
): Promise<Probe> {
  const group = stack.app.pid as number;
  const venue: Venue = await writeVenue(db, secret, label, [
    { matchType: "1v1", entries: 16, tables: 4, raceTo: 3, name: "Probe Night" },
  ]);
  await startNights(stack.appUrl, address, venue);
  const floor = await openFloor(stack.appUrl, [venue], 1, 5);
  // What the start left running (the ratings' replay after it) is not the first tap's.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const taps: Sample[] = [];
  const results: Sample[] = [];
  let n = 0;
  for (const table of floor.tables) {
    for (let guard = 0; guard < 12; guard++) {
      const board = table.board;
      if (!board?.open) break;
      const done = raceWon(board);
      const path = `/api/tables/by-code/${table.code}/${done ? "confirm" : "racks"}`;
      const body = done
        ? { tapId: `probe${label.length}x${++n}x${Date.now()}`, matchId: board.matchId }
        : { tapId: `probe${label.length}x${++n}x${Date.now()}`, matchId: board.matchId, player: 1 + (n % 2) };
      const sample = await measured(stack, group, async () => {
        const answer = await ask(stack.appUrl, address, "POST", path, { body, expect: [201] });
        if (!done && answer.status === 201) {
          table.board = { ...board, racks: (JSON.parse(answer.body) as { racks: string }).racks };
        }
      });
      (done ? results : taps).push(sample);
      if (done) break;
    }
  }
  const [player] = (
    await db.execute({
      sql: "select player_id as id from tournament_players where tournament_id = ? limit 1",
      args: [venue.tournaments[0]?.id ?? ""],
    })
  ).rows as unknown as { id: string }[];
  const profile: Sample[] = [];
  for (let i = 0; i < 3; i++) {
    profile.push(
      await measured(stack, group, async () => {
        await ask(stack.appUrl, address, "GET", `/api/players/${player?.id}`);
      }),
    );
  }
  const historic: Sample[] = [];
  for (let i = 0; historicPlayer && i < 3; i++) {
    historic.push(
      await measured(stack, group, async () => {
        await ask(stack.appUrl, address, "GET", `/api/players/${historicPlayer}`);
      }),
    );
  }
  floor.stop();
  return {
    tap: mean(taps),
    // The first result after a change of history may do once what later ones need not (a first replay).
    firstResult: mean(results.slice(0, 1)),
    result: mean(results.slice(1)),
    profile: mean(profile),
    ...(historic.length ? { historicProfile: mean(historic) } : {}),
  };
}

/**
 * About `racks` historic racks, written by the database itself in a few statements: singles nights of 16 (15
 * matches each, race to 7, so about 10 racks a match) among 5,000 players, run by 50 directors, over the past years.
 * Only players, organisers, tournaments, entries and matches: tables the app adds later (its ratings' own) are its to
 * fill. Answers what it wrote.
 */
export async function seedHistory(db: Client, racks: number) {
  const started = performance.now();
  const matchCount = Math.max(15, Math.round(racks / 10));
  const nights = Math.ceil(matchCount / 15);
  const numbers = (count: number) =>
    `with recursive c(n) as (select 1 union all select n + 1 from c where n < ${count}) select n from c`;
  const statements = [
    `insert into organisers (id, organisation_name, venue, name, email, password_hash)
      select 'hist-o-' || n, 'Historic League', 'Historic Venue ' || n, 'Historic Director ' || n,
        'hist-o-' || n || '@history.example', 'bench-no-login' from (${numbers(50)})`,
    `insert into players (id, name, email, password_hash)
      select 'hist-p-' || n, 'Historic Player ' || n, 'hist-p-' || n || '@history.example', 'bench-no-login'
      from (${numbers(5000)})`,
    `insert into tournaments (id, organiser_id, name, venue, date, time, max_players, match_type, race_to,
        entry_fee_pence, payout_structure, status, slug, started_at, finished_at)
      select 'hist-t-' || n, 'hist-o-' || (n % 50 + 1), 'Historic Night ' || n, 'Historic Venue',
        date('2022-01-01', '+' || (n / 20) || ' days'), '19:30', 16, '1v1', 7, 500, 'winner_ru', 'finished',
        'hist-' || n, 1640995200000 + n * 4320000, 1640995200000 + n * 4320000 + 10800000
      from (${numbers(nights)})`,
    // Match n (from 0): night n / 15 + 1; rounds of 8, 4, 2 and 1; two different players (an offset of 1 to 4,999
    // round 5,000); the winner on 7, the loser on 0 to 6.
    `insert into matches (id, tournament_id, round, match_number, label, player1_id, player2_id, player1_score,
        player2_score, winner_id, status, outcome, completed_at)
      select 'hist-m-' || k, 'hist-t-' || (k / 15 + 1),
        case when k % 15 < 8 then 1 when k % 15 < 12 then 2 when k % 15 < 14 then 3 else 4 end,
        case when k % 15 < 8 then k % 15 + 1 when k % 15 < 12 then k % 15 - 7 when k % 15 < 14 then k % 15 - 11
          else 1 end,
        '', 'hist-p-' || a, 'hist-p-' || b,
        case when k % 2 = 0 then 7 else (k * 31) % 7 end, case when k % 2 = 0 then (k * 31) % 7 else 7 end,
        case when k % 2 = 0 then 'hist-p-' || a else 'hist-p-' || b end, 'completed', 'played',
        1640995200000 + (k / 15) * 4320000 + (k % 15) * 600000
      from (select n - 1 as k, (n - 1) * 7919 % 5000 + 1 as a,
          ((n - 1) * 7919 % 5000 + 1 + (n - 1) * 104729 % 4999) % 5000 + 1 as b
        from (${numbers(matchCount)}))`,
    `insert or ignore into tournament_players (id, tournament_id, player_id, paid, paid_at, paid_by)
      select id || '-' || side, tournament_id, case side when 1 then player1_id else player2_id end, 1, completed_at,
        'cash'
      from matches, (select 1 as side union all select 2) where id like 'hist-m-%'`,
  ];
  for (const sql of statements) await db.execute(sql);
  const [row] = (
    await db.execute(
      "select count(*) as matches, sum(player1_score + player2_score) as racks from matches where id like 'hist-m-%'",
    )
  ).rows as unknown as { matches: number; racks: number }[];
  return {
    matches: Number(row?.matches ?? 0),
    racks: Number(row?.racks ?? 0),
    players: 5000,
    nights,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
