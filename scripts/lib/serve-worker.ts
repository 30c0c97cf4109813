// Serves the built Worker (build/server) in workerd on one loopback port, through Miniflare and nothing else:
// `npm start`, the tests and the benchmarks run it in a child process (stack.ts starts this file).
//
// Not `wrangler dev`: it puts a proxy Worker in front of the app, in a second workerd, and a POST that proxy sends on
// a connection idle for 5 s can fail with "Network connection lost" (a 500 the app never saw).
// See docs/decisions/034-the-worker-is-served-without-a-dev-proxy.md.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Json, Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

/** What stack.ts passes in the environment variable WORKER_SERVE_OPTIONS (JSON). */
export type ServeOptions = { port: number; vars: Record<string, string>; verbose: boolean };

const serverDir = fileURLToPath(new URL("../../build/server", import.meta.url));

/** The entry module and the chunks it imports (React Router writes them to build/server/assets). */
function builtModules(): { type: "ESModule"; path: string }[] {
  const chunks = readdirSync(join(serverDir, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => join(serverDir, "assets", name));
  return [join(serverDir, "index.js"), ...chunks].map((path) => ({ type: "ESModule", path }));
}

export function workerServer(options: ServeOptions): Miniflare {
  // The built config's bindings, assets, Durable Objects and cron, as wrangler reads them; the modules are listed
  // instead of found by rules, since the built Worker is already bundled.
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(serverDir, "wrangler.json"));
  const { modulesRules: _rules, ...config } = workerOptions;
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

async function main(): Promise<void> {
  const raw = process.env.WORKER_SERVE_OPTIONS;
  if (raw === undefined) throw new Error("WORKER_SERVE_OPTIONS is not set: start this file through stack.ts");
  const server = workerServer(JSON.parse(raw) as ServeOptions);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.dispose().finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  const url = await server.ready;
  console.log(`The Worker is serving ${url.origin}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
