// Runs decoded pipelines against the database file, and counts them.
//
// Each pipeline gets a connection of its own (a Hrana "stream") for its HTTP request, closed at its end: the client
// sends every `execute` and `batch()` as one self-contained pipeline ending in `close`, so no
// stream has to outlive its request. A pipeline that would leave a transaction open (what the client's
// interactive `transaction()` does) is rolled back and refused instead of having its later statements run in
// autocommit on another connection. A connection left as it was opened (no failed statement, no PRAGMA, ATTACH or
// temporary object) goes back to a small pool for the next stream: opening one and reading the schema again cost
// more than most statements.
//
// Two `libsql` 0.5 quirks shape this file:
// - A prepared statement that fails with SQLITE_BUSY is left active; the connection then never commits again
//   and keeps the write lock until garbage collection. So SQLITE_BUSY may only happen in `exec()` (BEGIN,
//   COMMIT...): an autocommit write first takes the write lock, then runs inside BEGIN IMMEDIATE ... COMMIT.
// - An EXPLAIN statement is never reset, and counts as active on its connection (DROP TABLE then fails with
//   SQLITE_LOCKED). So the EXPLAIN that decides whether a statement writes runs on a separate "keeper"
//   connection, which also keeps the WAL open for the server's lifetime.
import Database from "libsql";
import { WriteLock } from "./lock.ts";
import { encodeValue, failed, ok, parsePipeline, ProtocolError, StatementError, toHranaError } from "./protocol.ts";
import type { Cond, HranaError, JsonObject, Request, Step, Stmt, StmtResult, Value } from "./protocol.ts";
import { keyword, splitStatements } from "./sql.ts";
import type { SqlStatement } from "./sql.ts";

/**
 * Database round trips, for the tests' and benchmarks' budgets: HTTP pipelines, and statements run. And rows:
 * `rowsRead` is the rows the statements answered (a SELECT's, a RETURNING's), a lower bound of what a hosted
 * database bills as rows read (Turso counts every row a statement scans); `scanSteps` is the steps of full scans
 * (SQLite's SQLITE_STMTSTATUS_FULLSCAN_STEP, through its sqlite_stmt table): rows a statement went through without an
 * index; `rowsWritten` is the rows they changed (SQLite's changes(), as Turso counts rows written).
 */
export type DbStats = {
  pipelines: number;
  statements: number;
  rowsRead: number;
  scanSteps: number;
  rowsWritten: number;
};

export type Executor = {
  /** Answers one pipeline body; a ProtocolError fails the whole request. */
  runPipeline(body: unknown): Promise<JsonObject>;
  stats(): DbStats;
  resetStats(): void;
  /** Fails waiting statements, closes every stream (rolling back) and the keeper connection. */
  close(): void;
};

type Db = Database.Database;

/** An open connection and its changes statement, kept between streams. */
type Connection = {
  db: Db;
  info: Database.Statement;
  /** The connection's statements by their SQL, prepared once for as long as it is pooled and the schema holds. */
  prepared: Map<string, Database.Statement>;
  /** `PRAGMA schema_version`, read when the connection is taken: another schema makes the statements stale. */
  schema: Database.Statement;
  schemaVersion: bigint;
  /** Reads the full-scan steps of the statements prepared on it (sqlite_stmt); null where SQLite has no such table. */
  scans: Database.Statement | null;
};

type Stream = {
  connection: Connection;
  db: Db;
  /** False once the stream ran something that may leave the connection unlike a fresh one. */
  reusable: boolean;
  /** `SELECT changes(), last_insert_rowid(), total_changes()`, read after each statement. */
  info: Database.Statement;
  sqls: Map<number, string>;
  closed: boolean;
  lastTotalChanges: bigint;
  /** The connection's full-scan steps as the stream opened. */
  scansAtOpen: number;
};

type Context = {
  file: string;
  keeper: Db;
  lock: WriteLock<Stream>;
  streams: Set<Stream>;
  idle: Connection[];
  writesCache: Map<string, boolean>;
  stats: DbStats;
};

