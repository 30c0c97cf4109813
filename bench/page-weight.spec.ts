// The JavaScript each kind of page loads in Chromium (issue 17: the budget is
// 125 KB gzip; the scoreboard has its own, checked by
// tests/scoreboard-script.test.ts). A measurement, not a test: run it with
// `npx playwright test -c bench/page-weight.config.ts` (after a build). Weighed
// as a browser loads the page: every script it fetches — the route's modules
// and the pieces it loads lazily as it hydrates — and its inline scripts (the
// theme, the data React hydrates from), each compressed as a server sends it.
import { test, type BrowserContext } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { createOrganiser, createPlayer } from "../e2e/support/accounts.ts";
import { paidPlayerViaApi } from "../e2e/support/payments.ts";
import { createTournamentViaApi, startViaApi, waitForHydrated } from "../e2e/support/tournaments.ts";

const BUDGET_KB = 125;
let base: string | undefined;

/** What the page's JavaScript weighs, in KB of gzip, loaded afresh (nothing cached) and hydrated. */
async function javascriptKb(as: BrowserContext, path: string): Promise<number> {
  const context = await as.browser()!.newContext({ baseURL: base, storageState: await as.storageState() });
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" && response.status() === 200) bodies.push(response.body());
  });
  await page.goto(path);
  await waitForHydrated(page, "a[href]");
  await page.waitForLoadState("networkidle");
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")].map((s) => s.textContent ?? "").join(""),
  );
  let bytes = inline ? gzipSync(inline, { level: 9 }).length : 0;
  for (const body of await Promise.all(bodies)) bytes += gzipSync(body, { level: 9 }).length;
  await context.close();
  return Math.round((bytes / 1024) * 10) / 10;
}

test("the JavaScript every kind of page loads (gzip)", async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  base = baseURL;
  const weights: Record<string, number> = {};
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

  await weigh("landing", visitor, "/");
  await weigh("login", visitor, "/login");
  await weigh("sign up", visitor, "/signup?role=organiser");
  await weigh("forgot password", visitor, "/forgot-password");
  await weigh("tournament, open", visitor, `/tournament/${open.slug}`);
  await weigh("tournament, in play", visitor, `/tournament/${playing.slug}?tab=bracket`);
  await weigh("wall bracket", visitor, `/tournament/${playing.slug}/bracket`);

  await weigh("director dashboard", director, "/td/dashboard");
  await weigh("director's tournaments", director, "/td/tournaments");
  await weigh("tables", director, "/td/tables");
  await weigh("create tournament", director, "/td/create-tournament");
  await weigh("tournament, its director", director, `/tournament/${playing.slug}?tab=bracket`);
  await weigh("tournament, its director before the start", director, `/tournament/${open.slug}`);

  const player = await browser.newContext({ baseURL });
  await createPlayer(player.request);
  await weigh("player dashboard", player, "/player/dashboard");
  await weigh("player's tournaments", player, "/player/tournaments");
  await weigh("tournament, a player", player, `/tournament/${open.slug}`);

  console.log(
    Object.entries(weights)
      .map(([label, kb]) => `${label.padEnd(44)} ${kb.toFixed(1).padStart(6)} KB${kb > BUDGET_KB ? "  over" : ""}`)
      .join("\n"),
  );
  for (const context of [visitor, director, player]) await context.close();
});
