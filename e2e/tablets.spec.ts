// Tablets stay put (decision 024): a tablet restarted goes back to its
// table; "Change Table" does nothing on a tap, opens the change page when held
// and then needs the new table's code; the director sends a tablet to another
// table from the tables page and the tablet follows — with its script at once,
// without it at its own 5-second refresh.
import { expect, type Browser, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";

type Table = { id: string; name: string; accessCode: string };

const TABLET = { width: 800, height: 1280 };

/** The tablet closed and opened again: a new browser context with the same cookies. */
async function restarted(browser: Browser, context: Awaited<ReturnType<Browser["newContext"]>>, javaScript: boolean) {
  const storageState = await context.storageState();
  await context.close();
  const again = await browser.newContext({ storageState, javaScriptEnabled: javaScript, viewport: TABLET });
  return again.newPage();
}

test("a tablet restarts on its table, changes table only when held and follows the director", async ({
  page,
  browser,
}) => {
  await createOrganiser(page.request);
  const add = async (name: string) =>
    (await (await page.request.post("/api/tables", { data: { name } })).json()) as Table;
  const [one, two] = [await add("Table 1"), await add("Table 2")];

  const context = await browser.newContext({ viewport: TABLET });
  const first = await context.newPage();
  await first.goto(`/scoreboard/${one.accessCode}`);
  await expect(first.getByRole("heading", { name: "Table 1", level: 1 })).toBeVisible();

  // Restarted, `/scoreboard` goes straight back to the table. (The tablet's timers run on a clock the test moves.)
  const tablet = await restarted(browser, context, true);
  await tablet.clock.install();
  await tablet.goto("/scoreboard");
  await expect(tablet).toHaveURL(`/scoreboard/${one.accessCode}`);
  await expect(tablet.locator("html")).toHaveAttribute("data-live", "open");

  // A tap on "Change Table" only says to hold it; held, it opens the change page.
  const change = tablet.getByRole("link", { name: "Change Table" });
  await change.click();
  await expect(tablet.getByText("Hold for 2 seconds")).toBeVisible();
  await expect(tablet).toHaveURL(`/scoreboard/${one.accessCode}`);
  await change.hover();
  await tablet.mouse.down();
  await tablet.clock.runFor(1_500);
  await tablet.mouse.up();
  // Let go too soon: the bar empties again (a hold that had finished would have left it full).
  await expect(tablet.locator("[data-hold-fill]")).toHaveAttribute("style", /width: 0/);
  await expect(tablet).toHaveURL(`/scoreboard/${one.accessCode}`);
  await tablet.mouse.down();
  await tablet.clock.runFor(2_100);
  await expect(tablet).toHaveURL(`/scoreboard/${one.accessCode}/change`);
  await tablet.mouse.up();
  await expect(tablet.getByRole("link", { name: "Back to Table 1" })).toBeVisible();
  // Left there, it goes back to its board after two minutes untouched; a key pressed starts the wait again.
  await expect(tablet.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await tablet.clock.runFor(100_000);
  await tablet.getByLabel("The new table's access code").press("A");
  await tablet.clock.runFor(100_000);
  await expect(tablet).toHaveURL(`/scoreboard/${one.accessCode}/change`);
  await tablet.clock.runFor(21_000);
  await expect(tablet).toHaveURL(`/scoreboard/${one.accessCode}`);
  await tablet.goto(`/scoreboard/${one.accessCode}/change`);
  await tablet.getByLabel("The new table's access code").fill(two.accessCode.toLowerCase());
  await tablet.getByRole("button", { name: "Go to that table" }).click();
  await expect(tablet.getByRole("heading", { name: "Table 2", level: 1 })).toBeVisible();
  await expect(tablet.locator("html")).toHaveAttribute("data-live", "open");

  // The director sends the tablet at Table 2 back to Table 1 from the tables page: it follows by itself.
  await page.goto("/td/tables");
  await page.getByRole("link", { name: "Send Table 2's tablet to another table" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Send it to").selectOption({ label: "Table 1" });
  await dialog.getByRole("button", { name: "Send tablet" }).click();
  await expect(page.getByTestId("toast").first()).toContainText("Table 2's tablet goes to Table 1");
  await expect(tablet).toHaveURL(`/scoreboard/${one.accessCode}`, { timeout: 15_000 });
  await expect(tablet.getByRole("heading", { name: "Table 1", level: 1 })).toBeVisible();

  // And it remembers where it was sent.
  const again = await restarted(browser, tablet.context(), true);
  await again.goto("/scoreboard");
  await expect(again).toHaveURL(`/scoreboard/${one.accessCode}`);
  await again.context().close();
});

test("without JavaScript: the change is a page asking for a code, and a sent tablet follows at its refresh", async ({
  page,
  browser,
}) => {
  await createOrganiser(page.request);
  const add = async (name: string) =>
    (await (await page.request.post("/api/tables", { data: { name } })).json()) as Table;
  const [one, two] = [await add("Table 1"), await add("Table 2")];

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: TABLET });
  const tablet = await context.newPage();
  await tablet.goto(`/scoreboard/${one.accessCode}`);
  await tablet.getByRole("link", { name: "Change Table" }).click();
  await expect(tablet).toHaveURL(`/scoreboard/${one.accessCode}/change`);
  // The way back is the big button; the theme lives here, out of the players' way.
  await expect(tablet.getByRole("link", { name: "Back to Table 1" })).toBeVisible();
  await tablet.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(tablet.locator("html")).toHaveClass(/\bdark\b/);
  await tablet.getByLabel("The new table's access code").fill(two.accessCode);
  await tablet.getByRole("button", { name: "Go to that table" }).click();
  await expect(tablet.getByRole("heading", { name: "Table 2", level: 1 })).toBeVisible();
  await expect(tablet.locator("html")).toHaveClass(/\bdark\b/);

  // Sent back to Table 1: the board's own refresh (every 5 s) lands there.
  const sent = await page.request.post(`/api/tables/${two.id}/send-tablet`, { data: { toTableId: one.id } });
  expect(sent.status()).toBe(200);
  await expect(tablet).toHaveURL(`/scoreboard/${one.accessCode}`, { timeout: 15_000 });
  await expect(tablet.getByRole("heading", { name: "Table 1", level: 1 })).toBeVisible();

  const again = await restarted(browser, context, false);
  await again.goto("/scoreboard");
  await expect(again).toHaveURL(`/scoreboard/${one.accessCode}`);
  await again.context().close();
});
