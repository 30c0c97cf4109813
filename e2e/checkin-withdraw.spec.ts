// Checking in and withdrawing (decision 021) in the browser, with and without JavaScript: the director ticks in a
// player who has no phone (with JavaScript without reloading the page), starts keeping everyone by default with those
// not checked in named, then withdraws a player who had to leave and sees their first match become a walkover, back on
// the floor. The withdraw list holds only those still in the event: neither withdrawn nor knocked out.
import { expect, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { markDocument, sameDocument } from "./support/live.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { apiMatches, createTournamentViaApi, openPanel, waitForHydrated } from "./support/tournaments.ts";

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
      // The count shows on the check-in's summary; the list folds away until the night.
      await expect(page.getByTestId("checked-in-count")).toHaveText("0 of 4 checked in");
      await openPanel(page, "Check-in");
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
      // Back on the floor, the director's screen during play.
      await expect(page).toHaveURL(/\?tab=floor$/);
      const sections = page.getByRole("navigation", { name: "Tournament sections" });
      await expect(sections.getByRole("link", { name: "Floor" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { name: "Up next" })).toBeVisible();

      // The other semi-final is played: its loser is out of the event too.
      const other = (await apiMatches(page.request, t.id)).find((m) => m.round === 1 && m.status !== "completed");
      if (!other?.player1 || !other.player2) throw new Error("the other semi-final waits with its two players");
      const saved = await page.request.patch(`/api/matches/${other.id}`, { data: { winnerId: other.player1Id } });
      expect(saved.status()).toBe(200);
      await page.goto(`/tournament/${t.slug}`);
      await page.getByRole("link", { name: "Withdraw a player" }).click();
      // Only the two finalists are left to withdraw: not Sam, nor the semi-final's loser.
      const still = names.filter((n) => n !== "Sam Leaves" && n !== other.player2?.name);
      await expect(entries.getByRole("listitem")).toHaveCount(2);
      for (const name of still) await expect(entries.getByRole("link", { name: `Withdraw ${name}` })).toBeVisible();
      await expect(entries.getByRole("link", { name: "Withdraw Sam Leaves" })).toHaveCount(0);
      await expect(entries.getByRole("link", { name: `Withdraw ${other.player2.name}` })).toHaveCount(0);
      // Closing the list leaves the director on the floor.
      await entries.getByRole("link", { name: "Close" }).click();
      await expect(page).toHaveURL(/\?tab=floor$/);
      await expect(sections.getByRole("link", { name: "Floor" })).toHaveAttribute("aria-current", "page");
    });
  });
}
