// `npm start`: the local libSQL server on .data/app.db with migrations
// applied, and the built Worker in workerd at http://localhost:8787.
import { join } from "node:path";
import { localSessionSecret, localVapidKeys, readDevVars } from "./lib/dev-vars.ts";
import { projectRoot, startApp, startDatabase } from "./lib/stack.ts";

const port = Number(process.env.PORT ?? 8787);
const dbFile = process.env.DB_FILE ?? join(projectRoot, ".data", "app.db");
const devVars = readDevVars(projectRoot);

const db = await startDatabase(dbFile, Number(process.env.DB_PORT ?? 0));
console.log(`libSQL server on ${db.url} (${dbFile}), migrations applied`);

const vars: Record<string, string> = {
  APP_ENV: "development",
  APP_URL: `http://localhost:${port}`,
  SESSION_SECRET: localSessionSecret(projectRoot),
  ...localVapidKeys(projectRoot),
  ...devVars,
  TURSO_DATABASE_URL: devVars.TURSO_DATABASE_URL ?? db.url,
};

const app = await startApp({ port, vars, inheritOutput: true });
console.log(`\nBreak & Run is running at http://localhost:${port} (Ctrl-C to stop)`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping…");
  await app.stop();
  await db.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
app.child.on("exit", (code) => {
  if (!stopping) {
    console.error(`The Worker stopped unexpectedly (code ${code}).`);
    void db.close().then(() => process.exit(1));
  }
});
