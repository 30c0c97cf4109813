// Walk-ins (decision 022) in the browser: the director enters walk-ins paying at the
// bar — a guest, a player by e-mail, an invited one, a refused one keeping what was typed, a second of a name
// already in after a warning —, sees each marked guest, player or invited, the form empty again after each, counted
// as paid, and takes one out after a confirmation; a team event's card asks for the whole team. With and without
// JavaScript.
import { expect, test } from "@playwright/test";
import { acceptInvitation, createOrganiser, createPlayer, newIdentity } from "./support/accounts.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("walk-ins paying at the bar: added by name or e-mail, counted as paid, removed after a confirmation", async ({
      page,
      request,
      browser,
    }) => {
      await createOrganiser(page.request);
      const t = await createTournamentViaApi(page.request, {
        maxPlayers: 8,
        payoutStructure: "winner_only",
        entryFee: "5.00",
        siteFee: "0.50",
      });
      const sam = await createPlayer(request, newIdentity("sam"));
      await page.goto(`/tournament/${t.slug}`);
      const card = page.getByRole("region", { name: "Walk-ins" });
      await expect(card).toContainText("take £5.50");
      await expect(card).toContainText("No cash entries yet.");

      // A guest: a name only.
      await card.getByLabel("Name").fill("Gus the Guest");
      await card.getByRole("button", { name: "Add walk-in (paid at the bar)" }).click();
      await expect(page.getByText("Gus the Guest is in").first()).toBeVisible();
      const list = page.getByTestId("walk-ins");
      await expect(list.getByRole("listitem").filter({ hasText: "Gus the Guest" })).toContainText("Guest");
      // The form is empty again for the next walk-in.
      await expect(card.getByLabel("Name")).toHaveValue("");

      // A bad e-mail is refused beside the form, with what was typed kept.
      await card.getByLabel("Name").fill("Typo Tom");
      await card.getByLabel("Email").fill("tom@");
      // The browser's own check would stop it first: lift it to reach the server's answer.
      await card.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
      await card.getByRole("button", { name: "Add walk-in (paid at the bar)" }).click();
      await expect(card.getByRole("alert")).toHaveText("Enter a valid email address, or leave it empty");
      await expect(card.getByLabel("Name")).toHaveValue("Typo Tom");

      // A player with an account, by e-mail: entered under their own name.
      await card.getByLabel("Name").fill("Sam");
      await card.getByLabel("Email").fill(sam.email);
      await card.getByRole("button", { name: "Add walk-in (paid at the bar)" }).click();
      await expect(page.getByText(`${sam.name} is in`).first()).toBeVisible();
      await expect(list.getByRole("listitem").filter({ hasText: sam.name })).toContainText("Player");
      await expect(card.getByLabel("Email")).toHaveValue("");
      await expect(page.getByTestId("checked-in-count")).toHaveText("0 of 2 checked in");

      // A new e-mail: an invited account.
      const ivy = `ivy-${Date.now()}-${javaScriptEnabled ? "js" : "plain"}@example.com`;
      await card.getByLabel("Name").fill("Ivy Invited");
      await card.getByLabel("Email").fill(ivy);
      await card.getByRole("button", { name: "Add walk-in (paid at the bar)" }).click();
      await expect(page.getByText("Ivy Invited is in").first()).toBeVisible();
      await expect(list.getByRole("listitem").filter({ hasText: "Ivy Invited" })).toContainText("Invited");

      // A second walk-in of a name already entered: asked first, nothing added until the director ticks it.
      await card.getByLabel("Name").fill(sam.name.toLowerCase());
      await card.getByRole("button", { name: "Add walk-in (paid at the bar)" }).click();
      const lower = sam.name.toLowerCase();
      await expect(card.getByRole("alert")).toHaveText(
        `Someone called ${lower} is already entered. Add another ${lower}?`,
      );
      await expect(page.getByTestId("checked-in-count")).toHaveText("0 of 3 checked in");
      await card.getByLabel(`Yes, add another ${lower}`).check();
      await card.getByRole("button", { name: "Add walk-in (paid at the bar)" }).click();
      await expect(page.getByText(`${lower} is in`).first()).toBeVisible();
      await expect(page.getByTestId("checked-in-count")).toHaveText("0 of 4 checked in");
      await expect(card.getByLabel(`Yes, add another ${lower}`)).toHaveCount(0);

      // Taking the guest out asks first, then the cash is handed back.
      await page.getByRole("link", { name: "Remove Gus the Guest" }).click();
      const dialog = page.getByRole("dialog", { name: "Remove Gus the Guest?" });
      await expect(dialog).toContainText("hand their cash back");
      await dialog.getByRole("button", { name: "Remove entry" }).click();
      await expect(page.getByText("Entry removed").first()).toBeVisible();
      await expect(page.getByTestId("walk-ins")).not.toContainText("Gus the Guest");
      await expect(page.getByTestId("checked-in-count")).toHaveText("0 of 3 checked in");

      // Ivy's e-mail welcomes her (not a password reset): she chooses a password, is signed in, and sees her entry.
      await acceptInvitation(
        request,
        browser,
        { name: "Ivy Invited", email: ivy },
        { entered: t.name, javaScriptEnabled },
      );
    });
  });
}

test("a team event's walk-in names the whole team", async ({ page }) => {
  await createOrganiser(page.request);
  const t = await createTournamentViaApi(page.request, {
    maxPlayers: 4,
    payoutStructure: "winner_only",
    matchType: "2v2",
  });
  await page.goto(`/tournament/${t.slug}`);
  const card = page.getByRole("region", { name: "Walk-ins" });
  await card.getByLabel("Team name").fill("Chalk Dust");
  const first = card.getByRole("group", { name: "Player 1 (captain)" });
  await first.getByLabel("Name").fill("Ann");
  await card.getByRole("group", { name: "Player 2" }).getByLabel("Name").fill("Bob");
  await card.getByRole("button", { name: "Add team (paid at the bar)" }).click();
  await expect(page.getByText("Chalk Dust is in").first()).toBeVisible();
  await expect(page.getByTestId("walk-ins")).toContainText("Chalk Dust");
});
