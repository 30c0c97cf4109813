// Every price a player is shown is the total they pay first, the split beside it (DESIGN §11, the UK's ban on drip
// pricing): the cards on Browse, the player's dashboard, the director's list and dashboard; the tournament page and
// its join button; a team event's price per team.
import { expect, test } from "@playwright/test";
import { createOrganiser, createPlayer } from "./support/accounts.ts";
import { cardFor, createTournamentViaApi, described, entryBox, uniqueToken } from "./support/tournaments.ts";

test("cards show the total first, the entry and booking fee beside it, to players and directors", async ({
  page,
  browser,
}) => {
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
  const doubles = await createTournamentViaApi(page.request, {
    name: `Scotch Doubles ${uniqueToken("n")}`,
    matchType: "2v2",
    maxPlayers: 8,
  });
  const expected = [
    [usual.name, "£11.00 — £10.00 entry + £1.00 booking fee"],
    [noSiteFee.name, "£7.50"],
    [free.name, "Free"],
    [doubles.name, "£22.00 per team of 2 — £20.00 entry + £2.00 booking fee"],
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

  // The tournament page: the price is the first thing the Entry box says, and the join button carries the total.
  await player.goto(`/tournament/${usual.slug}`);
  const entry = entryBox(player);
  await expect(entry.locator("dd").first()).toHaveText("£11.00 — £10.00 entry + £1.00 booking fee");
  await expect(entry.getByRole("button", { name: "Join Tournament" })).toHaveText("Join Tournament — £11.00");
  await player.goto(`/tournament/${doubles.slug}`);
  await expect(described(entryBox(player), "Price")).toHaveText(
    "£22.00 per team of 2 — £20.00 entry + £2.00 booking fee",
  );
  await expect(entryBox(player).getByRole("button", { name: "Enter Team" })).toHaveText("Enter Team — £22.00");
  await expect(entryBox(player)).toContainText(
    "You pay for the whole team: £22.00 — £20.00 entry + £2.00 booking fee.",
  );
  await player.close();
});
