// Signing up from a shared link comes back to the tournament: the
// return address travels from the tournament through sign-in to sign-up and
// its role choice, for players and directors, with and without JavaScript.
import { expect, type Page, test } from "@playwright/test";
import { createPlayer, newIdentity, submitLogin } from "./support/accounts.ts";
import { tournamentViaApi } from "./support/payments.ts";
import { entryBox } from "./support/tournaments.ts";

async function signUpFromTournamentLink(page: Page, slug: string, role: "Player" | "Tournament Director") {
  await page.goto(`/tournament/${slug}`);
  if (role === "Player") {
    // A first-time player is offered sign-up first, straight to the player's form.
    await page.getByRole("link", { name: "Join — create an account" }).click();
    await expect(page).toHaveURL(/\/signup\?role=player&redirectTo=/);
    await expect(page.getByRole("heading", { name: "Player Sign Up" })).toBeVisible();
    await expect(page.getByText("Create your account, then you're back at the tournament to join it.")).toBeVisible();
  } else {
    await page.getByRole("link", { name: "Sign In to Join" }).first().click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.getByRole("link", { name: new RegExp(`I am a ${role}`) }).click();
  }
  await expect(page).toHaveURL(new RegExp(`redirectTo=${encodeURIComponent(`/tournament/${slug}`)}`));
  const who = newIdentity(role === "Player" ? "linked" : "linkedtd");
  if (role === "Tournament Director") {
    await page.getByLabel("Organisation name").fill("Crown Pool Club");
    await page.getByLabel("Main operating venue").fill("The Crown, York");
    await page.getByLabel("Your name").fill(who.name);
  } else {
    await page.getByLabel("Name", { exact: true }).fill(who.name);
  }
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByLabel("Confirm password").fill(who.password);
  await page.getByRole("button", { name: /Create .* Account/ }).click();
  await expect(page).toHaveURL(new RegExp(`/tournament/${slug}$`));
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a player who signs up from a tournament link lands back on it", async ({ page, playwright, baseURL }) => {
      const t = await tournamentViaApi(playwright, baseURL);
      await signUpFromTournamentLink(page, t.slug, "Player");
      await expect(page.getByRole("button", { name: /Join/ }).first()).toBeVisible();
    });

    test("so does a director", async ({ page, playwright, baseURL }) => {
      const t = await tournamentViaApi(playwright, baseURL);
      await signUpFromTournamentLink(page, t.slug, "Tournament Director");
    });

    test("a player with an account goes from the sign-up offer to sign in, and back", async ({
      page,
      request,
      playwright,
      baseURL,
    }) => {
      const t = await tournamentViaApi(playwright, baseURL);
      const player = await createPlayer(request);
      await page.goto(`/tournament/${t.slug}`);
      const entry = entryBox(page);
      // Sign-up comes first; signing in stays beside it.
      await expect(entry.getByRole("link").first()).toHaveText("Join — create an account");
      await entry.getByRole("link", { name: "Join — create an account" }).click();
      await page.getByRole("link", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(`/login?${new URLSearchParams({ redirectTo: `/tournament/${t.slug}` })}`);
      await submitLogin(page, player);
      await expect(page).toHaveURL(new RegExp(`/tournament/${t.slug}$`));
      await expect(page.getByRole("button", { name: /Join/ }).first()).toBeVisible();
    });
  });
}

test("a return address off the site is dropped: the new account lands on its dashboard", async ({ page }) => {
  await page.goto(`/signup?${new URLSearchParams({ role: "player", redirectTo: "//evil.example/steal" })}`);
  const who = newIdentity("offsite");
  await page.getByLabel("Name", { exact: true }).fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByLabel("Confirm password").fill(who.password);
  await page.getByRole("button", { name: "Create Player Account" }).click();
  await expect(page).toHaveURL(/\/player\/dashboard$/);
});