type Output = { cols: StmtResult["cols"]; rows: unknown[][] };

const TX_CONTROL = new Set(["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"]);
const NO_TX_WRAP = new Set(["PRAGMA", "VACUUM", "ATTACH", "DETACH"]); // no-ops or errors inside a transaction
/** Statements whose effect outlives the stream on its connection: such a connection is closed, not pooled. */
const CHANGES_CONNECTION = new Set(["PRAGMA", "ATTACH", "DETACH"]);
const TEMPORARY = new Set(["TEMP", "TEMPORARY"]);
const SCHEMA_CHANGES = new Set(["CREATE", "ALTER", "DROP"]);
const MAX_STORED_SQLS = 50; // like sqld; @libsql/client stores at most 30 per batch
const MAX_WRITES_CACHE = 2000;

export function createExecutor(file: string, busyTimeoutMs: number): Executor {
  const keeper = openConnection(file);
  keeper.exec("PRAGMA journal_mode = WAL");
  const ctx: Context = {
    file,
    keeper,
    lock: new WriteLock<Stream>(busyTimeoutMs),
    streams: new Set(),
    idle: [],
    writesCache: new Map(),
    stats: { pipelines: 0, statements: 0, rowsRead: 0, scanSteps: 0, rowsWritten: 0 },
  };
  return {
    runPipeline: (body) => runPipeline(ctx, body),
    stats: () => ({ ...ctx.stats }),
    resetStats() {
      ctx.stats.pipelines = 0;
      ctx.stats.statements = 0;
      ctx.stats.rowsRead = 0;
      ctx.stats.scanSteps = 0;
      ctx.stats.rowsWritten = 0;
    },
    close() {
      ctx.lock.close();
      for (const stream of [...ctx.streams]) closeStream(ctx, stream);
      for (const { db } of ctx.idle.splice(0)) db.close();
      keeper.close();
    },
  };
}

