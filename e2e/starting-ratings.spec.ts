// Starting ratings (decision 027) in a browser: the director sets a provisional entrant's start on the
// tournament page before the start, and the player's profile shows it, naming the director. The form without
// JavaScript is covered by tests/starting-ratings.test.ts. STARTS_SHOTS=<dir> saves the card at phone and tablet
// widths in both themes.
import { expect, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi, openPanel } from "./support/tournaments.ts";

test("the director sets a newcomer's starting rating; the profile shows it, set by them", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const td = await createOrganiser(page.request, { ...newIdentity("td"), name: "Dana Director" });
  const t = await createTournamentViaApi(page.request, { maxPlayers: 8 });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("mo"), name: "Mo Starts" });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("liam"), name: "Liam Starts" });

  await page.goto(`/tournament/${t.slug}`);
  // The ratings fold away with the director's other panels until they are wanted.
  await openPanel(page, "Starting ratings");
  const card = page.getByRole("region", { name: "Starting ratings" });
  const mo = card.getByLabel("Mo Starts");
  await expect(mo).toHaveValue("500");
  const moId = (await mo.getAttribute("name"))?.slice("rating:".length) ?? "";
  await mo.fill("650");
  await card.getByRole("button", { name: "Save ratings" }).click();
  await expect(page.getByText("Starting ratings saved")).toBeVisible();
  await expect(mo).toHaveValue("650");
  await expect(card).toContainText(`Set by ${td.name}`);
  await expect(card.getByLabel("Liam Starts")).toHaveValue("500");

  if (process.env.STARTS_SHOTS) {
    for (const width of [390, 800]) {
      for (const theme of ["light", "dark"]) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          storageState: await page.context().storageState(),
        });
        await context.addInitScript((name) => localStorage.setItem("theme", name), theme);
        const shot = await context.newPage();
        await shot.goto(`/tournament/${t.slug}?open=ratings#starting-ratings`);
        const region = shot.getByRole("region", { name: "Starting ratings" });
        await region.getByLabel("Mo Starts").fill("5000");
        await region.getByLabel("Mo Starts").evaluate((input) => input.closest("form")?.setAttribute("novalidate", ""));
        await region.getByRole("button", { name: "Save ratings" }).click();
        await expect(region.getByText("A starting rating is a whole number from 100 to 1000")).toBeVisible();
        await region.screenshot({ path: `${process.env.STARTS_SHOTS}/starts-${width}-${theme}.png` });
        await shot.screenshot({ path: `${process.env.STARTS_SHOTS}/page-${width}-${theme}.png`, fullPage: true });
        await context.close();
      }
    }
  }

  await page.goto(`/players/${moId}`);
  await expect(page.getByTestId("rating")).toHaveText("650");
  await expect(page.getByText("Provisional", { exact: true })).toBeVisible();
  await expect(page.getByText(`Starting rating set by ${td.name}`)).toBeVisible();
});
