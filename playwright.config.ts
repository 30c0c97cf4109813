import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/lib/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 8799);
// The database beside it, for fixtures that write or date rows directly (e2e/support/database.ts).
const dbPort = Number(process.env.E2E_DB_PORT ?? port + 1);
process.env.E2E_DB_PORT = String(dbPort);
process.env.E2E_PORT = String(port);
// The server's session secret, known to the fixtures that sign someone in without the login form (the workers see
// this file's environment).
process.env.E2E_SESSION_SECRET ??= randomBytes(32).toString("hex");

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  // Two: the headless shell leaves a core free of a test that waits on the server or a timer.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Liveness bounds, not speed: a test or an expectation fails when the app stops answering, not when a busy machine
  // is slow (each test takes seconds; none waits on the wall clock).
  timeout: 180_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: "phone", use: { ...devices["Pixel 7"], browserName: "chromium" } },
    { name: "tablet", use: { viewport: { width: 1024, height: 768 }, browserName: "chromium" }, grep: /@tablet/ },
  ],
  webServer: {
    command: `node scripts/serve-test.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    env: { PORT: String(port), DB_PORT: String(dbPort), SESSION_SECRET: process.env.E2E_SESSION_SECRET },
    reuseExistingServer: false,
    // The default is SIGKILL, which would orphan workerd in its own group.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    timeout: 120_000,
    stdout: "pipe",
  },
});
