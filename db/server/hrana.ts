// A small "Hrana over HTTP" v2 server in front of a libSQL database file, so that `@libsql/client` (http:
// URLs, as `@libsql/client/web` uses them in the Worker) talks to it as it talks to Turso. Local development,
// the tests and the benchmarks use it; production uses Turso. Why it exists and what it leaves out:
// docs/decisions/001-libsql-everywhere.md.
//
// protocol.ts decodes and encodes the messages, execute.ts runs them (lock.ts: who may write when, sql.ts:
// splitting SQL text), http.ts serves them; this file puts them together on a loopback port.
import { createServer } from "node:http";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createExecutor } from "./execute.ts";
import type { DbStats } from "./execute.ts";
import { pipelineListener } from "./http.ts";

export type DbServerOptions = {
  file: string;
  /** 0 (the default) picks a free port. The server listens on 127.0.0.1 only. */
  port?: number;
  /** How long a statement waits for another transaction (or another process) to release the write lock. */
  busyTimeoutMs?: number;
};

export type DbServer = {
  url: string;
  port: number;
  close(): Promise<void>;
  stats(): DbStats;
  resetStats(): void;
};

const HOST = "127.0.0.1";
/**
 * Far longer than any client's idle pool: workerd 5 s, undici 4 s (it reads the Keep-Alive hint and stays
 * under it). See docs/decisions/033-the-client-closes-idle-connections.md.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export async function createDbServer(options: DbServerOptions): Promise<DbServer> {
  if (options.file === "" || options.file.startsWith(":memory:")) throw new Error("a database file path is required");
  const file = resolve(options.file);
  mkdirSync(dirname(file), { recursive: true });
  const executor = createExecutor(file, options.busyTimeoutMs ?? 5000);
  const server = createServer(pipelineListener(executor.runPipeline));
  // The client closes an idle connection, never this server. The Worker's fetch (workerd) keeps one idle for 5 s and
  // then closes it; with the server's timer also at 5 s (Node's default), a request sent as the two timers ran out
  // found its connection closed (ECONNRESET: the Worker answered 503). Past that, Node 22 adds a second
  // (keepAliveTimeoutBuffer), and the tie then needs workerd's timer to run a second late: a busy loop is enough.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  try {
    await new Promise<void>((listening, failed) => {
      server.once("error", failed);
      server.listen(options.port ?? 0, HOST, () => {
        server.off("error", failed);
        listening();
      });
    });
  } catch (e) {
    executor.close();
    throw e;
  }
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("unexpected server address");

  let closed: Promise<void> | undefined;
  return {
    url: `http://${HOST}:${address.port}`,
    port: address.port,
    stats: executor.stats,
    resetStats: executor.resetStats,
    close() {
      closed ??= new Promise<void>((done) => {
        executor.close(); // in-flight pipelines end now, with errors; their transactions roll back
        server.close(() => done());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
