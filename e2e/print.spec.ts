// Paper (decision 026): the wall bracket and the draw sheet of a 16-entry double elimination, and a finished
// tournament's results, printed at A4 landscape — no buttons, white paper and black ink in the dark theme too, the
// bracket's rounds within the page's width and its parts on as many pages as they need. Also the sheet without
// JavaScript, and axe. Print emulation lays the page out at the printable width of A4 landscape (297 mm less 2 × 8 mm
// margins); the PDF is the real print, its pages counted.
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import {
  type ApiMatch,
  apiMatches,
  createTournamentViaApi,
  enterPaidPlayers,
  scenarioTournament,
  startViaApi,
  type TournamentJson,
} from "./support/tournaments.ts";

/** PRINT_SHOTS=dir saves the printed pages there, to look at. */
const SHOTS = process.env.PRINT_SHOTS;

// 281 × 194 mm at 96 px an inch: the inside of an A4 landscape page with the sheets' 8 mm margins.
const PRINTED = { width: 1062, height: 733 };
const LAPTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

async function record(request: APIRequestContext, match: ApiMatch, scores: [number, number]) {
  const winnerId = scores[0] > scores[1] ? match.player1Id : match.player2Id;
  const response = await request.patch(`/api/matches/${match.id}`, {
    data: { winnerId, player1Score: scores[0], player2Score: scores[1], status: "completed" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const pdfPages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;

/** What print emulation shows: the colours of the paper, a match card and its text, and any button still shown. */
async function printedLook(page: Page, card: string) {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector);
    const visible = [...document.querySelectorAll("button, a.btn-secondary, a.btn-primary")].filter(
      (b) => (b as HTMLElement).offsetParent !== null,
    );
    return {
      paper: getComputedStyle(document.body).backgroundColor,
      card: element ? getComputedStyle(element).backgroundColor : null,
      ink: element ? getComputedStyle(element).color : null,
      buttons: visible.map((b) => b.textContent),
      scrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  }, card);
}

async function printEmulated(page: Page) {
  await page.setViewportSize(PRINTED);
  await page.emulateMedia({ media: "print" });
}

async function laptop(browser: Browser, theme: "light" | "dark") {
  const context = await browser.newContext(LAPTOP);
  await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
  return { context, page: await context.newPage() };
}

test("a 16-entry double elimination: the wall bracket and the draw sheet on A4 landscape, in both themes", async ({
  page: director,
  browser,
  playwright,
  baseURL,
}) => {
  await createOrganiser(director.request);
  const created = await director.request.post("/api/tournaments", {
    data: {
      ...scenarioTournament({ name: "Sixteen Double", maxPlayers: 16, payoutStructure: "winner_ru" }),
      tournamentType: "double_elimination",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const t = (await created.json()) as TournamentJson;
  await enterPaidPlayers(playwright, baseURL, t.id, 16);
  await startViaApi(director.request, t.id);
  const table = (await (await director.request.post("/api/tables", { data: { name: "Table 7" } })).json()) as {
    id: string;
  };
  const firstRound = (await apiMatches(director.request, t.id)).filter((m) => m.bracket === "winners" && m.round === 1);
  await record(director.request, firstRound[0]!, [5, 3]);
  await record(director.request, firstRound[1]!, [2, 5]);
  const onTable = await director.request.patch(`/api/matches/${firstRound[2]!.id}/table`, {
    data: { tableId: table.id },
  });
  expect(onTable.status()).toBe(200);
  const reachable = (await apiMatches(director.request, t.id)).filter(
    (m) => !(m.isBye && m.player1Id === null && m.player2Id === null),
  ).length;

  for (const theme of ["dark", "light"] as const) {
    const { context, page } = await laptop(browser, theme);

    // The wall bracket: Print beside the draw sheet's link once hydrated.
    await page.goto(`/tournament/${t.slug}/bracket`);
    await expect(page.locator("html")).toHaveClass(new RegExp(theme));
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Draw sheet" })).toBeVisible();
    await printEmulated(page);
    expect(await printedLook(page, '[data-testid="match"]')).toEqual({
      paper: "rgb(255, 255, 255)",
      card: "rgba(0, 0, 0, 0)",
      ink: "rgb(0, 0, 0)",
      buttons: [],
      scrollsSideways: false,
    });
    await expect(page.getByRole("heading", { level: 1, name: "Sixteen Double" })).toBeVisible();
    // Every match on paper, inside the page's width; each part of the bracket fits a page (none is cut).
    const cards = await page.getByTestId("match").evaluateAll((all) =>
      all.map((card) => {
        const box = card.getBoundingClientRect();
        return { left: box.left, right: box.right, clipped: card.scrollWidth > card.clientWidth + 1 };
      }),
    );
    expect(cards).toHaveLength(reachable);
    for (const card of cards) {
      expect(card.left).toBeGreaterThanOrEqual(0);
      expect(card.right).toBeLessThanOrEqual(PRINTED.width);
      expect(card.clipped).toBe(false);
    }
    const parts = await page
      .locator("section:has(> .bracket-frame)")
      .evaluateAll((all) => all.map((part) => part.getBoundingClientRect().height));
    expect(parts).toHaveLength(3);
    for (const height of parts) expect(height).toBeLessThanOrEqual(PRINTED.height);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/print-bracket-${theme}.png`, fullPage: true });
    // Winners' bracket on the first page, the losers' and the grand final on the second.
    const bracketPdf = await page.pdf({ format: "A4", landscape: true, preferCSSPageSize: true });
    expect(pdfPages(bracketPdf)).toBe(2);

    // The draw sheet: every match by round, names, the table, scores or empty boxes.
    await page.emulateMedia({ media: "screen" });
    await page.setViewportSize(LAPTOP.viewport);
    await page.getByRole("link", { name: "Draw sheet" }).click();
    await expect(page).toHaveURL(new RegExp(`/tournament/${t.slug}/draw$`));
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([
      "Winners' bracket",
      "Losers' bracket",
      "Grand final",
    ]);
    await expect(page.getByTestId("sheet-match")).toHaveCount(reachable);
    const round1 = page.getByTestId("sheet-round").first();
    await expect(round1.locator("caption")).toHaveText("Winners Round 1");
    await expect(round1.getByTestId("sheet-match").nth(0)).toContainText("53");
    await expect(round1.getByTestId("sheet-match").nth(2)).toContainText("Table 7");
    await expect(round1.getByTestId("score-box")).toHaveCount(12);
    if (theme === "dark") {
      await expectAccessible(page, `the sheet (${theme})`);
    }
    await printEmulated(page);
    expect(await printedLook(page, '[data-testid="sheet-round"]')).toEqual({
      paper: "rgb(255, 255, 255)",
      card: "rgba(0, 0, 0, 0)",
      ink: "rgb(0, 0, 0)",
      buttons: [],
      scrollsSideways: false,
    });
    await expect(page.getByRole("link", { name: "← Tournament page" })).toBeHidden();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/print-draw-${theme}.png`, fullPage: true });
    const sheetPdf = await page.pdf({ format: "A4", landscape: true, preferCSSPageSize: true });
    expect(pdfPages(sheetPdf)).toBeGreaterThanOrEqual(2);
    expect(pdfPages(sheetPdf)).toBeLessThanOrEqual(3);
    await context.close();
  }
});

test("a finished tournament's results: 'Print results' to the sheet, one A4 page; without JavaScript", async ({
  page: director,
  browser,
  playwright,
  baseURL,
}) => {
  await createOrganiser(director.request);
  const t = await createTournamentViaApi(director.request, {
    name: "Results Night",
    maxPlayers: 4,
    payoutStructure: "winner_ru",
  });
  await enterPaidPlayers(playwright, baseURL, t.id, 4);
  await startViaApi(director.request, t.id);
  for (const round of [1, 2]) {
    for (const match of (await apiMatches(director.request, t.id)).filter((m) => m.round === round))
      await record(director.request, match, [3, 1]);
  }
  expect((await director.request.post(`/api/tournaments/${t.id}/finalize`)).status()).toBe(200);

  const { context, page } = await laptop(browser, "dark");
  await page.goto(`/tournament/${t.slug}`);
  await page.getByRole("link", { name: "Print results" }).click();
  await expect(page).toHaveURL(new RegExp(`/tournament/${t.slug}/draw$`));
  await expect(page.getByRole("heading", { level: 2, name: "Results" })).toBeVisible();
  await expect(page.getByTestId("podium-place")).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Print results" })).toHaveCount(0);
  await expect(page.getByTestId("score-box")).toHaveCount(0);
  await printEmulated(page);
  expect(await printedLook(page, '[data-testid="podium-place"]')).toEqual({
    paper: "rgb(255, 255, 255)",
    card: "rgba(0, 0, 0, 0)",
    ink: "rgb(0, 0, 0)",
    buttons: [],
    scrollsSideways: false,
  });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/print-results-dark.png`, fullPage: true });
  expect(pdfPages(await page.pdf({ format: "A4", landscape: true, preferCSSPageSize: true }))).toBe(1);
  await context.close();

  const plain = await browser.newContext({ ...LAPTOP, javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await noJs.goto(`/tournament/${t.slug}/draw`);
  await expect(noJs.getByTestId("print-hint")).toHaveText(/Use your browser's Print/);
  await expect(noJs.getByRole("button", { name: "Print" })).toHaveCount(0);
  await expect(noJs.getByTestId("podium-place")).toHaveCount(3);
  await noJs.goto(`/tournament/${t.slug}/bracket`);
  await expect(noJs.getByRole("button", { name: "Print" })).toHaveCount(0);
  await expect(noJs.getByRole("link", { name: "Draw sheet" })).toBeVisible();
  await plain.close();
});
