// One libSQL client per isolate and database URL. Locally the URL points at
// the project's Hrana-over-HTTP server (db/server), in production at Turso:
// the same HTTP code path either way.
import { createClient, type Client } from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "./schema.ts";

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

const databases = new Map<string, Database>();

export function getDatabase(url: string, authToken?: string): Database {
  const key = `${url}\n${authToken ?? ""}`;
  let db = databases.get(key);
  if (!db) {
    const client = createClient({ url, authToken });
    db = drizzle(client, { schema });
    databases.set(key, db);
  }
  return db;
}
