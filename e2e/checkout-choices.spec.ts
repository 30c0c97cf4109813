// The checkout's two ways to pay: "Pay from balance"
// comes first when the balance covers the total. (The no-JavaScript decline
// message is in payments.spec.ts.)
import { expect, type Page, test } from "@playwright/test";
import { createPlayer } from "./support/accounts.ts";
import { joinToCheckout, tournamentUrl, tournamentViaApi, winTournamentViaApi } from "./support/payments.ts";

/** The vertical position of a heading on the page. */
async function top(page: Page, name: string): Promise<number> {
  const box = await page.getByRole("heading", { name, level: 2 }).boundingBox();
  if (!box) throw new Error(`no heading ${name}`);
  return box.y;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a balance that covers the total is offered first, the card second", async ({ page, playwright, baseURL }) => {
      await createPlayer(page.request);
      await winTournamentViaApi(playwright, baseURL, page.request, { entryFee: "20.00" });
      const t = await tournamentViaApi(playwright, baseURL);
      await joinToCheckout(page, t.slug);

      expect(await top(page, "Pay from your balance")).toBeLessThan(await top(page, "Or pay by card"));
      await expect(page.getByText("You have £38.00 available.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Pay by card", exact: true })).toHaveCount(0);
      await page.getByRole("button", { name: "Pay £11.00 from balance" }).click();
      await expect(page).toHaveURL(tournamentUrl(t.slug));
      await expect(page.getByText("You're registered. See you at the table!")).toBeVisible();
    });
  });
}
