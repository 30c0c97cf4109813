// Checking in and withdrawing (decision 021) in the browser, with and without JavaScript: the director ticks in a
// player who has no phone (with JavaScript without reloading the page), starts keeping everyone by default with those
// not checked in named, then withdraws a player who had to leave and sees their first match become a walkover.
import { expect, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { markDocument, sameDocument } from "./support/live.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi, waitForHydrated } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the director ticks a player in, starts with everyone, and withdraws Sam", async ({
      page,
      playwright,
      baseURL,
    }) => {
      await createOrganiser(page.request);
      const t = await createTournamentViaApi(page.request, { maxPlayers: 4, payoutStructure: "winner_only" });
      const names = ["Sam Leaves", "Ann Phoneless", "Bo Late", "Cy Here"];
      for (const name of names) await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("p"), name });

      await page.goto(`/tournament/${t.slug}`);
      await expect(page.getByTestId("checked-in-count")).toHaveText("0 of 4 checked in");
      if (javaScriptEnabled) {
        await waitForHydrated(page, "[data-testid=check-in-tick]");
        await markDocument(page);
      }
      await page.getByRole("button", { name: "Check in Ann Phoneless" }).click();
      await expect(page.getByRole("button", { name: "Ann Phoneless is checked in: take it back" })).toBeVisible();
      await expect(page.getByTestId("checked-in-count")).toHaveText("1 of 4 checked in");
      // A mistaken tick is taken back the same way.
      await page.getByRole("button", { name: "Check in Cy Here" }).click();
      await page.getByRole("button", { name: "Cy Here is checked in: take it back" }).click();
      await expect(page.getByRole("button", { name: "Check in Cy Here" })).toBeVisible();
      await expect(page.getByTestId("checked-in-count")).toHaveText("1 of 4 checked in");
      if (javaScriptEnabled) await sameDocument(page);

      // The start keeps everyone unless the director chooses to drop those named.
      await page.getByRole("link", { name: "Start Tournament" }).click();
      const start = page.getByRole("dialog", { name: `Start ${t.name}?` });
      await expect(start).toContainText("3 players have not checked in: Sam Leaves, Bo Late, Cy Here");
      await expect(start.getByRole("radio", { name: "Start with all 4 players" })).toBeChecked();
      await expect(start.getByRole("radio", { name: /^Drop Sam Leaves, Bo Late, Cy Here/ })).not.toBeChecked();
      await start.getByRole("button", { name: "Start Tournament" }).click();
      await expect(page.getByText("The draw is made: 4 players, 3 matches.")).toBeVisible();

      // Sam has to leave: the dialog says what happens; the first match is a walkover.
      await page.getByRole("link", { name: "Withdraw a player" }).click();
      const entries = page.getByRole("dialog", { name: "Withdraw a player" });
      await entries.getByRole("link", { name: "Withdraw Sam Leaves" }).click();
      const dialog = page.getByRole("dialog", { name: "Withdraw Sam Leaves?" });
      await expect(dialog).toContainText("remaining matches become walkovers");
      await expect(dialog).toContainText("Nothing is refunded.");
      await dialog.getByRole("button", { name: "Withdraw Sam Leaves" }).click();
      await expect(page.getByText("1 match is a walkover now; the rest as they come up.")).toBeVisible();
      await page.getByRole("link", { name: "Withdraw a player" }).click();
      await expect(entries.getByRole("listitem").filter({ hasText: "Sam Leaves" })).toContainText("Withdrawn");
      await expect(entries.getByRole("link", { name: "Withdraw Sam Leaves" })).toHaveCount(0);
    });
  });
}
