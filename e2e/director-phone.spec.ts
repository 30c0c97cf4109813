// The director's page on a 390 × 844 phone. Before the start their panels (check-in, walk-ins, starting ratings, the
// QR code, the settings, the seeding) fold away: on the night the first screen shows the start and the check-in,
// walk-ins are open for the cash at the bar, the rest closed; with every panel closed a full night's page is at most
// three screens tall. The panels are native <details>, so they open without JavaScript too. During play the Floor
// tab comes first.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { dateInZone } from "../app/domain/dates.ts";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi, openPanel, startViaApi } from "./support/tournaments.ts";

const SCREEN = { width: 390, height: 844 } as const;
test.use({ viewport: SCREEN, timezoneId: "Europe/London", locale: "en-GB" });

const PANELS = ["Check-in", "Walk-ins", "Starting ratings", "Venue QR code", "Tables and queue", "Seeding"] as const;

const panel = (page: Page, name: string) => page.getByRole("region", { name }).locator("details");

/** Whether all of `target` lies within the first screen (the page scrolled to its top). */
async function onFirstScreen(target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= SCREEN.height;
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test("on the night: Start and check-in first, walk-ins open, at most three screens with every panel closed", async ({
  page,
  playwright,
  baseURL,
}) => {
  await createOrganiser(page.request);
  // A full night: sixteen places, fourteen paid online and two at the bar, seeded by hand, tonight.
  const t = await createTournamentViaApi(page.request, {
    maxPlayers: 16,
    seeding: "manual",
    date: dateInZone(Date.now()),
  });
  for (let i = 1; i <= 14; i++) {
    await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("p"), name: `Player ${i}` });
  }
  for (const name of ["Walk-in One", "Walk-in Two"]) {
    const added = await page.request.post(`/tournament/${t.slug}/entries`, {
      form: { intent: "add-walk-in", name },
      headers: { origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(302);
  }

  await page.goto(`/tournament/${t.slug}`);
  // The last walk-in's note (the setup added them as the page's own forms would) is closed, as the director would.
  const close = page.getByRole("button", { name: "Close notification" });
  // Once the page's script runs (a tap before that does nothing, as on a slow phone).
  await expect(async () => {
    await close.click();
    await expect(close).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
  // What matters now, on the first screen: starting, and who is here.
  await expect(page.getByRole("link", { name: "Start Tournament" })).toBeVisible();
  expect(await onFirstScreen(page.getByRole("link", { name: "Start Tournament" })), "Start").toBe(true);
  expect(await onFirstScreen(page.getByTestId("checked-in-count")), "the check-in count").toBe(true);
  await expect(page.getByTestId("checked-in-count")).toHaveText("0 of 16 checked in");
  expect(
    await onFirstScreen(page.getByRole("button", { name: "Check in Player 1", exact: true })),
    "the first tick",
  ).toBe(true);
  // Open by the night's state: check-in and walk-ins; the rest wait until wanted.
  for (const name of PANELS) {
    const open = name === "Check-in" || name === "Walk-ins";
    if (open) await expect(panel(page, name), name).toHaveAttribute("open", "");
    else await expect(panel(page, name), name).not.toHaveAttribute("open");
  }
  const asDrawn = await pageHeight(page);

  // Every panel closed, as the director taps their summaries: at most three screens.
  for (const name of ["Check-in", "Walk-ins"]) {
    await panel(page, name).locator("summary").click();
    await expect(panel(page, name)).not.toHaveAttribute("open");
  }
  const closed = await pageHeight(page);
  test.info().annotations.push({ type: "height", description: `${asDrawn} px as drawn, ${closed} px closed` });
  expect(closed, `${closed} px with every panel closed`).toBeLessThanOrEqual(3 * SCREEN.height);
  // The summaries still say what is inside.
  await expect(page.getByRole("region", { name: "Walk-ins" }).locator("summary")).toContainText("2 paid at the bar");
  await expect(page.getByRole("region", { name: "Starting ratings" }).locator("summary")).toContainText(
    "16 provisional",
  );

  // A closed panel opens by its summary, from the keyboard too.
  await panel(page, "Starting ratings").locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(panel(page, "Starting ratings")).toHaveAttribute("open", "");
  await expect(page.getByRole("button", { name: "Save ratings" })).toBeVisible();
});

test("before the night: walk-ins open and check-in folded, its count on the summary", async ({
  page,
  playwright,
  baseURL,
}) => {
  await createOrganiser(page.request);
  const t = await createTournamentViaApi(page.request, { maxPlayers: 8 });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("p"), name: "Early Bird" });
  await page.goto(`/tournament/${t.slug}`);
  await expect(page.getByTestId("checked-in-count")).toHaveText("0 of 1 checked in");
  expect(await onFirstScreen(page.getByTestId("checked-in-count")), "the check-in count").toBe(true);
  await expect(panel(page, "Check-in")).not.toHaveAttribute("open");
  await expect(panel(page, "Walk-ins")).toHaveAttribute("open", "");
  expect(await onFirstScreen(page.getByRole("heading", { name: "Walk-ins" })), "walk-ins").toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the panels open and close natively", async ({ page, playwright, baseURL }) => {
    await createOrganiser(page.request);
    const t = await createTournamentViaApi(page.request, { maxPlayers: 8 });
    await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("p"), name: "No Script" });
    await page.goto(`/tournament/${t.slug}`);
    await expect(page.getByRole("img", { name: /^QR code: check in to / })).toBeHidden();
    await openPanel(page, "Venue QR code");
    await expect(page.getByRole("img", { name: /^QR code: check in to / })).toBeVisible();
    await panel(page, "Venue QR code").locator("summary").click();
    await expect(page.getByRole("img", { name: /^QR code: check in to / })).toBeHidden();
    // A form of a closed panel comes back to it open: the address names it.
    await page.goto(`/tournament/${t.slug}?open=ratings#starting-ratings`);
    await expect(panel(page, "Starting ratings")).toHaveAttribute("open", "");
    await expect(page.getByRole("spinbutton", { name: /^No Script/ })).toHaveValue("500");
  });
});

test("during play the Floor tab comes first, the tables on the first screen", async ({ page, playwright, baseURL }) => {
  await createOrganiser(page.request);
  expect((await page.request.post("/api/tables", { data: { name: "Table 1" } })).status()).toBe(201);
  const t = await createTournamentViaApi(page.request, { maxPlayers: 4 });
  for (let i = 1; i <= 4; i++) {
    await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("p"), name: `Player ${i}` });
  }
  await startViaApi(page.request, t.id);
  await page.goto(`/tournament/${t.slug}`);
  const tabs = page.getByRole("navigation", { name: "Tournament sections" }).getByRole("link");
  await expect(tabs.first()).toHaveText("Floor");
  await expect(tabs.first()).toHaveAttribute("aria-current", "page");
  expect(await onFirstScreen(tabs.first()), "the Floor tab").toBe(true);
  expect(await onFirstScreen(page.getByRole("heading", { name: "Tables", exact: true })), "the tables").toBe(true);
  // No panel of before the start is left on the page.
  await expect(page.locator("details")).toHaveCount(0);
});
