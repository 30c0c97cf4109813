// One round trip for the reads a request makes together. A page loader asks
// for the signed-in user, the tournament, its matches and its tables at
// once; each would be its own HTTP request to the database. This client
// gathers the SELECTs issued before the next timer tick and sends them as
// one read batch (one pipeline, one consistent snapshot); a batch of reads
// joins them. Writes, write batches and transactions go straight out, in
// the order they are made.
//
// Writes can be held behind a gate: a request that starts its reads with
// the user id its signed cookie names, before the database has confirmed
// the session, gates its writes on that confirmation (guards.server.ts).
//
// A write batch that checks the session itself (a statement asserting it,
// guards.server.ts) need not wait for the gate: sent through `carrier`, it
// also carries the reads gathered with it — the user lookup among them — in
// the same round trip, ahead of its writes.
//
// When a gathered batch fails, its statements are re-run one by one, so a
// failing statement fails only its own caller, as it would on its own.
import type { Client, InArgs, InStatement, ResultSet, TransactionMode } from "@libsql/client/web";

type Pending = { stmt: InStatement; resolve: (rs: ResultSet) => void; reject: (error: unknown) => void };
type Carried = { stmts: InStatement[]; mode: TransactionMode | undefined; resolve: (rs: ResultSet[]) => void; reject: (error: unknown) => void };

const sqlOf = (stmt: InStatement) => (typeof stmt === "string" ? stmt : stmt.sql);

/** True for a statement that only reads: it may share a read transaction. */
export function isRead(sql: string): boolean {
  return /^\s*select\b/i.test(sql) && !/\breturning\b/i.test(sql);
}

export type WriteGate = () => Promise<unknown>;

export function coalescingClient(client: Client): { client: Client; carrier: Client; gateWrites: (gate: WriteGate) => void } {
  let pending: Pending[] = [];
  let carried: Carried | null = null;
  let scheduled = false;
  let gate: WriteGate | null = null;
  const afterGate = <T>(write: () => Promise<T>): Promise<T> => (gate ? gate().then(write) : write());

  const rerun = (group: Pending[]) => group.forEach((p) => client.execute(p.stmt).then(p.resolve, p.reject));

  const flush = () => {
    scheduled = false;
    const group = pending;
    pending = [];
    const carrying = carried;
    carried = null;
    if (carrying) {
      client.batch([...group.map((p) => p.stmt), ...carrying.stmts], carrying.mode).then(
        (results) => {
          group.forEach((p, i) => p.resolve(results[i]!));
          carrying.resolve(results.slice(group.length));
        },
        (error: unknown) => {
          carrying.reject(error);
          rerun(group);
        },
      );
      return;
    }
    if (group.length === 1) {
      const [only] = group as [Pending];
      client.execute(only.stmt).then(only.resolve, only.reject);
      return;
    }
    client.batch(group.map((p) => p.stmt), "read").then(
      (results) => group.forEach((p, i) => p.resolve(results[i]!)),
      () => rerun(group),
    );
  };

  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  };

  const read = (stmt: InStatement) =>
    new Promise<ResultSet>((resolve, reject) => {
      pending.push({ stmt, resolve, reject });
      schedule();
    });

  const toStatement = (s: InStatement | [string, InArgs?]): InStatement => (Array.isArray(s) ? (s[1] === undefined ? s[0] : { sql: s[0], args: s[1] }) : s);
  const toStatements = (stmts: Array<InStatement | [string, InArgs?]>): InStatement[] => stmts.map(toStatement);

  // Ungated: for batches that assert the session themselves. One per round trip.
  function carry(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode): Promise<ResultSet[]> {
    const statements = toStatements(stmts);
    if (carried) return client.batch(statements, mode);
    return new Promise<ResultSet[]>((resolve, reject) => {
      carried = { stmts: statements, mode, resolve, reject };
      schedule();
    });
  }

  function execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    const stmt = toStatement(typeof stmtOrSql === "string" ? [stmtOrSql, args] : stmtOrSql);
    return isRead(sqlOf(stmt)) ? read(stmt) : afterGate(() => client.execute(stmt));
  }

  // A batch of reads joins the gathered reads (one snapshot either way).
  function batch(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode): Promise<ResultSet[]> {
    const statements = toStatements(stmts);
    if (statements.length > 0 && statements.every((s) => isRead(sqlOf(s)))) return Promise.all(statements.map(read));
    return afterGate(() => client.batch(statements, mode));
  }

  const gated = new Set<PropertyKey>(["transaction", "executeMultiple", "migrate"]);
  const proxy = (batchWith: typeof batch) =>
    new Proxy(client, {
      get(target, property) {
        if (property === "execute") return execute;
        if (property === "batch") return batchWith;
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== "function") return value;
        const method = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
        return gated.has(property) ? (...args: unknown[]) => afterGate(() => method(...args)) : method;
      },
    });
  return { client: proxy(batch), carrier: proxy(carry), gateWrites: (next) => void (gate = next) };
}
