// TV mode (decision 023) on a 1920×1080 screen nobody touches: a 16-entry double elimination, a round robin of 6 and
// groups of 8, each played through the API from the draw to the champion. Every page the TV turns to fits the screen
// with nothing scrolling; without JavaScript each page's own refresh names the next; with it the page follows the
// push channel (a rack on a table, a result) without reloading and turns by itself.
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { markDocument, sameDocument } from "./support/live.ts";
import {
  apiMatches,
  createTournamentViaApi,
  enterPaidPlayers,
  startViaApi,
  type TournamentInput,
} from "./support/tournaments.ts";

const TV = { width: 1920, height: 1080 };

/** Nothing scrolls and nothing is drawn off the screen. */
async function expectFits(page: Page, label: string) {
  const { scroll, overflowing } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const off = [...document.querySelectorAll("main *")].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return false; // hidden, or the 1-pixel box of a screen-reader text
      return box.bottom > innerHeight + 1 || box.right > innerWidth + 1 || box.left < -1 || box.top < -1;
    });
    return {
      scroll: { height: root.scrollHeight, width: root.scrollWidth, innerHeight, innerWidth },
      overflowing: off.slice(0, 3).map((e) => `${e.tagName} ${e.textContent?.slice(0, 40)}`),
    };
  });
  expect(scroll.height, `${label}: no document scrolling`).toBeLessThanOrEqual(scroll.innerHeight);
  expect(scroll.width, `${label}: no sideways scrolling`).toBeLessThanOrEqual(scroll.innerWidth);
  expect(overflowing, `${label}: everything on the screen`).toEqual([]);
}

/** Every page of the round as a TV without JavaScript turns them: each page's refresh names the next. */
async function walkPages(tv: Page, slug: string): Promise<string[]> {
  await tv.goto(`/tournament/${slug}/tv`);
  const seen: string[] = [];
  for (let guard = 0; guard < 20; guard++) {
    const key = (await tv.locator("main").getAttribute("data-page")) ?? "";
    if (seen.includes(key)) break;
    seen.push(key);
    await expectFits(tv, `${slug} ${key}`);
    const refresh = await tv.locator('meta[http-equiv="refresh"]').getAttribute("content");
    const next = /^\d+;url=(.+)$/.exec(refresh ?? "")?.[1];
    expect(next, `${key} names the next page`).toBeTruthy();
    await tv.goto(next as string);
  }
  return seen;
}

async function tvPages(browser: Browser) {
  const scripted = await browser.newContext({ viewport: TV });
  const plain = await browser.newContext({ viewport: TV, javaScriptEnabled: false });
  return {
    live: await scripted.newPage(),
    plain: await plain.newPage(),
    close: () => Promise.all([scripted.close(), plain.close()]),
  };
}

/** A director's event with `entries` paid entries and two tables, the floor calling matches to them, started. */
async function startedEvent(
  request: APIRequestContext,
  playwright: Parameters<typeof enterPaidPlayers>[0],
  baseURL: string | undefined,
  entries: number,
  format: Partial<TournamentInput>,
) {
  await createOrganiser(request);
  const t = await createTournamentViaApi(request, { maxPlayers: entries, raceTo: 3, ...format });
  await enterPaidPlayers(playwright, baseURL, t.id, entries);
  const tables: { id: string; accessCode: string }[] = [];
  for (const name of ["Table 1", "Table 2"]) {
    const created = await request.post("/api/tables", { data: { name } });
    expect(created.status()).toBe(201);
    tables.push(await created.json());
  }
  const settings = await request.patch(`/api/tournaments/${t.id}/settings`, { data: { autoAssign: true } });
  expect(settings.status(), await settings.text()).toBe(200);
  await startViaApi(request, t.id);
  return { t, tables };
}

