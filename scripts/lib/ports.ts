import { createServer } from "node:net";

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `start` on a port found free. A port found free may be taken by a neighbour (test files start Workers and
 * databases in parallel) before `start` binds it: then again on a fresh one, up to four tries.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      const taken = error instanceof Error && /address already in use/i.test(error.message);
      if (!taken || attempt >= 4) throw error;
    }
  }
}
