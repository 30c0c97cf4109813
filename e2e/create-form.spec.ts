// The creation form on a director's phone: the venue is
// filled in from the director's last tournament (else the venue they signed
// up with), and the prize sums stand beside the fees, not below the whole form.
import { expect, type Page, test } from "@playwright/test";
import { createOrganiser, waitForHydratedForm } from "./support/accounts.ts";
import { createTournamentViaApi, described } from "./support/tournaments.ts";

const summary = (page: Page) => page.getByRole("region", { name: "Prizes in short" });

/** The summary starts within one phone screen of the entry fee, and above the payout structure. */
async function expectBesideTheFees(page: Page) {
  const fee = await page.getByLabel("Entry fee (£)").boundingBox();
  const sums = await summary(page).boundingBox();
  const structure = await page.getByText("Payout structure", { exact: true }).boundingBox();
  if (!fee || !sums || !structure) throw new Error("the fee, the sums and the payout structure are all shown");
  expect(sums.y).toBeGreaterThan(fee.y);
  expect(sums.y + sums.height - fee.y, "the sums are on the same screen as the entry fee").toBeLessThan(844);
  expect(sums.y).toBeLessThan(structure.y);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("a league's or a groups event's payout choices speak of places, not semi-finalists", async ({ page }) => {
      await createOrganiser(page.request);
      await page.goto("/td/create-tournament");
      if (javaScriptEnabled) await waitForHydratedForm(page, "create-tournament");
      const payouts = page.getByRole("group", { name: "Payout structure" });
      // A knockout: rounds reached.
      await expect(payouts.getByRole("radio", { name: /^Winner, runner-up and semi-finalists/ })).toBeVisible();

      await page.getByLabel("Tournament type").selectOption("round_robin");
      // Without JavaScript the choices are drawn again by the Preview round trip, which keeps the type.
      if (!javaScriptEnabled) await summary(page).getByRole("button", { name: "Preview" }).click();
      await expect(page.getByLabel("Tournament type")).toHaveValue("round_robin");
      await expect(
        payouts.getByRole("radio", { name: /^Top 4\b.*50% \/ 25% \/ 12.5% each for 3rd and 4th/ }),
      ).toBeVisible();
      await expect(payouts.getByRole("radio", { name: /^Top 8\b.* 5% each for 5th-8th/ })).toBeVisible();
      await expect(payouts).not.toContainText(/finalist|last-16/);
      // The sums name the same places.
      await expect(described(summary(page), "Payouts if full")).toHaveText("1st £100.80 · 2nd £43.20");

      await page.getByLabel("Tournament type").selectOption("round_robin_tier");
      if (!javaScriptEnabled) await summary(page).getByRole("button", { name: "Preview" }).click();
      await expect(payouts.getByRole("radio", { name: /^Top 16\b.* 2.5% each for 9th-16th/ })).toBeVisible();
      await expect(payouts).not.toContainText(/finalist|last-16/);

      await page.getByLabel("Tournament type").selectOption("single_elimination");
      if (!javaScriptEnabled) await summary(page).getByRole("button", { name: "Preview" }).click();
      await expect(payouts.getByRole("radio", { name: /^Winner, runner-up and semi-finalists/ })).toBeVisible();
    });

    test("the venue is the director's own, and the prize sums stand beside the fees", async ({ page }) => {
      await createOrganiser(page.request); // signed up with "The Red Lion, Leeds" as the main venue
      await page.goto("/td/create-tournament");
      await expect(page.getByLabel("Venue")).toHaveValue("The Red Lion, Leeds");
      // Measured once the page is what it will stay: hydration hides the choices of the other formats (the grand
      // final's, the groups'), and a box measured before it and one after would not be on the same page.
      if (javaScriptEnabled) await waitForHydratedForm(page, "create-tournament");

      await expectBesideTheFees(page);
      await expect(described(summary(page), "Each player pays")).toHaveText("£11.00");
      await expect(described(summary(page), "Prize pool if full")).toHaveText("£144.00");
      await expect(described(summary(page), "Payouts if full")).toHaveText("1st £100.80 · 2nd £43.20");

      await page.getByLabel("Entry fee (£)").fill("20");
      if (!javaScriptEnabled) await summary(page).getByRole("button", { name: "Preview" }).click();
      await expect(described(summary(page), "Each player pays")).toHaveText("£21.00");
      await expect(described(summary(page), "Prize pool if full")).toHaveText("£304.00");
      await expect(page.getByLabel("Entry fee (£)")).toHaveValue("20");

      // The last tournament's venue comes next time.
      await createTournamentViaApi(page.request, { venue: "The Crown, York" });
      await page.goto("/td/create-tournament");
      await expect(page.getByLabel("Venue")).toHaveValue("The Crown, York");
    });
  });
}

test("on a laptop the full preview stands beside the form and the short sums are not repeated @tablet", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createOrganiser(page.request);
  await page.goto("/td/create-tournament");
  await expect(page.getByRole("complementary", { name: "Prize pool preview" })).toBeVisible();
  await expect(summary(page)).toBeHidden();
});

test("a check the server cannot answer (a dropped connection) leaves the form as it is; the next one answers", async ({
  page,
}) => {
  await createOrganiser(page.request);
  await page.goto("/td/create-tournament");
  await waitForHydratedForm(page, "create-tournament");
  const name = page.getByLabel("Tournament name");
  await name.fill("Half-typed");
  await page.route("**/create-tournament.data*", (route) => route.abort("internetdisconnected"));
  const dropped = page.waitForEvent("requestfailed", (request) => request.url().includes("create-tournament.data"));
  await name.fill("");
  await name.blur();
  await dropped;
  await expect(page.getByRole("heading", { level: 1, name: "Create Tournament" })).toBeVisible();
  await expect(page.getByLabel("Venue")).toHaveValue("The Red Lion, Leeds");

  await page.unroute("**/create-tournament.data*");
  await name.focus();
  await name.blur();
  await expect(name).toHaveAccessibleDescription("Tournament name is required");
});
