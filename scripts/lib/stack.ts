// Starts what `npm start` serves — the local libSQL server and the built
// Worker in workerd — on loopback. Shared by `npm start`, the tests and the
// benchmarks so that they all run the app the same way.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createDbServer } from "../../db/server/hrana.ts";
import { applyMigrations } from "./migrate.ts";
import { onFreePort } from "./ports.ts";
import type { ServeOptions } from "./serve-worker.ts";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const builtConfig = fileURLToPath(new URL("../../build/server/wrangler.json", import.meta.url));
const serveWorker = fileURLToPath(new URL("./serve-worker.ts", import.meta.url));

export type DbHandle = Awaited<ReturnType<typeof createDbServer>>;

export type Stack = {
  appUrl: string;
  dbUrl: string;
  db: DbHandle;
  app: ChildProcess;
  stop: () => Promise<void>;
};

export type StackOptions = {
  dbFile: string;
  port?: number;
  dbPort?: number;
  vars: Record<string, string>;
  /** Print the Worker's own log lines (default: only on failure). */
  inheritOutput?: boolean;
};

export function assertBuilt(): void {
  if (!existsSync(builtConfig)) {
    throw new Error("The Worker is not built: run `npm run build` first.");
  }
}

export async function startDatabase(file: string, port = 0): Promise<DbHandle> {
  const db = await createDbServer({ file, port });
  await applyMigrations(db.url);
  return db;
}

type AppOptions = { port?: number; vars: Record<string, string>; inheritOutput?: boolean };
type App = { url: string; child: ChildProcess; stop: () => Promise<void> };

/** On `options.port`, or on a free port (again on another if a neighbour takes it first). */
export function startApp(options: AppOptions): Promise<App> {
  const { port } = options;
  return port === undefined ? onFreePort((free) => startAppOnce(options, free)) : startAppOnce(options, port);
}

async function startAppOnce(options: AppOptions, port: number): Promise<App> {
  assertBuilt();
  const serve: ServeOptions = { port, vars: options.vars, verbose: options.inheritOutput === true };
  const child = spawn(process.execPath, [serveWorker], {
    cwd: projectRoot,
    // Its own process group, so stopping it also stops workerd.
    detached: true,
    stdio: options.inheritOutput ? "inherit" : ["ignore", "pipe", "pipe"],
    env: { ...process.env, WORKER_SERVE_OPTIONS: JSON.stringify(serve), NO_COLOR: "1" },
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopProcessGroup(child);
  // If this process ends without stopping the app, do not leave workerd behind.
  const killOnExit = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  try {
    await waitForHttp(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, stop };
}

export async function startStack(options: StackOptions): Promise<Stack> {
  return stackOn(options.dbFile, options.dbPort, async (dbUrl) => {
    const app = await startApp({
      port: options.port,
      inheritOutput: options.inheritOutput,
      vars: { TURSO_DATABASE_URL: dbUrl, ...options.vars },
    });
    return { url: app.url, stop: app.stop, extra: { app: app.child } };
  });
}

/**
 * A fresh database and an app `serve` starts pointed at it, stopped together; the database is closed if the app
 * fails to start. `extra` is what the caller's stack adds (the app's process, when it has one of its own).
 */
export async function stackOn<E extends object>(
  dbFile: string,
  dbPort: number | undefined,
  serve: (dbUrl: string) => Promise<{ url: string; stop: () => Promise<void>; extra: E }>,
): Promise<Omit<Stack, "app"> & E> {
  const db = await startDatabase(dbFile, dbPort);
  try {
    const app = await serve(db.url);
    return {
      ...app.extra,
      appUrl: app.url,
      dbUrl: db.url,
      db,
      stop: async () => {
        await app.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The Worker exited (code ${child.exitCode}) before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The Worker did not answer at ${url} within 60 s:\n${output()}`);
}

export async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
  // workerd may outlive wrangler for a moment: make sure the group is gone.
  signal("SIGKILL");
}
