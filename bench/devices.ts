// The Thursday benchmark's devices (bench/thursday.ts): HTTP and WebSockets from their own loopback addresses
// (127.0.0.2…254, scripts/lib/load-shape.ts), so that the app's per-address limits see as many clients as there are
// addresses, and counters of what they asked and what failed.
import http from "node:http";
import { readFileSync, readdirSync } from "node:fs";
import { type LoopbackSocket, openSocket } from "../scripts/lib/loopback-socket.ts";

/** What every device asked, and what went wrong (a status of 400 or more, a dropped connection, a refused socket). */
export const counters = { requests: 0, sockets: 0, errors: 0, samples: [] as string[] };

export function countError(what: string): void {
  counters.errors += 1;
  if (counters.samples.length < 20) counters.samples.push(what);
}

const agents = new Map<string, http.Agent>();
const agentFor = (address: string) => {
  let agent = agents.get(address);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: 16 });
    agents.set(address, agent);
  }
  return agent;
};

export type Answer = { status: number; body: string };

type Ask = { body?: unknown; cookie?: string; accept?: string; expect?: readonly number[] };

/**
 * One request from `address` to the app at `base`; counted, and an error unless its status is in `expect` (200–399
 * when not given). Never throws: a failed connection answers status 0.
 */
export function ask(base: string, address: string, method: string, path: string, options: Ask = {}): Promise<Answer> {
  const url = new URL(path, base);
  const headers: Record<string, string> = { Accept: options.accept ?? "application/json" };
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers.Origin = url.origin;
  if (options.cookie) headers.Cookie = options.cookie;
  counters.requests += 1;
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        agent: agentFor(address),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString("utf8");
          const fine = options.expect ? options.expect.includes(status) : status >= 200 && status < 400;
          if (!fine) countError(`${method} ${url.pathname} → ${status} ${text.slice(0, 160)}`);
          resolve({ status, body: text });
        });
        response.on("error", (error) => {
          countError(`${method} ${url.pathname} → ${error.message}`);
          resolve({ status: 0, body: "" });
        });
      },
    );
    request.setTimeout(60_000, () => request.destroy(new Error("no answer in 60 s")));
    request.on("error", (error) => {
      countError(`${method} ${url.pathname} → ${error.message}`);
      resolve({ status: 0, body: "" });
    });
    request.end(body);
  });
}

const open = new Set<LoopbackSocket>();

/** A push channel's socket from `address`; a refusal or a close the device did not ask for counts as an error. */
export async function channel(base: string, address: string, path: string, onMessage: (text: string) => void) {
  counters.requests += 1;
  const socket = await openSocket(`${base.replace(/^http/, "ws")}${path}`, address, {
    message: onMessage,
    closed: (why) => countError(`${path}: ${why}`),
  });
  counters.sockets += 1;
  open.add(socket);
  return socket;
}

/**
 * Every socket sends the channel's keep-alive ("ping", answered without waking the hub), as the pages do every 25 s,
 * each at its own moment of the next `spreadMs`.
 */
export function pingAll(spreadMs = 25_000): void {
  for (const socket of open) setTimeout(() => socket.send("ping"), Math.random() * spreadMs).unref();
}

export function closeAll(): void {
  for (const socket of open) socket.close();
  open.clear();
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** A table of the processes in process group `group`: CPU seconds used so far, by command (workerd, node). */
export function groupCpuSeconds(group: number): Record<string, number> {
  const ticksPerSecond = 100;
  const used: Record<string, number> = {};
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state, ppid, pgrp … utime (14th field overall) and stime (15th).
      if (Number(fields[2]) !== group) continue;
      used[command] = (used[command] ?? 0) + (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    } catch {
      // The process ended meanwhile.
    }
  }
  return used;
}

/** workerd's CPU seconds (the Worker and its Durable Objects) and the rest of the group's (the Node front). */
export function runtimeCpu(group: number): { workerd: number; front: number } {
  const used = groupCpuSeconds(group);
  let workerd = 0;
  let front = 0;
  for (const [command, seconds] of Object.entries(used)) {
    if (command.startsWith("workerd")) workerd += seconds;
    else front += seconds;
  }
  return { workerd, front };
}
