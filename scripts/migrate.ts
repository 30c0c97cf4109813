// `npm run db:migrate`: applies db/migrations to TURSO_DATABASE_URL when it
// is set (production), else to the local database file through a short-lived
// local libSQL server.
import { join } from "node:path";
import { readDevVars } from "./lib/dev-vars.ts";
import { applyMigrations } from "./lib/migrate.ts";
import { projectRoot, startDatabase } from "./lib/stack.ts";

const devVars = readDevVars(projectRoot);
const url = process.env.TURSO_DATABASE_URL ?? devVars.TURSO_DATABASE_URL;
if (url) {
  await applyMigrations(url, process.env.TURSO_AUTH_TOKEN ?? devVars.TURSO_AUTH_TOKEN);
  console.log(`Migrations applied to ${url}`);
} else {
  const file = process.env.DB_FILE ?? join(projectRoot, ".data", "app.db");
  const db = await startDatabase(file);
  await db.close();
  console.log(`Migrations applied to ${file}`);
}
