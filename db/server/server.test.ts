import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect as connectTcp, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, LibsqlError } from "@libsql/client";
import type { Client, ResultSet } from "@libsql/client";
import { createClient as createWebClient } from "@libsql/client/web";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { drizzle as drizzleWeb } from "drizzle-orm/libsql/web";
import { migrate } from "drizzle-orm/libsql/migrator";
import Database from "libsql";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDbServer, KEEP_ALIVE_TIMEOUT_MS } from "./hrana.ts";
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

const dbFile = () => join(dir, "data", "test.db");

async function start(options: Partial<DbServerOptions> = {}): Promise<DbServer> {
  // A parent directory that does not exist yet: the server creates it.
  const server = await createDbServer({ file: dbFile(), port: 0, ...options });
  servers.push(server);
  return server;
}
function connect(server: DbServer, options: { intMode?: "number" | "bigint" } = {}): Client {
  const client = createClient({ url: server.url, ...options });
  clients.push(client);
  return client;
}
type Posted = { status: number; type: string | null; json: Record<string, unknown> };
async function post(server: DbServer, body: unknown, path = "/v2/pipeline"): Promise<Posted> {
  const res = await fetch(server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  return { status: res.status, type: res.headers.get("content-type"), json };
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
// Raw pipeline requests.
const exec = (sql: string) => ({ type: "execute", stmt: { sql } });
const batchOf = (...steps: unknown[]) => ({ type: "batch", batch: { steps } });
const storeSql = (sqlId: number, sql: string) => ({ type: "store_sql", sql_id: sqlId, sql });
/** Another process's connection to the same file (same process here: libsql is synchronous, the server is not). */
function otherProcess(): Database.Database {
  return new Database(dbFile());
}

/** One HTTP/1.1 request on a socket kept open by the caller: its status and headers, or how the socket failed. */
function exchange(socket: Socket, port: number, body: unknown): Promise<{ status: number; head: string }> {
  const json = JSON.stringify(body);
  return new Promise((resolveAnswer, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? Number.NaN);
      if (end < 0 || text.length < end + 4 + length) return;
      done();
      resolveAnswer({ status: Number(text.slice(9, 12)), head: text.slice(0, end) });
    };
    const onGone = (e?: Error) => {
      done();
      reject(e ?? new Error("the server closed the connection"));
    };
    const done = () => {
      socket.off("data", onData).off("error", onGone).off("close", onGone);
    };
    socket
      .on("data", onData)
      .once("error", onGone)
      .once("close", () => onGone());
    socket.write(
      `POST /v2/pipeline HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
  });
}

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
    const rs = await c.execute({
      sql: "SELECT i, f, t, b, n, typeof(i) AS ti, typeof(f) AS tf FROM v WHERE id = ?",
      args: [1n],
    });
    expect(rs.columns).toEqual(["i", "f", "t", "b", "n", "ti", "tf"]);
    expect(rs.columnTypes.slice(0, 4)).toEqual(["INTEGER", "REAL", "TEXT", "BLOB"]);
    const [row] = rs.rows;
    if (row === undefined) throw new Error("no row");
    expect(row.i).toBe(big);
    expect(row.f).toBe(3.25);
    expect(row.t).toBe("héllo 'world'");
    expect([...new Uint8Array(row.b as ArrayBuffer)]).toEqual([0, 1, 254, 255]);
    expect(row.n).toBeNull();
    expect([row.ti, row.tf]).toEqual(["integer", "real"]);
    // Round trip of extreme integers, and numbered parameters.
    const ext = await c.execute({ sql: "SELECT ?1 AS a, ?2 AS b, ?3 AS c", args: [-(2n ** 63n), 2n ** 63n - 1n, 0.5] });
    expect(ext.rows[0]).toMatchObject({ a: -(2n ** 63n), b: 2n ** 63n - 1n, c: 0.5 });
    // UPDATE / DELETE counts; a SELECT after them reports 0 rows affected.
    await c.execute({ sql: "INSERT INTO v(i) VALUES (?), (?)", args: [1, 2] });
    expect((await c.execute("UPDATE v SET t = 'x' WHERE i < 10")).rowsAffected).toBe(2);
    expect((await c.execute("SELECT * FROM v")).rowsAffected).toBe(0);
    expect((await c.execute("DELETE FROM v")).rowsAffected).toBe(3);
    // In the default intMode a safe integer comes back as a number.
    expect((await connect(server).execute("SELECT 42 AS x")).rows[0]?.x).toBe(42);
  });

  it("works through @libsql/client/web and drizzle, as the Worker uses them", async () => {
    const server = await start();
    const web = createWebClient({ url: server.url });
    try {
      const db = drizzleWeb(web);
      await db.run(sql`CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT NOT NULL)`);
      const insert = (name: string) => db.run(sql`INSERT INTO t(name) VALUES (${name})`);
      // A batch repeating a statement: the client stores its SQL once (store_sql) and refers to it by id.
      const [, , names] = await db.batch([insert("a"), insert("b"), db.all(sql`SELECT name FROM t ORDER BY id`)]);
      expect(names).toEqual([{ name: "a" }, { name: "b" }]);
      expect(await db.all(sql`SELECT count(*) AS n FROM t WHERE name = ${"a"}`)).toEqual([{ n: 1 }]);
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
    await c.batch(["SELECT * FROM d", "DROP TABLE d"]); // reads, then DROP TABLE: no statement left active
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

  it("runs one statement per execute: trigger bodies, comments and quoted semicolons included", async () => {
    const server = await start();
    const c = connect(server);
    await c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);");
    await c.execute("CREATE TABLE log(msg TEXT)");
    await c.execute(`
      -- a comment; with a semicolon
      /* block; comment */
      CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
        INSERT INTO log(msg) VALUES ('ins;' || CASE WHEN new.v IS NULL THEN 'null' ELSE new.v END);
        INSERT INTO log(msg) VALUES ('again');
      END;
    `);
    await c.execute("INSERT INTO t(v) VALUES ('a;b'), (NULL); -- done");
    const log = await c.execute("SELECT msg FROM log ORDER BY rowid");
    expect(log.rows.map((r) => r.msg)).toEqual(["ins;a;b", "again", "ins;null", "again"]);
    // Exactly one statement, like sqld.
    expect((await rejection(c.execute("SELECT 1; SELECT 2"))).code).toBe("SQL_MANY_STATEMENTS");
    expect((await rejection(c.execute("-- nothing"))).code).toBe("SQL_NO_STATEMENT");
  });

  it("surfaces constraint and SQL errors as LibsqlError with the SQLite code", async () => {
    const server = await start();
    const c = connect(server);
    await c.batch([
      "CREATE TABLE p(id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT NOT NULL CHECK (length(name) > 0))",
      "CREATE TABLE ch(id INTEGER PRIMARY KEY, p_id INTEGER NOT NULL REFERENCES p(id))",
      "INSERT INTO p(id, email, name) VALUES (1, 'a@x', 'A')",
    ]);
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
    const execute = (stmt: Record<string, unknown>) => ({ requests: [{ type: "execute", stmt }] });
    for (const body of [
      "{not json",
      "[]",
      { requests: {} },
      { requests: [{ type: "frobnicate" }] },
      execute({ sql: "SELECT ?", args: [{ type: "integer", value: "1.5" }] }),
      execute({ sql: "SELECT ?", args: [{ type: "integer", value: "9223372036854775808" }] }),
      execute({ sql: "SELECT ?", args: [{ type: "date", value: "today" }] }),
      execute({ sql_id: 7 }), // never stored
      execute({ sql: "SELECT 1", sql_id: 7 }),
      execute({}),
      { requests: [batchOf({ condition: { type: "ok", step: 0 }, stmt: { sql: "SELECT 1" } })] },
      { requests: [storeSql(1, "SELECT 1"), storeSql(1, "SELECT 2")] },
    ]) {
      const res = await post(server, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.type).toBe("application/json");
      expect(typeof res.json.message).toBe("string");
      expect(typeof res.json.code).toBe("string");
    }
    expect((await post(server, execute({ sql_id: 7 }))).json.code).toBe("SQL_NOT_FOUND");
    expect((await fetch(`${server.url}/v2/pipeline`)).status).toBe(405);
    await c.execute("INSERT INTO t VALUES (1)");
    expect(await count(c)).toBe(1);
  });

  it("refuses what it does not implement with a clear error, leaving nothing behind", async () => {
    const server = await start();
    const c = connect(server);
    await c.execute("CREATE TABLE t(x)");
    // Request kinds, batch conditions and named arguments the client's execute() / batch() never send.
    const refused: [unknown, RegExp][] = [
      [{ type: "describe", sql: "SELECT 1" }, /request type "describe" is not supported.*execute, batch/],
      [{ type: "sequence", sql: "SELECT 1" }, /"sequence" is not supported/],
      [{ type: "get_autocommit" }, /"get_autocommit" is not supported/],
      [{ type: "close_sql", sql_id: 1 }, /"close_sql" is not supported/],
      [
        batchOf({ stmt: { sql: "SELECT 1" } }, { condition: { type: "is_autocommit" }, stmt: { sql: "SELECT 1" } }),
        /batch condition "is_autocommit" is not supported \(supported: ok, not\)/,
      ],
      [
        { type: "execute", stmt: { sql: "SELECT :a", named_args: [{ name: "a", value: { type: "null" } }] } },
        /named arguments are not supported/,
      ],
    ];
    for (const [request, message] of refused) {
      const res = await post(server, { requests: [exec("INSERT INTO t VALUES (1)"), request] });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: "PROTOCOL_ERROR", message: expect.stringMatching(message) });
    }
    expect(await count(c)).toBe(0); // refused before anything ran
    // Batons: every stream closes with its request.
    expect((await post(server, { baton: "from-earlier", requests: [] })).json.code).toBe("STREAM_EXPIRED");
    // Through the client: executeMultiple() sends "sequence"; read-only batches are refused too.
    expect((await rejection(c.executeMultiple("SELECT 1; SELECT 2"))).message).toMatch(/"sequence" is not supported/);
    expect((await rejection(c.batch(["SELECT 1"], "read"))).message).toMatch(/read-only transactions/);
    // Other endpoints (the v3 ones, version probes) do not exist.
    for (const path of ["/", "/v2", "/v3", "/v3/pipeline", "/v3/cursor", "/v3-protobuf", "/health", "/stats"]) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message).toContain("POST /v2/pipeline");
    }
  });

  it("refuses interactive transactions: a pipeline that leaves one open is rolled back", async () => {
    const server = await start();
    const c = connect(server);
    await c.execute("CREATE TABLE t(x)");
    const left = await post(server, { requests: [exec("BEGIN"), exec("INSERT INTO t VALUES (1)")] });
    expect(left.status).toBe(400);
    expect(left.json.message).toMatch(/left a transaction open.*rolled back/);
    const tx = await c.transaction("write");
    expect((await rejection(tx.execute("INSERT INTO t VALUES (2)"))).message).toMatch(/no interactive transactions/);
    tx.close();
    expect(await count(c)).toBe(0);
    // The write lock went with them: writes go on at once.
    await c.batch(["INSERT INTO t VALUES (3)"], "write");
    expect(await count(c)).toBe(1);
  });

  it("speaks the raw protocol: stored SQL, batch conditions and step errors, close", async () => {
    const server = await start();
    const v = (x: number) => ({ type: "integer", value: String(x) });
    const first = await post(server, {
      baton: null,
      requests: [
        storeSql(0, "INSERT INTO t(x) VALUES (?) RETURNING x"),
        { type: "execute", stmt: { sql: "CREATE TABLE t(x INTEGER UNIQUE)", want_rows: false } },
        {
          type: "batch",
          batch: {
            steps: [
              { stmt: { sql: "BEGIN" } },
              { condition: { type: "ok", step: 0 }, stmt: { sql_id: 0, args: [v(1)] } },
              { condition: { type: "ok", step: 1 }, stmt: { sql_id: 0, args: [v(1)] } }, // UNIQUE violation
              { condition: { type: "not", cond: { type: "ok", step: 2 } }, stmt: { sql_id: 0, args: [v(2)] } },
              { condition: { type: "ok", step: 2 }, stmt: { sql: "SELECT 'skipped'" } },
              { stmt: { sql: "SELECT count(*) FROM t" } },
              { stmt: { sql: "COMMIT" } },
            ],
          },
        },
        { type: "execute", stmt: { sql: "SELECT x FROM t ORDER BY x", want_rows: false } },
        { type: "close" },
        exec("SELECT 1"),
      ],
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ baton: null, base_url: null });
    type Result = { type: string; response?: { type: string; result?: Record<string, unknown> }; error?: unknown };
    const results = first.json.results as Result[];
    expect(results.map((r) => r.type)).toEqual(["ok", "ok", "ok", "ok", "ok", "error"]);
    const responses = ["store_sql", "execute", "batch", "execute", "close", undefined];
    expect(results.map((r) => r.response?.type)).toEqual(responses);
    type BatchResult = { step_results: (Record<string, unknown> | null)[]; step_errors: unknown[] };
    const batch = results[2]?.response?.result as BatchResult;
    expect(batch.step_results.map((r) => r !== null)).toEqual([true, true, false, true, false, true, true]);
    expect(batch.step_errors.map((e) => e !== null)).toEqual([false, false, true, false, false, false, false]);
    expect(batch.step_errors[2]).toMatchObject({ code: "SQLITE_CONSTRAINT_UNIQUE" });
    expect(batch.step_results[1]).toMatchObject({ affected_row_count: 1, last_insert_rowid: "1", rows: [[v(1)]] });
    expect(batch.step_results[5]).toEqual({
      cols: [{ name: "count(*)", decltype: null }],
      rows: [[v(2)]],
      affected_row_count: 0,
      last_insert_rowid: "2",
    });
    expect(results[3]?.response?.result).toMatchObject({ cols: [{ name: "x", decltype: "INTEGER" }], rows: [] });
    expect(results[5]?.error).toMatchObject({ code: "STREAM_CLOSED" });
    // Stored SQL belongs to its pipeline's stream, and a stream stores at most 50 texts (the client stores 30).
    const other = await post(server, { requests: [{ type: "execute", stmt: { sql_id: 0 } }] });
    expect(other.json.code).toBe("SQL_NOT_FOUND");
    const many = await post(server, { requests: Array.from({ length: 51 }, (_, i) => storeSql(i, "SELECT 1")) });
    const tooMany = { type: "error", error: { code: "SQL_STORE_TOO_MANY" } };
    expect((many.json.results as Result[]).at(-1)).toMatchObject(tooMany);
    // Savepoints open a transaction like BEGIN does (taking the write lock), RELEASE ends it.
    const steps = ["SAVEPOINT s", "INSERT INTO t VALUES (9)", "RELEASE s"].map((sql) => ({ stmt: { sql } }));
    const savepoint = await post(server, { requests: [batchOf(...steps)] });
    const noErrors = { response: { result: { step_errors: [null, null, null] } } };
    expect((savepoint.json.results as Result[])[0]).toMatchObject(noErrors);
    const check = await post(server, { requests: [exec("SELECT group_concat(x) FROM t")] });
    const rows = [[{ type: "text", value: "1,2,9" }]];
    expect(check.json.results).toMatchObject([{ response: { result: { rows } } }]);
  });

  it("waits for another process holding the write lock", async () => {
    const server = await start({ busyTimeoutMs: 3000 });
    const c = connect(server);
    await c.execute("CREATE TABLE t(x)");
    const other = otherProcess();
    try {
      other.exec("BEGIN IMMEDIATE");
      other.exec("INSERT INTO t VALUES ('other')");
      setTimeout(() => other.exec("COMMIT"), 200);
      const started = Date.now();
      expect(await count(c)).toBe(0); // reads never wait
      await c.execute("INSERT INTO t VALUES ('autocommit')");
      await c.batch(["INSERT INTO t VALUES ('batch')"], "write");
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect((await c.execute("SELECT group_concat(x) AS xs FROM t")).rows[0]?.xs).toBe("other,autocommit,batch");
      other.exec("INSERT INTO t VALUES ('after')"); // the server's connections did not keep the lock
    } finally {
      other.close();
    }
    expect(await count(c)).toBe(4);
  });

  it("gives up with SQLITE_BUSY after busyTimeoutMs, then writes again", async () => {
    const server = await start({ busyTimeoutMs: 200 });
    const a = connect(server);
    const b = connect(server);
    await a.execute("CREATE TABLE t(x)");
    const other = otherProcess();
    try {
      other.exec("BEGIN IMMEDIATE");
      // One batch waits on the other process; the second waits behind it, in this server's queue.
      const [first, second] = await Promise.all([
        rejection(a.batch(["INSERT INTO t VALUES (1)"], "write")),
        rejection(b.batch(["INSERT INTO t VALUES (2)"])),
      ]);
      expect([first.code, second.code]).toEqual(["SQLITE_BUSY", "SQLITE_BUSY"]);
      expect((await rejection(b.execute("INSERT INTO t VALUES (3)"))).code).toBe("SQLITE_BUSY");
      other.exec("ROLLBACK");
    } finally {
      other.close();
    }
    await b.execute("INSERT INTO t VALUES (4)");
    expect((await a.execute("SELECT group_concat(x) AS xs FROM t")).rows[0]?.xs).toBe("4");
  });

  it("loses nothing with 20 concurrent writers", async () => {
    const server = await start();
    const setup = connect(server);
    await setup.execute(
      "CREATE TABLE t(id INTEGER PRIMARY KEY, writer INTEGER NOT NULL, n INTEGER NOT NULL, UNIQUE (writer, n))",
    );
    const writers = 20;
    const rounds = 6;
    const perRound = 5;
    const insert = "INSERT INTO t(writer, n) VALUES (?, ?)";
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const c = connect(server);
        for (let round = 0; round < rounds; round++) {
          const stmts = Array.from({ length: perRound }, (_, i) => ({ sql: insert, args: [w, round * perRound + i] }));
          switch ((w + round) % 3) {
            case 0:
              await c.batch(stmts, "write");
              break;
            case 1: // deferred, reading before it writes (the app's batches start with a session check)
              await c.batch([{ sql: "SELECT count(*) FROM t WHERE writer = ?", args: [w] }, ...stmts]);
              break;
            default:
              for (const s of stmts) await c.execute(s);
          }
        }
      }),
    );
    expect(await count(setup)).toBe(writers * rounds * perRound);
    const perWriter = await setup.execute("SELECT writer, count(*) AS n FROM t GROUP BY writer");
    expect(perWriter.rows.every((r) => Number(r.n) === rounds * perRound)).toBe(true);
  });

  it("reuses a connection only as a fresh one would be: settings and temporary tables do not carry over", async () => {
    const server = await start();
    const c = connect(server);
    await c.execute("CREATE TABLE a(id INTEGER PRIMARY KEY)");
    await c.execute("CREATE TABLE b(id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a(id))");
    // One request turns foreign keys off and makes a temporary table; the next requests see neither.
    expect(
      (await post(server, { requests: [exec("PRAGMA foreign_keys = OFF"), exec("CREATE TEMP TABLE x(y)")] })).status,
    ).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await c.execute("PRAGMA foreign_keys")).rows[0]?.foreign_keys).toBe(1);
      await expect(c.execute("SELECT * FROM temp.x")).rejects.toThrow(/no such table/);
      await expect(c.execute("INSERT INTO b(a_id) VALUES (42)")).rejects.toThrow(/FOREIGN KEY/);
    }
    // A reused connection counts its own changes from zero: a read after a write affects no rows.
    expect((await c.execute("INSERT INTO a(id) VALUES (1), (2)")).rowsAffected).toBe(2);
    expect((await c.execute("SELECT * FROM a")).rowsAffected).toBe(0);
    // A statement prepared on a pooled connection follows the schema as it changes.
    await c.execute("ALTER TABLE a ADD COLUMN label TEXT DEFAULT 'x'");
    expect((await c.execute("SELECT * FROM a")).columns).toEqual(["id", "label"]);
  });

  it("counts pipelines, statements and rows, and resets", async () => {
    const server = await start();
    const c = connect(server);
    await c.execute("CREATE TABLE t(x)"); // 1 pipeline: execute + close
    expect(server.stats()).toEqual({ pipelines: 1, statements: 1, rowsRead: 0, scanSteps: 0, rowsWritten: 0 });
    server.resetStats();
    // BEGIN, 2 inserts (the second fails), ROLLBACK: the COMMIT step is skipped.
    await rejection(c.batch(["INSERT INTO t VALUES (1)", "INSERT INTO nope VALUES (1)"], "write"));
    expect(server.stats()).toEqual({ pipelines: 1, statements: 4, rowsRead: 0, scanSteps: 0, rowsWritten: 1 });
    await c.batch(["INSERT INTO t VALUES (2)", "INSERT INTO t VALUES (3)", "SELECT 1"]);
    // BEGIN, 3 statements, COMMIT; the rolled-back insert's row still counts as written (the work was done).
    expect(server.stats()).toEqual({ pipelines: 2, statements: 9, rowsRead: 1, scanSteps: 0, rowsWritten: 3 });
    // Rows answered: the two rows a SELECT reads back, one a RETURNING gives; both went through t without an index.
    await c.execute("SELECT x FROM t");
    await c.execute("UPDATE t SET x = 9 WHERE x = 2 RETURNING x");
    expect(server.stats()).toMatchObject({ rowsRead: 1 + 2 + 1, rowsWritten: 4 });
    expect(server.stats().scanSteps).toBeGreaterThanOrEqual(2);
    server.resetStats();
    expect(server.stats()).toEqual({ pipelines: 0, statements: 0, rowsRead: 0, scanSteps: 0, rowsWritten: 0 });
  });

  it("ends in-flight pipelines when it closes", async () => {
    const server = await start({ busyTimeoutMs: 5000 });
    const c = connect(server);
    await c.execute("CREATE TABLE t(x)");
    const other = otherProcess();
    try {
      other.exec("BEGIN IMMEDIATE");
      const waiting = c.batch(["INSERT INTO t VALUES (1)"], "write").then(
        () => "committed",
        () => "failed",
      );
      await sleep(100);
      const started = Date.now();
      await server.close();
      expect(await waiting).toBe("failed");
      expect(Date.now() - started).toBeLessThan(1000);
      other.exec("ROLLBACK");
      other.exec("INSERT INTO t VALUES (2)"); // the closed server keeps no lock
      expect(other.prepare("SELECT group_concat(x) AS xs FROM t").get()).toMatchObject({ xs: "2" });
    } finally {
      other.close();
    }
  });

  it("needs a database file", async () => {
    await expect(createDbServer({ file: "" })).rejects.toThrow(/file path is required/);
    await expect(createDbServer({ file: ":memory:" })).rejects.toThrow(/file path is required/);
  });

  it("runs as a CLI and exits cleanly on SIGTERM", async () => {
    const file = join(dir, "cli", "app.db");
    const main = fileURLToPath(new URL("./main.ts", import.meta.url));
    const child = spawn(process.execPath, [main, "--file", file, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
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

  // workerd keeps an idle connection for 5 s; the server's timer must never be the one that runs out first, or a
  // request sent as both run out meets a closed connection (ECONNRESET, the Worker's 503). Node's default, 5 s plus
  // Node 22's one-second buffer, closed this connection after 6 s.
  it("keeps an idle keep-alive connection past any client's idle pool: the client always closes first", async () => {
    const server = await start();
    const socket = connectTcp(server.port, "127.0.0.1");
    try {
      await new Promise<void>((r) => socket.once("connect", () => r()));
      const body = { requests: [exec("SELECT 1"), { type: "close" }] };
      const first = await exchange(socket, server.port, body);
      expect(first.status).toBe(200);
      await sleep(6500);
      expect(socket.destroyed).toBe(false);
      expect((await exchange(socket, server.port, body)).status).toBe(200);
      // What it tells clients that read the hint (undici stays under it).
      const advertised = Number(/keep-alive: timeout=(\d+)/i.exec(first.head)?.[1]);
      expect(advertised * 1000).toBe(KEEP_ALIVE_TIMEOUT_MS);
    } finally {
      socket.destroy();
    }
  });
});
