// Result-to-screen latency with many open scoreboards (decision 009): push
// (each tablet holds the table's WebSocket and, on a message, draws the board
// the message carries, or fetches its page, as /scoreboard.js does)
// against polling (each tablet reads current-match every 5 s, as the
// scoreboard did before), on the same evening. Also the messages each result
// costs and the runtime's CPU time per result.
import { readFileSync, readdirSync } from "node:fs";
import type { Stack } from "../scripts/lib/stack.ts";
import { account, enterAndPay, tournament } from "./lib.ts";

const POLL_MS = 5000;
/**
 * BENCH_LIVE_READ=1: tablets and pages read on every message even when it carries the board or the matches (as
 * before decision 018).
 */
const readAnyway = process.env.BENCH_LIVE_READ === "1";

type Setup = { code: string; tournamentId: string; slug: string; record: (n: number) => Promise<void> };

/** A two-player final on a table; result n is a correction to a score no earlier result had in a row. */
async function evening(stack: Stack): Promise<Setup> {
  const td = await account(stack, "organiser", "Live Bench Director");
  const t = await tournament(td.client, { maxPlayers: 2, raceTo: 5, payoutStructure: "winner_only" });
  for (let i = 0; i < 2; i++) await enterAndPay((await account(stack, "player", `Live Player ${i}`)).client, t.id);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const tbl = (await (await td.client.json("POST", "/api/tables", { name: "Bench Table" })).json()) as {
    id: string;
    accessCode: string;
  };
  const [final] = (await (await td.client.get(`/api/tournaments/${t.id}/matches`)).json()) as {
    id: string;
    player1Id: string;
    player2Id: string;
  }[];
  if (!final) throw new Error("no final");
  await td.client.json("PATCH", `/api/matches/${final.id}/table`, { tableId: tbl.id });
  return {
    code: tbl.accessCode,
    tournamentId: t.id,
    slug: t.slug,
    record: async (n) => {
      const response = await td.client.json("PATCH", `/api/matches/${final.id}`, scoreFor(n, final));
      if (response.status !== 200) throw new Error(`result ${n}: ${response.status} ${await response.text()}`);
    },
  };
}

/** Result n: player 1 wins 5-(n mod 5); the loser's score moves every time. */
const scoreFor = (n: number, m: { player1Id: string }) => ({
  winnerId: m.player1Id,
  player1Score: 5,
  player2Score: n % 5,
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
};

/** CPU seconds used so far by the served Worker (the serving Node process and workerd: the app's process group). */
function runtimeCpuSeconds(stack: Stack): number {
  const group = stack.app.pid;
  const ticksPerSecond = 100;
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state, ppid, pgrp … utime (14th field overall) and stime (15th).
      if (Number(fields[2]) !== group) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / ticksPerSecond;
}

/** Node's WebSocket (undici) also takes headers; the DOM's type does not say so. */
type SocketWithHeaders = new (url: string, init: { headers: Record<string, string> }) => WebSocket;
let devices = 0;

/**
 * A socket from a device of its own: its own client address (X-Test-Client-Address, standing for what Cloudflare
 * would see; one address may hold 20 sockets on a channel, docs/decisions/009).
 */
function deviceSocket(url: string): WebSocket {
  devices += 1;
  const address = `198.18.${Math.floor(devices / 250)}.${(devices % 250) + 1}`;
  return new (WebSocket as unknown as SocketWithHeaders)(url, { headers: { "X-Test-Client-Address": address } });
}

const loserScoreIn = (html: string) => [...html.matchAll(/data-testid="score"[^>]*>(\d+)</g)].map((m) => m[1])[1];

/**
 * Open pages of the tournament (visitors' and players', the wall): on a message that carries the matches it changed
 * each redraws from it, as the tournament page and the wall bracket do; on any other, each reloads its data as
 * React Router does.
 */
async function openPages(stack: Stack, setup: Setup, count: number, since: () => number, times: number[]) {
  const ws = stack.appUrl.replace(/^http/, "ws");
  return Promise.all(
    Array.from({ length: count }, async () => {
      const socket = deviceSocket(`${ws}/api/live/tournaments/${setup.tournamentId}`);
      await new Promise((resolve, reject) => {
        socket.addEventListener("open", resolve, { once: true });
        socket.addEventListener("error", reject, { once: true });
      });
      socket.addEventListener("message", async (event) => {
        const news = JSON.parse(String(event.data)) as { matches?: unknown[] };
        if (!readAnyway && news.matches?.length) {
          times.push(performance.now() - since());
          return;
        }
        const response = await fetch(`${stack.appUrl}/tournament/${setup.slug}.data`);
        await response.arrayBuffer();
        if (response.ok) times.push(performance.now() - since());
      });
      return socket;
    }),
  );
}

async function pushRun(stack: Stack, setup: Setup, tablets: number, results: number, offset: number, pages = 10) {
  const ws = stack.appUrl.replace(/^http/, "ws");
  let expected = "";
  let round = -1;
  let sentAt = 0;
  const latencies: number[] = [];
  const heard: number[] = [];
  let messages = 0;
  const sockets = await Promise.all(
    Array.from({ length: tablets }, async () => {
      const socket = deviceSocket(`${ws}/api/live/tables/${setup.code}`);
      await new Promise((resolve, reject) => {
        socket.addEventListener("open", resolve, { once: true });
        socket.addEventListener("error", reject, { once: true });
      });
      let counted = -1;
      socket.addEventListener("message", async (event) => {
        messages += 1;
        heard.push(performance.now() - sentAt);
        // As /scoreboard.js: the table's board when the news carries it, else the page read again.
        const news = JSON.parse(String(event.data)) as { board?: string };
        const html =
          (!readAnyway && news.board) || (await (await fetch(`${stack.appUrl}/scoreboard/${setup.code}`)).text());
        if (loserScoreIn(html) === expected && counted !== round) {
          counted = round;
          latencies.push(performance.now() - sentAt);
        }
      });
      return socket;
    }),
  );
  const pageTimes: number[] = [];
  const pageSockets = await openPages(stack, setup, pages, () => sentAt, pageTimes);
  const cpuBefore = runtimeCpuSeconds(stack);
  for (let i = 0; i < results; i++) {
    const n = offset + i;
    expected = String(n % 5);
    round = i;
    const target = latencies.length + tablets;
    sentAt = performance.now();
    await setup.record(n);
    const deadline = Date.now() + 10_000;
    const pagesDone = (i + 1) * pages;
    while ((latencies.length < target || pageTimes.length < pagesDone) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 200));
  }
  const cpu = runtimeCpuSeconds(stack) - cpuBefore;
  for (const socket of [...sockets, ...pageSockets]) socket.close();
  return {
    latencies,
    heard,
    pageTimes,
    pages,
    messagesPerResult: (messages + pageTimes.length) / results,
    cpuPerResultMs: (cpu / results) * 1000,
  };
}