function openConnection(file: string): Db {
  const db = new Database(file);
  // busy_timeout stays 0: a synchronous busy wait would block the event loop. See lock.ts.
  db.exec("PRAGMA busy_timeout = 0; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
  return db;
}

// ---------------------------------------------------------------------------
// Pipelines and streams

async function runPipeline(ctx: Context, body: unknown): Promise<JsonObject> {
  const requests = parsePipeline(body);
  ctx.stats.pipelines++;
  const stream = openStream(ctx);
  try {
    const results: JsonObject[] = [];
    for (const request of requests) results.push(await handleRequest(ctx, stream, request));
    if (inTransaction(stream)) {
      throw new ProtocolError(
        "the pipeline left a transaction open, and this server closes every stream at the end of its request " +
          "(no interactive transactions): it was rolled back; send the statements as one batch() instead",
      );
    }
    return { baton: null, base_url: null, results };
  } finally {
    closeStream(ctx, stream);
  }
}

async function handleRequest(ctx: Context, stream: Stream, request: Request): Promise<JsonObject> {
  if (stream.closed && request.type !== "close") return failed(streamClosed());
  try {
    switch (request.type) {
      case "execute":
        return ok({ type: "execute", result: await executeStmt(ctx, stream, request.stmt) });
      case "batch":
        return ok({ type: "batch", result: await executeBatch(ctx, stream, request.steps) });
      case "store_sql":
        storeSql(stream, request.sqlId, request.sql);
        return ok({ type: "store_sql" });
      case "close":
        closeStream(ctx, stream);
        return ok({ type: "close" });
    }
  } catch (e) {
    if (e instanceof ProtocolError) throw e;
    return failed(e);
  }
}

/** Idle connections kept for the next streams (the Worker sends a handful of requests at a time). */
const MAX_IDLE_CONNECTIONS = 8;

function openStream(ctx: Context): Stream {
  const connection = ctx.idle.pop() ?? newConnection(ctx.file);
  const { db, info, prepared } = connection;
  const schemaVersion = bigintOf(rowsOf(connection.schema.all())[0]?.[0]);
  if (schemaVersion !== connection.schemaVersion) prepared.clear();
  connection.schemaVersion = schemaVersion;
  const lastTotalChanges = bigintOf(rowsOf(info.all())[0]?.[2]);
  const stream: Stream = {
    connection,
    db,
    info,
    reusable: true,
    sqls: new Map(),
    closed: false,
    lastTotalChanges,
    scansAtOpen: scanSteps(connection),
  };
  ctx.streams.add(stream);
  return stream;
}

function newConnection(file: string): Connection {
  const db = openConnection(file);
  const info = db.prepare("SELECT changes(), last_insert_rowid(), total_changes()");
  info.raw(true);
  info.safeIntegers(true);
  const schema = db.prepare("PRAGMA schema_version");
  schema.raw(true);
  schema.safeIntegers(true);
  let scans: Database.Statement | null = null;
  try {
    scans = db.prepare("SELECT coalesce(sum(nscan), 0) FROM sqlite_stmt");
    scans.raw(true);
  } catch {
    // Built without SQLITE_ENABLE_STMTVTAB: no full-scan steps counted.
  }
  return { db, info, prepared: new Map(), schema, schemaVersion: -1n, scans };
}

/**
 * The full-scan steps of the statements prepared on the connection (they count from their prepare; a statement
 * finalized meanwhile takes its count with it, so a stream's difference is never taken below zero).
 */
function scanSteps(connection: Connection): number {
  try {
    return connection.scans ? Number(rowsOf(connection.scans.all())[0]?.[0] ?? 0) : 0;
  } catch {
    return 0;
  }
}

/** Statements kept per pooled connection: the app's queries are a few hundred texts. */
const MAX_PREPARED = 500;

function prepare(stream: Stream, sql: string): Database.Statement {
  const { prepared } = stream.connection;
  const known = prepared.get(sql);
  if (known) return known;
  const stmt = stream.db.prepare(sql);
  if (prepared.size >= MAX_PREPARED) prepared.clear();
  prepared.set(sql, stmt);
  return stmt;
}

function closeStream(ctx: Context, stream: Stream): void {
  if (stream.closed) return;
  stream.closed = true;
  ctx.stats.scanSteps += Math.max(0, scanSteps(stream.connection) - stream.scansAtOpen);
  let reusable = stream.reusable && ctx.idle.length < MAX_IDLE_CONNECTIONS;
  try {
    if (stream.db.inTransaction) stream.db.exec("ROLLBACK");
  } catch {
    // closing the connection rolls back anyway
    reusable = false;
  }
  if (reusable && !stream.db.inTransaction) ctx.idle.push(stream.connection);
  else {
    try {
      stream.db.close();
    } catch {
      // already closed
    }
  }
  ctx.streams.delete(stream);
  ctx.lock.release(stream);
  ctx.lock.notify();
}

const inTransaction = (stream: Stream): boolean => !stream.closed && stream.db.inTransaction;
const streamClosed = (): StatementError => new StatementError("The stream is closed", "STREAM_CLOSED");

function storeSql(stream: Stream, sqlId: number, sql: string): void {
  if (stream.sqls.has(sqlId)) throw new ProtocolError(`SQL text ${sqlId} already exists`, "SQL_EXISTS");
  if (stream.sqls.size >= MAX_STORED_SQLS) {
    const message = `The server already stores ${stream.sqls.size} SQL texts, it cannot store more`;
    throw new StatementError(message, "SQL_STORE_TOO_MANY");
  }
  stream.sqls.set(sqlId, sql);
}

function resolveSql(stream: Stream, stmt: Stmt): string {
  if (stmt.sql !== undefined && stmt.sqlId !== undefined) throw new ProtocolError("both sql and sql_id given");
  if (stmt.sql !== undefined) return stmt.sql;
  if (stmt.sqlId === undefined) throw new ProtocolError("neither sql nor sql_id given");
  const stored = stream.sqls.get(stmt.sqlId);
  if (stored === undefined) throw new ProtocolError(`SQL text ${stmt.sqlId} not found`, "SQL_NOT_FOUND");
  return stored;
}

// ---------------------------------------------------------------------------
// Statements and batches

function singleStatement(sql: string): SqlStatement {
  const statements = splitStatements(sql);
  const first = statements[0];
  if (first === undefined) throw new StatementError("SQL string does not contain any statement", "SQL_NO_STATEMENT");
  if (statements.length > 1) {
    throw new StatementError("SQL string contains more than one statement", "SQL_MANY_STATEMENTS");
  }
  return first;
}

function executeStmt(ctx: Context, stream: Stream, stmt: Stmt): Promise<StmtResult> {
  return runStatement(ctx, stream, singleStatement(resolveSql(stream, stmt)), stmt.args, stmt.wantRows);
}

/** A step runs when its condition holds; a failing step is reported in `step_errors`, not thrown. */
async function executeBatch(ctx: Context, stream: Stream, steps: Step[]) {
  for (const step of steps) resolveSql(stream, step.stmt); // protocol errors before running anything
  const results: (StmtResult | null)[] = [];
  const errors: (HranaError | null)[] = [];
  for (const step of steps) {
    if (step.cond !== undefined && !holds(step.cond, results)) {
      results.push(null);
      errors.push(null);
      continue;
    }
    try {
      results.push(await executeStmt(ctx, stream, step.stmt));
      errors.push(null);
    } catch (e) {
      if (e instanceof ProtocolError) throw e;
      results.push(null);
      errors.push(toHranaError(e));
    }
  }
  return { step_results: results, step_errors: errors };
}

function holds(cond: Cond, results: (StmtResult | null)[]): boolean {
  if (cond.type === "not") return !holds(cond.cond, results);
  return (results[cond.step] ?? null) !== null;
}

/** Runs one SQL statement on the stream's connection. */
async function runStatement(
  ctx: Context,
  stream: Stream,
  statement: SqlStatement,
  args: Value[],
  wantRows: boolean,
): Promise<StmtResult> {
  if (stream.closed) throw streamClosed();
  ctx.stats.statements++;
  const first = keyword(statement.tokens[0]);
  if (CHANGES_CONNECTION.has(first) || statement.tokens.some((t) => TEMPORARY.has(keyword(t)))) stream.reusable = false;
  try {
    let output: Output = { cols: [], rows: [] };
    if (TX_CONTROL.has(first)) await runTxControl(ctx, stream, statement, first);
    else output = await runSql(ctx, stream, statement, first, args);
    // The schema changed under the statements prepared so far.
    if (SCHEMA_CHANGES.has(first)) stream.connection.prepared.clear();
    const { affected, lastRowid } = readChanges(stream);
    ctx.stats.rowsRead += output.rows.length;
    ctx.stats.rowsWritten += affected;
    return {
      cols: output.cols,
      rows: wantRows ? output.rows.map((row) => row.map(encodeValue)) : [],
      affected_row_count: affected,
      last_insert_rowid: lastRowid.toString(),
    };
  } catch (e) {
    // A failed statement may be left active on its connection (see above): the connection is not used again.
    stream.reusable = false;
    forgetChanges(stream);
    throw e;
  } finally {
    settle(ctx, stream);
  }
}

async function runSql(ctx: Context, stream: Stream, statement: SqlStatement, first: string, args: Value[]) {
  const db = stream.db;
  const stmt = await ctx.lock.retryBusy(() => prepare(stream, statement.sql));
  let cols: Output["cols"] = [];
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
  if (db.inTransaction || !writes(ctx, statement.sql, first)) return { cols, rows: await ctx.lock.retryBusy(run) };
  return { cols, rows: await runAutocommitWrite(ctx, stream, first, run) };
}

/** Takes the write lock, then runs `run` inside BEGIN IMMEDIATE ... COMMIT: SQLITE_BUSY only ever in exec(). */
async function runAutocommitWrite(ctx: Context, stream: Stream, first: string, run: () => unknown[][]) {
  await ctx.lock.acquire(stream);
  if (stream.closed) throw streamClosed();
  if (NO_TX_WRAP.has(first)) return ctx.lock.retryBusy(run);
  const db = stream.db;
  try {
    await ctx.lock.retryBusy(() => db.exec("BEGIN IMMEDIATE"));
    const rows = await ctx.lock.retryBusy(run);
    db.exec("COMMIT");
    return rows;
  } catch (e) {
    if (!stream.closed && db.inTransaction) db.exec("ROLLBACK");
    throw e;
  }
}

async function runTxControl(ctx: Context, stream: Stream, statement: SqlStatement, first: string): Promise<void> {
  const db = stream.db;
  let sql = statement.sql;
  if ((first === "BEGIN" || first === "SAVEPOINT") && !db.inTransaction) {
    const words = statement.tokens.map(keyword);
    // libsql parses BEGIN READONLY without enforcing it; nothing here sends it (batch mode "read").
    if (words.includes("READONLY")) {
      throw new StatementError("read-only transactions are not supported by this server", "NOT_SUPPORTED");
    }
    await ctx.lock.acquire(stream);
    if (stream.closed) throw streamClosed();
    // A deferred transaction that reads and then writes would fail with SQLITE_BUSY_SNAPSHOT if another stream
    // committed in between; taking the write lock up front makes it wait its turn instead.
    if (first === "BEGIN" && !words.includes("IMMEDIATE") && !words.includes("EXCLUSIVE")) sql = "BEGIN IMMEDIATE";
  }
  await ctx.lock.retryBusy(() => db.exec(sql));
}

/** After each statement: leaving a transaction releases the write lock. */
function settle(ctx: Context, stream: Stream): void {
  if (!inTransaction(stream)) ctx.lock.release(stream);
}

/**
 * changes() keeps the count of the last INSERT/UPDATE/DELETE even after a SELECT, so a statement reports it
 * only if total_changes() moved.
 */
function readChanges(stream: Stream): { affected: number; lastRowid: bigint } {
  const [changes, lastRowid, total] = (rowsOf(stream.info.all())[0] ?? []).map(bigintOf);
  const affected = total !== stream.lastTotalChanges ? Number(changes ?? 0n) : 0;
  stream.lastTotalChanges = total ?? 0n;
  return { affected, lastRowid: lastRowid ?? 0n };
}

/** After a failed statement (whose partial changes, e.g. by triggers, must not count for the next one). */
function forgetChanges(stream: Stream): void {
  try {
    stream.lastTotalChanges = bigintOf(rowsOf(stream.info.all())[0]?.[2]);
  } catch {
    // connection closed under us (server shutdown)
  }
}

/**
 * Whether a statement writes to the database file: its EXPLAIN shows a write transaction on a non-temp schema.
 * VACUUM writes without saying so. Unknown (e.g. a table created in an open transaction) counts as a write.
 */
function writes(ctx: Context, sql: string, first: string): boolean {
  if (first === "VACUUM") return true;
  if (first === "EXPLAIN") return false;
  let known = ctx.writesCache.get(sql);
  if (known === undefined) {
    try {
      const program = rowsOf(ctx.keeper.prepare(`EXPLAIN ${sql}`).raw(true).all());
      known = program.some((op) => op[1] === "Transaction" && Number(op[2]) !== 1 && Number(op[3]) !== 0);
    } catch {
      known = true;
    }
    if (ctx.writesCache.size >= MAX_WRITES_CACHE) ctx.writesCache.clear();
    ctx.writesCache.set(sql, known);
  }
  return known;
}

/** libsql returns raw rows as arrays; narrow `unknown[]` to that. */
function rowsOf(result: unknown[]): unknown[][] {
  return result.map((row) => (Array.isArray(row) ? row : [row]));
}

const bigintOf = (x: unknown): bigint => (typeof x === "bigint" ? x : BigInt(typeof x === "number" ? x : 0));
