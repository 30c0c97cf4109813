// Assertions inside an atomic batch (db/migrations/0003): the statement
// aborts the whole batch unless its condition holds when the batch runs.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";

export function assertInBatch(db: Database, condition: SQL) {
  return db.run(sql`insert into batch_guards (ok) select 0 where not (${condition})`);
}

export function isBatchGuardFailure(error: unknown): boolean {
  return String((error as Error | undefined)?.message ?? error).includes("batch_guard");
}
