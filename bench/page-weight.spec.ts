// The JavaScript each kind of page loads in Chromium (decision 016: the budget is
// 125 KB gzip; the scoreboard has its own, checked by
// tests/scoreboard-script.test.ts). A measurement, not a test: run it with
// `npx playwright test -c bench/page-weight.config.ts` (after a build). Weighed
// as a browser loads the page: every script it fetches — the route's modules
// and the pieces it loads lazily as it hydrates — and its inline scripts (the
// theme, the router's start-up), each compressed as a server sends it. The
// page's data (what React hydrates from, in inline scripts too) is weighed
// apart: it is the page's content, and grows with the tournament, as its HTML
// does; the budget is for the code.
import { test, type BrowserContext } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { createOrganiser, createPlayer } from "../e2e/support/accounts.ts";
import { paidPlayerViaApi, winTournamentViaApi } from "../e2e/support/payments.ts";
import { createTournamentViaApi, startViaApi, waitForHydrated } from "../e2e/support/tournaments.ts";

const BUDGET_KB = 125;
let base: string | undefined;

/** The router's serialized loader data, in the inline scripts after the code. */
const DATA_START = "window.__reactRouterContext.streamController.enqueue(";
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipped = (text: string | Buffer) => (text.length ? gzipSync(text, { level: 9 }).length : 0);

/** What the page's JavaScript and its data weigh, in KB of gzip, loaded afresh (nothing cached) and hydrated. */
async function javascriptKb(as: BrowserContext, path: string): Promise<{ code: number; data: number }> {
  const context = await as.browser()!.newContext({ baseURL: base, storageState: await as.storageState() });
  const page = await context.newPage();
  const bodies: Promise<[string, Buffer]>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script" || response.status() !== 200) return;
    bodies.push(response.body().then((body) => [new URL(response.url()).pathname, body]));
  });
  await page.goto(path);
  await waitForHydrated(page, "a[href], input[name]"); // the scoreboard's start page has no link
  await page.waitForLoadState("networkidle");
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")].map((s) => s.textContent ?? "").join(""),
  );
  const dataAt = inline.indexOf(DATA_START);
  let code = gzipped(dataAt < 0 ? inline : inline.slice(0, dataAt));
  const data = dataAt < 0 ? 0 : gzipped(inline.slice(dataAt));
  const files = (await Promise.all(bodies)).map(([name, body]) => [name, gzipped(body)] as const);
  for (const [, bytes] of files) code += bytes;
  // PAGE_WEIGHT_FILES=1: each file's share too.
  if (process.env.PAGE_WEIGHT_FILES) {
    console.log(`${path}\n${files.map(([name, bytes]) => `  ${String(bytes).padStart(7)} ${name}`).join("\n")}`);
  }
  await context.close();
  return { code: kb(code), data: kb(data) };
}

