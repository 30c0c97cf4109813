// The app as `npm start` serves it, on a fresh throwaway database: the
// server Playwright's end-to-end tests run against.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newVapidKeys } from "./lib/dev-vars.ts";
import { startStack } from "./lib/stack.ts";

const port = Number(process.env.PORT ?? 8799);
const dir = mkdtempSync(join(tmpdir(), "break-and-run-e2e-"));
const stack = await startStack({
  dbFile: join(dir, "e2e.db"),
  port,
  dbPort: Number(process.env.DB_PORT ?? 0),
  vars: {
    APP_ENV: "test",
    SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    ...newVapidKeys(),
  },
});
console.log(`e2e server at ${stack.appUrl} (database ${stack.dbUrl})`);

async function shutdown() {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
