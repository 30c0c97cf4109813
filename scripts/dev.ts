// `npm run dev`: the local libSQL server plus React Router's dev server
// (Vite with the Cloudflare plugin: the Worker runs in workerd, hot reload).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { localSessionSecret, localVapidKeys, readDevVars } from "./lib/dev-vars.ts";
import { projectRoot, startDatabase, stopProcessGroup } from "./lib/stack.ts";

const dbFile = process.env.DB_FILE ?? join(projectRoot, ".data", "app.db");
const db = await startDatabase(dbFile, Number(process.env.DB_PORT ?? 0));
const devVars = readDevVars(projectRoot);
console.log(`libSQL server on ${db.url} (${dbFile}), migrations applied`);

const child = spawn(
  process.execPath,
  [join(projectRoot, "node_modules/@react-router/dev/bin.cjs"), "dev", "--port", process.env.PORT ?? "5173"],
  {
    cwd: projectRoot,
    stdio: "inherit",
    detached: true,
    env: {
      ...process.env,
      CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      APP_ENV: "development",
      APP_URL: `http://localhost:${process.env.PORT ?? "5173"}`,
      SESSION_SECRET: localSessionSecret(projectRoot),
      ...localVapidKeys(projectRoot),
      ...devVars,
      TURSO_DATABASE_URL: devVars.TURSO_DATABASE_URL ?? db.url,
    },
  },
);

async function shutdown() {
  await stopProcessGroup(child);
  await db.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
child.on("exit", () => void db.close().then(() => process.exit(0)));
