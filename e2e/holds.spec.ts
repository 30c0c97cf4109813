// Honest "Full": places held by players paying now are
// named as such on the tournament page, in Browse and to the director; the
// checkout shows when the hold ends, counts it down, and says when it is over.
import { expect, type Page, test } from "@playwright/test";
import { createOrganiser, createPlayer } from "./support/accounts.ts";
import {
  cardForm,
  heldPlaceViaApi,
  joinToCheckout,
  paidPlayerViaApi,
  tournamentViaApi,
  waitForHydratedCardForm,
} from "./support/payments.ts";
import { cardFor, createTournamentViaApi, described, entryBox } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

const joinButton = (page: Page) => page.getByRole("button", { name: "Join Tournament" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("two unpaid holds on a two-place event say so, and the director sees them", async ({
      page,
      browser,
      playwright,
      baseURL,
    }) => {
      const director = await browser.newPage({ javaScriptEnabled });
      await createOrganiser(director.request);
      const t = await createTournamentViaApi(director.request, { maxPlayers: 2, payoutStructure: "winner_only" });
      await heldPlaceViaApi(playwright, baseURL, t.id);
      await heldPlaceViaApi(playwright, baseURL, t.id);
      await createPlayer(page.request);

      await page.goto(`/tournament/${t.slug}`);
      await expect(
        entryBox(page).getByText("2 places are held by players paying now — check back in 15 minutes"),
      ).toBeVisible();
      await expect(entryBox(page).getByText("0/2 players registered")).toBeVisible();
      await expect(entryBox(page).getByText("This tournament is full.")).toHaveCount(0);
      await expect(joinButton(page)).toHaveCount(0);

      await page.goto("/player/tournaments?tab=available");
      const card = cardFor(page, t.name);
      await expect(card.getByText("Full (2 paying)", { exact: true })).toBeVisible();
      await expect(described(card, "Players")).toHaveText("0/2");

      await director.goto(`/tournament/${t.slug}`);
      await expect(director.getByTestId("pending-holds")).toHaveText(
        "2 places are held by players paying now: held for up to 15 minutes, then free again.",
      );
      await director.close();

      // One pays, one still holds: the singular.
      const other = await browser.newPage({ javaScriptEnabled });
      await createOrganiser(other.request);
      const small = await createTournamentViaApi(other.request, { maxPlayers: 2, payoutStructure: "winner_only" });
      await paidPlayerViaApi(playwright, baseURL, small.id);
      await heldPlaceViaApi(playwright, baseURL, small.id);
      await page.goto(`/tournament/${small.slug}`);
      await expect(
        entryBox(page).getByText("1 place is held by a player paying now — check back in 15 minutes"),
      ).toBeVisible();
      await page.goto("/player/tournaments?tab=available");
      await expect(cardFor(page, small.name).getByText("Full (1 paying)", { exact: true })).toBeVisible();
      await other.close();
    });
  });
}

test("the checkout shows when the hold ends, counts it down and says when it is over @tablet", async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.clock.install();
  const t = await tournamentViaApi(playwright, baseURL);
  await createPlayer(page.request);
  await joinToCheckout(page, t.slug);
  await waitForHydratedCardForm(page);
  const hold = page.getByTestId("hold");
  await expect(hold).toHaveText(/^Your place is held until \d\d:\d\d · 1[45]:\d\d left$/);
  const until = (await hold.locator("time").textContent()) ?? "";
  // The end is 15 minutes on from now, in the viewer's time.
  const expected = new Date(Date.now() + 15 * 60_000).toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/London",
  });
  expect([expected, shiftMinutes(expected, -1)]).toContain(until);

  await page.clock.fastForward("14:00");
  await expect(page.getByRole("timer")).toHaveText(/^[01]:\d\d left$/);
  await page.clock.fastForward("01:05");
  await expect(page.getByRole("alert").filter({ hasText: "Your hold has expired — join again" })).toBeVisible();
  await expect(cardForm(page)).toHaveCount(0);
  await expect(hold).toHaveCount(0);

  // Joining again holds the place and brings the card form back.
  await page.getByRole("button", { name: "Join again" }).click();
  await expect(cardForm(page)).toBeVisible();
  await expect(hold).toContainText("Your place is held until");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the checkout shows when the hold ends", async ({ page, playwright, baseURL }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    await createPlayer(page.request);
    await joinToCheckout(page, t.slug);
    await expect(page.getByTestId("hold")).toHaveText(/^Your place is held until \d\d:\d\d$/);
  });
});

/** "19:42" moved by `minutes`. */
function shiftMinutes(hhmm: string, minutes: number): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const total = (h * 60 + m + minutes + 24 * 60) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
