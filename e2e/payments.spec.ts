// Registration and checkout (SPEC §2 /tournament/{slug} and its checkout,
// §4 Checkout flow, §8 payment errors; DESIGN §3–§4; SCENARIO "Filling the
// bracket"), against the simulated payments provider.
import { expect, test, type Page } from "@playwright/test";
import { createPlayer, newIdentity, submitLogin, waitForHydratedForm } from "./support/accounts.ts";
import { cardFor, described, entryBox, FAR_FRIDAY, waitForHydrated } from "./support/tournaments.ts";
import {
  CARDS,
  cardForm,
  cardError,
  checkoutUrl,
  currentUser,
  escapeRegExp,
  expectCardErrorBesideTheField,
  joinToCheckout,
  paidPlayerViaApi,
  payButton,
  payWithCard,
  tournamentUrl,
  tournamentViaApi,
  waitForHydratedCardForm,
  winTournamentViaApi,
} from "./support/payments.ts";

// A UK product: pages are read in UK time.
test.use({ timezoneId: "Europe/London", locale: "en-GB" });

const toast = (page: Page) => page.getByTestId("toast");
const joinButton = (page: Page) => page.getByRole("button", { name: "Join Tournament" });
const REGISTERED = "You're registered. See you at the table!";

test.describe("paying by card", () => {
  test("a player joins, pays £11.00 by card and is registered @tablet", async ({ page, playwright, baseURL }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    const player = await createPlayer(page.request);

    await page.goto(`/tournament/${t.slug}`);
    await expect(page.getByRole("heading", { name: t.name, level: 1 })).toBeVisible();
    await expect(described(entryBox(page), "Price")).toHaveText("£11.00 — £10.00 entry + £1.00 booking fee");
    await expect(joinButton(page)).toHaveText("Join Tournament — £11.00");
    await expect(page.getByRole("heading", { name: "Players (0)" })).toBeVisible();
    await joinButton(page).click();

    // The checkout (SPEC §2): header, the night, the summary, the card form.
    await expect(page).toHaveURL(checkoutUrl(t.slug));
    await expect(page).toHaveTitle(`Checkout: ${t.name} — Break & Run`);
    await expect(page.getByRole("heading", { name: `Checkout: ${t.name}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the tournament" })).toHaveAttribute(
      "href",
      `/tournament/${t.slug}`,
    );
    await expect(page.getByRole("heading", { name: "Join The Red Lion, Leeds", level: 2 })).toBeVisible();
    await expect(page.getByText(`${FAR_FRIDAY.label} · 19:30`, { exact: true })).toBeVisible();
    const summary = page.getByRole("region", { name: "Payment Summary" });
    // The total first, then what it is made of.
    await expect(summary.locator("dt")).toHaveText(["Total", "Entry Fee", "Site Fee"]);
    await expect(described(summary, "Entry Fee")).toHaveText("£10.00");
    await expect(described(summary, "Site Fee")).toHaveText("£1.00");
    await expect(described(summary, "Total")).toHaveText("£11.00");
    await expect(page.getByText(/^TEST MODE/)).toBeVisible();
    await expect(page.getByLabel("Card number")).toBeVisible();
    await expect(payButton(page)).toHaveText("Pay £11.00 & Join Tournament");
    await expect(page.getByText("Test mode: payments are simulated and no real money moves.")).toBeVisible();
    // A new player has no balance: paying from it is not offered.
    await expect(page.getByRole("heading", { name: "Pay from your balance" })).toHaveCount(0);

    // Hold the confirmation briefly to see the busy state.
    await waitForHydratedCardForm(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/dev\/payments\/[^/]+\/confirm$/, async (route) => {
      await held;
      await route.continue();
    });
    await payWithCard(page, CARDS.success);
    await expect(payButton(page)).toHaveText("Processing...");
    await expect(payButton(page)).toBeDisabled();
    release();

    // Back on the tournament page; ?payment=success is shown once, then dropped.
    await expect(toast(page)).toContainText("Payment Successful!");
    await expect(toast(page)).toHaveAttribute("data-type", "success");
    await expect(page).toHaveURL(tournamentUrl(t.slug));
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
    await expect(entryBox(page).getByText("1/16 players registered")).toBeVisible();
    await expect(joinButton(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Players (1)" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: player.name })).toBeVisible();

    // My Tournaments lists it as registered.
    await page.goto("/player/tournaments?tab=registered");
    const card = cardFor(page, t.name);
    await expect(card).toBeVisible();
    await expect(card.getByText("Registered", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: "View Tournament" })).toHaveAttribute("href", `/tournament/${t.slug}`);
    await expect(described(card, "Players")).toHaveText("1/16");

    // Coming back to the checkout once paid goes to the tournament page.
    await page.goto(`/tournament/${t.slug}/checkout`);
    await expect(page).toHaveURL(tournamentUrl(t.slug));
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
  });

  test("a declined card shows 'Payment Failed', resets the button, and a good card then pays", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    const player = await createPlayer(page.request);
    await joinToCheckout(page, t.slug);
    await waitForHydratedCardForm(page);

    await payWithCard(page, CARDS.declined);
    await expect(cardError(page)).toContainText("Payment Failed");
    await expect(cardError(page)).toContainText("Your card was declined.");
    await expectCardErrorBesideTheField(page);
    await expect(page).toHaveURL(checkoutUrl(t.slug));
    await expect(payButton(page)).toHaveText("Pay £11.00 & Join Tournament");
    await expect(payButton(page)).toBeEnabled();

    // A number that is no test card is refused with a hint, in place of the last message.
    await payWithCard(page, "1234 5678 9012 3456");
    await expect(cardError(page)).toContainText("Payment Failed");
    await expect(cardError(page)).toContainText("Your card number is incorrect.");
    await expect(cardError(page)).not.toContainText("declined");
    await expect(payButton(page)).toBeEnabled();

    // Nothing was taken: the player is not in the list yet.
    const api = await page.request.get(`/api/tournaments/${t.slug}`);
    expect((await api.json()).playerCount).toBe(0);

    await payWithCard(page, CARDS.success);
    await expect(toast(page).filter({ hasText: "Payment Successful!" })).toBeVisible();
    await expect(page).toHaveURL(tournamentUrl(t.slug));
    await expect(toast(page)).toHaveCount(1);
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Players (1)" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: player.name })).toBeVisible();
  });

  test("at 390 and 800 px a declined card's message sits under the card field, never over Pay", async ({
    page,
    playwright,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const t = await tournamentViaApi(playwright, baseURL);
    await createPlayer(page.request);
    await joinToCheckout(page, t.slug);
    await waitForHydratedCardForm(page);
    await payWithCard(page, CARDS.declined);
    await expect(cardError(page)).toContainText("Your card was declined.");
    await expectCardErrorBesideTheField(page);
    // The same checkout at 800 px: the page is laid out by CSS alone, so a resize lays it out as a fresh load at that
    // width would (phone-width.spec.ts).
    await page.setViewportSize({ width: 800, height: 1100 });
    await expectCardErrorBesideTheField(page);
    // The failed card is the thing to change: typing a new one clears nothing until it is tried.
    await page.getByLabel("Card number").fill(CARDS.success);
    await expect(cardError(page)).toContainText("Your card was declined.");
    await payButton(page).click();
    await expect(page).toHaveURL(tournamentUrl(t.slug));
  });

  test("the checkout asks a signed-out visitor to sign in, then comes back to it", async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    const player = await createPlayer(request);

    await page.goto(`/tournament/${t.slug}/checkout`);
    await expect(page).toHaveURL(`/login?${new URLSearchParams({ redirectTo: `/tournament/${t.slug}/checkout` })}`);
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await waitForHydratedForm(page, "login");
    await submitLogin(page, player);

    // Back at the checkout, where the place is reserved by itself.
    await expect(page).toHaveURL(checkoutUrl(t.slug));
    await expect(page.getByRole("heading", { name: `Checkout: ${t.name}`, level: 1 })).toBeVisible();
    await expect(payButton(page)).toHaveText("Pay £11.00 & Join Tournament");
    await waitForHydratedCardForm(page);
    await payWithCard(page, CARDS.success);
    await expect(toast(page)).toContainText("Payment Successful!");
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
  });

  test("an anonymous visitor sees 'Sign In to Join', which signs in and comes back", async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    const player = await createPlayer(request);

    await page.goto(`/tournament/${t.slug}`);
    await expect(joinButton(page)).toHaveCount(0);
    const signIn = entryBox(page).getByRole("link", { name: "Sign In to Join" });
    await expect(signIn).toBeVisible();
    await signIn.click();
    await expect(page).toHaveURL(`/login?${new URLSearchParams({ redirectTo: `/tournament/${t.slug}` })}`);
    await waitForHydratedForm(page, "login");
    await submitLogin(page, player);
    await expect(page).toHaveURL(tournamentUrl(t.slug));
    await expect(joinButton(page)).toBeVisible();
  });

  test("Back leaves the checkout; the held place offers 'Resume payment', which pays", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    const player = await createPlayer(page.request);
    await joinToCheckout(page, t.slug);

    await page.getByRole("link", { name: "Back to the tournament" }).click();
    await expect(page).toHaveURL(tournamentUrl(t.slug));
    await expect(entryBox(page).getByText("Your place is held while you pay.")).toBeVisible();
    await expect(joinButton(page)).toHaveCount(0);
    // A hold is not an entry: the list and the count show paid players only.
    await expect(page.getByRole("heading", { name: "Players (0)" })).toBeVisible();

    // My Tournaments shows the payment as pending, with a way back.
    await page.goto("/player/tournaments?tab=registered");
    const card = cardFor(page, t.name);
    await expect(card.getByText("Payment pending", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: "Resume" })).toHaveAttribute("href", `/tournament/${t.slug}/checkout`);

    await page.goto(`/tournament/${t.slug}`);
    await entryBox(page).getByRole("link", { name: "Resume payment" }).click();
    await expect(page).toHaveURL(checkoutUrl(t.slug));
    await expect(payButton(page)).toHaveText("Pay £11.00 & Join Tournament");
    await waitForHydratedCardForm(page);
    await payWithCard(page, CARDS.success);
    await expect(toast(page)).toContainText("Payment Successful!");
    await expect(page).toHaveURL(tournamentUrl(t.slug));
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: player.name })).toBeVisible();
  });
});

test.describe("places", () => {
  test("a full tournament says so, shows 'Full' in the browse list and offers no Join", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL, { maxPlayers: 2 });
    const first = await paidPlayerViaApi(playwright, baseURL, t.id);
    const second = await paidPlayerViaApi(playwright, baseURL, t.id);
    await createPlayer(page.request);

    await page.goto(`/tournament/${t.slug}`);
    await expect(entryBox(page).getByText("This tournament is full.")).toBeVisible();
    await expect(entryBox(page).getByText("2/2 players registered")).toBeVisible();
    await expect(joinButton(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Players (2)" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: first.name })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: second.name })).toBeVisible();

    await page.goto("/player/tournaments?tab=available");
    const card = cardFor(page, t.name);
    await expect(card.getByText("Full", { exact: true })).toBeVisible();
    await expect(described(card, "Players")).toHaveText("2/2");
    await expect(card.getByRole("link", { name: "View Details" })).toHaveAttribute("href", `/tournament/${t.slug}`);
    await expect(card.getByRole("link", { name: "Register Now" })).toHaveCount(0);

    // Going to the checkout anyway reserves nothing and says why.
    await page.goto(`/tournament/${t.slug}/checkout`);
    await expect(page).toHaveURL(tournamentUrl(t.slug));
    await expect(toast(page)).toContainText("Could not join");
    await expect(toast(page)).toContainText("This tournament is full");
    await expect(toast(page)).toHaveAttribute("data-type", "error");
    const refused = await page.request.post("/api/tournaments/join", { data: { tournamentId: t.id } });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe("This tournament is full");
  });

  test("two players go for the last place at once: one gets it, the other is told it is full", async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL, { maxPlayers: 2 });
    await paidPlayerViaApi(playwright, baseURL, t.id);
    const other = await browser.newContext({ baseURL, timezoneId: "Europe/London", locale: "en-GB" });
    try {
      const rival = await other.newPage();
      const players = [
        { page, who: await createPlayer(page.request) },
        { page: rival, who: await createPlayer(rival.request) },
      ];
      for (const p of players) {
        await p.page.goto(`/tournament/${t.slug}`);
        await waitForHydrated(p.page, 'form[action$="/checkout"] button[type="submit"]');
      }
      await Promise.all(players.map((p) => joinButton(p.page).click()));

      // Exactly one reaches the card form; the other is back on the page, told it is full.
      const outcome = async (p: Page) => {
        await expect(p.getByText(/TEST MODE|Could not join/).first()).toBeVisible();
        return checkoutUrl(t.slug).test(p.url()) ? "checkout" : "refused";
      };
      const results = await Promise.all(players.map((p) => outcome(p.page)));
      expect([...results].sort()).toEqual(["checkout", "refused"]);
      const winner = players[results.indexOf("checkout")]!;
      const loser = players[results.indexOf("refused")]!;
      await expect(loser.page).toHaveURL(tournamentUrl(t.slug));
      await expect(toast(loser.page)).toContainText("Could not join");
      await expect(toast(loser.page)).toContainText("This tournament is full");

      await waitForHydratedCardForm(winner.page);
      await payWithCard(winner.page, CARDS.success);
      await expect(toast(winner.page)).toContainText("Payment Successful!");
      await expect(entryBox(winner.page).getByText("2/2 players registered")).toBeVisible();

      // The loser was never charged and is in no list.
      await loser.page.goto("/player/tournaments?tab=registered");
      await expect(loser.page.getByText("No Registered Tournaments")).toBeVisible();
      await loser.page.goto(`/tournament/${t.slug}`);
      await expect(entryBox(loser.page).getByText("This tournament is full.")).toBeVisible();
      await expect(loser.page.getByRole("listitem").filter({ hasText: loser.who.name })).toHaveCount(0);
      await expect(loser.page.getByRole("listitem").filter({ hasText: winner.who.name })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("a free tournament registers at once on Join, without checkout", async ({ page, playwright, baseURL }) => {
    const t = await tournamentViaApi(playwright, baseURL, { entryFee: "0.00", siteFee: "0.00", rakeValue: "0.00" });
    const player = await createPlayer(page.request);
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });

    await page.goto(`/tournament/${t.slug}`);
    await expect(described(entryBox(page), "Price")).toHaveText("Free");
    await expect(joinButton(page)).toHaveText("Join Tournament — Free");
    await joinButton(page).click();

    await expect(toast(page)).toContainText("You're registered!");
    await expect(toast(page)).toHaveAttribute("data-type", "success");
    await expect(page).toHaveURL(tournamentUrl(t.slug));
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: player.name })).toBeVisible();
    expect(visited.filter((path) => path.endsWith("/checkout"))).toEqual([]);
  });
});

test.describe("paying from the balance", () => {
  test("is not offered when the balance does not cover the total, and a forged request is refused", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    await createPlayer(page.request);
    await joinToCheckout(page, t.slug);
    await expect(page.getByRole("heading", { name: "Pay from your balance" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /from balance/ })).toHaveCount(0);

    // The checkout's balance action, posted by hand from the page's origin.
    const response = await page.request.post(`/tournament/${t.slug}/checkout`, {
      form: { intent: "balance" },
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`/tournament/${t.slug}`);
    await page.goto(`/tournament/${t.slug}`);
    await expect(toast(page)).toContainText("Could not join");
    await expect(toast(page)).toContainText("Your balance does not cover the entry");
    await expect(page.getByRole("heading", { name: "Players (0)" })).toBeVisible();
  });

  test("is offered when the balance covers the total, and pays without a card", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // SCENARIO: a player who won last week pays from their balance instead of a card.
    await createPlayer(page.request);
    // Winner takes all of 2 × (£20.00 entry − £1.00 rake).
    const won = await winTournamentViaApi(playwright, baseURL, page.request, { entryFee: "20.00" });
    expect(won).toBe("38.00");
    expect((await currentUser(page.request)).balance).toBe("38.00");

    const t = await tournamentViaApi(playwright, baseURL);
    await joinToCheckout(page, t.slug);
    await expect(page.getByRole("heading", { name: "Pay from your balance" })).toBeVisible();
    await expect(page.getByText("You have £38.00 available.")).toBeVisible();
    // The card stays on offer too.
    await expect(payButton(page)).toHaveText("Pay £11.00 & Join Tournament");
    const cardIntent = (await cardForm(page).getAttribute("action"))!.split("/")[4]!;
    await page.getByRole("button", { name: "Pay £11.00 from balance" }).click();

    await expect(page).toHaveURL(tournamentUrl(t.slug));
    await expect(toast(page)).toContainText("You're registered!");
    await expect(toast(page)).toContainText("Paid £11.00 from your balance.");
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Players (1)" })).toBeVisible();
    // Only the entry and site fees leave the balance: no card deposit.
    expect((await currentUser(page.request)).balance).toBe("27.00");

    // The card payment left open in another tab can no longer take a place:
    // paying it now is refunded, and nothing changes.
    const late = await page.request.post(`/api/dev/payments/${cardIntent}/confirm`, {
      data: { cardNumber: CARDS.success },
    });
    expect(late.status(), await late.text()).toBe(200);
    const verified = await page.request.post("/api/tournaments/verify-payment", {
      data: { paymentIntentId: cardIntent },
    });
    expect(await verified.json()).toMatchObject({ success: true, paid: false });
    expect((await currentUser(page.request)).balance).toBe("27.00");
    const api = await page.request.get(`/api/tournaments/${t.slug}`);
    expect((await api.json()).playerCount).toBe(1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Join, type the card, submit: the tournament page says 'Payment Successful!'", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    const player = await createPlayer(page.request);
    await joinToCheckout(page, t.slug);
    await expect(payButton(page)).toHaveText("Pay £11.00 & Join Tournament");
    await expect(described(page.getByRole("region", { name: "Payment Summary" }), "Total")).toHaveText("£11.00");

    await payWithCard(page, CARDS.success);
    await expect(page).toHaveURL(new RegExp(`/tournament/${escapeRegExp(t.slug)}\\?payment=success$`));
    await expect(toast(page)).toContainText("Payment Successful!");
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: player.name })).toBeVisible();
  });

  test("a declined card's 'Payment Failed' stands under the card field; a good card then pays", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    await createPlayer(page.request);
    await joinToCheckout(page, t.slug);

    await payWithCard(page, CARDS.declined);
    await expect(page).toHaveURL(
      new RegExp(`/tournament/${escapeRegExp(t.slug)}/checkout\\?payment_intent=[^&]+&redirect_status=failed$`),
    );
    await expect(cardError(page)).toContainText("Payment Failed");
    await expect(cardError(page)).toContainText("Your card was declined.");
    await expect(page.getByRole("heading", { name: `Checkout: ${t.name}`, level: 1 })).toBeVisible();
    await expect(payButton(page)).toHaveText("Pay £11.00 & Join Tournament");
    // The message stands under the card field, in the page: nothing lies on top of Pay.
    await expectCardErrorBesideTheField(page);

    await payWithCard(page, CARDS.success);
    await expect(toast(page)).toContainText("Payment Successful!");
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
  });

  test("opening the checkout directly offers 'Continue to payment', which reserves the place", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    await createPlayer(page.request);
    await page.goto(`/tournament/${t.slug}/checkout`);
    await expect(cardForm(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(checkoutUrl(t.slug));
    await payWithCard(page, CARDS.success);
    await expect(toast(page)).toContainText("Payment Successful!");
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
  });

  test("a free tournament registers on Join", async ({ page, playwright, baseURL }) => {
    const t = await tournamentViaApi(playwright, baseURL, { entryFee: "0.00", siteFee: "0.00", rakeValue: "0.00" });
    await createPlayer(page.request, newIdentity("free"));
    await page.goto(`/tournament/${t.slug}`);
    await joinButton(page).click();
    await expect(page).toHaveURL(tournamentUrl(t.slug));
    await expect(toast(page)).toContainText("You're registered!");
    await expect(entryBox(page).getByText(REGISTERED)).toBeVisible();
  });
});
