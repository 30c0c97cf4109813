// The floor (decisions 013–015) in a browser: an evening where the director turns on
// "Assign tables automatically", records results, and never puts a match on a
// table; and the settings form without JavaScript.
import { expect, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import {
  apiMatches,
  createTournamentViaApi,
  enterPaidPlayers,
  recordInDialog,
  startViaApi,
  openPanel,
  waitForHydrated,
} from "./support/tournaments.ts";

test("an evening with automatic assignment: the director only records results", async ({
  page,
  playwright,
  baseURL,
}) => {
  await createOrganiser(page.request);
  for (const name of ["Table 1", "Table 2"]) {
    expect((await page.request.post("/api/tables", { data: { name } })).status()).toBe(201);
  }
  const t = await createTournamentViaApi(page.request, { maxPlayers: 8 });
  await enterPaidPlayers(playwright, baseURL, t.id, 8);

  // The switch, in the tournament's settings before the start (a dialog, its code loaded as it opens).
  await page.goto(`/tournament/${t.slug}`);
  const floor = page.locator("#queue");
  await waitForHydrated(page, "#queue a");
  // The settings fold away with the director's other panels before the start.
  await openPanel(page, "Tables and queue");
  await expect(floor.getByTestId("floor-settings")).toContainText("You assign the tables");
  const opener = floor.getByRole("link", { name: "Tournament settings" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Tournament settings" });
  // Escape closes it and the focus goes back to its link; nothing is saved.
  await expect(dialog.getByRole("checkbox", { name: "Assign tables automatically" })).not.toBeChecked();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await dialog.getByRole("checkbox", { name: "Assign tables automatically" }).check();
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("toast")).toContainText("Settings saved");
  await expect(dialog).toBeHidden();
  await expect(floor.getByTestId("floor-settings")).toContainText("Tables are assigned automatically");
  await startViaApi(page.request, t.id);

  // The director's first screen during play: the floor.
  await page.goto(`/tournament/${t.slug}`);
  // Both tables took a match at the start; the other two quarter-finals wait, each with a start time.
  await expect(floor.getByTestId("queue-table").filter({ hasText: "Playing" })).toHaveCount(2);
  await expect(floor.getByTestId("up-next").getByRole("listitem")).toHaveCount(2);
  await expect(floor.getByTestId("up-next")).toContainText("starts in about 20 min");
  // The no-show clock runs.
  const clock = floor.getByRole("timer").first();
  const before = await clock.textContent();
  await expect(clock).not.toHaveText(before ?? "", { timeout: 15_000 });

  // The tablet at Table 1 (at the tablet's 1024 × 768) shows when its match was called, and its clock ticks there too.
  const tables = (await (await page.request.get("/api/tables")).json()) as { name: string; accessCode: string }[];
  const tablet = await page.context().newPage();
  await tablet.setViewportSize({ width: 1024, height: 768 });
  await tablet.goto(`/scoreboard/${tables.find((x) => x.name === "Table 1")?.accessCode}`);
  const called = tablet.locator("[data-clock-text]");
  await expect(called).toHaveText(/^Called at \d\d:\d\d · \d+:\d\d$/);
  const first = await called.textContent();
  await expect(called).not.toHaveText(first ?? "", { timeout: 15_000 });
  await tablet.close();

  // Seven results and the evening is played: every match went to a table without the director.
  for (let played = 0; played < 7; played++) {
    const playing = (await apiMatches(page.request, t.id)).filter((m) => m.status === "in_progress");
    expect(playing.length, `after ${played} results`).toBeGreaterThan(0);
    const [m] = playing;
    if (!m?.player1) throw new Error("a match at a table has its players");
    await recordInDialog(page, t.slug, m, m.player1.name);
  }
  const all = await apiMatches(page.request, t.id);
  expect(all.filter((m) => m.status !== "completed")).toEqual([]);
  expect(all.every((m) => m.tableId !== null)).toBe(true);
  await page.goto(`/tournament/${t.slug}?tab=floor`);
  await expect(floor).toContainText("No match is waiting for a table.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the settings dialog saves the switch, the no-show minutes and table scoring", async ({ page }) => {
    await createOrganiser(page.request);
    const t = await createTournamentViaApi(page.request, { maxPlayers: 8 });
    await page.goto(`/tournament/${t.slug}`);
    const floor = page.locator("#queue");
    const dialog = page.getByRole("dialog", { name: "Tournament settings" });
    // Folded away before the start; saving or cancelling comes back to it open.
    await openPanel(page, "Tables and queue");
    const box = dialog.getByRole("checkbox", { name: "Assign tables automatically" });
    await floor.getByRole("link", { name: "Tournament settings" }).click();
    await expect(box).not.toBeChecked();
    await box.check();
    await dialog.getByRole("spinbutton", { name: "No-show minutes" }).fill("15");
    await dialog.getByRole("combobox", { name: "Results from tables" }).selectOption("approve");
    await dialog.getByRole("combobox", { name: "Break rule" }).selectOption("alternate");
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved").first()).toBeVisible();
    await expect(floor).toContainText("Tables are assigned automatically; a called match is a no-show after 15 min.");
    await floor.getByRole("link", { name: "Tournament settings" }).click();
    await expect(box).toBeChecked();
    await expect(dialog.getByRole("spinbutton", { name: "No-show minutes" })).toHaveValue("15");
    await expect(dialog.getByRole("combobox", { name: "Results from tables" })).toHaveValue("approve");
    await expect(dialog.getByRole("combobox", { name: "Break rule" })).toHaveValue("alternate");
    const queue = (await (await page.request.get(`/api/tournaments/${t.id}/queue`)).json()) as {
      autoAssign: boolean;
      noShowMinutes: number;
    };
    expect(queue).toMatchObject({ autoAssign: true, noShowMinutes: 15 });
    // Cancel is a link back to the page; then off again.
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await floor.getByRole("link", { name: "Tournament settings" }).click();
    await box.uncheck();
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved").first()).toBeVisible();
    await expect(floor).toContainText("You assign the tables");
  });
});