/** Records results (player 1 wins 3–1) until nothing is left to play, or `until` says stop. */
async function playOn(
  request: APIRequestContext,
  tournamentId: string,
  until: (played: number) => boolean = () => false,
) {
  let played = 0;
  for (let guard = 0; guard < 100 && !until(played); guard++) {
    const playable = (await apiMatches(request, tournamentId)).filter(
      (m) => m.player1Id && m.player2Id && m.status !== "completed",
    );
    const m = playable[0];
    if (!m) return played;
    const saved = await request.patch(`/api/matches/${m.id}`, {
      data: { winnerId: m.player1Id, player1Score: 3, player2Score: 1 },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    played++;
  }
  return played;
}

/** The TV allows no violation at all, whatever its impact. */
const expectTvAccessible = (tv: Page) => expectAccessible(tv, "the TV", { everyImpact: true });

async function finalize(request: APIRequestContext, tournamentId: string) {
  const finalized = await request.post(`/api/tournaments/${tournamentId}/finalize`);
  expect(finalized.status(), await finalized.text()).toBe(200);
}

async function expectChampion(tv: Page) {
  await expect(tv.getByTestId("tv-page-title")).toHaveText("Champion");
  await expect(tv.getByTestId("tv-champion")).toContainText(/Champion/);
  await expect(tv.getByTestId("tv-prizes").locator("li")).not.toHaveCount(0);
  await expectFits(tv, "champion");
}

test("a 16-entry double elimination on the TV: every page fits, push and turns without reloads, the champion", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const { t, tables } = await startedEvent(page.request, playwright, baseURL, 16, {
    tournamentType: "double_elimination",
    payoutStructure: "winner_ru_semi",
  });
  const { live, plain, close } = await tvPages(browser);

  // The wall view leads to it.
  await live.goto(`/tournament/${t.slug}/bracket`);
  await live.getByRole("link", { name: "TV mode" }).click();
  await expect(live).toHaveURL(new RegExp(`/tournament/${t.slug}/tv$`));
  await expect(live.locator("html")).toHaveAttribute("data-live", "open");
  expect(await live.locator('meta[http-equiv="refresh"]').count(), "the script cancels the refresh").toBe(0);

  expect(await walkPages(plain, t.slug)).toEqual([
    "bracket-winners",
    "bracket-losers",
    "bracket-grand-final",
    "tables",
    "next",
  ]);
  await expect(plain.locator('[data-testid="tv-match"]').first()).toBeVisible();

  // A rack on Table 1 reaches the tables page by push, with no reload.
  await live.goto(`/tournament/${t.slug}/tv?page=tables`);
  await expect(live.locator("html")).toHaveAttribute("data-live", "open");
  await markDocument(live);
  const table1 = live.getByTestId("tv-table").filter({ hasText: "Table 1" });
  await expect(table1.getByTestId("tv-score")).toHaveText(["0", "0"]);
  const rack = await page.request.post(`/api/tables/by-code/${tables[0]?.accessCode}/racks`, {
    data: { tapId: crypto.randomUUID(), player: 1 },
  });
  expect(rack.status(), await rack.text()).toBe(201);
  await expect(table1.getByTestId("tv-score")).toHaveText(["1", "0"]);
  await sameDocument(live);
  await expectTvAccessible(live);
  await live.goto(`/tournament/${t.slug}/tv?page=bracket-winners`);
  await expectTvAccessible(live);

  // Half the evening: the TV turns to the next page by itself (its clock run on), still the same document.
  await playOn(page.request, t.id, (played) => played >= 14);
  await live.clock.install();
  await live.goto(`/tournament/${t.slug}/tv?page=bracket-losers`);
  await markDocument(live);
  // Wi-Fi down at the turn: the page shown stays, saying so; back up, the next turn goes on.
  await live.context().setOffline(true);
  await live.clock.runFor(21_000);
  await expect(live.getByRole("status").filter({ hasText: "Reconnecting…" })).toBeVisible();
  await expect(live.locator("main")).toHaveAttribute("data-page", "bracket-losers");
  await live.context().setOffline(false);
  await live.clock.runFor(21_000);
  await expect(live.locator("main")).toHaveAttribute("data-page", "bracket-grand-final");
  await expect(live.getByText("Reconnecting…")).toBeHidden();
  await sameDocument(live);
  for (const key of await walkPages(plain, t.slug)) expect(key).not.toBe("");

  await playOn(page.request, t.id);
  await finalize(page.request, t.id);
  await plain.goto(`/tournament/${t.slug}/tv?page=tables`);
  await expectChampion(plain);
  await expect(plain.getByTestId("tv-prizes").locator("li")).toHaveCount(4);
  expect(await walkPages(plain, t.slug)).toEqual([
    "champion",
    "bracket-winners",
    "bracket-losers",
    "bracket-grand-final",
  ]);
  await close();
});

test("a round robin of 6 on the TV: the standings, the tables, up next, then the champion", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const { t } = await startedEvent(page.request, playwright, baseURL, 6, {
    tournamentType: "round_robin",
    payoutStructure: "winner_ru",
  });
  const { live, plain, close } = await tvPages(browser);
  expect(await walkPages(plain, t.slug)).toEqual(["standings", "tables", "next"]);
  await plain.goto(`/tournament/${t.slug}/tv?page=next`);
  await expect(plain.getByTestId("tv-next")).not.toHaveCount(0);
  await expect(plain.getByTestId("tv-next").first()).toContainText(/Any minute now|Starts in about/);

  await live.goto(`/tournament/${t.slug}/tv?page=standings`);
  await expect(live.locator("html")).toHaveAttribute("data-live", "open");
  await markDocument(live);
  await playOn(page.request, t.id, (played) => played >= 3);
  // The results reach the standings by push: three wins on the table.
  await expect(live.getByTestId("tv-standings").locator("tbody tr td:nth-child(4)")).toContainText(["1", "1", "1"]);
  await sameDocument(live);

  await playOn(page.request, t.id);
  await finalize(page.request, t.id);
  // The news of the finalize takes the screen to the champion.
  await expectChampion(live);
  expect(await walkPages(plain, t.slug)).toEqual(["champion", "standings"]);
  await close();
});

