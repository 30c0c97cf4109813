// A small "Hrana over HTTP" (v2, plus the v3 JSON pipeline) server in front of a
// libSQL database file, so that `@libsql/client` (http:/https: URLs, as used by
// `@libsql/client/web` in the Worker) talks to it exactly as it talks to Turso.
// Protocol: https://github.com/tursodatabase/libsql/blob/main/docs/HTTP_V2_SPEC.md
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "libsql";
import { keyword, paramNames, splitStatements } from "./sql.ts";
import type { SqlStatement, Token } from "./sql.ts";

export type DbServerOptions = {
  file: string;
  /** Default 127.0.0.1; non-loopback hosts need `allowNonLoopback`. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** A stream (baton) idle this long is closed and its transaction rolled back. */
  batonIdleMs?: number;
  /** How long a statement waits for another stream's transaction (or another process) to release the write lock. */
  busyTimeoutMs?: number;
  /** When set, every request except GET /health needs `Authorization: Bearer <authToken>`. */
  authToken?: string;
  allowNonLoopback?: boolean;
};

export type DbStats = { pipelines: number; statements: number; requests: number };

export type DbServer = {
  url: string;
  port: number;
  close(): Promise<void>;
  stats(): DbStats;
  resetStats(): void;
};

type Db = Database.Database;
type Value = null | bigint | number | string | Uint8Array;
type JsonObject = { [key: string]: unknown };
type HranaErr = { message: string; code: string };

/** Fails the whole HTTP request (HTTP 400), like sqld's protocol errors. */
class ProtoError extends Error {
  code: string;
  constructor(message: string, code = "PROTOCOL_ERROR") {
    super(message);
    this.code = code;
  }
}

/** Fails one stream request (a `{type: "error"}` result). */
class StmtError extends Error {
  code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

// ---------------------------------------------------------------------------
// Request decoding (JSON -> typed values; anything unexpected is a ProtoError)

type Stmt = { sql: string | undefined; sqlId: number | undefined; args: Value[]; named: [string, Value][]; wantRows: boolean };
type Cond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: Cond }
  | { type: "and" | "or"; conds: Cond[] }
  | { type: "is_autocommit" };
type Step = { cond: Cond | undefined; stmt: Stmt };
type Request =
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; steps: Step[] }
  | { type: "sequence" | "describe"; sql: string | undefined; sqlId: number | undefined }
  | { type: "store_sql"; sqlId: number; sql: string }
  | { type: "close_sql"; sqlId: number }
  | { type: "close" }
  | { type: "get_autocommit" };

