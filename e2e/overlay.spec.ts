// The stream overlay (/scoreboard/{code}/overlay) at OBS's 1920×1080: transparent everywhere but its bar, following
// the table by push (a rack tapped reaches it without a reload), and without JavaScript showing the score and
// refreshing itself. OVERLAY_SHOTS=dir saves it over a dark and a light picture, for a look.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { markDocument, sameDocument } from "./support/live.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

/** OVERLAY_SHOTS=dir saves the overlay over a stream-like background there, to look at. */
const SHOTS = process.env.OVERLAY_SHOTS;

const OBS = { width: 1920, height: 1080 };
// OBS draws the page at its own size, not a phone's (the project's device).
const OBS_SCREEN = { viewport: OBS, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

/** Alex and Sam's final, race to 5, on a table: the table's code. */
async function finalAtTable(
  request: APIRequestContext,
  playwright: Parameters<typeof paidPlayerViaApi>[0],
  baseURL: string | undefined,
) {
  await createOrganiser(request);
  const t = await createTournamentViaApi(request, {
    name: "Friday Night 9-Ball",
    maxPlayers: 2,
    raceTo: 5,
    payoutStructure: "winner_only",
  });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("alex"), name: "Alex" });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("sam"), name: "Sam" });
  expect((await request.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
  const table = (await (await request.post("/api/tables", { data: { name: "Table 1" } })).json()) as {
    id: string;
    accessCode: string;
  };
  const [final] = (await (await request.get(`/api/tournaments/${t.id}/matches`)).json()) as { id: string }[];
  expect((await request.patch(`/api/matches/${final!.id}/table`, { data: { tableId: table.id } })).status()).toBe(200);
  const rack = async (player: 1 | 2) => {
    const tapped = await request.post(`/api/tables/by-code/${table.accessCode}/racks`, {
      data: { tapId: `e2e-${crypto.randomUUID()}`, player },
    });
    expect(tapped.status(), await tapped.text()).toBe(201);
  };
  return { code: table.accessCode, rack };
}

const scores = (page: Page) => page.getByTestId("overlay-score");

/** The alpha of the overlay's screenshot (no page background) at a few points away from its bar. */
async function alphaAwayFromTheBar(page: Page): Promise<number[]> {
  const png = (await page.screenshot({ omitBackground: true })).toString("base64");
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d");
    if (!context) return [];
    context.drawImage(image, 0, 0);
    return [
      [5, 5],
      [960, 300],
      [1900, 600],
      [10, 1070],
    ].map(([x, y]) => context.getImageData(x!, y!, 1, 1).data[3]!);
  }, png);
}

test("follows the table by push, transparent but for its bar, in either theme", async ({
  browser,
  page: director,
  playwright,
  baseURL,
}) => {
  const { code, rack } = await finalAtTable(director.request, playwright, baseURL);
  for (const theme of ["dark", "light"] as const) {
    const context = await browser.newContext(OBS_SCREEN);
    await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const page = await context.newPage();
    await page.goto(`/scoreboard/${code}/overlay`);
    await expect(page.locator("html")).toHaveAttribute("data-live", "open");
    await expect(page.getByTestId("overlay-event")).toContainText("Friday Night 9-Ball");
    await expect(page.getByTestId("overlay-event")).toContainText("Final");
    await expect(page.getByTestId("overlay-race")).toHaveText("Race to5");
    await expect(page.getByText("Alex", { exact: true })).toBeVisible();
    await expect(page.getByText("Sam", { exact: true })).toBeVisible();

    // Nothing painted but the bar: no page background, no scrolling, the bar on screen.
    expect(
      await page.evaluate(() => [
        getComputedStyle(document.documentElement).backgroundColor,
        getComputedStyle(document.body).backgroundColor,
        document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth,
      ]),
    ).toEqual(["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)", true]);
    expect(await alphaAwayFromTheBar(page)).toEqual([0, 0, 0, 0]);
    const bar = (await page.getByTestId("overlay-race").boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(OBS.height);

    await expectAccessible(page, "the overlay");

    // A rack tapped at the table reaches the overlay by push, without reloading it.
    await markDocument(page);
    const before = (await scores(page).allTextContents()).map(Number);
    await rack(1);
    await expect
      .poll(async () => (await scores(page).allTextContents()).map(Number).reduce((a, b) => a + b), {
        timeout: 15_000,
      })
      .toBe(before.reduce((a, b) => a + b) + 1);
    await sameDocument(page);

    // For a look: over a dark and a light picture.
    await page.evaluate(
      (colour) => document.documentElement.style.setProperty("background", colour, "important"),
      theme === "dark" ? "#1f2937" : "#e5e7eb",
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/overlay-over-${theme}.png` });
    await context.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, ...OBS_SCREEN });

  test("shows the score and refreshes itself; an unknown code says so", async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const director = await browser.newContext();
    const { code, rack } = await finalAtTable(director.request, playwright, baseURL);
    await rack(2);
    await page.goto(`/scoreboard/${code}/overlay`);
    await expect(page.getByTestId("overlay-player1").getByTestId("overlay-score")).toBeVisible();
    expect((await scores(page).allTextContents()).map(Number).sort()).toEqual([0, 1]);
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "5");
    await rack(2);
    await expect
      // Read between the page's own reloads: one caught mid-reload is read again.
      .poll(
        async () =>
          (
            await scores(page)
              .allTextContents()
              .catch(() => [])
          )
            .map(Number)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual([0, 2]);
    await director.close();

    await page.goto("/scoreboard/NOPE2345/overlay");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid access code");
  });
});
