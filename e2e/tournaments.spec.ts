import { expect, test, type Page } from "@playwright/test";
import { closeRegistration } from "./support/database.ts";
import { createOrganiser, createPlayer, newIdentity, submitLogin, waitForHydratedForm } from "./support/accounts.ts";
import {
  cardFor,
  createTournamentViaApi,
  daysFromToday,
  described,
  enterPaidPlayers,
  entryBox,
  FAR_FRIDAY,
  fillBasics,
  organiserWithTournament,
  scenarioTournament,
  startViaApi,
  uniqueToken,
  waitForHydrated,
} from "./support/tournaments.ts";

// A UK product: pages are read in UK time (deadlines are shown in the viewer's zone).
test.use({ timezoneId: "Europe/London", locale: "en-GB" });

const toast = (page: Page) => page.getByTestId("toast");
const preview = (page: Page) => page.getByTestId("prize-preview");
/** The "Payouts if full" amount for a position ("1st", "2nd", ...). */
const payout = (page: Page, position: string) =>
  page
    .getByRole("complementary", { name: "Prize pool preview" })
    .locator("tbody tr", { has: page.locator("th", { hasText: new RegExp(`^${position}`) }) })
    .locator("td");
/** The player's way in: a link or a button, leading on to checkout. */
const joinControl = (page: Page) =>
  entryBox(page)
    .getByRole("button", { name: "Join Tournament" })
    .or(entryBox(page).getByRole("link", { name: "Join Tournament" }));
const payoutRadio = (page: Page, label: string) => page.getByRole("radio", { name: new RegExp(`^${label}`) });

async function expectPreview(page: Page, rows: Record<string, string>) {
  for (const [label, value] of Object.entries(rows)) {
    await expect(described(preview(page), label), label).toHaveText(value);
  }
}

