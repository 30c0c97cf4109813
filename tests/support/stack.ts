// Starts a fresh database and the built Worker for one test file.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startStack, type Stack } from "../../scripts/lib/stack.ts";
import { HttpClient } from "./http.ts";

export type TestApp = {
  readonly url: string;
  readonly dbUrl: string;
  readonly stack: Stack;
  /** A new visitor with an empty cookie jar. */
  client: () => HttpClient;
};

export const TEST_SESSION_SECRET = randomBytes(32).toString("hex");

/** What the simulated payments provider signs its webhooks with, given TEST_SESSION_SECRET. */
export const TEST_WEBHOOK_SECRET = `whsec_sim_${createHash("sha256")
  .update(`${TEST_SESSION_SECRET}:simulated-webhooks`)
  .digest("hex")
  .slice(0, 32)}`;

/**
 * Call at the top of a test file: one app and one fresh database per file.
 * `vars` may be a function, called once the earlier hooks have run (e.g. to
 * point the app at a fake API started just before).
 */
export function useTestApp(vars: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  let stack: Stack | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "break-and-run-test-"));
    stack = await startStack({
      dbFile: join(dir, "test.db"),
      vars: {
        APP_ENV: "test",
        SESSION_SECRET: TEST_SESSION_SECRET,
        // Lets a request stand for another client's address (X-Test-Client-Address); never in production.
        TEST_CLIENT_ADDRESSES: "on",
        ...(typeof vars === "function" ? vars() : vars),
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const get = (): Stack => {
    if (!stack) throw new Error("The test app is not started yet (use it inside a test or hook).");
    return stack;
  };
  return {
    get url() {
      return get().appUrl;
    },
    get dbUrl() {
      return get().dbUrl;
    },
    get stack() {
      return get();
    },
    client: () => new HttpClient(get().appUrl),
  };
}
