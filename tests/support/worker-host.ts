// The edge project's global setup: it starts the Worker host (scripts/lib/worker-host.ts) once for the run, in a
// process of its own, and stops it after the last file. Each test file asks it for a fresh Worker of its own
// (`hostedWorker`, from useTestApp in stack.ts) and stops that Worker when it ends.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { assertBuilt, projectRoot } from "../../scripts/lib/stack.ts";
import type { HostedWorker } from "../../scripts/lib/worker-host.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Worker host's address, e.g. http://127.0.0.1:40123. */
    workerHost: string;
  }
}

const hostScript = fileURLToPath(new URL("../../scripts/lib/worker-host.ts", import.meta.url));

/** The last 64 kB of the host's output (the Workers' own log lines): printed if the host fails. */
const OUTPUT_KEPT = 64 * 1024;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Said once for the run, rather than by every file's Worker.
  assertBuilt();
  const child = spawn(process.execPath, [hostScript], {
    cwd: projectRoot,
    // Its own process group, so that whatever it leaves behind (workerd) can be stopped with it. Its standard input
    // stays open for as long as this process lives: the host stops its Workers and exits when it ends.
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stopping = false;
  void exited.then(() => {
    if (!stopping) console.error(`The Worker host exited (code ${child.exitCode}) during the run:\n${output}`);
  });
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  // If this process ends without the teardown, leave no workerd behind.
  process.once("exit", killGroup);

  const url = await new Promise<string>((resolve, reject) => {
    const seen = () => {
      const match = /^listening (http:\/\/\S+)$/m.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    };
    child.stdout.on("data", seen);
    void exited.then(() =>
      reject(new Error(`The Worker host exited (code ${child.exitCode}) as it started:\n${output}`)),
    );
  });
  project.provide("workerHost", url);

  return async () => {
    stopping = true;
    // The host stops its Workers (workerd included) and exits; anything still in its group after that is killed.
    child.kill("SIGTERM");
    const timer = setTimeout(killGroup, 10_000);
    await exited;
    clearTimeout(timer);
    killGroup();
    process.off("exit", killGroup);
  };
}

async function answer(response: Response, what: string): Promise<Response> {
  if (response.ok) return response;
  throw new Error(`The Worker host could not ${what} (${response.status}):\n${await response.text()}`);
}

/** A fresh Worker from the host, served with `vars`; `stop` ends it (its workerd and its front). */
export async function hostedWorker(
  host: string,
  vars: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const started = await answer(
    await fetch(`${host}/workers`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ vars }),
    }),
    "start a Worker",
  );
  const worker = (await started.json()) as HostedWorker;
  return {
    url: worker.url,
    stop: async () => {
      await answer(await fetch(`${host}/workers/${worker.port}`, { method: "DELETE" }), "stop a Worker");
    },
  };
}
