// The database for one request. Locally the URL points at the project's
// Hrana-over-HTTP server (db/server), in production at Turso: the same HTTP
// code path either way.
//
// A new client per request, on purpose: workerd ties I/O (fetches, and the
// promises waiting on them) to the request that started it, so a client
// shared across requests makes one request wait on another's I/O — workerd
// then cancels it as hung. The client holds no connection, so this is cheap.
import { createClient, type Client } from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "./schema.ts";

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

/** Every database call has this long to answer; past it the request answers 503. */
const DATABASE_DEADLINE_MS = 5000;

/** Set when a call of this request failed to reach the database or ran past its deadline. */
export type DatabaseHealth = { failed: boolean };

/**
 * The client's HTTP calls, each with a deadline: a paused or unreachable
 * database fails the call within `deadlineMs` instead of hanging the request.
 */
function fetchWithDeadline(health: DatabaseHealth, deadlineMs: number) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    try {
      const response = await fetch(input, { ...init, signal: AbortSignal.timeout(deadlineMs) });
      if (response.status >= 500) health.failed = true;
      return response;
    } catch (error) {
      health.failed = true;
      throw error;
    }
  };
}

export function getDatabase(url: string, authToken?: string): Database {
  return openDatabase(url, authToken).db;
}

/** The database, and whether any call of this request failed to reach it. */
export function openDatabase(
  url: string,
  authToken?: string,
  deadlineMs = DATABASE_DEADLINE_MS,
): { db: Database; health: DatabaseHealth } {
  const health: DatabaseHealth = { failed: false };
  const client = createClient({ url, authToken, fetch: fetchWithDeadline(health, deadlineMs) });
  return { db: drizzle(client, { schema }), health };
}
