// A league's table as its secretary runs it and everyone reads it (DESIGN §11): the secretary sets the season's points
// (a frame a point and two for the match) and deducts points from a team on the season page — a refused form coming
// back beside its field, without JavaScript too; results come in (an award through the JSON API); the league page's
// table shows the points, the deduction beside them, the rules and every tie settled under it, and the team's page
// says why its points came off. The points are locked once a fixture is played.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { uniqueToken } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

type Fixture = { id: string; week: number; homeTeamId: string; awayTeamId: string };
type Team = { id: string; name: string };

async function created<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>, key: string): Promise<T> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Record<string, T>)[key] as T;
}

/** The signed-in secretary's league: one division of Crown, Anchor and Bell (captains by e-mail), one leg. */
async function tableLeague(td: APIRequestContext) {
  const token = uniqueToken("t");
  const league = await created<{ id: string; slug: string }>(
    await td.post("/api/leagues", { data: { name: `Table League ${token}` } }),
    "league",
  );
  const season = await created<{ id: string; slug: string }>(
    await td.post(`/api/leagues/${league.id}/seasons`, {
      data: { name: "Winter", night: "tuesday", startDate: "2026-09-01", legs: 1 },
    }),
    "season",
  );
  const division = await created<{ id: string }>(
    await td.post(`/api/seasons/${season.id}/divisions`, { data: { name: "Premier" } }),
    "division",
  );
  const teams: Team[] = [];
  for (const name of ["Crown", "Anchor", "Bell"]) {
    const team = await created<Team>(
      await td.post(`/api/seasons/${season.id}/teams`, {
        data: {
          divisionId: division.id,
          name,
          venue: `The ${name}`,
          captain: { email: `${name.toLowerCase()}-${token}@example.com`, name: `${name} Captain` },
        },
      }),
      "team",
    );
    teams.push(team);
  }
  const { fixtures } = (await (await td.post(`/api/seasons/${season.id}/fixtures`, { data: {} })).json()) as {
    fixtures: Fixture[];
  };
  return { league, season, teams, fixtures, page: `/td/leagues/${league.slug}/seasons/${season.slug}` };
}

const panel = (page: Page) => page.getByRole("region", { name: "Table and averages" });

