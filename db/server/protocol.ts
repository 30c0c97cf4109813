// The part of "Hrana over HTTP" v2 (the protocol of sqld / Turso) that `@libsql/client` sends over an http: URL:
// decoding a pipeline body into typed requests and encoding values, results and errors back.
// Spec: https://github.com/tursodatabase/libsql/blob/main/docs/HTTP_V2_SPEC.md
//
// The client only sends self-contained pipelines (`execute`, or `store_sql`s and a `batch`, then `close`), so
// that is all this decodes. Anything else is refused with a ProtocolError naming what is supported, rather than
// half-implemented: see docs/decisions/001-libsql-everywhere.md.

export type Value = null | bigint | number | string | Uint8Array;
export type JsonObject = { [key: string]: unknown };
export type HranaError = { message: string; code: string };

export type Stmt = { sql: string | undefined; sqlId: number | undefined; args: Value[]; wantRows: boolean };
/** The conditions the client's `batch()` uses: each statement runs if the previous step succeeded. */
export type Cond = { type: "ok"; step: number } | { type: "not"; cond: Cond };
export type Step = { cond: Cond | undefined; stmt: Stmt };
export type Request =
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; steps: Step[] }
  | { type: "store_sql"; sqlId: number; sql: string }
  | { type: "close" };

export type StmtResult = {
  cols: { name: string | null; decltype: string | null }[];
  rows: JsonObject[][];
  affected_row_count: number;
  last_insert_rowid: string;
};

/** Fails the whole HTTP request (HTTP 400), like sqld's protocol errors. */
export class ProtocolError extends Error {
  code: string;
  constructor(message: string, code = "PROTOCOL_ERROR") {
    super(message);
    this.code = code;
  }
}