test.describe("creating a tournament", () => {
  test("a director creates SCENARIO's Friday knockout watching the live prize preview @tablet", async ({ page }) => {
    await createOrganiser(page.request);
    const token = uniqueToken("k");
    const name = `Friday 8-Ball Knockout ${token}`;

    await page.goto("/td/create-tournament");
    await expect(page.getByRole("heading", { name: "Create Tournament", level: 1 })).toBeVisible();
    await waitForHydratedForm(page, "create-tournament");
    // With JavaScript the preview is live; the no-JavaScript Preview button stays hidden.
    await expect(page.getByRole("button", { name: "Preview" })).toHaveCount(0);

    // The defaults (SPEC §2, §9).
    await expect(page.getByRole("textbox", { name: "Format", exact: true })).toHaveValue("8-ball knockout");
    await expect(page.getByLabel("Max players")).toHaveValue("16");
    await expect(page.getByLabel("Entry fee (£)")).toHaveValue("10.00");
    await expect(page.getByLabel("Site fee (£)")).toHaveValue("1.00");
    await expect(page.getByRole("radio", { name: "Fixed amount (£)" })).toBeChecked();
    await expect(page.getByLabel("Rake per entry (£)")).toHaveValue("1.00");
    await expect(page.getByLabel("Tournament type")).toHaveValue("single_elimination");
    await expect(page.getByLabel("Match type")).toHaveValue("1v1");
    await expect(payoutRadio(page, "Winner and runner-up")).toBeChecked();

    // SCENARIO: each player pays £11.00, £9.00 a head to the pot, £144.00 if full, £100.80 / £43.20.
    await expectPreview(page, {
      "Each player pays": "£11.00",
      "Site fee (per player)": "£1.00",
      "Your rake (per entry)": "£1.00",
      "To the prize pool (per entry)": "£9.00",
      "Prize pool if full": "£144.00",
      "Your rake if full": "£16.00",
    });
    await expect(payout(page, "1st")).toHaveText("£100.80");
    await expect(payout(page, "2nd")).toHaveText("£43.20");

    // The preview follows the entry fee as it is typed...
    await page.getByLabel("Entry fee (£)").fill("20");
    await expectPreview(page, {
      "Each player pays": "£21.00",
      "To the prize pool (per entry)": "£19.00",
      "Prize pool if full": "£304.00",
    });
    await expect(payout(page, "1st")).toHaveText("£212.80");
    await expect(payout(page, "2nd")).toHaveText("£91.20");

    // ...and a percentage rake (10% of £20.00 = £2.00).
    await page.getByText("Percentage (%)", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "Percentage (%)" })).toBeChecked();
    const rake = page.getByLabel("Rake (% of the entry fee)");
    await rake.fill("10");
    await expectPreview(page, {
      "Your rake (per entry)": "£2.00",
      "To the prize pool (per entry)": "£18.00",
      "Prize pool if full": "£288.00",
      "Your rake if full": "£32.00",
    });

    // Two players can only fill a winner-takes-all or winner-and-runner-up payout.
    await page.getByLabel("Max players").fill("2");
    await expect(payoutRadio(page, "Winner takes all")).toBeEnabled();
    await expect(payoutRadio(page, "Winner and runner-up")).toBeEnabled();
    await expect(payoutRadio(page, "Winner, runner-up and semi-finalists")).toBeDisabled();
    await expect(payoutRadio(page, "Winner, runner-up, semi- and quarter-finalists")).toBeDisabled();
    await expect(payoutRadio(page, "Top 16")).toBeDisabled();
    await expect(page.getByText("— needs 4 players")).toBeVisible();
    await expectPreview(page, { "Prize pool if full": "£36.00", "Your rake if full": "£4.00" });
    await expect(payout(page, "1st")).toHaveText("£25.20");
    await expect(payout(page, "2nd")).toHaveText("£10.80");

    await fillBasics(page, { name, venue: "The Red Lion, Leeds", date: FAR_FRIDAY.iso, time: "19:30" });
    await page.getByRole("button", { name: "Create Tournament" }).click();

    await expect(page).toHaveURL(new RegExp(`/tournament/friday-8-ball-knockout-${token}-[a-z0-9]{6}$`));
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText(`The Red Lion, Leeds · ${FAR_FRIDAY.label} · 19:30`)).toBeVisible();
    await expect(page.getByText("Open", { exact: true })).toBeVisible();
    await expect(described(entryBox(page), "Price")).toHaveText("£21.00 — £20.00 entry + £1.00 booking fee");
    await expect(entryBox(page)).toContainText("0/2 players registered");
    await expect(entryBox(page)).toContainText("You are running this tournament.");
  });

  test("the creation form explains each invalid field and lists unavailable types as coming soon", async ({ page }) => {
    await createOrganiser(page.request);
    // The page asks its action to check each field (decision 016: no Zod in the browser); only a submission creates.
    const posts: string[] = [];
    const checks: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "POST") return;
      const intent = new URLSearchParams(request.postData() ?? "").get("intent");
      (intent === "validate" ? checks : posts).push(request.url());
    });
    await page.goto("/td/create-tournament");
    await waitForHydratedForm(page, "create-tournament");

    const maxPlayers = page.getByLabel("Max players");
    await maxPlayers.fill("1");
    await maxPlayers.blur();
    await expect(maxPlayers).toHaveAccessibleDescription("Minimum 2 players");
    await expect(maxPlayers).toHaveAttribute("aria-invalid", "true");
    await maxPlayers.fill("513");
    await expect(maxPlayers).toHaveAccessibleDescription("Maximum 512 players");
    await maxPlayers.fill("16");
    await expect(maxPlayers).not.toHaveAttribute("aria-invalid", "true");

    const raceTo = page.getByLabel("Race to (optional)");
    await raceTo.fill("51");
    await raceTo.blur();
    await expect(raceTo).toHaveAccessibleDescription(/Maximum race to 50/);
    await raceTo.fill("0");
    await expect(raceTo).toHaveAccessibleDescription(/Minimum race to 1/);
    await raceTo.fill("7");
    await expect(raceTo).not.toHaveAttribute("aria-invalid", "true");

    // Cross-field rules are checked once the fields they depend on are valid.
    await fillBasics(page, {
      name: "Validation Night",
      venue: "The Red Lion, Leeds",
      date: FAR_FRIDAY.iso,
      time: "19:30",
    });
    const rake = page.getByLabel("Rake per entry (£)");
    await rake.fill("10.01");
    await rake.blur();
    await expect(rake).toHaveAccessibleDescription("Rake can't be more than the entry fee");
    await expect(preview(page)).toHaveCount(0);
    await expect(
      page.getByText("Enter the entry fee, rake, max players and payout structure to see the prizes."),
    ).toBeVisible();
    await rake.fill("10.00"); // all of the entry fee is allowed
    await expect(rake).not.toHaveAttribute("aria-invalid", "true");
    await expectPreview(page, { "To the prize pool (per entry)": "£0.00" });
    await rake.fill("1.00");

    const date = page.getByLabel("Date", { exact: true });
    await date.fill("2020-01-03");
    await date.blur();
    await expect(date).toHaveAccessibleDescription("The date can't be in the past");
    await page.getByRole("button", { name: "Create Tournament" }).click();
    await expect(date).toHaveAccessibleDescription("The date can't be in the past");
    await expect(page).toHaveURL(/\/td\/create-tournament$/);
    // Held back in the browser: the action's latest check of exactly these values found the problem.
    expect(posts.filter((url) => url.includes("create-tournament"))).toEqual([]);
    expect(checks.length).toBeGreaterThan(0);
    await date.fill(FAR_FRIDAY.iso);
    await expect(date).not.toHaveAttribute("aria-invalid", "true");

    // Every tournament type can be played; the group settings show only for groups (with JavaScript).
    const tournamentType = page.getByLabel("Tournament type");
    for (const label of [
      "Single elimination",
      "Double elimination",
      "Round robin",
      "Round-robin groups, then knockout",
    ]) {
      await expect(tournamentType.locator("option", { hasText: label })).toBeEnabled();
    }
    await expect(page.getByLabel("Players per group")).toBeHidden();
    await tournamentType.selectOption("round_robin_tier");
    await expect(page.getByLabel("Players per group")).toHaveValue("4");
    await expect(page.getByLabel("Through from each group")).toHaveValue("2");
    await tournamentType.selectOption("single_elimination");
    await expect(page.getByLabel("Players per group")).toBeHidden();
    // Every match type is played (decision 011): teams count as entries, so the field is "Max teams".
    const matchType = page.getByLabel("Match type");
    for (const label of ["Singles (1v1)", "Doubles (2v2)", "Teams of 3 (3v3)", "Teams of 4 (4v4)"]) {
      const option = matchType.locator("option", { hasText: label });
      await expect(option).toBeEnabled();
      await expect(option).toHaveText(label);
    }
    await expect(page.getByLabel("Max players")).toBeVisible();
    await matchType.selectOption("2v2");
    await expect(page.getByLabel("Max teams")).toBeVisible();
    await matchType.selectOption("1v1");
  });

  test("the JSON API refuses the same invalid tournaments with a 400 and the field's message", async ({ request }) => {
    await createOrganiser(request);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ maxPlayers: 1 }, "maxPlayers", "Minimum 2 players"],
      [{ maxPlayers: 513 }, "maxPlayers", "Maximum 512 players"],
      [{ raceTo: 51 }, "raceTo", "Maximum race to 50"],
      [{ rakeValue: "10.01" }, "rakeValue", "Rake can't be more than the entry fee"],
      [{ date: "2020-01-03" }, "date", "The date can't be in the past"],
      [{ tournamentType: "round_robin_tier", groupSize: 2 }, "groupSize", "Groups have at least 3 players"],
      [{ tournamentType: "double_elimination", grandFinal: "best_of_3" }, "grandFinal", "Choose how the grand final"],
      [{ matchType: "5v5" }, "matchType", "Choose a match type"],
      [{ maxPlayers: 2, payoutStructure: "winner_ru_semi" }, "payoutStructure", "needs at least 4 players"],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await request.post("/api/tournaments", { data: { ...scenarioTournament(), ...overrides } });
      expect(response.status(), JSON.stringify(overrides)).toBe(400);
      const body = (await response.json()) as { message: string; errors?: Record<string, string[]> };
      expect(body.errors?.[field]?.join(" "), JSON.stringify(body)).toContain(message);
    }
  });
});

