// Leaving and the reserve list (decision 014) in the browser: a player leaves with the
// confirmation (with and without JavaScript) and the first reserve is offered
// the place; a player checks in from the venue's QR code address.
import { expect, test } from "@playwright/test";
import { createOrganiser, createPlayer } from "./support/accounts.ts";
import {
  CARDS,
  checkoutUrl,
  paidPlayerViaApi,
  payToEnter,
  payWithCard,
  waitForHydratedCardForm,
} from "./support/payments.ts";
import { createTournamentViaApi, entryBox, openPanel } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a player leaves after being told what comes back; the first reserve gets the place", async ({
      page,
      browser,
      playwright,
      baseURL,
    }) => {
      const director = await browser.newPage({ javaScriptEnabled });
      await createOrganiser(director.request);
      const t = await createTournamentViaApi(director.request, {
        maxPlayers: 2,
        payoutStructure: "winner_only",
        entryFee: "10.00",
        siteFee: "1.00",
      });
      await paidPlayerViaApi(playwright, baseURL, t.id);
      await createPlayer(page.request);
      await payToEnter(page.request, t.id);

      // The reserve joins the list from the full tournament's page.
      const reserve = await browser.newPage({ javaScriptEnabled });
      await createPlayer(reserve.request);
      await reserve.goto(`/tournament/${t.slug}`);
      await entryBox(reserve).getByRole("button", { name: "Join the reserve list" }).click();
      await expect(entryBox(reserve).getByTestId("reserve-position")).toContainText("You're first on the reserve list");

      await page.goto(`/tournament/${t.slug}`);
      await entryBox(page).getByRole("link", { name: "Leave tournament" }).click();
      const dialog = page.getByRole("dialog", { name: `Leave ${t.name}?` });
      await expect(dialog).toContainText("You get £10.00 back to your balance. The £1.00 site fee is not refunded.");
      await dialog.getByRole("button", { name: "Leave tournament" }).click();
      await expect(page.getByText("You've left the tournament").first()).toBeVisible();
      await expect(entryBox(page).getByRole("link", { name: "Leave tournament" })).toHaveCount(0);

      // The place is held for the reserve, who can pay for it now.
      await reserve.reload();
      await expect(entryBox(reserve).getByText("Your place is held while you pay.")).toBeVisible();
      await expect(entryBox(reserve).getByRole("link", { name: "Resume payment" })).toBeVisible();
      await director.goto(`/tournament/${t.slug}`);
      await expect(director.getByTestId("reserve-list")).toContainText("Offered a place");

      // The reserve pays for the place held for them, and is in.
      await entryBox(reserve).getByRole("link", { name: "Resume payment" }).click();
      await expect(reserve).toHaveURL(checkoutUrl(t.slug));
      if (!javaScriptEnabled) await reserve.getByRole("button", { name: "Continue to payment" }).click();
      if (javaScriptEnabled) await waitForHydratedCardForm(reserve);
      await payWithCard(reserve, CARDS.success);
      await expect(entryBox(reserve).getByText("You're registered. See you at the table!")).toBeVisible();
      await director.reload();
      await openPanel(director, "Check-in");
      await expect(director.getByText("Nobody is waiting.")).toBeVisible();
      await expect(director.getByTestId("checked-in-count")).toHaveText("0 of 2 checked in");
    });

    test("check-in from the venue QR code's address", async ({ page, browser }) => {
      const director = await browser.newPage({ javaScriptEnabled });
      await createOrganiser(director.request);
      const t = await createTournamentViaApi(director.request, { maxPlayers: 4, payoutStructure: "winner_only" });
      await createPlayer(page.request);
      await payToEnter(page.request, t.id);
      await director.goto(`/tournament/${t.slug}`);
      await expect(director.getByTestId("checked-in-count")).toHaveText("0 of 1 checked in");
      // The code folds away with the director's other panels until it is wanted.
      await openPanel(director, "Venue QR code");
      const qr = director.getByRole("img", { name: `QR code: check in to ${t.name}` });
      await expect(qr).toBeVisible();

      await page.goto(`/tournament/${t.slug}?checkin=1`);
      await entryBox(page).getByRole("button", { name: "I'm here — check in" }).click();
      await expect(entryBox(page).getByText("✓ You're checked in.")).toBeVisible();
      await director.reload();
      await expect(director.getByTestId("checked-in-count")).toHaveText("1 of 1 checked in");
    });
  });
}