/** Fails one request of a pipeline, or one batch step: a `{type: "error"}` result. */
export class StatementError extends Error {
  code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

// ---------------------------------------------------------------------------
// Decoding: JSON -> typed requests; anything unexpected is a ProtocolError.

const SUPPORTED_REQUESTS = "execute, batch, store_sql, close";
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

const isObject = (x: unknown): x is JsonObject => typeof x === "object" && x !== null && !Array.isArray(x);
const isAbsent = (x: unknown): x is null | undefined => x === undefined || x === null;

function object(x: unknown, what: string): JsonObject {
  if (!isObject(x)) throw new ProtocolError(`${what} must be an object`);
  return x;
}
function list(x: unknown, what: string): unknown[] {
  if (isAbsent(x)) return [];
  if (!Array.isArray(x)) throw new ProtocolError(`${what} must be an array`);
  return x;
}
function string(x: unknown, what: string): string {
  if (typeof x !== "string") throw new ProtocolError(`${what} must be a string`);
  return x;
}
function integer(x: unknown, what: string): number {
  if (typeof x !== "number" || !Number.isSafeInteger(x)) throw new ProtocolError(`${what} must be an integer`);
  return x;
}

/** An integer value is a decimal string covering the full 64-bit range (a JSON number would lose precision). */
function parseInteger(raw: unknown): bigint {
  const n =
    typeof raw === "number" && Number.isSafeInteger(raw)
      ? BigInt(raw)
      : typeof raw === "string" && /^-?\d+$/.test(raw)
        ? BigInt(raw)
        : undefined;
  if (n === undefined || n < I64_MIN || n > I64_MAX) {
    throw new ProtocolError("integer value must be a 64-bit decimal string");
  }
  return n;
}

function parseValue(x: unknown): Value {
  const v = object(x, "value");
  switch (v.type) {
    case "null":
      return null;
    case "integer":
      return parseInteger(v.value);
    case "float":
      if (typeof v.value !== "number") throw new ProtocolError("float value must be a number");
      return v.value;
    case "text":
      return string(v.value, "text value");
    case "blob":
      return Buffer.from(string(v.base64, "blob base64"), "base64"); // libsql binds Buffers as blobs
    default:
      throw new ProtocolError(`unknown value type ${JSON.stringify(v.type)}`);
  }
}

function parseStmt(x: unknown): Stmt {
  const s = object(x, "stmt");
  // The app, drizzle and the migrations bind `?` parameters only; named ones would need SQLite's parameter
  // numbering reimplemented here.
  if (list(s.named_args, "stmt.named_args").length > 0) {
    throw new ProtocolError("named arguments are not supported by this server: use positional ? parameters");
  }
  return {
    sql: isAbsent(s.sql) ? undefined : string(s.sql, "stmt.sql"),
    sqlId: isAbsent(s.sql_id) ? undefined : integer(s.sql_id, "stmt.sql_id"),
    args: list(s.args, "stmt.args").map(parseValue),
    wantRows: isAbsent(s.want_rows) || s.want_rows === true,
  };
}

function parseCond(x: unknown, stepIndex: number): Cond {
  const c = object(x, "condition");
  switch (c.type) {
    case "ok": {
      const step = integer(c.step, "condition step");
      if (step < 0 || step >= stepIndex) throw new ProtocolError("batch condition must refer to an earlier step");
      return { type: "ok", step };
    }
    case "not":
      return { type: "not", cond: parseCond(c.cond, stepIndex) };
    default:
      throw new ProtocolError(`batch condition ${JSON.stringify(c.type)} is not supported (supported: ok, not)`);
  }
}

function parseStep(x: unknown, index: number): Step {
  const step = object(x, "batch step");
  return { cond: isAbsent(step.condition) ? undefined : parseCond(step.condition, index), stmt: parseStmt(step.stmt) };
}

function parseRequest(x: unknown): Request {
  const r = object(x, "request");
  switch (r.type) {
    case "execute":
      return { type: "execute", stmt: parseStmt(r.stmt) };
    case "batch":
      return { type: "batch", steps: list(object(r.batch, "batch").steps, "batch.steps").map(parseStep) };
    case "store_sql":
      return { type: "store_sql", sqlId: integer(r.sql_id, "sql_id"), sql: string(r.sql, "sql") };
    case "close":
      return { type: "close" };
    default:
      throw new ProtocolError(
        `request type ${JSON.stringify(r.type)} is not supported by this server (supported: ${SUPPORTED_REQUESTS})`,
      );
  }
}

/**
 * A pipeline body. Each pipeline is its own stream, closed when its HTTP request ends, so a baton (which would
 * name a stream kept open since an earlier request) can only be refused.
 */
export function parsePipeline(x: unknown): Request[] {
  const body = object(x, "pipeline body");
  if (!isAbsent(body.baton)) {
    throw new ProtocolError(
      "this server keeps no stream between requests, so it issues no batons (no interactive transactions)",
      "STREAM_EXPIRED",
    );
  }
  return list(body.requests, "requests").map(parseRequest);
}

// ---------------------------------------------------------------------------
// Encoding

export function encodeValue(v: unknown): JsonObject {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  if (typeof v === "number") return { type: "float", value: v }; // with safeIntegers, integers arrive as bigint
  if (typeof v === "string") return { type: "text", value: v };
  if (v instanceof Uint8Array) {
    return { type: "blob", base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") };
  }
  return { type: "text", value: String(v) };
}

/** SQLite errors keep their extended code (`SQLITE_CONSTRAINT_UNIQUE`), which the client reports as `code`. */
export function toHranaError(e: unknown): HranaError {
  if (e instanceof Error) {
    const code = "code" in e && typeof e.code === "string" ? e.code : "INTERNAL_ERROR";
    return { message: e.message, code };
  }
  return { message: String(e), code: "INTERNAL_ERROR" };
}

export const ok = (response: JsonObject): JsonObject => ({ type: "ok", response });
export const failed = (e: unknown): JsonObject => ({ type: "error", error: toHranaError(e) });