async function pollingRun(stack: Stack, setup: Setup, tablets: number, results: number, offset: number) {
  let expected = "";
  let round = -1;
  let sentAt = 0;
  let stopped = false;
  const latencies: number[] = [];
  const seen = new Array<number>(tablets).fill(-1);
  const loops = Array.from({ length: tablets }, async (_, i) => {
    await new Promise((r) => setTimeout(r, Math.random() * POLL_MS));
    while (!stopped) {
      const match = (await (await fetch(`${stack.appUrl}/api/tables/by-code/${setup.code}/current-match`)).json()) as {
        player2Score: number;
      } | null;
      const score = String(match?.player2Score ?? "");
      if (score === expected && seen[i] !== round) {
        seen[i] = round;
        latencies.push(performance.now() - sentAt);
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  });
  const cpuBefore = runtimeCpuSeconds(stack);
  const startedAt = performance.now();
  for (let i = 0; i < results; i++) {
    const n = offset + i;
    expected = String(n % 5);
    round = i;
    const target = latencies.length + tablets;
    sentAt = performance.now();
    await setup.record(n);
    const deadline = Date.now() + 3 * POLL_MS;
    while (latencies.length < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }
  const cpu = runtimeCpuSeconds(stack) - cpuBefore;
  const elapsed = (performance.now() - startedAt) / 1000;
  stopped = true;
  await Promise.all(loops);
  return { latencies, cpuPerSecondMs: (cpu / elapsed) * 1000 };
}

export async function liveLatency(stack: Stack, tablets: number, results: number) {
  const setup = await evening(stack);
  const push = await pushRun(stack, setup, tablets, results, 1, Number(process.env.BENCH_LIVE_PAGES ?? 10));
  const polling = await pollingRun(stack, setup, tablets, results, 1 + results);
  const row = (mode: string, latencies: number[], clients: number) => ({
    mode,
    clients,
    results,
    "screens updated": `${latencies.length}/${clients * results}`,
    "p50 ms": Math.round(percentile(latencies, 50)),
    "p95 ms": Math.round(percentile(latencies, 95)),
    "max ms": Math.round(percentile(latencies, 100)),
  });
  return {
    latency: [
      row("push: the message reaches the tablets", push.heard, tablets),
      row("push: the new board is on a tablet (message, then the page)", push.latencies, tablets),
      row("push: an open tournament page has its new data", push.pageTimes, push.pages),
      row(`polling current-match every ${POLL_MS / 1000} s`, polling.latencies, tablets),
    ],
    costs: {
      "messages per result": push.messagesPerResult,
      "runtime CPU per result, push (ms)": Math.round(push.cpuPerResultMs),
      "runtime CPU per second, polling (ms)": Math.round(polling.cpuPerSecondMs),
    },
  };
}
