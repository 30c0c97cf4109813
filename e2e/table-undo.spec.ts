// Confirm what can't be undone at the table (decision 025): without a race-to,
// "Alex won" asks for the score and a confirmation (in place with the script,
// as a step page without it); after a confirm the board offers "Undo" for 10 s,
// and undoing puts the match back as it was. Set up through the JSON API.
// Axe on the confirm and undo states in both themes; UNDO_SHOTS=1 writes them (tablet width) to /tmp.
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

type Match = { id: string; status: string; winnerId: string | null };
type Playwright = Parameters<typeof paidPlayerViaApi>[0];

/** Alex and Sam's final on a table (`raceTo` or none), and a tablet at it with or without JavaScript. */
async function tabletAtFinal(
  {
    request,
    browser,
    playwright,
    baseURL,
  }: { request: APIRequestContext; browser: Browser; playwright: Playwright; baseURL?: string },
  { raceTo, javaScriptEnabled }: { raceTo?: number; javaScriptEnabled: boolean },
) {
  await createOrganiser(request);
  const t = await createTournamentViaApi(request, { maxPlayers: 2, payoutStructure: "winner_only", raceTo });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("alex"), name: "Alex" });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("sam"), name: "Sam" });
  expect((await request.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
  const table = (await (await request.post("/api/tables", { data: { name: "Table 4" } })).json()) as {
    id: string;
    accessCode: string;
  };
  const [final] = (await (await request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
  if (!final) throw new Error("a two-player draw has a final");
  expect((await request.patch(`/api/matches/${final.id}/table`, { data: { tableId: table.id } })).status()).toBe(200);
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 800, height: 1280 } });
  const page = await context.newPage();
  await page.goto(`/scoreboard/${table.accessCode}`);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-live", "open");
  const status = async () =>
    ((await (await request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[])[0]?.status;
  return { page, context, status };
}

/** Axe in light and dark theme (no serious or critical violation); UNDO_SHOTS=1 also writes both to /tmp. */
async function checkState(page: Page, name: string) {
  // The theme is switched here, not loaded: no colour may be caught half-way through a transition.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => {
      document.documentElement.classList.remove("light", "dark");
      document.documentElement.classList.add(t);
    }, theme);
    await expectAccessible(page, `${name} (${theme})`);
    if (process.env.UNDO_SHOTS) await page.screenshot({ path: `/tmp/undo-${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.replace("dark", "light"));
}

/** Types Alex's and Sam's racks into "Who won?" (who is player 1 is the draw's). */
async function typeScores(page: Page, alex: number, sam: number) {
  await page.getByLabel("Alex's racks").fill(String(alex));
  await page.getByLabel("Sam's racks").fill(String(sam));
}

test("no race-to, with the script: 'Alex won' asks for the score and a confirmation, then offers Undo", async ({
  page: director,
  browser,
  playwright,
  baseURL,
}) => {
  const tablet = await tabletAtFinal(
    { request: director.request, browser, playwright, baseURL },
    { javaScriptEnabled: true },
  );
  const { page } = tablet;
  // Level: asked again, with the reason; nothing is sent.
  await typeScores(page, 2, 2);
  await page.getByRole("button", { name: "Alex won" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The winner must have won more racks" })).toBeVisible();
  await typeScores(page, 3, 1);
  await page.getByRole("button", { name: "Alex won" }).click();
  await expect(page.getByText("Alex wins 3–1 — Confirm result?")).toBeVisible();
  await expect(page.getByText("The winner must have won more racks")).toBeHidden();
  await checkState(page, "confirm");
  // Back, and again: still nothing recorded.
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page.getByRole("button", { name: "Alex won" })).toBeVisible();
  expect(await tablet.status()).toBe("in_progress");
  await page.getByRole("button", { name: "Alex won" }).click();
  await page.getByRole("button", { name: "Confirm result" }).click();

  await expect(page.getByTestId("result-line")).toHaveText("Result recorded: Alex won 3–1");
  await expect(page.getByRole("button", { name: /^Undo \(\d+ s\)$/ })).toBeVisible();
  expect(await tablet.status()).toBe("completed");
  // Checked, not tapped: axe may take longer than the 10 s (the other two tests tap Undo at once).
  await checkState(page, "undo");
  await tablet.context.close();
});

test("no race-to, without JavaScript: the confirmation is a step page, and Undo a plain form", async ({
  page: director,
  browser,
  playwright,
  baseURL,
}) => {
  const tablet = await tabletAtFinal(
    { request: director.request, browser, playwright, baseURL },
    { javaScriptEnabled: false },
  );
  const { page } = tablet;
  await typeScores(page, 4, 2);
  await page.getByRole("button", { name: "Sam won" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The winner must have won more racks" })).toBeVisible();
  await typeScores(page, 2, 4);
  await page.getByRole("button", { name: "Sam won" }).click();
  await expect(page).toHaveURL(/[?&]winner=[12]/);
  await expect(page.getByText("Sam wins 4–2 — Confirm result?")).toBeVisible();
  expect(await tablet.status()).toBe("in_progress");
  await page.getByRole("button", { name: "Confirm result" }).click();
  await expect(page.getByTestId("result-line")).toHaveText("Result recorded: Sam won 4–2");
  expect(await tablet.status()).toBe("completed");
  await page.getByRole("button", { name: /^Undo/ }).click();
  await expect(page.getByRole("button", { name: "Sam won" })).toBeVisible();
  expect(await tablet.status()).toBe("in_progress");
  await tablet.context.close();
});

test("after the last rack of a race, Undo takes the result back to the confirm question", async ({
  page: director,
  browser,
  playwright,
  baseURL,
}) => {
  const tablet = await tabletAtFinal(
    { request: director.request, browser, playwright, baseURL },
    { raceTo: 2, javaScriptEnabled: true },
  );
  const { page } = tablet;
  for (let i = 0; i < 2; i++) await page.getByRole("button", { name: "+1 rack for Sam" }).click();
  await expect(page.getByText("Sam wins 2–0 — Confirm result?")).toBeVisible();
  await page.getByRole("button", { name: "Confirm result" }).click();
  await expect(page.getByTestId("result-line")).toHaveText("Result recorded: Sam won 2–0");
  expect(await tablet.status()).toBe("completed");
  await page.getByRole("button", { name: /^Undo \(/ }).click();
  await expect(page.getByText("Sam wins 2–0 — Confirm result?")).toBeVisible();
  expect(await tablet.status()).toBe("in_progress");
  await tablet.context.close();
});
