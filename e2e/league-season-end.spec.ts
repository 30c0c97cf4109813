// A season's end on the secretary's phone (DESIGN §11): a one-leg season of two divisions played to its last fixture
// (the results recorded through the API), finished from the season page once confirmed, the champions on it and on
// the league's roll of honour, then the next season started from its form with teams moved between divisions. The
// same end again without JavaScript: plain forms, the confirmation a page of its own, a refusal beside its field.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { buildLeague } from "./support/leagues.ts";
import { uniqueToken } from "./support/tournaments.ts";

type Fixture = { id: string; homeTeamId: string; awayTeamId: string };

const layout = { Premier: ["Anchor", "Bell", "Crown"], "Division One": ["Dragon", "Eagle", "Fox"] };
/** The results follow this order: the team earlier wins, so each table reads as its division's list. */
const order = [...layout.Premier, ...layout["Division One"]];

/** The secretary's league, its season "Winter 2026" of two divisions of three, and its fixtures, through the API. */
async function seasonToPlay(td: APIRequestContext) {
  const captain = (team: string) => ({
    email: `${team.toLowerCase()}-${uniqueToken("c")}@example.com`,
    name: `${team} Captain`,
  });
  const { league, season, teams, fixtures } = await buildLeague(td, {
    name: `End League ${uniqueToken("l")}`,
    season: { name: "Winter 2026", night: "thursday", startDate: "2026-09-03", legs: 1 },
    divisions: Object.entries(layout).map(([name, names]) => [
      name,
      names.map((team) => ({ name: team, captain: captain(team) })),
    ]),
  });
  const award = async (list: Fixture[]) => {
    const name = (id: string) => teams.find((t) => t.id === id)?.name ?? "";
    for (const f of list) {
      const to = order.indexOf(name(f.homeTeamId)) < order.indexOf(name(f.awayTeamId)) ? "home" : "away";
      const response = await td.post(`/api/fixtures/${f.id}/award`, { data: { to, note: "Result" } });
      expect(response.status(), await response.text()).toBe(200);
    }
  };
  return { league, season, fixtures, award, here: `/td/leagues/${league.slug}/seasons/${season.slug}` };
}

/** The season page's teams of a division, by name in the order listed. */
const teamsOf = (page: Page, division: string) =>
  page
    .locator("#teams > div")
    .filter({ has: page.getByRole("heading", { name: division, level: 3, exact: true }) })
    .getByTestId("team")
    .locator("p.font-semibold");

async function expectChampions(page: Page) {
  const champions = page.getByTestId("champions");
  await expect(champions.getByRole("listitem")).toHaveText([/Premier.*Anchor/, /Division One.*Dragon/]);
}

async function expectNextSeason(page: Page) {
  await expect(page.getByRole("heading", { name: "Winter 2027", level: 1 })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  // Two up from Division One, two down from the Premier, by Winter 2026's final tables.
  await expect(teamsOf(page, "Premier")).toHaveText(["Anchor", "Dragon", "Eagle"]);
  await expect(teamsOf(page, "Division One")).toHaveText(["Bell", "Crown", "Fox"]);
  await expect(page.getByTestId("team").filter({ hasText: "Dragon" })).toContainText("Captain: Dragon Captain");
}

test("a season played to its end is finished by its secretary, honoured, and the next one started", async ({
  page,
}) => {
  await createOrganiser(page.request);
  const { league, fixtures, award, here } = await seasonToPlay(page.request);
  await award(fixtures.slice(1));
  await page.goto(here);
  await expect(page.getByTestId("fixtures-left")).toHaveText(
    "1 fixture is still to be played, awarded or voided: once every one is in, you can finish the season.",
  );
  await expect(page.getByRole("link", { name: "Finish the season" })).toHaveCount(0);

  await award(fixtures.slice(0, 1));
  await page.reload();
  await page.getByRole("link", { name: "Finish the season" }).click();
  const dialog = page.getByRole("dialog", { name: "Finish the season?" });
  await dialog.getByRole("button", { name: "Finish the season" }).click();
  await expect(page.getByText("Season finished", { exact: true })).toBeVisible();
  await expect(page.getByText("Finished", { exact: true }).first()).toBeVisible();
  await expectChampions(page);
  await expectAccessible(page, "a finished season's page");

  // The roll of honour, from the public league page.
  await page.goto(`/league/${league.slug}`);
  await page.getByRole("link", { name: "Roll of honour" }).click();
  await expect(page.getByRole("heading", { name: "Roll of honour", level: 1 })).toBeVisible();
  const winter = page.getByTestId("honours-season");
  await expect(winter).toHaveCount(1);
  await expect(winter.getByRole("heading", { level: 2 })).toContainText("Winter 2026");
  await expect(winter.locator("dl > div")).toHaveText([/Premier.*Anchor/, /Division One.*Dragon/]);
  await expectAccessible(page, "the roll of honour");

  // The next season, its name and date offered; a count that is no number refused beside its field.
  await page.goto(here);
  await expect(page.getByLabel("Season name")).toHaveValue("Winter 2027");
  await expect(page.getByLabel("League night")).toHaveValue("thursday");
  await expect(page.getByLabel("Promoted from each division")).toHaveValue("2");
  await page.getByLabel("Relegated from each division").fill("two");
  await page.getByRole("button", { name: "Start the next season" }).click();
  await expect(page.locator("#next-relegate-error")).toHaveText(
    "Teams relegated must be a whole number of teams, 0 or more",
  );
  await expect(page.getByLabel("Relegated from each division")).toHaveValue("two");
  await page.getByLabel("Relegated from each division").fill("2");
  await page.getByRole("button", { name: "Start the next season" }).click();
  await expect(page.getByText("Winter 2027 made", { exact: true })).toBeVisible();
  await expectNextSeason(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the season finished once confirmed, and the next one started, with plain forms", async ({ page }) => {
    await createOrganiser(page.request);
    const { fixtures, award, here } = await seasonToPlay(page.request);
    await award(fixtures);
    await page.goto(here);
    // The confirmation is a page of its own.
    await page.getByRole("link", { name: "Finish the season" }).click();
    await expect(page).toHaveURL(/\?finish=1/);
    await page.getByRole("dialog").getByRole("button", { name: "Finish the season" }).click();
    await expectChampions(page);
    await page.getByLabel("First date").fill("2027-01-06");
    await page.getByRole("button", { name: "Start the next season" }).click();
    await expect(page.locator("#next-start-error")).toHaveText(/Wednesday/);
    await expect(page.getByLabel("First date")).toHaveValue("2027-01-06");
    await page.getByLabel("First date").fill("2027-01-07");
    await page.getByRole("button", { name: "Start the next season" }).click();
    await expectNextSeason(page);
  });
});
