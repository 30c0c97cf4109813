// Starts a fresh database and the built Worker for one test file.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { type Stack, stackOn, startStack } from "../../scripts/lib/stack.ts";
import { HttpClient } from "./http.ts";
import { hostedWorker } from "./worker-host.ts";

/** A file's database and Worker. `app`, the Worker's own process, is there only for a file that starts one. */
export type TestStack = Omit<Stack, "app">;

export type TestApp<S extends TestStack = TestStack> = {
  readonly url: string;
  readonly dbUrl: string;
  readonly stack: S;
  /** A new visitor with an empty cookie jar. */
  client: () => HttpClient;
};

type Vars = Record<string, string> | (() => Record<string, string>);

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
 *
 * The Worker is the Worker host's (tests/support/worker-host.ts, started once for the run): its own workerd and
 * front, without a Node process and Miniflare loaded for it. `ownProcess` starts it in a process of its own
 * instead, as `npm start` does, for a file that needs that process (`stack.app`: its memory, its process group).
 */
export function useTestApp(vars?: Vars): TestApp;
export function useTestApp(vars: Vars, options: { ownProcess: true }): TestApp<Stack>;
export function useTestApp(vars: Vars = {}, options: { ownProcess?: boolean } = {}): TestApp<TestStack> {
  let stack: TestStack | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "break-and-run-test-"));
    const dbFile = join(dir, "test.db");
    const appVars = {
      APP_ENV: "test",
      SESSION_SECRET: TEST_SESSION_SECRET,
      // Lets a request stand for another client's address (X-Test-Client-Address); never in production.
      TEST_CLIENT_ADDRESSES: "on",
      ...(typeof vars === "function" ? vars() : vars),
    };
    stack = options.ownProcess ? await startStack({ dbFile, vars: appVars }) : await hostedStack(dbFile, appVars);
  });
  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const get = (): TestStack => {
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

/** A fresh database in this process, and a Worker from the host pointed at it. */
async function hostedStack(dbFile: string, vars: Record<string, string>): Promise<TestStack> {
  const host = inject("workerHost");
  if (host === undefined)
    throw new Error("No Worker host: tests/support/worker-host.ts is the edge project's globalSetup");
  return stackOn(dbFile, undefined, async (dbUrl) => {
    const app = await hostedWorker(host, { TURSO_DATABASE_URL: dbUrl, ...vars });
    return { url: app.url, stop: app.stop, extra: {} };
  });
}