test.describe("creating a tournament without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Preview button shows the prizes for the typed values, then Create Tournament works", async ({ page }) => {
    await createOrganiser(page.request);
    const name = `No-Script Knockout ${uniqueToken("n")}`;
    await page.goto("/td/create-tournament");
    // The server renders the preview for the defaults.
    await expectPreview(page, { "Each player pays": "£11.00", "Prize pool if full": "£144.00" });

    await fillBasics(page, { name, venue: "The Crown, York", date: FAR_FRIDAY.iso, time: "20:00" });
    await page.getByLabel("Entry fee (£)").fill("20");
    await page.getByText("Percentage (%)", { exact: true }).click();
    await page.getByLabel("Rake per entry (£)").fill("10"); // the label changes on the next render
    const previewButton = page.getByRole("button", { name: "Preview" });
    await expect(previewButton).toBeVisible();
    await previewButton.click();

    await expect(page).toHaveURL(/\/td\/create-tournament$/);
    await expectPreview(page, {
      "Each player pays": "£21.00",
      "Your rake (per entry)": "£2.00",
      "To the prize pool (per entry)": "£18.00",
      "Prize pool if full": "£288.00",
    });
    await expect(payout(page, "1st")).toHaveText("£201.60");
    await expect(payout(page, "2nd")).toHaveText("£86.40");
    // The typed values are kept.
    await expect(page.getByLabel("Tournament name")).toHaveValue(name);
    await expect(page.getByLabel("Entry fee (£)")).toHaveValue("20");
    await expect(page.getByRole("radio", { name: "Percentage (%)" })).toBeChecked();
    await expect(page.getByLabel("Rake (% of the entry fee)")).toHaveValue("10");

    // A preview of an invalid field size says what is wrong instead of showing prizes.
    await page.getByLabel("Max players").fill("1");
    await previewButton.click();
    await expect(page.getByLabel("Max players")).toHaveAccessibleDescription("Minimum 2 players");
    await expect(
      page.getByText("Enter the entry fee, rake, max players and payout structure to see the prizes."),
    ).toBeVisible();
    await page.getByLabel("Max players").fill("16");

    await page.getByRole("button", { name: "Create Tournament" }).click();
    await expect(page).toHaveURL(/\/tournament\/no-script-knockout-n[a-z0-9]+-[a-z0-9]{6}$/);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(described(entryBox(page), "Price")).toHaveText("£21.00 — £20.00 entry + £1.00 booking fee");
    await expect(entryBox(page)).toContainText("0/16 players registered");
  });
});