test("the secretary sets the points and deducts some; the table shows them, its rules and its ties", async ({
  page,
}) => {
  await createOrganiser(page.request);
  const setup = await tableLeague(page.request);
  const [crown, anchor, bell] = setup.teams as [Team, Team, Team];
  await page.goto(setup.page);
  await expect(panel(page).getByTestId("points-summary")).toHaveText(
    "Points: 2 a win, 1 a draw, 0 a loss. Merit table: every player.",
  );

  // A frame a point and two for the match, six frames to qualify; a typing slip first, refused beside its field.
  await panel(page).getByText("Change the points").click();
  await panel(page).getByLabel("A frame won").fill("one");
  await panel(page).getByRole("button", { name: "Save" }).click();
  await expect(panel(page).getByLabel("A frame won")).toHaveAccessibleDescription(
    "A frame won must be a whole number of points, 0 or more",
  );
  await panel(page).getByLabel("A frame won").fill("1");
  await panel(page).getByLabel("Singles frames to qualify for the merit table").fill("6");
  await panel(page).getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Table settings saved");
  await expect(panel(page).getByTestId("points-summary")).toHaveText(
    "Points: 2 a win, 1 a draw, 0 a loss and 1 a frame won. Merit table: 6 singles frames to qualify.",
  );

  // Two points off Bell for unpaid subs.
  await panel(page).getByText("Deduct points from a team").click();
  const deduct = page.getByRole("form", { name: "Deduct points" });
  await deduct.getByLabel("Team").selectOption({ label: "Bell" });
  await deduct.getByLabel("Points deducted").fill("2");
  await deduct.getByLabel("Reason").fill("Unpaid subs");
  await deduct.getByRole("button", { name: "Deduct points" }).click();
  await expect(page.getByTestId("toast")).toContainText("Points deducted");

  // Results: Crown and Anchor each awarded a fixture 9-0 (the fixture against Bell where there is one).
  const award = async (to: Team, against: Team) => {
    const fixture = setup.fixtures.find(
      (f) => [f.homeTeamId, f.awayTeamId].includes(to.id) && [f.homeTeamId, f.awayTeamId].includes(against.id),
    ) as Fixture;
    const side = fixture.homeTeamId === to.id ? "home" : "away";
    const response = await page.request.post(`/api/fixtures/${fixture.id}/award`, {
      data: { to: side, note: "No-show" },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await award(crown, bell);
  await award(anchor, crown);

  await page.goto(`/league/${setup.league.slug}`);
  const premier = page.getByRole("region", { name: "Premier" });
  const rows = premier.getByTestId("table-row");
  // Anchor 9-0, 11 points; Crown 9-9 (a win, a loss), 11 points too but level on frames; Bell 0-9, 2 off: -2.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Anchor");
  await expect(rows.nth(1)).toContainText("Crown");
  await expect(rows.nth(2)).toContainText("Bell");
  await expect(rows.nth(0).getByTestId("table-points")).toHaveText("11");
  await expect(rows.nth(2).getByTestId("table-points")).toHaveText("−2(−2), 2 deducted");
  const rules = premier.getByTestId("table-rules");
  await expect(rules).toContainText("Points: 2 a win, 1 a draw, 0 a loss and 1 a frame won.");
  await expect(rules).toContainText("then the points in the fixtures between them, then name.");
  await expect(premier.getByTestId("tie-breaks")).toHaveText("Anchor above Crown on frame difference");
  await expect(premier.getByTestId("table-penalties")).toHaveText("−2 Bell: Unpaid subs");
  await expectAccessible(page, "the league page's table", { everyImpact: true });

  await premier.getByTestId("table-penalties").getByRole("link", { name: "Bell" }).click();
  await expect(page.getByTestId("team-penalties")).toContainText("2 points taken off the team's total");
  await expect(page.getByTestId("team-penalties")).toContainText("Unpaid subs");

  // A fixture played: the points are locked, the minimum still changes.
  await page.goto(setup.page);
  await expect(panel(page).getByTestId("points-locked")).toBeVisible();
  await panel(page).getByText("Change the merit table's minimum").click();
  await expect(panel(page).getByLabel("A win")).toHaveCount(0);
  await panel(page).getByLabel("Singles frames to qualify for the merit table").fill("4");
  await panel(page).getByRole("button", { name: "Save" }).click();
  await expect(panel(page).getByTestId("points-summary")).toContainText("4 singles frames to qualify");
});

test("the secretary voids a fixture from its card: it counts for nothing and says so", async ({ page }) => {
  await createOrganiser(page.request);
  const setup = await tableLeague(page.request);
  const [fixture] = setup.fixtures as [Fixture];
  const award = await page.request.post(`/api/fixtures/${fixture.id}/award`, { data: { to: "home", note: "" } });
  expect(award.status(), await award.text()).toBe(200);
  await page.goto(`/league/${setup.league.slug}/fixtures/${fixture.id}`);
  await page.getByText("Void the fixture").first().click();
  const form = page.getByRole("form", { name: "Void the fixture" });
  await form.getByLabel("Note (shown on the card)").fill("Bell withdrew from the league");
  // The box unticked: the form is refused beside it (the browser's own check first, so send it without).
  await form.evaluate((f: HTMLFormElement) => {
    f.noValidate = true;
  });
  await form.getByRole("button", { name: "Void the fixture" }).click();
  await expect(page.getByRole("form", { name: "Void the fixture" })).toContainText(
    "Tick the box to say you mean to void it",
  );
  const again = page.getByRole("form", { name: "Void the fixture" });
  await again.getByLabel("I mean to void this fixture").check();
  await again.getByRole("button", { name: "Void the fixture" }).click();
  await expect(page.getByTestId("toast")).toContainText("Fixture voided: it counts for nothing");
  await expect(page.getByTestId("card-status")).toContainText("Voided");
  await expect(page.getByText("Bell withdrew from the league")).toBeVisible();

  await page.goto(`/league/${setup.league.slug}`);
  const premier = page.getByRole("region", { name: "Premier" });
  await expect(premier.getByRole("link", { name: /, voided$/ })).toHaveCount(1);
  // The award it had counts no more: nobody has played.
  await expect(premier.getByTestId("table-row").getByTestId("table-points")).toHaveText(["0", "0", "0"]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a deduction refused beside its field, then made, then taken back", async ({ page }) => {
    await createOrganiser(page.request);
    const setup = await tableLeague(page.request);
    await page.goto(setup.page);
    await panel(page).getByText("Deduct points from a team").click();
    const deduct = page.getByRole("form", { name: "Deduct points" });
    await deduct.getByLabel("Team").selectOption({ label: "Crown" });
    await deduct.getByLabel("Points deducted").fill("3");
    await deduct.getByRole("button", { name: "Deduct points" }).click();
    await page.waitForLoadState("load");
    const again = page.getByRole("form", { name: "Deduct points" });
    await expect(again.getByLabel("Reason")).toHaveAccessibleDescription(/The reason is required/);
    await expect(again.getByLabel("Points deducted")).toHaveValue("3");
    await again.getByLabel("Reason").fill("No-show, week 2");
    await again.getByRole("button", { name: "Deduct points" }).click();
    await page.waitForLoadState("load");
    await expect(page.getByTestId("toast")).toContainText("Points deducted");
    await page.goto(`/league/${setup.league.slug}`);
    await expect(page.getByTestId("table-penalties")).toHaveText("−3 Crown: No-show, week 2");

    // Taken back on appeal: asked first (a second button), then the table is as it was.
    await page.goto(setup.page);
    const listed = page.getByTestId("season-penalties");
    await expect(listed).toContainText("−3 Crown: No-show, week 2");
    await listed.getByText("Take back").click();
    await listed.getByRole("button", { name: "Give Crown back 3 points" }).click();
    await page.waitForLoadState("load");
    await expect(page.getByTestId("toast")).toContainText("Deduction taken back");
    await expect(page.getByTestId("season-penalties")).toHaveCount(0);
    await page.goto(`/league/${setup.league.slug}`);
    await expect(page.getByTestId("table-penalties")).toHaveCount(0);
  });
});
