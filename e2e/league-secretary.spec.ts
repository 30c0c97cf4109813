// A league's secretary on a phone builds a season (DESIGN §11): the league, a season on Thursdays, two divisions,
// five teams (two sharing a pub, captains by e-mail), a player added, the fixtures made and read week by week, one
// moved and one postponed, the list made again once confirmed, and the printed list. Then the same build without
// JavaScript, plain forms throughout, with a refused form coming back beside its field.
import { expect, type Page, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";

/** The first Thursday of 2027, and the one after a blackout week. */
const FIRST_NIGHT = "2027-01-07";

type TeamFields = { name: string; division: string; venue: string; captain: string; players?: string[] };

async function addTeam(page: Page, team: TeamFields) {
  const form = page.locator("#add-team");
  await form.getByLabel("Team name").fill(team.name);
  await form.getByLabel("Division", { exact: true }).selectOption({ label: team.division });
  await form.getByLabel("Home venue").fill(team.venue);
  await form.getByLabel("Captain's e-mail").fill(newIdentity(team.captain.toLowerCase()).email);
  await form.getByLabel("Captain's name (for a new player)").fill(team.captain);
  for (const [row, name] of (team.players ?? []).entries()) {
    await form.getByLabel(`Player ${row + 1} name`).fill(name);
  }
  await form.getByRole("button", { name: "Add team" }).click();
  await expect(page.getByTestId("team").filter({ hasText: team.name })).toContainText(`Captain: ${team.captain}`);
}

async function startSeason(page: Page, league: string) {
  await page.getByLabel("League name").fill(league);
  await page.getByRole("button", { name: "Create league" }).click();
  await expect(page.getByRole("heading", { name: league, level: 1 })).toBeVisible();
  await page.getByLabel("Season name").fill("Winter");
  await page.getByLabel("League night").selectOption("thursday");
  await page.getByLabel("First date").fill(FIRST_NIGHT);
  await page.getByLabel("Blackout dates (optional)").fill("2027-02-04");
  await page.getByRole("button", { name: "Create season" }).click();
  await expect(page.getByRole("heading", { name: "Winter", level: 1 })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Thursdays from Thu 7 Jan 2027 · home and away · no fixtures on Thu 4 Feb 2027"),
  ).toBeVisible();
}

async function addDivision(page: Page, name: string) {
  await page.getByLabel("Add division").fill(name);
  await page.getByRole("button", { name: "Add division" }).click();
  await expect(page.getByTestId("divisions")).toContainText(name);
}

test("a secretary on a phone builds a season, makes its fixtures, moves one, postpones one and prints them", async ({
  page,
}) => {
  await createOrganiser(page.request);
  await page.goto("/td/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leagues" }).click();
  await expect(page.getByRole("heading", { name: "Leagues", level: 1 })).toBeVisible();
  await expect(page.getByText("No leagues yet. Start one here.")).toBeVisible();
  await expectAccessible(page, "the leagues page");
  await startSeason(page, "Leeds Thursday League");

  await addDivision(page, "Premier");
  await addDivision(page, "Division One");
  // A name the season has, in another case: refused beside the field, as typed.
  await page.getByLabel("Add division").fill("premier");
  await page.getByRole("button", { name: "Add division" }).click();
  await expect(
    page.locator("#divisions").getByText("A division with that name is already in this season"),
  ).toBeVisible();
  await expect(page.getByLabel("Add division")).toHaveValue("premier");
  await addTeam(page, {
    name: "Red Lion A",
    division: "Premier",
    venue: "The Red Lion",
    captain: "Alice",
    players: ["Ann"],
  });
  await addTeam(page, { name: "Red Lion B", division: "Premier", venue: "The Red Lion", captain: "Bob" });
  await addTeam(page, { name: "Crown", division: "Premier", venue: "The Crown", captain: "Carol" });
  await addTeam(page, { name: "Swan", division: "Division One", venue: "The Swan", captain: "Dave" });
  await addTeam(page, { name: "Anchor", division: "Division One", venue: "The Anchor", captain: "Eve" });
  await expect(page.getByRole("heading", { name: "Teams (5)" })).toBeVisible();

  const crown = page.getByTestId("team").filter({ hasText: "Crown" });
  await crown.getByText("Add player to Crown").click();
  await crown.getByLabel("Player's name").fill("Cath");
  await crown.getByRole("button", { name: "Add player" }).click();
  await expect(crown).toContainText("Players: Cath");

  await page.getByRole("button", { name: "Make fixtures" }).click();
  await expect(page.getByText("Fixtures made", { exact: true })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  const weeks = page.getByTestId("fixture-week");
  await expect(weeks.first().getByRole("heading")).toHaveText("Week 1 · Thu 7 Jan 2027");
  await expectAccessible(page, "the season's page");
  // The blackout night is stepped over: week 5 is a fortnight after week 4.
  await expect(weeks.nth(4).getByRole("heading")).toHaveText("Week 5 · Thu 11 Feb 2027");
  // The two Red Lion teams are never both at home the same night.
  for (const week of await weeks.all()) {
    expect(await week.getByTestId("fixture").filter({ hasText: "The Red Lion ·" }).count()).toBeLessThanOrEqual(1);
  }

  const first = weeks.first().getByTestId("fixture").first();
  await first.getByText("Move or postpone").click();
  await first.getByLabel("New date").fill("2027-01-12");
  await first.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("Fixture moved", { exact: true })).toBeVisible();
  await expect(weeks.first().getByTestId("fixture").first()).toContainText("moved to Tue 12 Jan 2027");

  const second = weeks.nth(1).getByTestId("fixture").first();
  await second.getByText("Move or postpone").click();
  await second.getByRole("button", { name: "Postpone" }).click();
  await expect(page.getByText("Fixture postponed", { exact: true })).toBeVisible();
  await expect(weeks.nth(1).getByTestId("fixture").first()).toContainText("Postponed");

  await page.getByRole("link", { name: "Make fixtures again" }).click();
  const dialog = page.getByRole("dialog", { name: "Make the fixtures again?" });
  await dialog.getByRole("button", { name: "Make fixtures again" }).click();
  await expect(page.getByText("Fixtures made again", { exact: true })).toBeVisible();
  await expect(weeks.nth(1).getByTestId("fixture").first()).not.toContainText("Postponed");

  await page.getByRole("link", { name: "Print fixtures" }).click();
  await expect(page.getByRole("heading", { name: "Leeds Thursday League — Winter", level: 1 })).toBeVisible();
  await expect(page.getByTestId("printed-fixtures")).toContainText("Week 1");
  await expect(page.getByTestId("printed-fixtures")).toContainText("The Red Lion");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print fixtures" })).toBeHidden();

  // The season's public page, for the players.
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("link", { name: "← Back to the season" }).click();
  await page.getByRole("link", { name: "Public page" }).click();
  await expect(page.getByRole("heading", { name: "Leeds Thursday League", level: 1 })).toBeVisible();
  await expect(page.getByTestId("season-line")).toContainText("Winter");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a secretary builds a season with plain forms, a refused one coming back beside its field", async ({ page }) => {
    await createOrganiser(page.request);
    await page.goto("/td/leagues");
    // A first date that is not on the league night: the schema's message beside it, the rest as typed.
    await page.getByLabel("League name").fill("Otley Thursday League");
    await page.getByRole("button", { name: "Create league" }).click();
    await page.getByLabel("Season name").fill("Winter");
    await page.getByLabel("League night").selectOption("thursday");
    await page.getByLabel("First date").fill("2027-01-08");
    await page.getByRole("button", { name: "Create season" }).click();
    await expect(page.getByText("The first date, 2027-01-08, is a Friday, not a Thursday.")).toBeVisible();
    await expect(page.getByLabel("Season name")).toHaveValue("Winter");
    await page.getByLabel("First date").fill(FIRST_NIGHT);
    await page.getByRole("button", { name: "Create season" }).click();
    await expect(page.getByRole("heading", { name: "Winter", level: 1 })).toBeVisible();

    await addDivision(page, "Premier");
    // The team form refused (no captain's e-mail) comes back as typed, the message beside the field.
    const form = page.locator("#add-team");
    await form.getByLabel("Team name").fill("Black Horse");
    await form.getByLabel("Home venue").fill("The Black Horse");
    await form.getByRole("button", { name: "Add team" }).click();
    await expect(form.getByText("Invalid email address")).toBeVisible();
    await expect(form.getByLabel("Team name")).toHaveValue("Black Horse");

    await addTeam(page, { name: "Black Horse", division: "Premier", venue: "The Black Horse", captain: "Fred" });
    // One team cannot play: the generator's reason stands beside the button.
    await page.getByRole("button", { name: "Make fixtures" }).click();
    await expect(page.locator("#fixtures").getByText("Premier needs at least two teams to play.")).toBeVisible();
    await addTeam(page, { name: "Junction", division: "Premier", venue: "The Junction", captain: "Gina" });
    await page.getByRole("button", { name: "Make fixtures" }).click();
    await expect(page.getByText("Fixtures made", { exact: true })).toBeVisible();
    await expect(page.getByTestId("fixture-week")).toHaveCount(2);
    await expect(page.getByTestId("fixture-week").first()).toContainText("Week 1 · Thu 7 Jan 2027");

    // Making them again asks first: the confirmation is a page of its own without JavaScript.
    await page.getByRole("link", { name: "Make fixtures again" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Make fixtures again" }).click();
    await expect(page.getByText("Fixtures made again", { exact: true })).toBeVisible();
  });
});
