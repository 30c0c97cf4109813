// The Worker host of the edge tests: one long-lived process that keeps Miniflare loaded and serves a fresh built
// Worker per test file on request, each exactly as serve-worker.ts serves it (`serveWorker`: its own workerd and its
// own front). Starting a Node process and loading Miniflare cost about two seconds of processor time, which every
// test file paid before; a Worker from the host costs its workerd alone.
//
// tests/support/worker-host.ts starts it (vitest's global setup for the edge project) and asks it, on loopback:
//   POST /workers {"vars": {...}}  → 201 {"url": "http://127.0.0.1:<port>", "port": <port>}
//   DELETE /workers/<port>         → 204, once the Worker is stopped
// It prints `listening <url>` on its first line of output. It stops every Worker and exits on SIGTERM or SIGINT, or
// when its standard input ends (the process that started it is gone).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { onFreePort } from "./ports.ts";
import { type ServedWorker, serveWorker } from "./serve-worker.ts";

/** What POST /workers answers. */
export type HostedWorker = { url: string; port: number };

const workers = new Map<number, ServedWorker>();
let stopping = false;

function isVars(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" && value !== null && Object.values(value).every((entry) => typeof entry === "string")
  );
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  return JSON.parse(text);
}

async function start(req: http.IncomingMessage): Promise<HostedWorker> {
  if (stopping) throw new Error("The Worker host is stopping");
  const body = await readJson(req);
  const vars = typeof body === "object" && body !== null && "vars" in body ? body.vars : undefined;
  if (!isVars(vars)) throw new Error('Expected {"vars": {name: string}}');
  const worker = await onFreePort(async (port) => ({
    port,
    served: await serveWorker({ port, vars, verbose: false }),
  }));
  workers.set(worker.port, worker.served);
  return { url: worker.served.url, port: worker.port };
}

async function stop(port: number): Promise<boolean> {
  const worker = workers.get(port);
  if (worker === undefined) return false;
  workers.delete(port);
  await worker.stop();
  return true;
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  // No idle connections to be closed under a caller: every answer ends its connection.
  res.shouldKeepAlive = false;
  const url = new URL(req.url ?? "/", "http://host");
  const toStop = /^\/workers\/(\d+)$/.exec(url.pathname);
  try {
    if (req.method === "POST" && url.pathname === "/workers") {
      const worker = await start(req);
      res.writeHead(201, { "Content-Type": "application/json" }).end(JSON.stringify(worker));
    } else if (req.method === "DELETE" && toStop) {
      res.writeHead((await stop(Number(toStop[1]))) ? 204 : 404).end();
    } else {
      res.writeHead(404).end();
    }
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(message);
  }
}

async function main(): Promise<void> {
  const server = http.createServer((req, res) => void handle(req, res));
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void Promise.allSettled([...workers.keys()].map(stop)).finally(() => process.exit(0));
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  process.stdin.on("end", shutdown);
  process.stdin.resume();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
