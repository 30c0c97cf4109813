// Migrations that rebuild a table, run on a database that already has rows in
// it: 0009 rebuilds `matches` (its player slots lose their foreign keys to
// players, for team ids), 0015 `reserves` (the list's order as tickets).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createDbServer, type DbServer } from "../db/server/hrana.ts";

const migrations = fileURLToPath(new URL("../db/migrations", import.meta.url));
let dir = "";
let server: DbServer;
let client: Client;
const before = () => join(dir, "before-0009");

/** A folder of the migrations as they were before migration `idx` (and none of the later ones). */
function migrationsBefore(idx: number): string {
  const folder = join(dir, `before-${String(idx).padStart(4, "0")}`);
  cpSync(migrations, folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number; tag: string }[] };
  for (const later of journal.entries.filter((e) => e.idx >= idx)) rmSync(join(folder, `${later.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "break-and-run-migrations-"));
  migrationsBefore(9);
  server = await createDbServer({ file: join(dir, "app.db"), port: 0 });
  client = createClient({ url: server.url });
});
afterAll(async () => {
  client.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async (sql: string) => (await client.execute(sql)).rows.map((r) => ({ ...r }));

test("0009 keeps every match, link, table assignment and payout, and lets a slot hold a team", async () => {
  await migrate(drizzle(client), { migrationsFolder: before() });
  await client.batch(
    [
      `insert into organisers (id, organisation_name, venue, name, email, password_hash)
        values ('o1', 'Club', 'The Crown', 'Dee', 'dee@x.io', 'h')`,
      `insert into players (id, name, email, password_hash) values
        ('p1', 'Ann', 'a@x.io', 'h'), ('p2', 'Bo', 'b@x.io', 'h'),
        ('p3', 'Cy', 'c@x.io', 'h'), ('p4', 'Di', 'd@x.io', 'h')`,
      `insert into tables (id, organiser_id, name, access_code) values ('tb1', 'o1', 'Table 1', 'ABCDEFGH')`,
      `insert into tournaments (id, organiser_id, name, venue, date, time, entry_fee_pence, payout_structure,
        status, slug, tournament_type) values ('t1', 'o1', 'Friday', 'The Crown', '2026-11-27', '19:00', 1000,
        'winner_ru', 'in_progress', 'friday', 'double_elimination')`,
      // Written children first: a link to a row inserted later, as a rebuild's copy meets them.
      `insert into matches (id, tournament_id, round, match_number, bracket, player1_id, player2_id, winner_id,
        status, next_match_id, next_slot, loser_match_id, loser_slot, table_id, table_assigned_at, label) values
        ('m3', 't1', 2, 1, 'winners', 'p1', null, null, 'pending', null, null, null, null, null, null, 'Final'),
        ('m4', 't1', 1, 1, 'losers', 'p2', null, null, 'pending', null, null, null, null, null, null, 'L1'),
        ('m1', 't1', 1, 1, 'winners', 'p1', 'p2', 'p1', 'completed', 'm3', 1, 'm4', 1, null, null, 'Semi'),
        ('m2', 't1', 1, 2, 'winners', 'p3', 'p4', null, 'in_progress', 'm3', 2, 'm4', 2, 'tb1', 123, 'Semi')`,
      `insert into payouts (id, tournament_id, player_id, amount_pence, position, confirmed)
        values ('po1', 't1', 'p1', 1500, '1st', 1)`,
    ],
    "write",
  );
  const matchesBefore = await rows("select * from matches order by id");

  await migrate(drizzle(client), { migrationsFolder: migrations });

  // Every column it had keeps its value (later migrations may add columns).
  const columns = Object.keys(matchesBefore[0] ?? {});
  const matchesAfter = (await rows("select * from matches order by id")).map((row) =>
    Object.fromEntries(columns.map((c) => [c, row[c]])),
  );
  expect(matchesAfter).toEqual(matchesBefore);
  expect(await rows("select id, amount_pence from payouts")).toEqual([{ id: "po1", amount_pence: 1500 }]);
  expect((await client.execute("pragma foreign_keys")).rows[0]?.foreign_keys).toBe(1);
  expect((await client.execute("pragma foreign_key_check")).rows).toEqual([]);
  expect((await client.execute("pragma integrity_check")).rows[0]?.integrity_check).toBe("ok");
  const fks = await rows('select "table", "from" from pragma_foreign_key_list(\'matches\') order by "from"');
  expect(fks).toEqual([
    { table: "matches", from: "loser_match_id" },
    { table: "matches", from: "next_match_id" },
    // 0011: the table a match is kept for.
    { table: "tables", from: "pinned_table_id" },
    { table: "tables", from: "table_id" },
    { table: "tournaments", from: "tournament_id" },
  ]);
  const indexes = await rows("select name from pragma_index_list('matches') where origin = 'c' order by name");
  expect(indexes.map((i) => i.name)).toEqual([
    // 0024: the results from a moment on, and each player's (the ratings' replay, profiles, head-to-heads).
    "matches_completed_idx",
    "matches_group_position_uq",
    "matches_player1_idx",
    "matches_player2_idx",
    "matches_position_uq",
    "matches_table_idx",
    // 0024: a tournament's matches (the position indexes are partial: a query by tournament alone used neither).
    "matches_tournament_idx",
  ]);

  // The links still act: a deleted table frees its match, a deleted match unlinks.
  await client.execute("delete from tables where id = 'tb1'");
  expect((await rows("select table_id from matches where id = 'm2'"))[0]?.table_id).toBeNull();
  // A slot may now hold a team's id; links to matches are still checked.
  await client.execute("update matches set player2_id = 'a-team-id' where id = 'm3'");
  await expect(client.execute("update matches set next_match_id = 'nope' where id = 'm4'")).rejects.toThrow(
    /FOREIGN KEY/,
  );
});

test("0009 refuses to run with foreign keys on, and changes nothing", async () => {
  const statements = readFileSync(join(migrations, "0009_teams.sql"), "utf8").split("--> statement-breakpoint");
  // The rebuild from its guard on, sent as an ordinary batch (foreign keys on).
  const rebuild = statements.slice(statements.findIndex((s) => s.includes("pragma_foreign_keys")));
  expect(rebuild.length).toBeGreaterThan(5);
  await expect(client.batch(rebuild, "write")).rejects.toThrow(/batch_guard/);
  expect((await rows("select count(*) as n from matches"))[0]?.n).toBe(4);
});

test("0015 gives the reserves waiting tickets in the order they had, per tournament, and keeps every row", async () => {
  const reserveServer = await createDbServer({ file: join(dir, "reserves.db"), port: 0 });
  const db = createClient({ url: reserveServer.url });
  try {
    await migrate(drizzle(db), { migrationsFolder: migrationsBefore(15) });
    await db.batch(
      [
        `insert into organisers (id, organisation_name, venue, name, email, password_hash)
          values ('o1', 'Club', 'The Crown', 'Dee', 'dee@x.io', 'h')`,
        `insert into players (id, name, email, password_hash) values
          ('p1', 'Ann', 'a@x.io', 'h'), ('p2', 'Bo', 'b@x.io', 'h'), ('p3', 'Cy', 'c@x.io', 'h')`,
        `insert into tournaments (id, organiser_id, name, venue, date, time, entry_fee_pence, payout_structure,
          status, slug) values
          ('t1', 'o1', 'Friday', 'The Crown', '2026-11-27', '19:00', 1000, 'winner_ru', 'open', 'friday'),
          ('t2', 'o1', 'Saturday', 'The Crown', '2026-11-28', '19:00', 1000, 'winner_ru', 'open', 'saturday')`,
        // Joined in the same millisecond (r-b before r-c by id), one offered already; another tournament's list.
        `insert into reserves (id, tournament_id, player_id, joined_at, offered_at, offer_expires_at, offer_batch)
          values ('r-c', 't1', 'p3', 200, null, null, null), ('r-a', 't1', 'p1', 100, 150, 900, 'b1'),
          ('r-b', 't1', 'p2', 200, null, null, null), ('r-d', 't2', 'p1', 500, null, null, null)`,
      ],
      "write",
    );
    const columns = "id, tournament_id, player_id, joined_at, offered_at, offer_expires_at, offer_batch";
    const reservesBefore = (await db.execute(`select ${columns} from reserves order by id`)).rows.map((r) => ({
      ...r,
    }));

    await migrate(drizzle(db), { migrationsFolder: migrations });

    const after = await db.execute(`select ${columns}, ticket from reserves order by id`);
    const rowsAfter = after.rows.map((r) => ({ ...r }));
    expect(rowsAfter.map(({ ticket: _, ...rest }) => rest)).toEqual(reservesBefore);
    expect(rowsAfter.map((r) => [r.id, r.ticket])).toEqual([
      ["r-a", 1],
      ["r-b", 2],
      ["r-c", 3],
      ["r-d", 1],
    ]);
    // One ticket per place in a tournament's list.
    await expect(db.execute("update reserves set ticket = 1 where id = 'r-b'")).rejects.toThrow(/UNIQUE/);
    const indexes = await db.execute("select name from pragma_index_list('reserves') where origin = 'c' order by name");
    expect(indexes.rows.map((r) => r.name)).toEqual(["reserves_entry_uq", "reserves_ticket_uq"]);
    expect((await db.execute("pragma foreign_key_check")).rows).toEqual([]);
    expect((await db.execute("pragma integrity_check")).rows[0]?.integrity_check).toBe("ok");
  } finally {
    db.close();
    await reserveServer.close();
  }
});
