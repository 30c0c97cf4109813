// `npm run bench`: prints each figure and writes bench/results.json. Not part
// of `npm test`: timings are measurements, not pass/fail checks.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { account, benchStack, enterAndPay, table, tournament } from "./lib.ts";
import { bracketTimings } from "./bracket.ts";
import { finalizeTimings } from "./finalize.ts";
import { queueTimings } from "./queue.ts";
import { ratingTimings } from "./ratings.ts";
import { formatTimings } from "./formats.ts";
import { lighthouseScores } from "./lighthouse.ts";
import { liveLatency } from "./live.ts";
import { load } from "./load.ts";
import { measureRoundTrips } from "./round-trips.ts";
import { clientJsFor, workerBundleGzipKb } from "./sizes.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: "2 cores, loopback, workerd through Miniflare + local libSQL server",
};
const stack = await benchStack();
try {
  const roundTrips = await measureRoundTrips(stack);
  results.roundTrips = roundTrips;
  console.log("\nDatabase round trips per request (local libSQL server counters)\n");
  console.log(table(roundTrips));

  // A tournament in progress with a match on a table, for the tablet load.
  const td = await account(stack, "organiser", "Load Director");
  const t = await tournament(td.client, { maxPlayers: 4 });
  for (let i = 0; i < 2; i++) await enterAndPay((await account(stack, "player", `Load Player ${i}`)).client, t.id);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const tbl = (await (await td.client.json("POST", "/api/tables", { name: "Load Table" })).json()) as {
    id: string;
    accessCode: string;
  };
  const [final] = (await (await td.client.get(`/api/tournaments/${t.id}/matches`)).json()) as { id: string }[];
  await td.client.json("PATCH", `/api/matches/${final!.id}/table`, { tableId: tbl.id });

  console.log(`\nLoad: ${connections} connections for ${seconds}s per route (autocannon, loopback)\n`);
  const loads = [];
  for (const route of [
    "/healthz",
    `/api/tables/by-code/${tbl.accessCode}/current-match`,
    `/scoreboard/${tbl.accessCode}`,
    `/tournament/${t.slug}`,
    "/api/tournaments",
  ]) {
    loads.push(await load(stack.appUrl, route, seconds, connections));
  }
  const ceiling = loads[0]!.requestsPerSec;
  const rows = loads.map((l) => ({
    route: l.route.replace(tbl.accessCode, "{code}").replace(t.slug, "{slug}"),
    "req/s": l.requestsPerSec,
    "p50 ms": l.p50,
    "p97.5 ms": l.p95,
    "p99 ms": l.p99,
    errors: l.errors,
    non2xx: l.non2xx,
    "vs /healthz": `${Math.round((l.requestsPerSec / ceiling) * 100)}%`,
    "tablets @5s": l.requestsPerSec * 5,
  }));
  results.load = rows;
  console.log(table(rows));

  const tablets = Number(process.env.BENCH_TABLETS ?? 50);
  const liveResults = Number(process.env.BENCH_LIVE_RESULTS ?? 5);
  const live = await liveLatency(stack, tablets, liveResults);
  results.live = live;
  console.log(`\nResult to screen: ${tablets} scoreboards open on one table, ${liveResults} results each way\n`);
  console.log(table(live.latency));
  console.log("");
  console.log(table([live.costs]));

  const cookie = [...td.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const sizes = [];
  for (const [label, path, withCookie] of [
    ["landing", "/", false],
    ["tournament", `/tournament/${t.slug}`, false],
    ["tournament (its director)", `/tournament/${t.slug}`, true],
    ["bracket (wall view)", `/tournament/${t.slug}/bracket`, false],
    ["login", "/login", false],
    ["sign up", "/signup", false],
    ["scoreboard", `/scoreboard/${tbl.accessCode}`, false],
    ["director dashboard", "/td/dashboard", true],
    ["director's tournaments", "/td/tournaments", true],
    ["tables", "/td/tables", true],
    ["create tournament", "/td/create-tournament", true],
  ] as const) {
    const size = await clientJsFor(stack.appUrl, path, withCookie ? cookie : undefined);
    sizes.push({ page: label, scripts: size.files, "JS gzip KB": size.gzipKb });
  }
  const worker = workerBundleGzipKb();
  sizes.push({ page: "Worker bundle (server)", scripts: worker.files, "JS gzip KB": worker.gzipKb });
  results.sizes = sizes;
  console.log("\nJavaScript shipped (gzip)\n");
  console.log(table(sizes));

  if (process.env.BENCH_LIGHTHOUSE !== "0") {
    // Checkout needs a signed-in player holding an unpaid place, so an open
    // tournament and a join without the payment.
    const open = await tournament(td.client);
    const holder = await account(stack, "player", "Checkout Player");
    const join = await holder.client.json("POST", "/api/tournaments/join", { tournamentId: open.id });
    if (join.status !== 200) throw new Error(`join failed: ${join.status} ${await join.text()}`);
    const holderCookie = [...holder.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const { rows, failing } = await lighthouseScores(stack.appUrl, [
      { label: "landing", path: "/" },
      { label: "tournament", path: `/tournament/${t.slug}` },
      { label: "checkout", path: `/tournament/${open.slug}/checkout`, cookie: holderCookie },
      { label: "scoreboard", path: `/scoreboard/${tbl.accessCode}` },
    ]);
    results.lighthouse = rows;
    results.lighthouseFailingAudits = failing;
    console.log("\nLighthouse (mobile defaults, simulated throttling, Debian Chromium; one run per page)\n");
    console.log(table(rows));
    if (failing.length > 0) {
      console.log("\nAccessibility and best-practices audits not passing\n");
      console.log(table(failing));
    }
  }

  const bracket = bracketTimings(512);
  results.bracket = bracket;
  console.log("\nBracket module, 512 players (average of 5 runs)\n");
  console.log(table([bracket]));

  const ratings = ratingTimings();
  results.ratings = ratings;
  console.log("\nRatings: a replay of 100,000 racks among 200 players (average of 5 runs); 40,000 pairings' races\n");
  console.log(table([ratings]));

  const formats = await formatTimings(512);
  results.formats = formats;
  console.log("\nDouble elimination, 512 entries, generated and played to the end (average of 3 runs)\n");
  console.log(table([formats.doubleElimination]));
  console.log("\nRound robin, 32 entries\n");
  console.log(table([formats.roundRobin]));
  console.log("\nGroups into a knockout, 128 entries in groups of 4, 2 through\n");
  console.log(table([formats.groups]));

  // Warmed up once, so the first decision's compile does not count.
  queueTimings();
  const floor = queueTimings();
  results.floor = floor;
  console.log("\nFloor: queue decisions, 512 entries (double elimination) on 32 tables, played to the end\n");
  console.log(table([floor]));

  const finalize = await finalizeTimings(stack, Number(process.env.BENCH_FINALIZE_PLAYERS ?? 512));
  results.finalize = finalize;
  console.log("\nStart, results and finalize through the Worker\n");
  console.log(table([finalize]));
} finally {
  await stack.stop();
}
writeFileSync(new URL("./results.json", import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
console.log("\nWrote bench/results.json");

// What each page really loads, in Chromium: every script, the lazy pieces it draws as it hydrates and the inline
// scripts (the table above counts only what the HTML asks for). The budget is 125 KB of code (decision 016).
console.log("\nJavaScript per page in Chromium, lazy pieces included (gzip; page-weight.spec.ts)\n");
const weighed = spawnSync("npx", ["playwright", "test", "-c", "bench/page-weight.config.ts", "--reporter", "list"], {
  stdio: "inherit",
  env: { ...process.env, E2E_PORT: process.env.E2E_PORT ?? "8798" },
});
if (weighed.status !== 0) process.exitCode = weighed.status ?? 1;