test("groups of 8 on the TV: the groups' tables, then the knockout first, then the champion", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const { t } = await startedEvent(page.request, playwright, baseURL, 8, {
    tournamentType: "round_robin_tier",
    groupSize: 4,
    advancePerGroup: 2,
    payoutStructure: "winner_ru",
  });
  const { live, plain, close } = await tvPages(browser);
  expect(await walkPages(plain, t.slug)).toEqual(["standings", "tables", "next"]);

  // A script that failed to load (the pub's Wi-Fi) leaves the page's own refresh to turn it.
  await live.route("**/tv.js", (route) => route.abort());
  await live.goto(`/tournament/${t.slug}/tv?page=tables`);
  await expect(live.locator('meta[http-equiv="refresh"]')).toHaveAttribute(
    "content",
    `15;url=/tournament/${t.slug}/tv?page=next`,
  );

  await plain.goto(`/tournament/${t.slug}/tv?page=standings`);
  await expect(plain.getByRole("heading", { name: "Group A" })).toBeVisible();
  await expect(plain.getByRole("heading", { name: "Group B" })).toBeVisible();

  // The groups played: the knockout is drawn and leads.
  await playOn(page.request, t.id, (played) => played >= 12);
  expect((await walkPages(plain, t.slug))[0]).toBe("bracket-knockout");
  await plain.goto(`/tournament/${t.slug}/tv?page=standings`);
  await expect(plain.getByText("Through")).toHaveCount(4);

  await playOn(page.request, t.id);
  await finalize(page.request, t.id);
  await plain.goto(`/tournament/${t.slug}/tv`);
  await expectChampion(plain);
  expect(await walkPages(plain, t.slug)).toEqual(["champion", "bracket-knockout", "standings"]);
  await close();
});
