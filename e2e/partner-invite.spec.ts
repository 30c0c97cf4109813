// A partner without an account (decision 011) in the browser: a captain names a partner who has no
// account (an e-mail and a name beside it), pays for the team, and the
// partner follows the e-mailed link, sets a password, signs in and finds the
// team. With and without JavaScript.
import { expect, test } from "@playwright/test";
import { createPlayer, newIdentity, resetLinkFor, submitLogin } from "./support/accounts.ts";
import { CARDS, checkoutUrl, payWithCard, tournamentViaApi } from "./support/payments.ts";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a captain names a partner with no account; the partner sets a password and sees the team @tablet", async ({
      page,
      playwright,
      baseURL,
    }) => {
      const t = await tournamentViaApi(playwright, baseURL, { matchType: "2v2", maxPlayers: 8 });
      const captain = await createPlayer(page.request, newIdentity("captain"));
      const partner = newIdentity("partner");

      await page.goto(`/tournament/${t.slug}`);
      await expect(page.getByText("A teammate without an account gets one")).toBeVisible();
      await page.getByLabel("Team name").fill("Cue Balls");
      await page.getByLabel("Teammate 1 e-mail").fill(partner.email);
      await page.getByLabel("Teammate 1 name").fill("Kim Newcomer");
      await page.getByRole("button", { name: "Enter Team" }).click();
      await expect(page).toHaveURL(checkoutUrl(t.slug));
      await expect(page.getByTestId("checkout-total")).toHaveText("£22.00");
      await payWithCard(page, CARDS.success);
      await expect(page.getByText("1/8 teams registered")).toBeVisible();
      const members = page.getByRole("list", { name: "Cue Balls members" });
      await expect(members).toContainText(`${captain.name} (captain)`);
      await expect(members).toContainText("Kim Newcomer");

      // The partner, on their own phone: the e-mail's link welcomes them; a password, and they are signed in on their
      // entries. Signed out, the password they chose signs them in again.
      await page.context().clearCookies();
      const link = await resetLinkFor(page.request, partner.email, "welcome");
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Welcome to Break & Run — choose a password" })).toBeVisible();
      await page.getByLabel("Password", { exact: true }).fill(partner.password);
      await page.getByLabel("Confirm password").fill(partner.password);
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await expect(page).toHaveURL(/\/player\/tournaments\?tab=registered$/);
      await expect(page.getByText(`Team Cue Balls (captain: ${captain.name})`)).toBeVisible();
      await page.context().clearCookies();
      await page.goto("/login");
      await submitLogin(page, partner);
      await expect(page).toHaveURL(/\/player/);
    });
  });
}
