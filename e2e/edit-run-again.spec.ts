// Editing a tournament and running it again (decision 020), with and without JavaScript: the director opens Edit
// from the tournament page, sees what can no longer change and why, saves a new name and race; then "Run again"
// asks for the new date (a week later by default) and lands on the copy, open and empty.
import { expect, test, type Page } from "@playwright/test";
import { createOrganiser, waitForHydratedForm } from "./support/accounts.ts";
import { createTournamentViaApi, enterPaidPlayers, uniqueToken } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

const directorCard = (page: Page) => page.getByRole("region", { name: "Director" });

for (const javaScriptEnabled of [false, true]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript, the director edits the night and runs it again`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await createOrganiser(page.request);
    const name = `Thursday 8-Ball ${uniqueToken("e")}`;
    const t = await createTournamentViaApi(page.request, { name, maxPlayers: 8 });
    await enterPaidPlayers(playwright, baseURL, t.id, 3);

    await page.goto(`/tournament/${t.slug}`);
    await directorCard(page).getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(new RegExp(`/tournament/${t.slug}/edit$`));
    if (javaScriptEnabled) await waitForHydratedForm(page, "edit-tournament");
    // What players have paid for is greyed out, and says why.
    await expect(page.getByLabel("Entry fee (£)")).toBeDisabled();
    await expect(page.getByText("The entry fee can't change: players have already paid")).toBeVisible();
    await expect(page.getByLabel("Tournament type")).toBeDisabled();
    await expect(page.getByText("The tournament type can't change: players have entered")).toBeVisible();
    await expect(page.getByLabel("Max players")).toHaveAttribute("min", "3");

    await page.getByLabel("Tournament name").fill(`${name} (edited)`);
    await page.getByLabel("Race to (optional)").fill("4");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/tournament/${t.slug}$`));
    await expect(page.getByTestId("toast")).toContainText("Tournament updated");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} (edited)`);

    await directorCard(page).getByRole("link", { name: "Run again" }).click();
    const dialog = page.getByRole("dialog", { name: `Run ${name} (edited) again?` });
    await expect(dialog).toBeVisible();
    // A week after FAR_FRIDAY, at the same time.
    await expect(dialog.getByLabel("Date")).toHaveValue("2030-12-13");
    await expect(dialog.getByLabel("Start time")).toHaveValue("19:30");
    // The new night's name: suggested with its date (the name has no week number to count on), and the director's
    // own kept.
    await expect(dialog.getByLabel("The new night's name")).toHaveValue(`${name} (edited) — 13 Dec 2030`);
    await dialog.getByLabel("The new night's name").fill(`${name} Week 2`);
    await dialog.getByRole("button", { name: "Run again" }).click();
    await expect(page).not.toHaveURL(new RegExp(`/tournament/${t.slug}`));
    await expect(page).toHaveURL(/\/tournament\/thursday-8-ball-[a-z0-9-]+$/);
    await expect(page.getByTestId("toast")).toContainText("Tournament created");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} Week 2`);
    await expect(page.getByText("Fri 13 Dec 2030 · 19:30")).toBeVisible();
    await expect(directorCard(page)).toContainText("0 paid players");
    // The copy has no payments yet: everything may change.
    await directorCard(page).getByRole("link", { name: "Edit" }).click();
    await expect(page.getByLabel("Entry fee (£)")).toBeEnabled();
    await expect(page.getByLabel("Race to (optional)")).toHaveValue("4");
    await context.close();
  });
}

test("Cancel leaves the run-again dialog without a copy; a past date is refused in the dialog", async ({ page }) => {
  await createOrganiser(page.request);
  const t = await createTournamentViaApi(page.request, { name: `Quiz Night ${uniqueToken("c")}` });
  await page.goto(`/tournament/${t.slug}/run-again`);
  const dialog = page.getByRole("dialog", { name: `Run ${t.name} again?` });
  await dialog.getByLabel("Date").fill("2020-01-02");
  await dialog.getByRole("button", { name: "Run again" }).click();
  await expect(dialog.getByText("The new start must be in the future")).toBeVisible();
  // A name of spaces only is no name: refused beside the field, what was typed kept.
  await dialog.getByLabel("Date").fill("2030-12-13");
  await dialog.getByLabel("The new night's name").fill("   ");
  await dialog.getByRole("button", { name: "Run again" }).click();
  await expect(dialog.getByText("Tournament name is required")).toBeVisible();
  await expect(dialog.getByLabel("The new night's name")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/tournament/${t.slug}$`));
  // No copy was made: the director still has the one tournament.
  const mine = await (await page.request.get("/api/tournaments/my")).json();
  expect(mine).toHaveLength(1);
});
