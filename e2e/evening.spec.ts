// An evening at the Red Lion (../shared/SCENARIO.md) in a real browser: the
// director's tables and tablet, the draw, results at the tables, payouts,
// and the winner's dashboard and withdrawal.
import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs, test } from "@playwright/test";
import { futureDate, validTournament } from "../test-support/fixtures.js";
import { createOrganiser, createPlayer, newIdentity, submitLogin, type Identity } from "./support/accounts.ts";
import { openBracketTab } from "./support/tournaments.ts";

type Match = {
  id: string;
  round: number;
  matchNumber: number;
  player1Id: string | null;
  player2Id: string | null;
  status: string;
  winnerId: string | null;
};

async function createTournament(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const response = await request.post("/api/tournaments", {
    data: validTournament({
      name: `Friday Knockout ${Math.random().toString(36).slice(2, 7)}`,
      date: futureDate(21),
      maxPlayers: 8,
      raceTo: 5,
      ...overrides,
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; slug: string; name: string };
}

/** Players who signed up and paid with the test card, each in their own API context. */
async function paidPlayers(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  tournamentId: string,
  names: string[],
): Promise<Identity[]> {
  const people: Identity[] = [];
  for (const name of names) {
    const request = await playwright.request.newContext({ baseURL });
    const who = { ...newIdentity("player"), name };
    await createPlayer(request, who);
    const join = await request.post("/api/tournaments/join", { data: { tournamentId } });
    const { paymentIntentId } = (await join.json()) as { paymentIntentId: string };
    const paid = await request.post(`/api/dev/payments/${paymentIntentId}/confirm`, {
      data: { cardNumber: "4242424242424242" },
    });
    expect(paid.status()).toBe(200);
    await request.dispose();
    people.push(who);
  }
  return people;
}

async function matches(request: APIRequestContext, tournamentId: string): Promise<Match[]> {
  return (await (await request.get(`/api/tournaments/${tournamentId}/matches`)).json()) as Match[];
}

/** Records a result as the director does on the bracket tab: the match card's Record result opens the dialog. */
async function recordResultInBrowser(page: Page, match: Match, winnerName: string, scores: [string, string]) {
  await expect(page).toHaveURL(/\?tab=bracket/);
  const link = page.getByRole("link", { name: "Record result" }).and(page.locator(`[href$="result=${match.id}"]`));
  await link.click();
  const dialog = page.getByRole("dialog", { name: "Record result" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: winnerName }).check();
  const scoreInputs = dialog.getByRole("spinbutton");
  await scoreInputs.nth(0).fill(scores[0]);
  await scoreInputs.nth(1).fill(scores[1]);
  await dialog.getByRole("button", { name: "Save result" }).click();
  await expect(page.getByTestId("toast")).toContainText("Result recorded");
  // Saved (the toast may still be the last result's): the dialog closed, the card no longer offers it.
  await expect(dialog).toHaveCount(0);
  await expect(link).toHaveCount(0);
}

test("a whole evening: tables, tablet, draw, results, payouts, winner's dashboard @tablet", async ({
  page,
  browser,
  context,
  playwright,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const dave = await createOrganiser(page.request);
  const t = await createTournament(page.request);
  const names = ["Alice Archer", "Ben Baker", "Cat Carter", "Dev Dunn", "Eve Ellis"];
  const people = await paidPlayers(playwright, baseURL, t.id, names);

  // Tables: add one and copy its scoreboard URL.
  await page.goto("/td/tables");
  await expect(page.getByRole("heading", { name: "Table Access Codes" })).toBeVisible();
  await page.getByPlaceholder("e.g., Table 1").fill("Table 1");
  await page.getByPlaceholder("e.g., Table 1").press("Enter");
  await expect(page.getByTestId("toast")).toContainText("Table created");
  const row = page.getByTestId("table-row").filter({ hasText: "Table 1" });
  const code = (await row.locator("code").textContent())!.trim();
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  await row.getByRole("button", { name: "Copy URL" }).click();
  await expect(page.getByTestId("toast")).toContainText("Scoreboard URL copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/scoreboard/${code}$`));

  // The tablet at the table: enter the code once.
  const tablet = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await tablet.goto("/scoreboard");
  await tablet.getByLabel("Access code").fill(code.toLowerCase());
  await tablet.getByRole("button", { name: "View Scoreboard" }).click();
  await expect(tablet.getByRole("heading", { name: "Table 1" })).toBeVisible();
  await expect(tablet.getByText("No Active Match")).toBeVisible();

  // The draw.
  await page.goto(`/tournament/${t.slug}`);
  await page.getByRole("link", { name: "Start Tournament" }).click();
  const startDialog = page.getByRole("dialog", { name: `Start ${t.name}?` });
  await expect(startDialog).toContainText("5 paid players");
  await startDialog.getByRole("button", { name: "Start Tournament" }).click();
  await expect(page.getByTestId("toast")).toContainText("Tournament started");
  await expect(page.getByRole("link", { name: /Bracket/ })).toContainText("Live");
  // The director lands on the floor; the bracket is the next tab.
  await openBracketTab(page);
  for (const label of ["Quarter-Finals", "Semi-Finals", "Final"])
    await expect(page.getByRole("heading", { name: label, exact: true })).toBeVisible();

  // Put the first playable match on Table 1; the tablet follows within a refresh.
  let current = await matches(page.request, t.id);
  const first = current.find((m) => m.player1Id && m.player2Id && m.status !== "completed")!;
  const card = page.getByRole("article", { name: `Quarter-Finals, match ${first.matchNumber}` });
  await card.getByLabel(`Table for match ${first.matchNumber}`).selectOption({ label: "Table 1" });
  await card.getByRole("button", { name: "Set table" }).click();
  await expect(page.getByTestId("toast")).toContainText("Table assigned");
  await expect(tablet.getByText(`Quarter-Finals · Match ${first.matchNumber}`)).toBeVisible({ timeout: 15_000 });
  await expect(tablet.getByTestId("match-status")).toHaveText("in progress");

  // Results, round by round, with the winner typed 5–3.
  for (let guard = 0; guard < 6; guard++) {
    current = await matches(page.request, t.id);
    const playable = current.filter((m) => m.player1Id && m.player2Id && m.status !== "completed");
    if (playable.length === 0) break;
    for (const m of playable) {
      const html = await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json();
      const full = (html as (Match & { player1: { name: string } })[]).find((x) => x.id === m.id)!;
      await recordResultInBrowser(page, m, full.player1.name, ["5", "3"]);
    }
  }
  // The tablet shows the first match's result with the trophy.
  await expect(tablet.getByTestId("match-status")).toHaveText("completed", { timeout: 15_000 });
  await expect(tablet.getByText("Winner:")).toHaveCount(1);

  // Finalize with the payout preview: 5 × £9 = £45 → £31.50 / £13.50.
  await page.goto(`/tournament/${t.slug}`);
  await page.getByRole("link", { name: "Finalize & Pay Out" }).click();
  const finalize = page.getByRole("dialog", { name: "Confirm payouts" });
  const preview = finalize.getByTestId("payout-preview");
  await expect(preview).toContainText("1st");
  await expect(preview).toContainText("£31.50");
  await expect(preview).toContainText("2nd");
  await expect(preview).toContainText("£13.50");
  const winnerName = (await preview.locator("tbody tr").first().locator("td").first().textContent())!.trim();
  await finalize.getByRole("button", { name: "Confirm Payouts" }).click();
  await expect(page.getByTestId("toast")).toContainText("Payouts confirmed");

  // Dave sees his £5.00 rake and his figures.
  await page.goto("/td/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("£5.00");
  await expect(page.getByText("+£5.00")).toBeVisible();

  // The winner signs in and withdraws part of the prize.
  const winner = people.find((p) => p.name === winnerName)!;
  const winnerPage = await browser.newPage();
  await winnerPage.goto("/login");
  await submitLogin(winnerPage, winner);
  await expect(winnerPage).toHaveURL(/\/player\/dashboard$/);
  await expect(winnerPage.getByTestId("balance")).toHaveText("£31.50");
  await expect(winnerPage.getByText("100.0%").first()).toBeVisible();
  await winnerPage.getByRole("link", { name: "Withdraw" }).click();
  const withdraw = winnerPage.getByRole("dialog", { name: "Withdraw" });
  await withdraw.getByLabel("Amount (£)").fill("10");
  await expect(withdraw).toContainText("£0.30");
  await expect(withdraw).toContainText("£9.70");
  await withdraw.getByLabel("Name on the account").fill(winnerName);
  await withdraw.getByLabel("Sort code").fill("12-34-56");
  await withdraw.getByLabel("Account number").fill("12345678");
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await expect(winnerPage.getByTestId("toast")).toContainText("Withdrawal requested");
  await expect(winnerPage.getByTestId("toast")).toContainText("will reach the account •••• 5678");
  await expect(winnerPage.getByTestId("balance")).toHaveText("£21.50");
  await expect(winnerPage.getByTestId("transaction").first()).toContainText("−£10.00");
  await tablet.close();
  await winnerPage.close();
  void dave;
});

test("the tablet says it is reconnecting when the Wi-Fi drops and recovers by itself", async ({ page, browser }) => {
  await createOrganiser(page.request);
  const tbl = (await (await page.request.post("/api/tables", { data: { name: "Window Table" } })).json()) as {
    accessCode: string;
  };
  const context = await browser.newContext();
  const tablet = await context.newPage();
  await tablet.goto(`/scoreboard/${tbl.accessCode}`);
  await expect(tablet.getByText("No Active Match")).toBeVisible();
  await context.setOffline(true);
  await expect(tablet.getByText("Reconnecting…")).toBeVisible({ timeout: 15_000 });
  // Still showing the last known state, not an error page.
  await expect(tablet.getByRole("heading", { name: "Window Table" })).toBeVisible();
  await context.setOffline(false);
  await expect(tablet.getByText("Reconnecting…")).toHaveCount(0, { timeout: 40_000 });
  await expect(tablet.getByText("No Active Match")).toBeVisible();
  await context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the director records a result and the scoreboard refreshes itself", async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    await createOrganiser(page.request);
    const t = await createTournament(page.request, { maxPlayers: 2, payoutStructure: "winner_only" });
    await paidPlayers(playwright, baseURL, t.id, ["Nia Noscript", "Oli Offline"]);
    await page.request.post(`/api/tournaments/${t.id}/start`);
    const tableResponse = await page.request.post("/api/tables", { data: { name: "Table 9" } });
    const tbl = (await tableResponse.json()) as { id: string; accessCode: string };
    const [final] = await matches(page.request, t.id);

    const tablet = await browser.newPage({ javaScriptEnabled: false });
    await tablet.goto(`/scoreboard/${tbl.accessCode}`);
    await expect(tablet.getByText("No Active Match")).toBeVisible();

    await page.goto(`/tournament/${t.slug}?tab=bracket`);
    await page.getByLabel("Table for match 1").selectOption({ label: "Table 9" });
    await page.getByRole("button", { name: "Set table" }).click();
    await expect(page.getByTestId("toast")).toContainText("Table assigned");
    // The tablet reloads itself (meta refresh) and shows the match.
    await expect(tablet.getByTestId("match-label")).toHaveText("Final · Race to 5", { timeout: 15_000 });

    await page.getByRole("link", { name: "Record result" }).click();
    await page.getByRole("radio", { name: "Nia Noscript" }).check();
    await page.getByRole("button", { name: "Save result" }).click();
    await expect(page.getByTestId("toast")).toContainText("Result recorded");
    await expect(tablet.getByTestId("match-status")).toHaveText("completed", { timeout: 15_000 });
    expect(final).toBeDefined();
    await tablet.close();
  });

  test("deleting a table asks first", async ({ page }) => {
    await createOrganiser(page.request);
    await page.request.post("/api/tables", { data: { name: "Spare Table" } });
    await page.goto("/td/tables");
    await page.getByRole("link", { name: "Delete Spare Table" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Spare Table?" });
    await expect(dialog).toContainText("Any tablets using this code will no longer work.");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByText("Spare Table")).toBeVisible();
    await page.getByRole("link", { name: "Delete Spare Table" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Table removed successfully")).toBeVisible();
    await expect(page.getByText("No tables yet. Add your first table above.")).toBeVisible();
  });
});
