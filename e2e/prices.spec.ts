// Every tournament card says what a player pays in all:
// Browse, the player's dashboard, the director's list and dashboard.
import { expect, test } from "@playwright/test";
import { createOrganiser, createPlayer } from "./support/accounts.ts";
import { cardFor, createTournamentViaApi, described, uniqueToken } from "./support/tournaments.ts";

test("cards show the total with the entry and site fee, to players and directors", async ({ page, browser }) => {
  await createOrganiser(page.request);
  const usual = await createTournamentViaApi(page.request);
  const noSiteFee = await createTournamentViaApi(page.request, {
    name: `No Site Fee Night ${uniqueToken("n")}`,
    entryFee: "7.50",
    siteFee: "0.00",
  });
  const free = await createTournamentViaApi(page.request, {
    name: `Free Roll ${uniqueToken("n")}`,
    entryFee: "0.00",
    siteFee: "0.00",
    rakeValue: "0.00",
  });
  const expected = [
    [usual.name, "£11.00 — £10.00 entry + £1.00 booking fee"],
    [noSiteFee.name, "£7.50"],
    [free.name, "Free"],
  ] as const;

  await page.goto("/td/tournaments");
  for (const [name, price] of expected) await expect(described(cardFor(page, name), "Entry")).toHaveText(price);
  await page.goto("/td/dashboard");
  const active = page.getByRole("region", { name: "Active Tournaments" });
  for (const [name, price] of expected) {
    await expect(active.getByRole("listitem").filter({ hasText: name })).toContainText(price);
  }

  const player = await browser.newPage();
  await createPlayer(player.request);
  await player.goto("/player/tournaments?tab=available");
  for (const [name, price] of expected) await expect(described(cardFor(player, name), "Entry")).toHaveText(price);
  await player.goto(`/player/dashboard?q=${encodeURIComponent(usual.name)}`);
  await expect(player.getByRole("listitem").filter({ hasText: usual.name })).toContainText(
    "£11.00 — £10.00 entry + £1.00 booking fee",
  );
  await player.close();
});