test("the JavaScript every kind of page loads (gzip)", async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  base = baseURL;
  const weights: Record<string, { code: number; data: number }> = {};
  const weigh = async (label: string, as: BrowserContext, path: string) => {
    weights[label] = await javascriptKb(as, path);
  };
  const visitor = await browser.newContext({ baseURL });

  // A director with an evening in play (a bracket with a match to record) and an open one.
  const director = await browser.newContext({ baseURL });
  await createOrganiser(director.request);
  const playing = await createTournamentViaApi(director.request, { maxPlayers: 4 });
  for (let i = 0; i < 4; i++) await paidPlayerViaApi(playwright, baseURL, playing.id);
  await startViaApi(director.request, playing.id);
  const open = await createTournamentViaApi(director.request, { maxPlayers: 8 });
  // Groups into a knockout, in play: the heaviest bracket a visitor sees (tables, results grids, fixtures).
  const groups = await createTournamentViaApi(director.request, {
    maxPlayers: 6,
    tournamentType: "round_robin_tier",
    groupSize: 3,
    advancePerGroup: 1,
    payoutStructure: "winner_only",
  });
  for (let i = 0; i < 6; i++) await paidPlayerViaApi(playwright, baseURL, groups.id);
  await startViaApi(director.request, groups.id);
  // The other two formats in play: a league (a results grid and fixtures) and a double elimination (two brackets).
  const league = await createTournamentViaApi(director.request, {
    maxPlayers: 4,
    tournamentType: "round_robin",
    payoutStructure: "winner_only",
  });
  const double = await createTournamentViaApi(director.request, {
    maxPlayers: 4,
    tournamentType: "double_elimination",
    payoutStructure: "winner_only",
  });
  for (const event of [league, double]) {
    for (let i = 0; i < 4; i++) await paidPlayerViaApi(playwright, baseURL, event.id);
    await startViaApi(director.request, event.id);
  }

  await weigh("landing", visitor, "/");
  await weigh("login", visitor, "/login");
  await weigh("sign up", visitor, "/signup?role=organiser");
  await weigh("forgot password", visitor, "/forgot-password");
  await weigh("reset password (a spent link)", visitor, "/reset-password?token=spent&email=someone%40example.com");
  await weigh("not found", visitor, "/no-such-page");
  await weigh("tournament, open", visitor, `/tournament/${open.slug}`);
  await weigh("tournament, in play", visitor, `/tournament/${playing.slug}?tab=bracket`);
  await weigh("wall bracket", visitor, `/tournament/${playing.slug}/bracket`);
  await weigh("tournament, groups in play", visitor, `/tournament/${groups.slug}?tab=bracket`);
  await weigh("tournament, league in play", visitor, `/tournament/${league.slug}?tab=bracket`);
  await weigh("tournament, double elimination in play", visitor, `/tournament/${double.slug}?tab=bracket`);
  await weigh("scoreboard, enter a code", visitor, "/scoreboard");

  await weigh("director dashboard", director, "/td/dashboard");
  await weigh("director's tournaments", director, "/td/tournaments");
  await weigh("tables", director, "/td/tables");
  await weigh("table setup sheet", director, "/td/tables/print");
  await weigh("create tournament", director, "/td/create-tournament");
  await weigh("tournament, its director", director, `/tournament/${playing.slug}?tab=bracket`);
  await weigh("tournament, its director before the start", director, `/tournament/${open.slug}`);
  await weigh("tournament, its director, the floor", director, `/tournament/${playing.slug}`);
  await weigh("edit a tournament", director, `/tournament/${open.slug}/edit`);
  await weigh("run a tournament again", director, `/tournament/${open.slug}/run-again`);
  await weigh("top up the balance", director, `/balance/top-up?amount=18.20&return=/tournament/${open.slug}`);
  await weigh("tournament, groups, its director", director, `/tournament/${groups.slug}?tab=bracket`);
  await weigh("tournament, league, its director", director, `/tournament/${league.slug}?tab=bracket`);
  await weigh("tournament, double elimination, its director", director, `/tournament/${double.slug}?tab=bracket`);

  const player = await browser.newContext({ baseURL });
  await createPlayer(player.request);
  // A team event open for entries (the captain's form), and a finished evening the player won (the results).
  const doubles = await createTournamentViaApi(director.request, { maxPlayers: 4, matchType: "2v2" });
  await winTournamentViaApi(playwright, baseURL, player.request);
  const entries = (await (await player.request.get("/api/tournaments/my-registrations")).json()) as {
    slug: string;
    status: string;
  }[];
  const finished = entries.find((e) => e.status === "finished");
  if (!finished) throw new Error("the won tournament is not among the player's entries");
  await weigh("player dashboard", player, "/player/dashboard");
  await weigh("player's tournaments", player, "/player/tournaments");
  await weigh("tournament, a player", player, `/tournament/${open.slug}`);
  await weigh("tournament, a team event, a player", player, `/tournament/${doubles.slug}`);
  await weigh("tournament, finished", visitor, `/tournament/${finished.slug}`);
  await weigh("checkout (local card form)", player, `/tournament/${open.slug}/checkout`);

  const column = (n: number) => `${n.toFixed(1).padStart(6)} KB`;
  console.log(
    [
      `${"page".padEnd(44)} ${"code".padStart(9)} ${"data".padStart(9)} ${"both".padStart(9)}`,
      ...Object.entries(weights).map(
        ([label, { code, data }]) =>
          `${label.padEnd(44)} ${column(code)} ${column(data)} ${column(code + data)}` +
          (code > BUDGET_KB ? "  over" : ""),
      ),
    ].join("\n"),
  );
  for (const context of [visitor, director, player]) await context.close();
});
