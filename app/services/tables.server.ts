// Tables and their access codes (SPEC §2 /td/tables, /scoreboard).
import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { tables } from "~/db/schema.ts";

export async function listTables(db: Database, organiserId: string) {
  return db
    .select({ id: tables.id, name: tables.name, accessCode: tables.accessCode })
    .from(tables)
    .where(eq(tables.organiserId, organiserId))
    .orderBy(asc(tables.createdAt), asc(tables.name));
}
