import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, LibsqlError } from "@libsql/client";
import type { Client, ResultSet } from "@libsql/client";
import { createClient as createWebClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDbServer } from "./hrana.ts";
import type { DbServer, DbServerOptions } from "./hrana.ts";

let dir = "";
let servers: DbServer[] = [];
let clients: Client[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hrana-test-"));
});
afterEach(async () => {
  for (const c of clients) c.close();
  for (const s of servers) await s.close();
  clients = [];
  servers = [];
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: Partial<DbServerOptions> = {}): Promise<DbServer> {
  // A parent directory that does not exist yet: the server creates it.
  const server = await createDbServer({ file: join(dir, "data", "test.db"), port: 0, ...options });
  servers.push(server);
  return server;
}
function connect(server: DbServer, options: { intMode?: "number" | "bigint"; authToken?: string } = {}): Client {
  const client = createClient({ url: server.url, ...options });
  clients.push(client);
  return client;
}
async function post(server: DbServer, body: unknown, path = "/v2/pipeline") {
  const res = await fetch(server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get("content-type"), json: (await res.json()) as Record<string, unknown> };
}
async function count(client: { execute(sql: string): Promise<ResultSet> }, table = "t"): Promise<number> {
  const rs = await client.execute(`SELECT count(*) AS n FROM ${table}`);
  return Number(rs.rows[0]?.n);
}
async function rejection(promise: Promise<unknown>): Promise<LibsqlError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(LibsqlError);
    return e as LibsqlError;
  }
  throw new Error("expected a rejection");
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("hrana server", () => {
  it("executes statements with every value type and reports rowid / rows affected", async () => {
    const server = await start();
    const c = connect(server, { intMode: "bigint" });
    await c.execute("CREATE TABLE v(id INTEGER PRIMARY KEY, i INTEGER, f REAL, t TEXT, b BLOB, n)");
    const big = 2n ** 62n + 12345n; // > 2^53: must survive as a bigint
    const ins = await c.execute({
      sql: "INSERT INTO v(i, f, t, b, n) VALUES (?, ?, ?, ?, ?)",
      args: [big, 3.25, "héllo 'world'", new Uint8Array([0, 1, 254, 255]), null],
    });
    expect(ins.rowsAffected).toBe(1);
    expect(ins.lastInsertRowid).toBe(1n);
    const rs = await c.execute({ sql: "SELECT i, f, t, b, n, typeof(i) AS ti, typeof(f) AS tf FROM v WHERE id = :id", args: { id: 1n } });
    expect(rs.columns).toEqual(["i", "f", "t", "b", "n", "ti", "tf"]);
    expect(rs.columnTypes.slice(0, 4)).toEqual(["INTEGER", "REAL", "TEXT", "BLOB"]);
    const row = rs.rows[0]!;
    expect(row.i).toBe(big);
    expect(row.f).toBe(3.25);
    expect(row.t).toBe("héllo 'world'");
    expect([...new Uint8Array(row.b as ArrayBuffer)]).toEqual([0, 1, 254, 255]);
    expect(row.n).toBeNull();
    expect([row.ti, row.tf]).toEqual(["integer", "real"]);
    // Round trip of extreme integers and named args with each prefix.
    const ext = await c.execute({ sql: "SELECT :a AS a, @b AS b, $c AS c", args: { a: -(2n ** 63n), b: 2n ** 63n - 1n, c: 0.5 } });
    expect(ext.rows[0]).toMatchObject({ a: -(2n ** 63n), b: 2n ** 63n - 1n, c: 0.5 });
    // UPDATE / DELETE counts; a SELECT after them reports 0 rows affected.
    await c.execute({ sql: "INSERT INTO v(i) VALUES (?), (?)", args: [1, 2] });
    expect((await c.execute("UPDATE v SET t = 'x' WHERE i < 10")).rowsAffected).toBe(2);
    expect((await c.execute("SELECT * FROM v")).rowsAffected).toBe(0);
    expect((await c.execute("DELETE FROM v")).rowsAffected).toBe(3);
    // In the default intMode a safe integer comes back as a number.
    expect((await connect(server).execute("SELECT 42 AS x")).rows[0]?.x).toBe(42);
  });

  it("works through @libsql/client/web (the Worker's fetch path)", async () => {
    const server = await start();
    const web = createWebClient({ url: server.url });
    try {
      await web.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
      await web.batch([{ sql: "INSERT INTO t(name) VALUES (?)", args: ["a"] }, { sql: "INSERT INTO t(name) VALUES (?)", args: ["b"] }], "write");
      const tx = await web.transaction("write");
      await tx.execute({ sql: "INSERT INTO t(name) VALUES (?)", args: ["c"] });
      await tx.commit();
      const rs = await web.execute("SELECT name FROM t ORDER BY id");
      expect(rs.rows.map((r) => r.name)).toEqual(["a", "b", "c"]);
    } finally {
      web.close();
    }
  });

  it("makes batch() atomic: a failing step rolls back the earlier ones", async () => {
    const server = await start();
    const c = connect(server);
    await c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, email TEXT UNIQUE)");
    await c.execute("INSERT INTO t(email) VALUES ('taken@x')");
    const e = await rejection(
      c.batch(
        [
          "INSERT INTO t(email) VALUES ('a@x')",
          "INSERT INTO t(email) VALUES ('b@x')",
          "INSERT INTO t(email) VALUES ('taken@x')",
          "INSERT INTO t(email) VALUES ('c@x')",
        ],
        "write",
      ),
    );
    expect(e.code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect(await count(c)).toBe(1);
    // The default ("deferred") mode too, and a successful batch returns one result per statement.
    await rejection(c.batch(["INSERT INTO t(email) VALUES ('d@x')", "INSERT INTO t(id) VALUES (1)"]));
    expect(await count(c)).toBe(1);
    const ok = await c.batch(["INSERT INTO t(email) VALUES ('e@x')", "SELECT email FROM t ORDER BY id"]);
    expect(ok[0]?.rowsAffected).toBe(1);
    expect(ok[1]?.rows.map((r) => r.email)).toEqual(["taken@x", "e@x"]);
  });

  it("applies a drizzle-style migration batch, and the project's real migrations", async () => {
    const server = await start();
    const c = connect(server);
    await c.migrate([
      "CREATE TABLE a(id INTEGER PRIMARY KEY)",
      "CREATE TABLE b(id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a(id))",
      "CREATE INDEX b_a ON b(a_id);",
      "CREATE TABLE c(x TEXT);",
    ]);
    await c.batch(["CREATE TABLE d(id INTEGER PRIMARY KEY)", "CREATE TABLE e(id INTEGER PRIMARY KEY)"], "write");
    const tables = await c.execute("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
    expect(tables.rows.map((r) => r.name)).toEqual(["a", "b", "c", "d", "e"]);
    await c.execute("DROP TABLE e"); // autocommit DDL on a fresh stream
    await c.executeMultiple("SELECT * FROM d; DROP TABLE d;");
    // foreign_keys is back on after migrate() turned it off for the batch.
    expect((await c.execute("PRAGMA foreign_keys")).rows[0]?.foreign_keys).toBe(1);

    // The table-rebuild dance drizzle-kit generates for SQLite ALTERs, after reads on the same connection.
    await c.execute("INSERT INTO a(id) VALUES (1), (2)");
    await c.migrate([
      "SELECT count(*) FROM a",
      "CREATE TABLE __new_a(id INTEGER PRIMARY KEY, label TEXT DEFAULT 'x')",
      "INSERT INTO __new_a(id) SELECT id FROM a",
      "DROP TABLE a",
      "ALTER TABLE __new_a RENAME TO a",
    ]);
    expect((await c.execute("SELECT group_concat(id || label) AS v FROM a")).rows[0]?.v).toBe("1x,2x");

    const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));
    await migrate(drizzle(c), { migrationsFolder });
    await migrate(drizzle(c), { migrationsFolder }); // idempotent
    const applied = await c.execute("SELECT count(*) AS n FROM __drizzle_migrations");
    expect(Number(applied.rows[0]?.n)).toBeGreaterThan(0);
  });

  it("keeps an interactive transaction open across requests (commit and rollback)", async () => {
    const server = await start();
    const c = connect(server);
    const other = connect(server);
    await c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");

    const tx = await c.transaction("write");
    await tx.execute({ sql: "INSERT INTO t(v) VALUES (?)", args: ["one"] });
    await tx.batch([{ sql: "INSERT INTO t(v) VALUES (?)", args: ["two"] }, "UPDATE t SET v = upper(v)"]);
    expect(await count(tx)).toBe(2); // sees its own writes
    expect(await count(other)).toBe(0); // others do not, yet
    await tx.commit();
    expect((await other.execute("SELECT v FROM t ORDER BY id")).rows.map((r) => r.v)).toEqual(["ONE", "TWO"]);

    const tx2 = await c.transaction("write");
    await tx2.execute("INSERT INTO t(v) VALUES ('three')");
    await tx2.execute("DELETE FROM t WHERE v = 'ONE'");
    expect(await count(tx2)).toBe(2);
    await tx2.rollback();
    expect(await count(other)).toBe(2);

    // A failing statement inside a transaction does not end it.
    const tx3 = await c.transaction("deferred");
    await tx3.execute("INSERT INTO t(v) VALUES ('four')");
    await rejection(tx3.execute("INSERT INTO t(id) VALUES (1)"));
    await tx3.commit();
    expect(await count(other)).toBe(3);

    // Reads, then DROP TABLE, in one transaction (libsql must not leave statements active).
    const tx4 = await c.transaction("write");
    await tx4.execute("CREATE TABLE tmp(x)");
    await tx4.execute("INSERT INTO tmp VALUES (1), (2), (3)");
    expect(await count(tx4, "tmp")).toBe(3);
    await tx4.execute("SELECT * FROM tmp");
    await tx4.execute("DROP TABLE tmp");
    await tx4.commit();

    // Read-only transactions (BEGIN TRANSACTION READONLY) work and refuse writes.
    const ro = await c.transaction("read");
    expect(await count(ro)).toBe(3);
    await rejection(ro.execute("INSERT INTO t(v) VALUES ('nope')"));
    ro.close();
  });

  it("expires an idle baton: the transaction is rolled back and the write lock released", async () => {
    const server = await start({ batonIdleMs: 150, busyTimeoutMs: 2000 });
    const c = connect(server);
    await c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY)");
    const tx = await c.transaction("write");
    await tx.execute("INSERT INTO t DEFAULT VALUES");
    await sleep(400);
    const e = await rejection(tx.execute("INSERT INTO t DEFAULT VALUES"));
    expect(e.code).toBe("STREAM_EXPIRED");
    expect(await count(c)).toBe(0);
    const started = Date.now();
    await c.batch(["INSERT INTO t DEFAULT VALUES"], "write"); // not blocked by the dead transaction
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await count(c)).toBe(1);
  });

  it("runs executeMultiple() statement by statement, triggers and quoted semicolons included", async () => {
    const server = await start();
    const c = connect(server);
    await c.executeMultiple(`
      -- a comment; with a semicolon
      CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);
      CREATE TABLE log(msg TEXT);
      /* block; comment */
      CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
        INSERT INTO log(msg) VALUES ('ins;' || CASE WHEN new.v IS NULL THEN 'null' ELSE new.v END);
        INSERT INTO log(msg) VALUES ('again');
      END;
      INSERT INTO t(v) VALUES ('a;b'), ('c');
      INSERT INTO t(v) VALUES (NULL)
    `);
    expect(await count(c)).toBe(3);
    const log = await c.execute("SELECT msg FROM log ORDER BY rowid");
    expect(log.rows.map((r) => r.msg)).toEqual(["ins;a;b", "again", "ins;c", "again", "ins;null", "again"]);
    // Stops at the first failing statement; earlier ones stay applied.
    const e = await rejection(c.executeMultiple("INSERT INTO t(v) VALUES ('d'); INSERT INTO nope VALUES (1); INSERT INTO t(v) VALUES ('e')"));
    expect(e.code).toBe("SQLITE_ERROR");
    expect(await count(c)).toBe(4);
    // execute() accepts exactly one statement, like sqld.
    expect((await rejection(c.execute("SELECT 1; SELECT 2"))).code).toBe("SQL_MANY_STATEMENTS");
    expect((await rejection(c.execute("-- nothing"))).code).toBe("SQL_NO_STATEMENT");
  });

  it("surfaces constraint and SQL errors as LibsqlError with the SQLite code", async () => {
    const server = await start();
    const c = connect(server);
    await c.executeMultiple(`
      CREATE TABLE p(id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT NOT NULL CHECK (length(name) > 0));
      CREATE TABLE ch(id INTEGER PRIMARY KEY, p_id INTEGER NOT NULL REFERENCES p(id));
      INSERT INTO p(id, email, name) VALUES (1, 'a@x', 'A');
    `);
    const codes = async (sql: string) => (await rejection(c.execute(sql))).code;
    expect(await codes("INSERT INTO p(id, email, name) VALUES (2, 'a@x', 'B')")).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect(await codes("INSERT INTO p(id, name) VALUES (1, 'B')")).toBe("SQLITE_CONSTRAINT_PRIMARYKEY");
    expect(await codes("INSERT INTO p(id) VALUES (3)")).toBe("SQLITE_CONSTRAINT_NOTNULL");
    expect(await codes("INSERT INTO p(id, name) VALUES (3, '')")).toBe("SQLITE_CONSTRAINT_CHECK");
    expect(await codes("INSERT INTO ch(p_id) VALUES (99)")).toBe("SQLITE_CONSTRAINT_FOREIGNKEY"); // foreign_keys = ON
    const e = await rejection(c.execute("SELEC 1"));
    expect(e.code).toBe("SQLITE_ERROR");
    expect(e.message).toContain("syntax error");
    expect((await rejection(c.execute("SELECT * FROM missing"))).message).toContain("no such table");
  });

  it("answers malformed requests with HTTP 400 and keeps working", async () => {
    const server = await start();
    const c = connect(server);
    await c.execute("CREATE TABLE t(x)");
    for (const body of [
      "{not json",
      "[]",
      { requests: [{ type: "frobnicate" }] },
      { requests: [{ type: "execute", stmt: { sql: "SELECT 1", args: [{ type: "integer", value: "1.5" }] } }] },
      { requests: [{ type: "execute", stmt: { sql_id: 7 } }] },
      { baton: "not-a-real-baton", requests: [] },
    ]) {
      const res = await post(server, body);
      expect(res.status).toBe(400);
      expect(res.type).toBe("application/json");
      expect(typeof res.json.message).toBe("string");
    }
    expect((await post(server, { baton: "nope", requests: [] })).json.code).toBe("STREAM_EXPIRED");
    expect((await fetch(server.url + "/v2/pipeline")).status).toBe(405);
    expect((await fetch(server.url + "/nowhere")).status).toBe(404);
    expect((await fetch(server.url + "/v2")).status).toBe(200);
    expect((await fetch(server.url + "/v3-protobuf")).status).toBe(404); // so hrana-client falls back to v2
    expect(await (await fetch(server.url + "/health")).text()).toBe("ok");
    await c.execute("INSERT INTO t VALUES (1)");
    expect(await count(c)).toBe(1);
  });

  it("speaks the raw protocol: batons, stored SQL, batch conditions, describe, autocommit", async () => {
    const server = await start();
    const v = (x: number) => ({ type: "integer", value: String(x) });
    const first = await post(server, {
      baton: null,
      requests: [
        { type: "store_sql", sql_id: 1, sql: "INSERT INTO t(x) VALUES (?) RETURNING x" },
        { type: "execute", stmt: { sql: "CREATE TABLE t(x INTEGER UNIQUE)", want_rows: false } },
        {
          type: "batch",
          batch: {
            steps: [
              { stmt: { sql: "BEGIN" } },
              { condition: { type: "ok", step: 0 }, stmt: { sql_id: 1, args: [v(1)] } },
              { condition: { type: "ok", step: 1 }, stmt: { sql_id: 1, args: [v(1)] } }, // UNIQUE violation
              { condition: { type: "and", conds: [{ type: "ok", step: 1 }, { type: "error", step: 2 }] }, stmt: { sql_id: 1, args: [v(2)] } },
              { condition: { type: "not", cond: { type: "is_autocommit" } }, stmt: { sql: "SELECT count(*) FROM t" } },
              { condition: { type: "or", conds: [{ type: "error", step: 0 }, { type: "error", step: 4 }] }, stmt: { sql: "SELECT 'skipped'" } },
            ],
          },
        },
        { type: "get_autocommit" },
        { type: "describe", sql: "SELECT x AS y, :named, ?5 FROM t WHERE x = ?" },
      ],
    });
    expect(first.status).toBe(200);
    expect(typeof first.json.baton).toBe("string");
    expect(first.json.base_url).toBeNull();
    const results = first.json.results as { type: string; response: { type: string; result: Record<string, unknown>; is_autocommit?: boolean } }[];
    expect(results.map((r) => r.type)).toEqual(["ok", "ok", "ok", "ok", "ok"]);
    const batch = results[2]!.response.result as { step_results: (Record<string, unknown> | null)[]; step_errors: (Record<string, unknown> | null)[] };
    expect(batch.step_results.map((r) => r !== null)).toEqual([true, true, false, true, true, false]);
    expect(batch.step_errors[2]).toMatchObject({ code: "SQLITE_CONSTRAINT_UNIQUE" });
    expect(batch.step_results[4]).toMatchObject({ rows: [[{ type: "integer", value: "2" }]], cols: [{ name: "count(*)", decltype: null }] });
    expect(batch.step_results[1]).toMatchObject({ affected_row_count: 1, last_insert_rowid: "1" });
    expect(results[3]!.response).toEqual({ type: "get_autocommit", is_autocommit: false });
    expect(results[4]!.response.result).toEqual({
      params: [{ name: ":named" }, { name: null }, { name: null }, { name: null }, { name: "?5" }, { name: null }],
      cols: [{ name: "y", decltype: "INTEGER" }, { name: ":named", decltype: null }, { name: "?5", decltype: null }],
      is_explain: false,
      is_readonly: true,
    });
    // The baton carries the open transaction (and the stored SQL) to the next request; batons are single-use.
    const second = await post(server, {
      baton: first.json.baton,
      requests: [
        { type: "execute", stmt: { sql_id: 1, args: [v(3)] } },
        { type: "execute", stmt: { sql: "COMMIT" } },
        { type: "close_sql", sql_id: 1 },
        { type: "close" },
        { type: "execute", stmt: { sql: "SELECT 1" } },
      ],
    });
    expect(second.status).toBe(200);
    expect(second.json.baton).toBeNull();
    const r2 = second.json.results as { type: string; error?: { code: string } }[];
    expect(r2.map((r) => r.type)).toEqual(["ok", "ok", "ok", "ok", "error"]);
    expect((await post(server, { baton: first.json.baton, requests: [] })).status).toBe(400);
    const check = await post(server, { requests: [{ type: "sequence", sql: "SELECT 1; SELECT 2;" }, { type: "execute", stmt: { sql: "SELECT group_concat(x) FROM t" } }, { type: "close" }] });
    expect(check.json.results).toMatchObject([
      { type: "ok", response: { type: "sequence" } },
      { type: "ok", response: { result: { rows: [[{ type: "text", value: "1,2,3" }]] } } },
      { type: "ok", response: { type: "close" } },
    ]);
    // The v3 JSON pipeline endpoint answers the same way.
    expect((await post(server, { requests: [{ type: "get_autocommit" }, { type: "close" }] }, "/v3/pipeline")).json.results).toEqual([
      { type: "ok", response: { type: "get_autocommit", is_autocommit: true } },
      { type: "ok", response: { type: "close" } },
    ]);
  });

  it("queues concurrent transactions instead of failing with SQLITE_BUSY", async () => {
    const server = await start({ busyTimeoutMs: 3000 });
    const a = connect(server);
    const b = connect(server);
    await a.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER)");
    await a.execute("INSERT INTO t(v) VALUES (0)");
    // Two read-modify-write transactions: the second waits for the first.
    const txA = await a.transaction("deferred");
    const va = Number((await txA.execute("SELECT v FROM t")).rows[0]?.v);
    const txB = await b.transaction("deferred");
    const readB = txB.execute("SELECT v FROM t"); // blocked until txA ends
    await sleep(50);
    await txA.execute({ sql: "UPDATE t SET v = ?", args: [va + 1] });
    await a.execute("SELECT 1"); // autocommit reads are never blocked
    await txA.commit();
    const vb = Number((await readB).rows[0]?.v);
    await txB.execute({ sql: "UPDATE t SET v = ?", args: [vb + 1] });
    await txB.commit();
    expect((await a.execute("SELECT v FROM t")).rows[0]?.v).toBe(2);
  });

  it("gives up with SQLITE_BUSY after busyTimeoutMs", async () => {
    const server = await start({ busyTimeoutMs: 200 });
    const a = connect(server);
    const b = connect(server);
    await a.execute("CREATE TABLE t(x)");
    const tx = await a.transaction("write");
    await tx.execute("INSERT INTO t VALUES (1)");
    expect((await rejection(b.transaction("write").then((t) => t.execute("INSERT INTO t VALUES (2)")))).code).toBe("SQLITE_BUSY");
    expect((await rejection(b.execute("INSERT INTO t VALUES (3)"))).code).toBe("SQLITE_BUSY");
    // ... but an autocommit write only has to wait until the transaction ends.
    const pending = b.execute("INSERT INTO t VALUES (4)");
    await sleep(50);
    await tx.commit();
    await pending;
    expect((await a.execute("SELECT group_concat(x) AS xs FROM t")).rows[0]?.xs).toBe("1,4");
  });

  it("waits for another process holding the write lock", async () => {
    const server = await start({ busyTimeoutMs: 3000 });
    const c = connect(server);
    await c.execute("CREATE TABLE t(x)");
    const { default: Database } = await import("libsql");
    const other = new Database(join(dir, "data", "test.db"));
    try {
      other.exec("BEGIN IMMEDIATE");
      other.exec("INSERT INTO t VALUES ('other')");
      setTimeout(() => other.exec("COMMIT"), 200);
      const started = Date.now();
      await c.execute("INSERT INTO t VALUES ('autocommit')");
      const tx = await c.transaction("write");
      await tx.execute("INSERT INTO t VALUES ('tx')");
      await tx.commit();
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect((await c.execute("SELECT group_concat(x) AS xs FROM t")).rows[0]?.xs).toBe("other,autocommit,tx");
      other.exec("INSERT INTO t VALUES ('after')"); // the server's connections did not keep the lock
    } finally {
      other.close();
    }
    expect(await count(c)).toBe(4);
  });

  it("loses nothing with 20 concurrent writers", async () => {
    const server = await start();
    const setup = connect(server);
    await setup.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, writer INTEGER NOT NULL, n INTEGER NOT NULL, UNIQUE (writer, n))");
    const writers = 20;
    const rounds = 6;
    const perRound = 5;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const c = connect(server);
        for (let round = 0; round < rounds; round++) {
          const stmts = Array.from({ length: perRound }, (_, i) => ({
            sql: "INSERT INTO t(writer, n) VALUES (?, ?)",
            args: [w, round * perRound + i],
          }));
          switch ((w + round) % 4) {
            case 0:
              await c.batch(stmts, "write");
              break;
            case 1:
              await c.batch(stmts); // deferred
              break;
            case 2: {
              const tx = await c.transaction("write");
              for (const s of stmts) await tx.execute(s);
              await tx.commit();
              break;
            }
            default: {
              const tx = await c.transaction("deferred");
              await tx.execute({ sql: "SELECT count(*) FROM t WHERE writer = ?", args: [w] }); // read, then write
              await tx.batch(stmts);
              await tx.commit();
            }
          }
        }
      }),
    );
    expect(await count(setup)).toBe(writers * rounds * perRound);
    const perWriter = await setup.execute("SELECT writer, count(*) AS n FROM t GROUP BY writer");
    expect(perWriter.rows.every((r) => Number(r.n) === rounds * perRound)).toBe(true);
  });

  it("counts pipelines, statements and requests, and resets", async () => {
    const server = await start();
    const c = connect(server);
    await c.execute("CREATE TABLE t(x)"); // 1 pipeline: execute + close
    expect(server.stats()).toEqual({ pipelines: 1, statements: 1, requests: 2 });
    server.resetStats();
    // store_sql x1, batch (BEGIN, 2 inserts, COMMIT; ROLLBACK skipped), close
    await c.batch(["INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (1)"], "write");
    expect(server.stats()).toEqual({ pipelines: 1, statements: 4, requests: 3 });
    await c.executeMultiple("INSERT INTO t VALUES (2); INSERT INTO t VALUES (3); SELECT 1;");
    expect(server.stats()).toMatchObject({ pipelines: 2, statements: 7 });
    const viaHttp = (await (await fetch(server.url + "/stats")).json()) as Record<string, number>;
    expect(viaHttp).toEqual(server.stats());
    expect((await fetch(server.url + "/stats/reset", { method: "POST" })).status).toBe(200);
    expect(server.stats()).toEqual({ pipelines: 0, statements: 0, requests: 0 });
    await c.execute("SELECT 1");
    expect((await fetch(server.url + "/stats", { method: "DELETE" })).status).toBe(200);
    expect(server.stats()).toEqual({ pipelines: 0, statements: 0, requests: 0 });
  });

  it("requires the bearer token when authToken is set", async () => {
    const server = await start({ authToken: "s3cret" });
    expect((await rejection(connect(server).execute("SELECT 1"))).code).toBe("UNAUTHORIZED");
    expect((await rejection(connect(server, { authToken: "wrong" }).execute("SELECT 1"))).code).toBe("UNAUTHORIZED");
    expect((await fetch(server.url + "/stats")).status).toBe(401);
    expect((await fetch(server.url + "/health")).status).toBe(200);
    const rs = await connect(server, { authToken: "s3cret" }).execute("SELECT 1 AS one");
    expect(rs.rows[0]?.one).toBe(1);
  });

  it("refuses non-loopback hosts unless allowed", async () => {
    await expect(createDbServer({ file: join(dir, "x.db"), host: "0.0.0.0" })).rejects.toThrow(/loopback/);
  });

  it("runs as a CLI and exits cleanly on SIGTERM", async () => {
    const file = join(dir, "cli", "app.db");
    const child = spawn(process.execPath, [fileURLToPath(new URL("./main.ts", import.meta.url)), "--file", file, "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const line = await new Promise<string>((resolveLine, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("\n")) resolveLine(out.trim());
      });
      child.once("exit", (code) => reject(new Error(`exited early with ${code}`)));
    });
    expect(line).toMatch(/^libsql server listening on http:\/\/127\.0\.0\.1:\d+ \(.*app\.db\)$/);
    const url = /(http:\/\/\S+)/.exec(line)?.[1] ?? "";
    const c = createClient({ url });
    await c.execute("CREATE TABLE t(x)");
    c.close();
    const exitCode = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    expect(await exitCode).toBe(0);
  });
});
