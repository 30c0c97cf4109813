// The floor at a glance (decision 013) in a browser: on a phone the director's first screen during play is
// every table with its match and live score; a rack scored at a table shows there without a reload; a result
// confirmed at the table waits at the top with a real Approve button; the bracket is one tap away.
import { expect, type Page, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { apiMatches, createTournamentViaApi, enterPaidPlayers, waitForHydrated } from "./support/tournaments.ts";

type Table = { id: string; name: string; accessCode: string };

let taps = 0;
const tap = (page: Page, code: string, kind: string, body: Record<string, unknown> = {}) =>
  page.request.post(`/api/tables/by-code/${code}/${kind}`, {
    data: { tapId: `floor-e2e-${Date.now().toString(36)}-${++taps}`, ...body },
  });

/** FLOOR_SHOTS=dir saves the floor at each width and theme there, to look at. */
async function shoot(page: Page, name: string) {
  const dir = process.env.FLOOR_SHOTS;
  if (!dir) return;
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => {
      document.documentElement.classList.remove("light", "dark");
      document.documentElement.classList.add(t);
    }, theme);
    await page.screenshot({ path: `${dir}/floor-${name}-${theme}.png`, fullPage: true });
  }
}

test("the director's phone opens on the floor: live scores, approval at the top, the bracket a tap away", async ({
  page,
  playwright,
  baseURL,
}) => {
  await createOrganiser(page.request);
  const tables: Table[] = [];
  for (const name of ["Table 1", "Table 2", "Table 3"]) {
    const added = await page.request.post("/api/tables", { data: { name } });
    expect(added.status()).toBe(201);
    tables.push((await added.json()) as Table);
  }
  const t = await createTournamentViaApi(page.request, { maxPlayers: 8, raceTo: 3 });
  const settings = { autoAssign: true, resultsFromTables: "approve" };
  expect((await page.request.patch(`/api/tournaments/${t.id}/settings`, { data: settings })).status()).toBe(200);
  await enterPaidPlayers(playwright, baseURL, t.id, 8);
  expect((await page.request.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tournament/${t.slug}`);
  const tabs = page.getByRole("navigation", { name: "Tournament sections" });
  await expect(tabs.getByRole("link", { name: "Floor" })).toHaveAttribute("aria-current", "page");
  const cards = page.getByTestId("queue-table");
  await expect(cards).toHaveCount(3);
  // The first table is on the first screen, not thousands of pixels down.
  await expect(cards.first()).toBeInViewport();
  await expect(cards.filter({ hasText: "Playing" })).toHaveCount(3);
  await expect(page.getByTestId("up-next").getByRole("listitem")).toHaveCount(1);
  await waitForHydrated(page, "#queue a");
  await shoot(page, "phone");

  // A rack at Table 1 reaches the floor by push: no reload.
  const first = tables[0] as Table;
  const onFirst = (await apiMatches(page.request, t.id)).find((m) => m.tableId === first.id);
  if (!onFirst?.player1) throw new Error("Table 1 has a match");
  const card = page.getByRole("listitem", { name: "Table 1", exact: true });
  await page.evaluate(() => document.documentElement.setAttribute("data-same-document", ""));
  for (let rack = 0; rack < 3; rack++) {
    expect((await tap(page, first.accessCode, "racks", { player: 1 })).status()).toBe(201);
  }
  await expect(card.getByRole("definition").first()).toHaveText("3");

  // Confirmed at the table: the result waits at the top of the floor, and the table says so.
  expect((await tap(page, first.accessCode, "confirm")).status()).toBe(201);
  const approvals = page.getByRole("region", { name: "Waiting for your approval" });
  await expect(approvals).toContainText(`${onFirst.player1.name} 3–0`);
  await expect(card).toContainText("Waiting for approval");
  await page.setViewportSize({ width: 800, height: 1280 });
  await shoot(page, "tablet");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "laptop");
  await page.setViewportSize({ width: 390, height: 844 });
  await approvals.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("toast")).toContainText("Result approved");
  await expect(page).toHaveURL(/\?tab=floor$/);
  await expect(approvals).toBeHidden();
  // The queue's next match went to Table 1 at once.
  await expect(card).toContainText("Quarter-Finals · Match");
  await expect(card.getByRole("definition").first()).toHaveText("0");
  await expect(page.getByTestId("up-next")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-same-document"))).toBe(true);

  // The bracket is one tap away.
  await tabs.getByRole("link", { name: /^Bracket/ }).click();
  await expect(page.getByRole("article", { name: "Quarter-Finals, match 1" })).toBeVisible();
});