const isObject = (x: unknown): x is JsonObject => typeof x === "object" && x !== null && !Array.isArray(x);
function obj(x: unknown, what: string): JsonObject {
  if (!isObject(x)) throw new ProtoError(`${what} must be an object`);
  return x;
}
function list(x: unknown, what: string): unknown[] {
  if (x === undefined || x === null) return [];
  if (!Array.isArray(x)) throw new ProtoError(`${what} must be an array`);
  return x;
}
function str(x: unknown, what: string): string {
  if (typeof x !== "string") throw new ProtoError(`${what} must be a string`);
  return x;
}
function optStr(x: unknown, what: string): string | undefined {
  return x === undefined || x === null ? undefined : str(x, what);
}
function int(x: unknown, what: string): number {
  if (typeof x !== "number" || !Number.isSafeInteger(x)) throw new ProtoError(`${what} must be an integer`);
  return x;
}
function optInt(x: unknown, what: string): number | undefined {
  return x === undefined || x === null ? undefined : int(x, what);
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

function parseValue(x: unknown): Value {
  const v = obj(x, "value");
  switch (v.type) {
    case "null":
      return null;
    case "integer": {
      const raw = v.value;
      const n = typeof raw === "number" && Number.isSafeInteger(raw) ? BigInt(raw)
        : typeof raw === "string" && /^-?\d+$/.test(raw) ? BigInt(raw) : undefined;
      if (n === undefined || n < I64_MIN || n > I64_MAX) throw new ProtoError("integer value must be a 64-bit decimal string");
      return n;
    }
    case "float":
      if (typeof v.value !== "number") throw new ProtoError("float value must be a number");
      return v.value;
    case "text":
      return str(v.value, "text value");
    case "blob":
      return Buffer.from(str(v.base64, "blob base64"), "base64"); // libsql binds Buffers as blobs
    default:
      throw new ProtoError(`unknown value type ${JSON.stringify(v.type)}`);
  }
}

function parseStmt(x: unknown): Stmt {
  const s = obj(x, "stmt");
  return {
    sql: optStr(s.sql, "stmt.sql"),
    sqlId: optInt(s.sql_id, "stmt.sql_id"),
    args: list(s.args, "stmt.args").map(parseValue),
    named: list(s.named_args, "stmt.named_args").map((a): [string, Value] => {
      const arg = obj(a, "named arg");
      return [str(arg.name, "named arg name"), parseValue(arg.value)];
    }),
    wantRows: s.want_rows === undefined || s.want_rows === null ? true : s.want_rows === true,
  };
}

function parseCond(x: unknown, stepIndex: number): Cond {
  const c = obj(x, "condition");
  switch (c.type) {
    case "ok":
    case "error": {
      const step = int(c.step, "condition step");
      if (step < 0 || step >= stepIndex) throw new ProtoError("batch condition must refer to an earlier step");
      return { type: c.type, step };
    }
    case "not":
      return { type: "not", cond: parseCond(c.cond, stepIndex) };
    case "and":
    case "or":
      return { type: c.type, conds: list(c.conds, "condition conds").map((d) => parseCond(d, stepIndex)) };
    case "is_autocommit":
      return { type: "is_autocommit" };
    default:
      throw new ProtoError(`unknown batch condition type ${JSON.stringify(c.type)}`);
  }
}

function parseRequest(x: unknown): Request {
  const r = obj(x, "request");
  switch (r.type) {
    case "execute":
      return { type: "execute", stmt: parseStmt(r.stmt) };
    case "batch": {
      const steps = list(obj(r.batch, "batch").steps, "batch.steps").map((s, i): Step => {
        const step = obj(s, "batch step");
        const cond = step.condition === undefined || step.condition === null ? undefined : parseCond(step.condition, i);
        return { cond, stmt: parseStmt(step.stmt) };
      });
      return { type: "batch", steps };
    }
    case "sequence":
    case "describe":
      return { type: r.type, sql: optStr(r.sql, "sql"), sqlId: optInt(r.sql_id, "sql_id") };
    case "store_sql":
      return { type: "store_sql", sqlId: int(r.sql_id, "sql_id"), sql: str(r.sql, "sql") };
    case "close_sql":
      return { type: "close_sql", sqlId: int(r.sql_id, "sql_id") };
    case "close":
    case "get_autocommit":
      return { type: r.type };
    default:
      throw new ProtoError(`unknown request type ${JSON.stringify(r.type)}`);
  }
}

function parsePipeline(x: unknown): { baton: string | null; requests: Request[] } {
  const body = obj(x, "pipeline body");
  return { baton: optStr(body.baton, "baton") ?? null, requests: list(body.requests, "requests").map(parseRequest) };
}

// ---------------------------------------------------------------------------
// Binding and result encoding

/** Positional args as they are; named args placed by SQLite's parameter numbering. */
function bindArgs(stmt: Stmt, tokens: Token[]): Value[] {
  if (stmt.named.length === 0) return stmt.args;
  if (stmt.args.length > 0) {
    throw new StmtError("Specifying both positional and named arguments is not supported", "ARGS_BOTH_POSITIONAL_AND_NAMED");
  }
  const names = paramNames(tokens);
  const values: Value[] = names.map(() => null);
  for (const [name, value] of stmt.named) {
    const candidates = /^[:@$?]/.test(name) ? [name] : [`:${name}`, `@${name}`, `$${name}`];
    const index = names.findIndex((n) => n !== null && candidates.includes(n));
    if (index >= 0) values[index] = value;
  }
  return values;
}

type StmtResult = {
  cols: { name: string | null; decltype: string | null }[];
  rows: unknown[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
  rows_read: number;
  rows_written: number;
  query_duration_ms: number;
};

function encodeValue(v: unknown): JsonObject {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  if (typeof v === "number") return { type: "float", value: v }; // with safeIntegers, integers arrive as bigint
  if (typeof v === "string") return { type: "text", value: v };
  if (v instanceof Uint8Array) return { type: "blob", base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") };
  return { type: "text", value: String(v) };
}

function toHranaErr(e: unknown): HranaErr {
  if (e instanceof Error) {
    const code = "code" in e && typeof e.code === "string" ? e.code : "INTERNAL_ERROR";
    return { message: e.message, code };
  }
  return { message: String(e), code: "INTERNAL_ERROR" };
}

/** libsql returns raw rows as arrays; narrow `unknown[]` to that. */
function rowsOf(result: unknown[]): unknown[][] {
  return result.map((row) => (Array.isArray(row) ? row : [row]));
}
const bigintOf = (x: unknown): bigint => (typeof x === "bigint" ? x : BigInt(typeof x === "number" ? x : 0));

const isRetryableBusy = (e: unknown) =>
  e instanceof Error && "code" in e && typeof e.code === "string" && e.code.startsWith("SQLITE_BUSY") && e.code !== "SQLITE_BUSY_SNAPSHOT";

// ---------------------------------------------------------------------------
// Streams

type Stream = {
  db: Db;
  info: Database.Statement;
  sqls: Map<number, string>;
  baton: string | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  closed: boolean;
  readonlyTx: boolean;
  lastTotalChanges: bigint;
};

const TX_CONTROL = new Set(["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"]);
const NO_TX_WRAP = new Set(["PRAGMA", "VACUUM", "ATTACH", "DETACH"]); // no-ops or errors inside a transaction
const MAX_STORED_SQLS = 50; // like sqld; @libsql/client keeps at most 30
const MAX_BODY_BYTES = 32 * 1024 * 1024;

function openDb(file: string): Db {
  const db = new Database(file);
  // busy_timeout stays 0: a synchronous busy wait would block the event loop
  // (and with it the request that would release the lock). Waiting is done
  // asynchronously instead, see `busyRetry` and `acquireWriteLock`.
  db.exec("PRAGMA busy_timeout = 0; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
  return db;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export async function createDbServer(options: DbServerOptions): Promise<DbServer> {
  const host = options.host ?? "127.0.0.1";
  const batonIdleMs = options.batonIdleMs ?? 10_000;
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  if (!isLoopback(host) && options.allowNonLoopback !== true) {
    throw new Error(`refusing to listen on non-loopback host ${host} (pass allowNonLoopback: true)`);
  }
  if (options.file === "" || options.file.startsWith(":memory:")) throw new Error("a database file path is required");
  const file = resolve(options.file);
  mkdirSync(dirname(file), { recursive: true });
  // Kept open for the server's lifetime: sets WAL once and keeps the WAL
  // from being checkpointed away every time the last stream closes.
  const keeper = openDb(file);
  keeper.exec("PRAGMA journal_mode = WAL");

  const stats: DbStats = { pipelines: 0, statements: 0, requests: 0 };
  const streams = new Set<Stream>();
  const batons = new Map<string, Stream>();
  let closing = false;

  // -- Write lock: one stream at a time may be inside an explicit transaction
  // (except READONLY ones). Waiting is FIFO and asynchronous, so the stream
  // holding the lock keeps being served and can COMMIT.
  let lockOwner: Stream | null = null;
  const lockQueue: { stream: Stream; grant: () => void; fail: (e: Error) => void }[] = [];
  const wakeups = new Set<() => void>();

  function notifyAll() {
    for (const wake of [...wakeups]) wake();
  }
  function acquireWriteLock(stream: Stream): Promise<void> {
    if (lockOwner === null || lockOwner === stream) {
      lockOwner = stream;
      return Promise.resolve();
    }
    return new Promise((resolvePromise, reject) => {
      const entry = {
        stream,
        grant: () => {
          clearTimeout(timer);
          resolvePromise();
        },
        fail: (e: Error) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const timer = setTimeout(() => {
        lockQueue.splice(lockQueue.indexOf(entry), 1);
        reject(new StmtError(`database is locked (another transaction held it for more than ${busyTimeoutMs} ms)`, "SQLITE_BUSY"));
      }, busyTimeoutMs);
      lockQueue.push(entry);
    });
  }
  function releaseWriteLock(stream: Stream) {
    if (lockOwner !== stream) return;
    const next = lockQueue.shift();
    lockOwner = next?.stream ?? null;
    next?.grant();
    notifyAll();
  }

  /** Retries a statement that failed with SQLITE_BUSY (not BUSY_SNAPSHOT) until busyTimeoutMs. */
  async function busyRetry<T>(run: () => T): Promise<T> {
    const deadline = Date.now() + busyTimeoutMs;
    for (;;) {
      try {
        return run();
      } catch (e) {
        if (!isRetryableBusy(e) || closing || Date.now() >= deadline) throw e;
        await new Promise<void>((wake) => {
          const done = () => {
            clearTimeout(timer);
            wakeups.delete(done);
            wake();
          };
          const timer = setTimeout(done, Math.min(50, Math.max(1, deadline - Date.now()))); // other processes
          wakeups.add(done);
        });
      }
    }
  }

  function openStream(): Stream {
    const db = openDb(file);
    const info = db.prepare("SELECT changes(), last_insert_rowid(), total_changes()");
    info.raw(true);
    info.safeIntegers(true);
    const stream: Stream = { db, info, sqls: new Map(), baton: null, timer: undefined, closed: false, readonlyTx: false, lastTotalChanges: 0n };
    streams.add(stream);
    return stream;
  }

  function closeStream(stream: Stream) {
    if (stream.closed) return;
    stream.closed = true;
    clearTimeout(stream.timer);
    if (stream.baton !== null) batons.delete(stream.baton);
    try {
      if (stream.db.inTransaction) stream.db.exec("ROLLBACK");
    } catch {
      // closing the connection rolls back anyway
    }
    try {
      stream.db.close();
    } catch {
      // already closed
    }
    streams.delete(stream);
    releaseWriteLock(stream);
    notifyAll();
  }

  const inTransaction = (stream: Stream) => !stream.closed && stream.db.inTransaction;

  // -- Executing SQL

  function resolveSql(stream: Stream, sql: string | undefined, sqlId: number | undefined): string {
    if (sql !== undefined && sqlId !== undefined) throw new ProtoError("both sql and sql_id given");
    if (sql !== undefined) return sql;
    if (sqlId === undefined) throw new ProtoError("neither sql nor sql_id given");
    const stored = stream.sqls.get(sqlId);
    if (stored === undefined) throw new ProtoError(`SQL text ${sqlId} not found`, "SQL_NOT_FOUND");
    return stored;
  }

  function singleStatement(sql: string): SqlStatement {
    const statements = splitStatements(sql);
    const first = statements[0];
    if (first === undefined) throw new StmtError("SQL string does not contain any statement", "SQL_NO_STATEMENT");
    if (statements.length > 1) throw new StmtError("SQL string contains more than one statement", "SQL_MANY_STATEMENTS");
    return first;
  }

  // Which statements write to the database file, by SQL text (EXPLAIN shows a
  // write transaction on a non-temp schema). VACUUM writes without saying so.
  // EXPLAIN runs on the keeper connection: libsql never resets an EXPLAIN
  // statement, which then counts as active (DROP TABLE fails with
  // SQLITE_LOCKED, VACUUM refuses) on the connection that ran it.
  // Unknown (e.g. a table created in an open transaction) counts as a write.
  const writesCache = new Map<string, boolean>();
  function writes(sql: string, first: string): boolean {
    if (first === "VACUUM") return true;
    if (first === "EXPLAIN") return false;
    let known = writesCache.get(sql);
    if (known === undefined) {
      try {
        const program = rowsOf(keeper.prepare(`EXPLAIN ${sql}`).raw(true).all());
        known = program.some((op) => op[1] === "Transaction" && Number(op[2]) !== 1 && Number(op[3]) !== 0);
      } catch {
        known = true;
      }
      if (writesCache.size >= 2000) writesCache.clear();
      writesCache.set(sql, known);
    }
    return known;
  }

  /**
   * Runs one SQL statement on the stream's connection.
   *
   * libsql leaves a prepared statement that failed with SQLITE_BUSY active
   * (not reset); the connection then never commits again and keeps the write
   * lock until that statement is garbage-collected. So a statement that may
   * hit SQLITE_BUSY is only ever retried, never abandoned: transaction control
   * goes through `exec` (which finalizes), and an autocommit write first takes
   * the write lock (in-process queue, then BEGIN IMMEDIATE via `exec`).
   */
  async function runStatement(stream: Stream, statement: SqlStatement, args: Value[], wantRows: boolean): Promise<StmtResult> {
    if (stream.closed) throw new StmtError("The stream is closed", "STREAM_CLOSED");
    stats.statements++;
    const db = stream.db;
    const first = keyword(statement.tokens[0]);
    const started = performance.now();
    let cols: StmtResult["cols"] = [];
    let rows: unknown[][] = [];
    try {
      if (TX_CONTROL.has(first)) {
        await runTxControl(stream, statement, first);
      } else {
        const stmt = await busyRetry(() => db.prepare(statement.sql));
        if (stmt.reader) {
          stmt.raw(true);
          stmt.safeIntegers(true);
          cols = stmt.columns().map((c) => ({ name: c.name, decltype: c.type }));
        }
        const run = (): unknown[][] => {
          if (stmt.reader) return rowsOf(stmt.all(args));
          stmt.run(args);
          return [];
        };
        if (!db.inTransaction && writes(statement.sql, first)) {
          await acquireWriteLock(stream);
          if (stream.closed) throw new StmtError("The stream is closed", "STREAM_CLOSED");
          const wrap = !NO_TX_WRAP.has(first);
          try {
            if (wrap) await busyRetry(() => db.exec("BEGIN IMMEDIATE"));
            rows = await busyRetry(run);
            if (wrap) db.exec("COMMIT");
          } catch (e) {
            if (wrap && !stream.closed && db.inTransaction) db.exec("ROLLBACK");
            throw e;
          }
        } else {
          rows = await busyRetry(run);
        }
      }
      const [changes, lastRowid, total] = (rowsOf(stream.info.all())[0] ?? []).map(bigintOf);
      const affected = total !== stream.lastTotalChanges ? Number(changes ?? 0n) : 0;
      stream.lastTotalChanges = total ?? 0n;
      return {
        cols,
        rows: wantRows ? rows.map((row) => row.map(encodeValue)) : [],
        affected_row_count: affected,
        last_insert_rowid: (lastRowid ?? 0n).toString(),
        rows_read: rows.length,
        rows_written: affected,
        query_duration_ms: performance.now() - started,
      };
    } catch (e) {
      try {
        stream.lastTotalChanges = bigintOf(rowsOf(stream.info.all())[0]?.[2]);
      } catch {
        // connection closed under us (server shutdown)
      }
      throw e;
    } finally {
      settle(stream);
    }
  }

  async function runTxControl(stream: Stream, statement: SqlStatement, first: string) {
    const db = stream.db;
    let sql = statement.sql;
    if ((first === "BEGIN" || first === "SAVEPOINT") && !db.inTransaction) {
      const words = statement.tokens.map(keyword);
      if (first === "BEGIN" && words.includes("READONLY")) {
        // libsql parses BEGIN READONLY but does not enforce it; sqld does.
        await busyRetry(() => db.exec("BEGIN DEFERRED"));
        db.exec("PRAGMA query_only = ON");
        stream.readonlyTx = true;
        return;
      }
      await acquireWriteLock(stream);
      if (stream.closed) throw new StmtError("The stream is closed", "STREAM_CLOSED");
      // A deferred transaction that reads and then writes would fail with
      // SQLITE_BUSY_SNAPSHOT if another stream committed in between; taking
      // the write lock up front makes it wait its turn instead.
      if (first === "BEGIN" && !words.includes("IMMEDIATE") && !words.includes("EXCLUSIVE")) sql = "BEGIN IMMEDIATE";
    }
    await busyRetry(() => db.exec(sql));
  }

  /** After each statement: leaving a transaction releases the write lock. */
  function settle(stream: Stream) {
    if (inTransaction(stream)) return;
    if (stream.readonlyTx && !stream.closed) {
      stream.readonlyTx = false;
      stream.db.exec("PRAGMA query_only = OFF");
    }
    releaseWriteLock(stream);
  }

  async function executeStmt(stream: Stream, stmt: Stmt): Promise<StmtResult> {
    const statement = singleStatement(resolveSql(stream, stmt.sql, stmt.sqlId));
    return runStatement(stream, statement, bindArgs(stmt, statement.tokens), stmt.wantRows);
  }

  async function executeBatch(stream: Stream, steps: Step[]) {
    for (const step of steps) resolveSql(stream, step.stmt.sql, step.stmt.sqlId); // protocol errors before running anything
    const results: (StmtResult | null)[] = [];
    const errors: (HranaErr | null)[] = [];
    const holds = (cond: Cond): boolean => {
      switch (cond.type) {
        case "ok":
          return results[cond.step] != null;
        case "error":
          return errors[cond.step] != null;
        case "not":
          return !holds(cond.cond);
        case "and":
          return cond.conds.every(holds);
        case "or":
          return cond.conds.some(holds);
        case "is_autocommit":
          return !inTransaction(stream);
      }
    };
    for (const step of steps) {
      if (step.cond !== undefined && !holds(step.cond)) {
        results.push(null);
        errors.push(null);
        continue;
      }
      try {
        results.push(await executeStmt(stream, step.stmt));
        errors.push(null);
      } catch (e) {
        if (e instanceof ProtoError) throw e;
        results.push(null);
        errors.push(toHranaErr(e));
      }
    }
    return { step_results: results, step_errors: errors };
  }

  async function executeSequence(stream: Stream, sql: string) {
    for (const statement of splitStatements(sql)) await runStatement(stream, statement, [], false);
  }

  function describe(stream: Stream, sql: string) {
    const statement = singleStatement(sql);
    const first = keyword(statement.tokens[0]);
    const stmt = stream.db.prepare(statement.sql); // not run: only compiled, for errors and columns
    return {
      params: paramNames(statement.tokens).map((name) => ({ name })),
      cols: stmt.reader ? stmt.columns().map((c) => ({ name: c.name, decltype: c.type })) : [],
      is_explain: first === "EXPLAIN",
      is_readonly: TX_CONTROL.has(first) || !writes(statement.sql, first),
    };
  }

  async function handleRequest(stream: Stream, req: Request): Promise<JsonObject> {
    if (stream.closed && req.type !== "close") {
      return { type: "error", error: { message: "The stream is closed", code: "STREAM_CLOSED" } };
    }
    try {
      switch (req.type) {
        case "execute":
          return ok({ type: "execute", result: await executeStmt(stream, req.stmt) });
        case "batch":
          return ok({ type: "batch", result: await executeBatch(stream, req.steps) });
        case "sequence":
          await executeSequence(stream, resolveSql(stream, req.sql, req.sqlId));
          return ok({ type: "sequence" });
        case "describe":
          return ok({ type: "describe", result: describe(stream, resolveSql(stream, req.sql, req.sqlId)) });
        case "store_sql":
          if (stream.sqls.has(req.sqlId)) throw new ProtoError(`SQL text ${req.sqlId} already exists`, "SQL_EXISTS");
          if (stream.sqls.size >= MAX_STORED_SQLS) {
            throw new StmtError(`The server already stores ${stream.sqls.size} SQL texts, it cannot store more`, "SQL_STORE_TOO_MANY");
          }
          stream.sqls.set(req.sqlId, req.sql);
          return ok({ type: "store_sql" });
        case "close_sql":
          stream.sqls.delete(req.sqlId);
          return ok({ type: "close_sql" });
        case "close":
          closeStream(stream);
          return ok({ type: "close" });
        case "get_autocommit":
          return ok({ type: "get_autocommit", is_autocommit: !inTransaction(stream) });
      }
    } catch (e) {
      if (e instanceof ProtoError) throw e;
      return { type: "error", error: toHranaErr(e) };
    }
  }
  const ok = (response: JsonObject): JsonObject => ({ type: "ok", response });

  async function handlePipeline(body: unknown): Promise<JsonObject> {
    const pipeline = parsePipeline(body);
    let stream: Stream;
    if (pipeline.baton !== null) {
      const found = batons.get(pipeline.baton);
      if (found === undefined) {
        throw new ProtoError("The stream has expired or the baton is invalid (batons are single-use)", "STREAM_EXPIRED");
      }
      batons.delete(pipeline.baton);
      clearTimeout(found.timer);
      found.baton = null;
      stream = found;
    } else {
      stream = openStream();
    }
    stats.pipelines++;
    const results: JsonObject[] = [];
    try {
      for (const req of pipeline.requests) {
        stats.requests++;
        results.push(await handleRequest(stream, req));
      }
    } catch (e) {
      closeStream(stream);
      throw e;
    }
    let baton: string | null = null;
    if (closing) closeStream(stream);
    if (!stream.closed) {
      const issued = randomBytes(24).toString("base64url");
      baton = issued;
      stream.baton = issued;
      batons.set(issued, stream);
      stream.timer = setTimeout(() => {
        if (batons.get(issued) === stream) closeStream(stream); // expired: rolls back
      }, batonIdleMs);
      stream.timer.unref();
    }
    notifyAll();
    return { baton, base_url: null, results };
  }

  // -- HTTP

  const tokenDigest = options.authToken === undefined ? undefined : createHash("sha256").update(options.authToken).digest();
  function authorized(req: IncomingMessage): boolean {
    if (tokenDigest === undefined) return true;
    const given = /^Bearer\s+(.*)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    return timingSafeEqual(createHash("sha256").update(given).digest(), tokenDigest);
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    // The client only parses error bodies whose content-type is exactly "application/json".
    res.writeHead(status, { "content-type": typeof body === "string" ? "text/plain" : "application/json" });
    res.end(text);
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    let size = 0;
    const body: AsyncIterable<unknown> = req;
    for await (const chunk of body) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += buf.length;
      if (size > MAX_BODY_BYTES) throw new ProtoError("request body is too large", "BODY_TOO_LARGE");
      chunks.push(buf);
    }
    try {
      return JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch (e) {
      throw new ProtoError(`invalid JSON body: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://localhost").pathname.replace(/\/+$/, "") || "/";
    const method = req.method ?? "GET";
    if (path === "/health" && (method === "GET" || method === "HEAD")) return send(res, 200, "ok");
    if (!authorized(req)) return send(res, 401, { message: "Unauthorized: missing or wrong bearer token", code: "UNAUTHORIZED" });
    if (method === "GET" && path === "/") return send(res, 200, "Hello, this is HTTP API v2 (Hrana over HTTP)");
    // Version probes: v2 (JSON) only. /v3-protobuf (which hrana-client probes
    // when asked for v3) and the v3 cursor endpoint are not implemented.
    if (method === "GET" && path === "/v2") return send(res, 200, "");
    if (path === "/stats" && method === "GET") return send(res, 200, { ...stats });
    if ((path === "/stats/reset" && method === "POST") || (path === "/stats" && method === "DELETE")) {
      resetStats();
      return send(res, 200, { ...stats });
    }
    if (path === "/v2/pipeline" || path === "/v3/pipeline") {
      if (method !== "POST") return send(res, 405, { message: "use POST", code: "METHOD_NOT_ALLOWED" });
      try {
        return send(res, 200, await handlePipeline(await readJson(req)));
      } catch (e) {
        if (e instanceof ProtoError) return send(res, 400, { message: e.message, code: e.code });
        throw e;
      }
    }
    return send(res, 404, { message: `no route for ${method} ${path}`, code: "NOT_FOUND" });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { message: toHranaErr(e).message, code: "INTERNAL_ERROR" });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;

  function resetStats() {
    stats.pipelines = 0;
    stats.statements = 0;
    stats.requests = 0;
  }

  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, host, () => {
        server.off("error", reject);
        resolveListen();
      });
    });
  } catch (e) {
    keeper.close();
    throw e;
  }
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("unexpected server address");
  const urlHost = host.includes(":") ? `[${host}]` : host;

  let closed: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    stats: () => ({ ...stats }),
    resetStats,
    close() {
      closed ??= new Promise<void>((resolveClose) => {
        closing = true;
        for (const entry of lockQueue.splice(0)) entry.fail(new StmtError("The server is shutting down", "SERVER_CLOSED"));
        for (const stream of [...streams]) closeStream(stream);
        notifyAll();
        server.close(() => {
          keeper.close();
          resolveClose();
        });
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