test.describe("the director's tournament list", () => {
  test("lists each tournament with its details; View Details opens it; the archive starts empty", async ({ page }) => {
    await createOrganiser(page.request);
    const friday = await createTournamentViaApi(page.request, { raceTo: 5 });
    const earlier = await createTournamentViaApi(page.request, {
      name: `Nine-Ball Night ${uniqueToken("n")}`,
      venue: "The Crown, York",
      format: "9-ball",
      date: "2030-11-29",
      time: "20:00",
      entryFee: "5.00",
      maxPlayers: 32,
    });

    await page.goto("/td/tournaments");
    await expect(page.getByRole("heading", { name: "My Tournaments", level: 1 })).toBeVisible();
    const activeTab = page.getByRole("link", { name: "Active Tournaments (2)" });
    await expect(activeTab).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Archived (0)" })).toBeVisible();

    const fridayCard = cardFor(page, friday.name);
    await expect(fridayCard).toContainText("The Red Lion, Leeds");
    await expect(fridayCard.getByText("Open", { exact: true })).toBeVisible();
    await expect(described(fridayCard, "Format")).toHaveText("8-ball knockout");
    await expect(described(fridayCard, "Date")).toHaveText(FAR_FRIDAY.label);
    await expect(described(fridayCard, "Time")).toHaveText("19:30");
    await expect(described(fridayCard, "Players")).toHaveText("0/16");
    await expect(described(fridayCard, "Entry")).toHaveText("£11.00 — £10.00 entry + £1.00 booking fee");

    const earlierCard = cardFor(page, earlier.name);
    await expect(earlierCard).toContainText("The Crown, York");
    await expect(described(earlierCard, "Format")).toHaveText("9-ball");
    await expect(described(earlierCard, "Date")).toHaveText("Fri 29 Nov 2030");
    await expect(described(earlierCard, "Time")).toHaveText("20:00");
    await expect(described(earlierCard, "Players")).toHaveText("0/32");
    await expect(described(earlierCard, "Entry")).toHaveText("£6.00 — £5.00 entry + £1.00 booking fee");

    // Open tournaments can be neither archived (only in progress) nor restored (only archived).
    for (const card of [fridayCard, earlierCard]) {
      await expect(card.getByRole("link", { name: "Archive" })).toHaveCount(0);
      await expect(card.getByRole("link", { name: "Restore" })).toHaveCount(0);
    }

    await fridayCard.getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(new RegExp(`/tournament/${friday.slug}$`));
    await expect(page.getByRole("heading", { name: friday.name, level: 1 })).toBeVisible();

    await page.goBack();
    await page.getByRole("link", { name: "Archived (0)" }).click();
    await expect(page).toHaveURL(/\/td\/tournaments\?tab=archived$/);
    await expect(page.getByRole("link", { name: "Archived (0)" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "No Archived Tournaments" })).toBeVisible();
    await expect(page.getByText("Completed tournaments will appear here.")).toBeVisible();
  });

  test("a director with no tournaments is invited to create the first one @tablet", async ({ page }) => {
    await createOrganiser(page.request);
    await page.goto("/td/tournaments");
    await expect(page.getByRole("link", { name: "Active Tournaments (0)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Active Tournaments" })).toBeVisible();
    await expect(page.getByText("You haven't created any tournaments yet.")).toBeVisible();
    await page.getByRole("link", { name: "Create Your First Tournament" }).click();
    await expect(page).toHaveURL(/\/td\/create-tournament$/);
    await expect(page.getByRole("heading", { name: "Create Tournament", level: 1 })).toBeVisible();
  });

  test("a director archives a tournament in progress and restores it, keeping the paid entries", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { tournament } = await organiserWithTournament(page.request);
    await enterPaidPlayers(playwright, baseURL, tournament.id, 2);
    await startViaApi(page.request, tournament.id);

    await page.goto("/td/tournaments");
    let card = cardFor(page, tournament.name);
    await expect(card.getByText("In Progress", { exact: true })).toBeVisible();
    await expect(described(card, "Players")).toHaveText("2/16");
    await expect(card.getByRole("link", { name: "Restore" })).toHaveCount(0);
    await waitForHydrated(page, "main");

    // Escape (with JavaScript) and Cancel both leave it alone.
    await card.getByRole("link", { name: "Archive" }).click();
    const archiveDialog = page.getByRole("dialog", { name: `Archive ${tournament.name}?` });
    await expect(archiveDialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?confirm=archive:${tournament.id}$`));
    await page.keyboard.press("Escape");
    await expect(archiveDialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/td\/tournaments$/);

    await card.getByRole("link", { name: "Archive" }).click();
    await expect(archiveDialog).toContainText(
      "The tournament moves to Archived and stops. Entry fees stay held and no payouts are made.",
    );
    await archiveDialog.getByRole("button", { name: "Archive" }).click();
    await expect(page).toHaveURL(/\/td\/tournaments\?tab=archived$/);
    await expect(toast(page)).toContainText("Tournament updated");
    await expect(toast(page)).toContainText("Tournament status has been updated successfully");
    await expect(page.getByRole("link", { name: "Active Tournaments (0)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Archived (1)" })).toHaveAttribute("aria-current", "page");
    card = cardFor(page, tournament.name);
    await expect(card.getByText("Finished", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: "Archive" })).toHaveCount(0);

    await card.getByRole("link", { name: "Restore" }).click();
    const restoreDialog = page.getByRole("dialog", { name: `Restore ${tournament.name}?` });
    await expect(restoreDialog).toContainText(
      "The tournament opens for registration again. Its bracket is discarded; paid entries are kept.",
    );
    await restoreDialog.getByRole("button", { name: "Restore" }).click();
    await expect(page).toHaveURL(/\/td\/tournaments$/);
    await expect(toast(page)).toContainText("Tournament updated");
    await expect(page.getByRole("link", { name: "Active Tournaments (1)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Archived (0)" })).toBeVisible();
    card = cardFor(page, tournament.name);
    await expect(card.getByText("Open", { exact: true })).toBeVisible();
    await expect(described(card, "Players")).toHaveText("2/16");
  });

  test("archiving an open tournament is refused, on the page and in the API", async ({ page, request }) => {
    const { tournament } = await organiserWithTournament(page.request);
    await page.goto(`/td/tournaments?confirm=archive:${tournament.id}`);
    const dialog = page.getByRole("dialog", { name: `Archive ${tournament.name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Entry fees stay held and no payouts are made.");
    // A click while React hydrates the dialog can be lost: wait until it is live.
    await waitForHydrated(page, "dialog button[type=submit]");
    await dialog.getByRole("button", { name: "Archive" }).click();
    await expect(toast(page)).toContainText("Update failed");
    await expect(toast(page)).toContainText("Only a tournament in progress can be archived");
    await expect(toast(page)).toHaveAttribute("data-type", "error");
    await expect(page.getByRole("link", { name: "Active Tournaments (1)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Archived (0)" })).toBeVisible();

    // Cancel closes the dialog and changes nothing.
    await page.goto(`/td/tournaments?confirm=archive:${tournament.id}`);
    await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/td\/tournaments$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const path = `/api/tournaments/${tournament.id}/status`;
    expect((await page.request.patch(path, { data: { status: "finished" } })).status()).toBe(409);
    expect((await page.request.patch(path, { data: { status: "open" } })).status()).toBe(409);
    // Another director cannot touch it at all.
    await createOrganiser(request);
    expect((await request.patch(path, { data: { status: "finished" } })).status()).toBe(403);
  });
});

test.describe("browsing tournaments as a player", () => {
  test("cards show each tournament; search and the fee filter narrow them as you type", async ({ page, request }) => {
    const director = newIdentity("director");
    const nameToken = uniqueToken("n");
    const venueToken = uniqueToken("v");
    const deadline = "2030-12-06T18:00:00Z"; // 18:00 in the UK in December
    const { tournament: friday } = await organiserWithTournament(
      request,
      {
        name: `Friday Knockout ${nameToken}`,
        venue: `The Red Lion ${venueToken}`,
        raceTo: 5,
        registrationDeadline: deadline,
      },
      director,
    );
    const saturday = await createTournamentViaApi(request, {
      name: `Saturday Nine-Ball ${uniqueToken("n")}`,
      venue: `The Crown ${uniqueToken("v")}`,
      format: "9-ball",
      date: "2030-12-07",
      time: "20:00",
      entryFee: "20.00",
    });
    await createPlayer(page.request);

    await page.goto("/player/tournaments");
    await expect(page.getByRole("heading", { name: "Tournaments", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Available \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
    await waitForHydrated(page, "form[role=search]");
    const search = page.getByPlaceholder("Search tournaments, venues, or directors...");
    const maxFee = page.getByPlaceholder("Max entry fee");
    const query = () => new URL(page.url()).searchParams;

    // By name, typed in another case: the list and the URL follow the typing.
    await expect(page.getByRole("link", { name: "Clear Filters" })).toHaveCount(0);
    await search.pressSequentially(nameToken.toUpperCase(), { delay: 20 });
    await expect.poll(() => query().get("q")).toBe(nameToken.toUpperCase());
    await expect(page.getByRole("link", { name: "Available (1)" })).toBeVisible();
    const card = cardFor(page, friday.name);
    await expect(card).toBeVisible();
    await expect(page.getByRole("link", { name: "Clear Filters" })).toBeVisible();

    await expect(card).toContainText(`The Red Lion ${venueToken} · 8-ball knockout`);
    await expect(card.getByText("Open", { exact: true })).toBeVisible();
    await expect(described(card, "Date")).toHaveText(FAR_FRIDAY.label);
    await expect(described(card, "Time")).toHaveText("19:30");
    await expect(described(card, "By")).toHaveText(director.name);
    await expect(described(card, "Players")).toHaveText("0/16");
    await expect(described(card, "Entry")).toHaveText("£11.00 — £10.00 entry + £1.00 booking fee");
    await expect(described(card, "Race To")).toHaveText("5");
    await expect(described(card, "Registration Deadline")).toHaveText("6 Dec 2030, 18:00");
    await expect(card.getByRole("link", { name: "Register Now" })).toHaveAttribute(
      "href",
      `/tournament/${friday.slug}`,
    );

    // By venue.
    await search.fill(`red lion ${venueToken.toUpperCase()}`);
    await expect.poll(() => query().get("q")).toBe(`red lion ${venueToken.toUpperCase()}`);
    await expect(page.getByRole("link", { name: "Available (1)" })).toBeVisible();
    await expect(cardFor(page, friday.name)).toBeVisible();

    // By the director's name: both of theirs.
    await search.fill(director.name.toUpperCase());
    await expect.poll(() => query().get("q")).toBe(director.name.toUpperCase());
    await expect(page.getByRole("link", { name: "Available (2)" })).toBeVisible();
    const saturdayCard = cardFor(page, saturday.name);
    await expect(saturdayCard).toBeVisible();
    await expect(described(saturdayCard, "Entry")).toHaveText("£21.00 — £20.00 entry + £1.00 booking fee");
    await expect(saturdayCard.getByText("Race To", { exact: true })).toHaveCount(0);
    await expect(saturdayCard.getByText("Registration Deadline", { exact: true })).toHaveCount(0);

    // The fee filter hides the £20.00 one.
    await maxFee.fill("15");
    await expect.poll(() => query().get("maxFee")).toBe("15");
    await expect(page.getByRole("link", { name: "Available (1)" })).toBeVisible();
    await expect(cardFor(page, friday.name)).toBeVisible();
    await expect(cardFor(page, saturday.name)).toHaveCount(0);
    await maxFee.fill("20");
    await expect(page.getByRole("link", { name: "Available (2)" })).toBeVisible();

    // A search that matches nothing.
    await search.fill(uniqueToken("nothing"));
    await expect(page.getByRole("heading", { name: "No Available Tournaments" })).toBeVisible();
    await expect(page.getByText("No open tournaments match your search.")).toBeVisible();

    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/player\/tournaments\?tab=available$/);
    await expect(search).toHaveValue("");
    await expect(maxFee).toHaveValue("");
    await expect(page.getByRole("link", { name: "Clear Filters" })).toHaveCount(0);

    // The search box's own clear button keeps the fee filter.
    await search.fill(nameToken);
    await expect.poll(() => query().get("q")).toBe(nameToken);
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect.poll(() => query().get("q")).toBeNull();
    await expect(search).toHaveValue("");

    // Register Now opens the tournament, where a player can join.
    await search.fill(nameToken);
    await expect(page.getByRole("link", { name: "Available (1)" })).toBeVisible();
    await cardFor(page, friday.name).getByRole("link", { name: "Register Now" }).click();
    await expect(page).toHaveURL(new RegExp(`/tournament/${friday.slug}$`));
    await expect(joinControl(page)).toBeVisible();
  });

  test("a player with no entries sees an empty My Tournaments tab that leads back to browsing @tablet", async ({
    page,
  }) => {
    await createPlayer(page.request);
    await page.goto("/player/tournaments");
    await page.getByRole("link", { name: "My Tournaments (0)" }).click();
    await expect(page).toHaveURL(/\/player\/tournaments\?tab=registered$/);
    await expect(page.getByRole("link", { name: "My Tournaments (0)" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "No Registered Tournaments" })).toBeVisible();
    await expect(page.getByText("You haven't registered for any tournaments yet.")).toBeVisible();
    await page.getByRole("link", { name: "Browse Available Tournaments" }).click();
    await expect(page).toHaveURL(/\/player\/tournaments\?tab=available$/);
    await expect(page.getByRole("link", { name: /^Available \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  });

  // Regression: a debounced search must not replace the input under the player's fingers.
  test("a player can pause while typing a search and carry on typing", async ({ page }) => {
    await createPlayer(page.request);
    await page.goto("/player/tournaments");
    await waitForHydrated(page, "form[role=search]");
    const search = page.getByPlaceholder("Search tournaments, venues, or directors...");
    await search.click();
    await page.keyboard.type("fri");
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("fri");
    await page.keyboard.type("day");
    await expect(search).toBeFocused({ timeout: 15_000 });
    await expect(search).toHaveValue("friday", { timeout: 15_000 });
  });

  // Regression: the two list links differ only by their query.
  test("the main navigation marks only the current list", async ({ page }) => {
    await createPlayer(page.request);
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.goto("/player/tournaments?tab=registered");
    await expect(nav.getByRole("link", { name: "My Tournaments" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Browse Tournaments" })).not.toHaveAttribute("aria-current", "page", {
      timeout: 15_000,
    });
  });

  test("once the registration deadline has passed the tournament shows Registration Closed", async ({
    page,
    request,
  }) => {
    const nameToken = uniqueToken("c");
    const { tournament } = await organiserWithTournament(request, {
      name: `Closing Soon ${nameToken}`,
      date: daysFromToday(10),
      registrationDeadline: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    await createPlayer(page.request);
    // The hour passes in the database: the deadline set when it was created is now a second ago.
    await closeRegistration(tournament.id);

    await page.goto(`/player/tournaments?q=${nameToken}`);
    const card = cardFor(page, tournament.name);
    await expect(card.getByText("Registration Closed", { exact: true })).toBeVisible();
    await expect(card.getByText("Open", { exact: true })).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Register Now" })).toHaveCount(0);
    await expect(card.getByRole("link", { name: "View Details" })).toHaveAttribute(
      "href",
      `/tournament/${tournament.slug}`,
    );
    await expect(described(card, "Registration Deadline")).toHaveClass(/text-red/);

    await card.getByRole("link", { name: "View Details" }).click();
    await expect(entryBox(page)).toContainText("Registration Closed");
    await expect(joinControl(page)).toHaveCount(0);

    // An anonymous visitor is not invited to sign in to join it either.
    await page.context().clearCookies();
    await page.reload();
    await expect(entryBox(page)).toContainText("Registration Closed");
    await expect(page.getByRole("link", { name: "Sign In to Join" })).toHaveCount(0);
  });
});

test.describe("browsing tournaments without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Search button submits the search and the fee filter", async ({ page, request }) => {
    const director = newIdentity("director");
    const nameToken = uniqueToken("n");
    const { tournament: cheap } = await organiserWithTournament(
      request,
      { name: `Cheap Night ${nameToken}`, entryFee: "5.00" },
      director,
    );
    const dear = await createTournamentViaApi(request, { name: `Big Money ${uniqueToken("n")}`, entryFee: "50.00" });
    await createPlayer(page.request);

    await page.goto("/player/tournaments");
    const search = page.getByPlaceholder("Search tournaments, venues, or directors...");
    await search.fill(nameToken.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?tab=available&q=${nameToken.toUpperCase()}&maxFee=$`));
    await expect(page.getByRole("link", { name: "Available (1)" })).toBeVisible();
    await expect(cardFor(page, cheap.name)).toBeVisible();
    await expect(search).toHaveValue(nameToken.toUpperCase());

    await search.fill(director.name);
    await page.getByPlaceholder("Max entry fee").fill("10");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("link", { name: "Available (1)" })).toBeVisible();
    await expect(cardFor(page, cheap.name)).toBeVisible();
    await expect(cardFor(page, dear.name)).toHaveCount(0);

    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/player\/tournaments\?tab=available$/);
    await expect(search).toHaveValue("");
    await expect(cardFor(page, dear.name)).toBeVisible();
  });
});

test.describe("the public tournament page", () => {
  test("a visitor sees the details, signs in to join and returns to the tournament @tablet", async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    const player = await createPlayer(request);
    const director = newIdentity("director");
    const { tournament } = await organiserWithTournament(
      request,
      { raceTo: 7, rules: "UK blackball rules.\nNo push-outs." },
      director,
    );
    const pageUrl = `${baseURL}/tournament/${tournament.slug}`;

    await page.goto(`/tournament/${tournament.slug}`);
    await expect(page.getByRole("heading", { name: tournament.name, level: 1 })).toBeVisible();
    await expect(page.getByText("Open", { exact: true })).toBeVisible();
    await expect(page.getByText(`Run by ${director.name} Pool League`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Details" })).toHaveAttribute("aria-current", "page");
    const details = page.getByRole("main");
    await expect(described(details, "Venue")).toHaveText("The Red Lion, Leeds");
    await expect(described(details, "Date")).toHaveText(FAR_FRIDAY.label);
    await expect(described(details, "Start time")).toHaveText("19:30");
    await expect(described(details, "Format")).toHaveText("8-ball knockout");
    await expect(described(details, "Tournament type")).toHaveText("Single elimination");
    await expect(described(details, "Match type")).toHaveText("Singles (1v1)");
    await expect(described(details, "Race to")).toHaveText("7");
    await expect(described(details, "Prizes")).toHaveText("Winner and runner-up (70% / 30%)");
    await expect(described(details, "Organiser")).toHaveText(`${director.name} (${director.name} Pool League)`);
    await expect(described(details, "Players")).toHaveText("0/16");
    await expect(page.getByRole("heading", { name: "Rules" })).toBeVisible();
    await expect(page.getByText("No push-outs.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Players (0)" })).toBeVisible();
    await expect(page.getByText("No one has entered yet. Be the first.")).toBeVisible();

    await expect(described(entryBox(page), "Price")).toHaveText("£11.00 — £10.00 entry + £1.00 booking fee");
    await expect(entryBox(page)).toContainText("0/16 players registered");

    // The share box holds the page's address, and Copy puts it on the clipboard.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await expect(page.getByLabel("Share this tournament")).toHaveValue(pageUrl);
    await waitForHydrated(page, "main");
    await page.getByRole("button", { name: "Copy" }).click();
    await expect(toast(page)).toContainText("Copied!");
    await expect(toast(page)).toContainText("Tournament link copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);

    await page.getByRole("link", { name: "Bracket" }).click();
    await expect(page).toHaveURL(new RegExp(`/tournament/${tournament.slug}\\?tab=bracket$`));
    await expect(page.getByText("The bracket appears here when the tournament starts.")).toBeVisible();
    await expect(page.getByText("Live", { exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Details" }).click();
    await expect(page.getByRole("heading", { name: "Players (0)" })).toBeVisible();

    // The header's Sign In comes back here too.
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute(
      "href",
      `/login?redirectTo=%2Ftournament%2F${tournament.slug}`,
    );
    const signIn = page.getByRole("link", { name: "Sign In to Join" });
    await expect(signIn).toHaveAttribute("href", `/login?redirectTo=%2Ftournament%2F${tournament.slug}`);
    await signIn.click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Ftournament%2F${tournament.slug}$`));
    await submitLogin(page, player);
    await expect(page).toHaveURL(new RegExp(`/tournament/${tournament.slug}$`));
    await expect(joinControl(page)).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In to Join" })).toHaveCount(0);
  });

  test("another director sees the page but is told to use a player account", async ({ page, request }) => {
    const { tournament } = await organiserWithTournament(request);
    await createOrganiser(page.request);
    await page.goto(`/tournament/${tournament.slug}`);
    await expect(entryBox(page)).toContainText("Sign in with a player account to enter tournaments.");
    await expect(entryBox(page).getByRole("link")).toHaveCount(0);
  });

  test("an unknown tournament is a 404 with a way home", async ({ page }) => {
    const response = await page.goto(`/tournament/${uniqueToken("missing")}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Tournament not found", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test("returning from payment shows 'Payment Successful!' once and tidies the address", async ({ page, request }) => {
    const { tournament } = await organiserWithTournament(request);
    await page.goto(`/tournament/${tournament.slug}?payment=success`);
    await expect(page).toHaveURL(new RegExp(`/tournament/${tournament.slug}$`));
    await expect(toast(page)).toContainText("Payment Successful!");
    await expect(toast(page)).toHaveAttribute("data-type", "success");
    await page.reload();
    await expect(page.getByRole("heading", { name: tournament.name })).toBeVisible();
    await expect(toast(page)).toHaveCount(0);

    // Only `payment` goes: the tab stays.
    await page.goto(`/tournament/${tournament.slug}?tab=bracket&payment=success`);
    await expect(page).toHaveURL(new RegExp(`/tournament/${tournament.slug}\\?tab=bracket$`));
    await expect(toast(page)).toContainText("Payment Successful!");
  });
});

test.describe("link previews", () => {
  // What a chat app's link unfurler sees: the server's HTML, no JavaScript.
  test.use({ javaScriptEnabled: false });

  test("the tournament page carries Open Graph tags with the name, venue, date and total fee", async ({
    page,
    request,
    baseURL,
  }) => {
    const name = `Dave's 8-Ball & Pints ${uniqueToken("o")}`;
    const { tournament } = await organiserWithTournament(request, { name });
    await page.goto(`/tournament/${tournament.slug}`);
    const meta = (key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`);
    await expect(meta("og:title")).toHaveAttribute("content", name);
    const description = meta("og:description");
    await expect(description).toHaveAttribute("content", /The Red Lion, Leeds/);
    await expect(description).toHaveAttribute("content", /£11\.00/);
    await expect(description).toHaveAttribute("content", new RegExp(FAR_FRIDAY.label));
    await expect(meta("og:url")).toHaveAttribute("content", `${baseURL}/tournament/${tournament.slug}`);
    await expect(meta("twitter:card")).toHaveAttribute("content", "summary");
    await expect(page).toHaveTitle(`${name} — Break & Run`);

    // And in the raw HTML, escaped once.
    const html = await (await request.get(`/tournament/${tournament.slug}`)).text();
    expect(html).toContain(`property="og:title" content="Dave&#x27;s 8-Ball &amp; Pints`);
  });
});

test.describe("who may see the tournament pages", () => {
  test("a player is sent to the player dashboard from the director's pages", async ({ page }) => {
    await createPlayer(page.request);
    for (const path of ["/td/create-tournament", "/td/tournaments", "/td/tournaments?tab=archived"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/player\/dashboard$/);
    }
  });

  test("a director is sent to the director dashboard from the player's list", async ({ page }) => {
    await createOrganiser(page.request);
    for (const path of ["/player/tournaments", "/player/tournaments?tab=registered"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/td\/dashboard$/);
    }
  });

  test("an anonymous visitor is asked to sign in, and returned afterwards", async ({ page, request }) => {
    const expectations: [string, string][] = [
      ["/td/create-tournament", "%2Ftd%2Fcreate-tournament"],
      ["/td/tournaments", "%2Ftd%2Ftournaments"],
      ["/player/tournaments", "%2Fplayer%2Ftournaments"],
      ["/player/tournaments?tab=registered", "%2Fplayer%2Ftournaments%3Ftab%3Dregistered"],
    ];
    for (const [path, redirectTo] of expectations) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${redirectTo.replace(/[?]/g, "\\?")}$`));
    }
    const director = await createOrganiser(request);
    await page.goto("/td/create-tournament");
    await submitLogin(page, director, "Tournament Director");
    await expect(page).toHaveURL(/\/td\/create-tournament$/);
  });

  test("the JSON API lets only a signed-in director create a tournament", async ({ request }) => {
    expect((await request.post("/api/tournaments", { data: scenarioTournament() })).status()).toBe(401);
    await createPlayer(request);
    expect((await request.post("/api/tournaments", { data: scenarioTournament() })).status()).toBe(403);
  });
});
