// Serves the built Worker (build/server) in workerd on one loopback port, through Miniflare and nothing else:
// `npm start`, the e2e server and the benchmarks run it in a child process (stack.ts starts this file); the edge tests
// have the Worker host (worker-host.ts) serve each file's Worker the same way, with `serveWorker`.
//
// Not `wrangler dev`: it puts a proxy Worker in front of the app, in a second workerd, and a POST that proxy sends on
// a connection idle for 5 s can fail with "Network connection lost" (a 500 the app never saw).
// See docs/decisions/034-the-worker-is-served-without-a-dev-proxy.md.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Json, Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import type { unstable_getMiniflareWorkerOptions } from "wrangler";
import { startFront } from "./front.ts";

/** What stack.ts passes in the environment variable WORKER_SERVE_OPTIONS (JSON). */
export type ServeOptions = { port: number; vars: Record<string, string>; verbose: boolean };

const serverDir = fileURLToPath(new URL("../../build/server", import.meta.url));
const cacheDir = fileURLToPath(new URL("../../build/.cache", import.meta.url));

type WorkerOptions = ReturnType<typeof unstable_getMiniflareWorkerOptions>["workerOptions"];

/**
 * The built config's bindings, assets, Durable Objects and cron, as wrangler reads them. Loading wrangler costs about
 * two seconds of processor time, and every test file starts a Worker: what it read is kept under build/.cache, keyed by
 * the config's path and text and wrangler's version, and read again only when one of those changes.
 */
async function builtWorkerOptions(): Promise<WorkerOptions> {
  const config = join(serverDir, "wrangler.json");
  const wranglerVersion = (createRequire(import.meta.url)("wrangler/package.json") as { version: string }).version;
  const key = createHash("sha256").update(`${config}\0${wranglerVersion}\0`).update(readFileSync(config)).digest("hex");
  const cached = join(cacheDir, `miniflare-options-${key.slice(0, 16)}.json`);
  try {
    return JSON.parse(readFileSync(cached, "utf8")) as WorkerOptions;
  } catch {
    // Not read yet for this config.
  }
  const { unstable_getMiniflareWorkerOptions: read } = await import("wrangler");
  const { workerOptions } = read(config);
  // Written whole, then renamed: Workers started side by side never read half a file.
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(workerOptions));
  renameSync(partial, cached);
  return workerOptions;
}

/** The entry module and the chunks it imports (React Router writes them to build/server/assets). */
function builtModules(): { type: "ESModule"; path: string }[] {
  const chunks = readdirSync(join(serverDir, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => join(serverDir, "assets", name));
  return [join(serverDir, "index.js"), ...chunks].map((path) => ({ type: "ESModule", path }));
}

export async function workerServer(options: ServeOptions): Promise<Miniflare> {
  // The modules are listed instead of found by rules, since the built Worker is already bundled.
  const { modulesRules: _rules, ...config } = await builtWorkerOptions();
  return new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: options.port,
      // The request's `cf` object is a placeholder: fetching the real one needs the network.
      cf: false,
      // /cdn-cgi/local/scheduled runs the cron's handler (the tests' way to run it now).
      unsafeTriggerHandlers: true,
      log: new Log(options.verbose ? LogLevel.INFO : LogLevel.WARN),
      logRequests: options.verbose,
      workers: [
        {
          ...config,
          name: "break-and-run",
          modules: builtModules(),
          modulesRoot: serverDir,
          bindings: { ...(config.bindings as Record<string, Json> | undefined), ...options.vars },
        },
      ],
    }),
  );
}

/** A served Worker: its public address, and how to stop it (its front, then workerd). */
export type ServedWorker = { url: string; stop: () => Promise<void> };

/**
 * The built Worker in workerd on a port of its own, behind the front (front.ts) on `options.port`, the public one.
 * Links the app sends point at that port unless `vars` says otherwise (APP_URL).
 */
export async function serveWorker(options: ServeOptions): Promise<ServedWorker> {
  const url = `http://127.0.0.1:${options.port}`;
  const vars = { APP_URL: url, ...options.vars };
  const server = await workerServer({ ...options, vars, port: 0 });
  let front: Awaited<ReturnType<typeof startFront>>;
  try {
    front = await startFront(await server.ready, options.port);
  } catch (error) {
    await server.dispose();
    throw error;
  }
  let stopped: Promise<void> | undefined;
  const stop = async () => {
    front.close();
    front.closeAllConnections();
    await server.dispose();
  };
  return { url, stop: () => (stopped ??= stop()) };
}

async function main(): Promise<void> {
  const raw = process.env.WORKER_SERVE_OPTIONS;
  if (raw === undefined) throw new Error("WORKER_SERVE_OPTIONS is not set: start this file through stack.ts");
  const options = JSON.parse(raw) as ServeOptions;
  const serving = serveWorker(options);
  let stopping = false;
  // A signal while it starts stops it once started.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void serving.then((worker) => worker.stop()).finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  console.log(`The Worker is serving ${(await serving).url}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
