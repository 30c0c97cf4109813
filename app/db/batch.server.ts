// Statements are built in one place and sent in another, so every round trip
// is a call you can see. Services build: a `Read` (queries, and what their
// rows mean) or a `Write` (one atomic batch, what its results mean, and what a
// refused batch means to the user). Requests send: `web/access.server.ts`
// sends a request's whole read — the session check first — as one batch, and a
// write as one batch whose first statement asserts the session.
//
// `build` is the database to build statements with. It cannot send them: a
// statement awaited on its own throws, so no query can slip out of a batch.
import type { Client } from "@libsql/client/web";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/libsql/web";
import { type Column, getTableName, sql, type SQL } from "drizzle-orm";
import type { Database } from "./client.server.ts";
import * as schema from "./schema.ts";

export type Item = BatchItem<"sqlite">;
/** What one statement answers in a batch: its rows, or the run's result set. */
export type ItemResult<Q extends Item> = BatchResponse<[Q]>[0];

/** Statements to send together, and what their results mean. */
export type Read<T> = {
  readonly items: readonly Item[];
  readonly result: (raw: readonly unknown[]) => T;
};
export type ReadResult<R> = R extends Read<infer T> ? T : never;

/**
 * The results of reads whose statements end a batch, in the order they were appended: `[...items, ...a.items,
 * ...b.items]` answers `trailing(raw, a, b)` = `[a's result, b's result]`.
 */
export function trailing<const R extends readonly Read<unknown>[]>(
  raw: readonly unknown[],
  ...ends: R
): { [K in keyof R]: ReadResult<R[K]> } {
  let end = raw.length;
  const results: unknown[] = [];
  for (const read of [...ends].reverse()) {
    results.unshift(read.result(raw.slice(end - read.items.length, end)));
    end -= read.items.length;
  }
  return results as { [K in keyof R]: ReadResult<R[K]> };
}

/** One atomic batch: its statements, what their results mean, and what a refusal of the whole batch means. */
export type Write<T> = Read<T> & {
  /** The user's answer for a batch the database refused (a guard that did not hold, a unique key taken). */
  readonly refused?: (error: unknown) => Error | undefined;
};

const NOT_SENT =
  "Statements are built with `build` and sent with a read or a write (web/access.server.ts), never awaited alone";

function refusingClient(): Client {
  const refuse = () => Promise.reject(new Error(NOT_SENT));
  return new Proxy({} as Client, {
    get: (_target, property) => (property === "then" ? undefined : refuse),
  });
}

/** The database statements are built with. Awaiting one of its statements throws: send them in a batch. */
export const build: Database = drizzle(refusingClient(), { schema });

/**
 * A column of the outer query, for a correlated subquery: `"tournaments"."id"`.
 * In a select from one table Drizzle writes `${tournaments.id}` unqualified
 * (`"id"`), which the subquery would bind to its own table's column.
 */
