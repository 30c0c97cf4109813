import { expect, test } from "@playwright/test";
import { createOrganiser, createPlayer } from "../e2e/support/accounts.ts";
import { createTournamentViaApi, uniqueToken, waitForHydrated, organiserWithTournament } from "../e2e/support/tournaments.ts";

test("nav current", async ({ page }) => {
  await createPlayer(page.request);
  for (const u of ["/player/tournaments", "/player/tournaments?tab=registered"]) {
    await page.goto(u);
    const nav = page.getByRole("navigation", { name: "Main" });
    console.log(u, await nav.getByRole("link").evaluateAll((els) => els.map((e) => `${e.textContent}=${e.getAttribute("aria-current")}`)));
  }
});

test.describe("nojs", () => {
  test.use({ javaScriptEnabled: false });
  test("nojs create errors", async ({ page }) => {
    await createOrganiser(page.request);
    await page.goto("/td/create-tournament");
    await page.getByLabel("Tournament name").fill("X");
    await page.getByLabel("Venue", { exact: true }).fill("Y");
    await page.getByLabel("Date", { exact: true }).fill("2020-01-01");
    await page.getByLabel("Start time").fill("19:30");
    await page.getByLabel("Rake per entry (£)").fill("12");
    const r = page.waitForResponse(() => true);
    await page.getByRole("button", { name: "Create Tournament" }).click();
    console.log("status", (await r).status(), page.url());
    console.log(await page.locator("[aria-invalid=true]").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name)));
    console.log(await page.locator("p[id$=-error]").allTextContents());
  });
});

test("payment toast with tab", async ({ page, request }) => {
  const { tournament } = await organiserWithTournament(request);
  await page.goto(`/tournament/${tournament.slug}?tab=bracket&payment=success`);
  await page.waitForTimeout(1500);
  console.log(page.url());
  const r = await request.get(`/tournament/${tournament.slug}x`);
  console.log("unknown slug status", r.status());
  const long = await request.get(`/tournament/${"a".repeat(200)}`);
  console.log("long slug", long.status());
});
