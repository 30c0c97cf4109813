// A captain enters a scotch doubles team (decision 011) from the tournament page,
// with JavaScript and without: names the team and the teammate, pays for
// both by card, and the team is listed with its members.
import { expect, test } from "@playwright/test";
import { createPlayer, newIdentity } from "./support/accounts.ts";
import { CARDS, cardForm, checkoutUrl, payWithCard, tournamentUrl, tournamentViaApi } from "./support/payments.ts";
import { described, entryBox } from "./support/tournaments.ts";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a captain enters a scotch doubles team and pays for both", async ({ page, playwright, baseURL, request }) => {
      const t = await tournamentViaApi(playwright, baseURL, { matchType: "2v2", maxPlayers: 8 });
      const mate = await createPlayer(request, newIdentity("mate"));
      const captain = await createPlayer(page.request, newIdentity("captain"));

      await page.goto(`/tournament/${t.slug}`);
      await expect(page.getByText("0/8 teams registered")).toBeVisible();
      // The price is the team's, the total first: what the captain pays.
      await expect(described(entryBox(page), "Price")).toHaveText(
        "£22.00 per team of 2 — £20.00 entry + £2.00 booking fee",
      );
      await expect(page.getByRole("button", { name: "Enter Team" })).toHaveText("Enter Team — £22.00");
      // A refusal in the product's words (an address that can be nobody's), and nothing held.
      await page.getByLabel("Team name").fill("Cue Balls");
      await page.getByLabel("Teammate 1 e-mail").fill("nobody-here@example");
      await page.getByRole("button", { name: "Enter Team" }).click();
      await expect(page.getByText("No player account for nobody-here@example")).toBeVisible();
      await expect(page).toHaveURL(tournamentUrl(t.slug));

      await page.getByLabel("Team name").fill("Cue Balls");
      await page.getByLabel("Teammate 1 e-mail").fill(mate.email);
      await page.getByRole("button", { name: "Enter Team" }).click();
      await expect(page).toHaveURL(checkoutUrl(t.slug));
      // The captain pays (entry + site fee) × 2 in one payment.
      await expect(page.getByTestId("checkout-total")).toHaveText("£22.00");
      await expect(cardForm(page)).toBeVisible();
      await payWithCard(page, CARDS.success);
      await expect(page).toHaveURL(new RegExp(`/tournament/${t.slug}`));
      await expect(page.getByText("1/8 teams registered")).toBeVisible();
      const members = page.getByRole("list", { name: "Cue Balls members" });
      await expect(members).toContainText(`${captain.name} (captain)`);
      await expect(members).toContainText(mate.name);
    });
  });
}