export function outer(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** One statement; `map` turns its rows into what the caller wants. */
export function query<Q extends Item>(statement: Q): Read<ItemResult<Q>>;
export function query<Q extends Item, T>(statement: Q, map: (rows: ItemResult<Q>) => T): Read<T>;
export function query<Q extends Item, T>(statement: Q, map?: (rows: ItemResult<Q>) => T): Read<T | ItemResult<Q>> {
  return { items: [statement], result: (raw) => (map ? map(raw[0] as ItemResult<Q>) : (raw[0] as ItemResult<Q>)) };
}

/** The first row, or null. */
export const first = <Q extends Item>(
  statement: Q,
): Read<ItemResult<Q> extends readonly (infer R)[] ? R | null : never> =>
  query(statement, (rows) => ((rows as unknown[])[0] ?? null) as never);

/** A value known without the database: no statement. */
export const known = <T>(value: T): Read<T> => ({ items: [], result: () => value });

/** Several reads as one: the results by name. */
export function reads<R extends Record<string, Read<unknown>>>(parts: R): Read<{ [K in keyof R]: ReadResult<R[K]> }> {
  const entries = Object.entries(parts);
  return {
    items: entries.flatMap(([, part]) => part.items),
    result: (raw) => {
      const out: Record<string, unknown> = {};
      let at = 0;
      for (const [name, part] of entries) {
        out[name] = part.result(raw.slice(at, at + part.items.length));
        at += part.items.length;
      }
      return out as { [K in keyof R]: ReadResult<R[K]> };
    },
  };
}

/** A read whose result is turned into something else. */
export const mapRead = <A, B>(read: Read<A>, map: (value: A) => B): Read<B> => ({
  items: read.items,
  result: (raw) => map(read.result(raw)),
});

/** An atomic batch of statements; `result` reads their answers, `refused` maps a refused batch. */
export function write<T = void>(
  items: readonly Item[],
  result: (raw: readonly unknown[]) => T = () => undefined as T,
  refused?: (error: unknown) => Error | undefined,
): Write<T> {
  return { items, result, refused };
}

/**
 * Sends a read as one batch (one round trip, one snapshot); `first` goes
 * ahead of it (the session check) and its answer comes back beside the result.
 */
export async function sendRead<T, F extends Item | undefined = undefined>(
  db: Database,
  read: Read<T>,
  first?: F,
): Promise<{ first: F extends Item ? ItemResult<F> : undefined; result: T }> {
  const items = first ? [first, ...read.items] : read.items;
  if (items.length === 0) return { first: undefined as never, result: read.result([]) };
  const raw = await db.batch(items as [Item, ...Item[]]);
  return { first: (first ? raw[0] : undefined) as never, result: read.result(first ? raw.slice(1) : raw) };
}

/**
 * Sends a write as one atomic batch, `first` ahead of it (the session's
 * assertion). A refused batch throws the write's own answer when it has one;
 * `onError` sees the error first (the session's answer wins).
 */
export async function sendWrite<T>(
  db: Database,
  batch: Write<T>,
  first?: Item,
  onError?: (error: unknown) => void,
): Promise<T> {
  const items = first ? [first, ...batch.items] : batch.items;
  if (items.length === 0) return batch.result([]);
  let raw: unknown[];
  try {
    raw = await db.batch(items as [Item, ...Item[]]);
  } catch (error) {
    onError?.(error);
    throw batch.refused?.(error) ?? error;
  }
  return batch.result(first ? raw.slice(1) : raw);
}

/** Sends a read with nothing ahead of it: for work no session asks for (the scheduler, webhooks, tests). */
const readNow = async <T>(db: Database, read: Read<T>): Promise<T> => (await sendRead(db, read)).result;
/** Sends a write with nothing ahead of it. */
export const writeNow = <T>(db: Database, batch: Write<T>): Promise<T> => sendWrite(db, batch);

// Assertions inside an atomic batch (db/migrations/0003): the statement aborts
// the whole batch unless its condition holds when the batch runs.

export function assertInBatch(condition: SQL): Item {
  return build.run(sql`insert into batch_guards (ok) select 0 where not (${condition})`);
}

/** The ledger's own assertion (db/migrations/0014): what a batch pays adds up, told apart from its other guards. */
export function assertLedger(condition: SQL): Item {
  return build.run(sql`insert into ledger_guards (ok) select 0 where not (${condition})`);
}

export const isLedgerGuardFailure = (error: unknown): boolean => refusalText(error).includes("ledger_sum");

/** What the database said when it refused a batch. */
const refusalText = (error: unknown) => String((error as Error | undefined)?.message ?? error);

export const isBatchGuardFailure = (error: unknown): boolean => refusalText(error).includes("batch_guard");

/** The session's own assertion (db/migrations/0005), told apart from the batch's other guards. */
export function assertSession(condition: SQL): Item {
  return build.run(sql`insert into session_guards (ok) select 0 where not (${condition})`);
}

export const isSessionGuardFailure = (error: unknown): boolean => refusalText(error).includes("session_over");

/** A batch refused by a unique key of its own statements: not the database failing. */
export const isUniqueViolation = (error: unknown): boolean => refusalText(error).includes("UNIQUE");

/** A batch refused because a row it names is gone (deleted meanwhile by another request): not the database failing. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  refusalText(error).includes("FOREIGN KEY constraint failed");

/** A batch refused by a CHECK (a balance's overdraft, a guard): not the database failing. */
export const isCheckViolation = (error: unknown): boolean => refusalText(error).includes("CHECK constraint failed");

/**
 * What a service that reads, decides and writes is given: one round trip per
 * call. A signed-in caller's carry the session's check (access.server.ts);
 * the scheduler's and the webhooks' send as they are.
 */
export type Sender = {
  send<T>(read: Read<T>): Promise<T>;
  write<T>(batch: Write<T>): Promise<T>;
};

/** A sender with no session: the scheduler, webhooks and the tests' own setup. */
export const systemSender = (db: Database): Sender => ({
  send: (read) => readNow(db, read),
  write: (batch) => writeNow(db, batch),
});
