// The tablet fits its screen: on a 1024x768 and a 1280x800 landscape tablet and an 800x1280 portrait one, every
// control of a match in play — the lag, the rack buttons, "Confirm result", "Undo last rack" — is on screen without
// scrolling, in both themes; and the tablet follows the device's own dark setting until someone chooses a theme.
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

const SCREENS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
] as const;

/** A knockout with a long name and a long player's name, its first match on Table 1: the table's code. */
async function matchOnTable(api: APIRequestContext) {
  await createOrganiser(api);
  const table = (await (await api.post("/api/tables", { data: { name: "Table 1" } })).json()) as {
    accessCode: string;
  };
  const t = await createTournamentViaApi(api, {
    name: "Thursday Night 8-Ball Knockout at the Red Lion Week 12",
    maxPlayers: 2,
    raceTo: 5,
    payoutStructure: "winner_only",
  });
  expect((await api.patch(`/api/tournaments/${t.id}/settings`, { data: { autoAssign: true } })).status()).toBe(200);
  for (const name of ["Alexandra Montgomery-Smythe", "Bo"]) {
    expect((await api.post(`/api/tournaments/${t.id}/entries`, { data: { name, paidBy: "cash" } })).status()).toBe(201);
  }
  expect((await api.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
  return table.accessCode;
}

/** Whether each control is wholly inside the window, and the page does not scroll. */
async function expectOnScreen(page: Page, controls: string[], where: string) {
  const { innerHeight, scrollHeight } = await page.evaluate(() => ({
    innerHeight: window.innerHeight,
    scrollHeight: document.documentElement.scrollHeight,
  }));
  expect(scrollHeight, `${where}: the page scrolls`).toBeLessThanOrEqual(innerHeight);
  for (const name of controls) {
    const button = page.getByRole("button", { name }).first();
    await expect(button, `${where}: ${name}`).toBeInViewport({ ratio: 1 });
  }
}

async function board(browser: Browser, code: string, screen: (typeof SCREENS)[number], dark: boolean) {
  const context = await browser.newContext({ viewport: screen, colorScheme: dark ? "dark" : "light" });
  const page = await context.newPage();
  await page.goto(`/scoreboard/${code}`);
  return { context, page };
}

const tap = (api: APIRequestContext, code: string, player: 1 | 2) =>
  api.post(`/api/tables/by-code/${code}/racks`, { data: { tapId: crypto.randomUUID(), player } });

test("every control of a match in play is on screen at three tablet sizes, light and dark", async ({
  page: director,
  browser,
}) => {
  const api = director.request;
  const code = await matchOnTable(api);
  const name = "Alexandra Montgomery-Smythe";
  // At the start: who won the lag, the racks, the undo.
  for (const screen of SCREENS) {
    for (const dark of [false, true]) {
      const { context, page } = await board(browser, code, screen, dark);
      const where = `${screen.width}x${screen.height} ${dark ? "dark" : "light"}, the lag`;
      await expectOnScreen(page, [name, "Bo", `+1 rack for ${name}`, "+1 rack for Bo", "Undo last rack"], where);
      await context.close();
    }
  }
  // Four racks each, then the last: "Confirm result" beside the rest.
  for (let i = 0; i < 4; i++) {
    expect((await tap(api, code, 1)).status()).toBe(201);
    expect((await tap(api, code, 2)).status()).toBe(201);
  }
  expect((await tap(api, code, 1)).status()).toBe(201);
  for (const screen of SCREENS) {
    for (const dark of [false, true]) {
      const { context, page } = await board(browser, code, screen, dark);
      const where = `${screen.width}x${screen.height} ${dark ? "dark" : "light"}, the race won`;
      await expect(page.getByRole("button", { name: "Confirm result" })).toBeVisible();
      await expectOnScreen(page, [`+1 rack for ${name}`, "+1 rack for Bo", "Confirm result", "Undo last rack"], where);
      await context.close();
    }
  }
});

test("the tablet follows the device's dark setting until someone chooses a theme", async ({
  page: director,
  browser,
}) => {
  const code = await matchOnTable(director.request);
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const { context, page } = await board(browser, code, SCREENS[0], true);
  const dark = await background(page);
  await page.emulateMedia({ colorScheme: "light" });
  const light = await background(page);
  expect(dark).not.toBe(light);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await background(page)).toBe(dark);
  // Someone chooses light on the tablet (its change page's toggle): the device's dark no longer decides.
  await page.goto(`/scoreboard/${code}/change`);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  // The page reads itself again once the cookie has the choice: drawn by the server as chosen.
  await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-label", "Switch to dark theme");
  await page.goto(`/scoreboard/${code}`);
  expect(await background(page)).toBe(light);
  await context.close();
});
