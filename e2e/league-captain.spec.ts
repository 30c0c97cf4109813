// A pub league's captain on their phone (DESIGN §11): the secretary sets the league up through the JSON API; the
// captain signs in, finds the team's next fixture on the dashboard, opens the team's page with its fixtures, adds a
// player to the roster and finds the calendar feed, whose file holds the fixtures. Then the public league page and
// the add-player form without JavaScript, a refusal shown beside its field.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { formatShortDate } from "../app/domain/dates.ts";
import { createOrganiser, createPlayer, newIdentity, submitLogin, type Identity } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { buildLeague, type LeagueTeam } from "./support/leagues.ts";
import { uniqueToken } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

/**
 * The secretary's league: a Tuesday season of two legs, one division of Crown A (captained by `captain`, at The Crown)
 * and Anchor (with Ann Other on its roster, at The Anchor), its fixtures made. Crown A's two fixtures, in order.
 */
async function valleyLeague(td: APIRequestContext, captain: Identity, anchorCaptain: Identity) {
  const name = `Valley League ${uniqueToken("v")}`;
  const annEmail = `ann-${uniqueToken("a")}@example.com`;
  const { league, season, teams, fixtures } = await buildLeague(td, {
    name,
    divisions: [
      [
        "Premier",
        [
          { name: "Crown A", venue: "The Crown", captain: { email: captain.email } },
          {
            name: "Anchor",
            captain: { email: anchorCaptain.email },
            players: [{ name: "Ann Other", email: annEmail }],
          },
        ],
      ],
    ],
  });
  const [crown, anchor] = teams as [LeagueTeam, LeagueTeam];
  expect(fixtures).toHaveLength(2);
  const names = new Map([
    [crown.id, { name: "Crown A", venue: "The Crown" }],
    [anchor.id, { name: "Anchor", venue: "The Anchor" }],
  ]);
  const described = fixtures.map((f) => ({
    ...f,
    home: names.get(f.homeTeamId)?.name ?? "",
    away: names.get(f.awayTeamId)?.name ?? "",
    venue: names.get(f.homeTeamId)?.venue ?? "",
  }));
  return { name, league, season, crown, anchor, annEmail, fixtures: described };
}

test("a captain finds the next fixture, opens the team, adds a player and takes the calendar feed", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const td = await playwright.request.newContext({ baseURL });
  try {
    await createOrganiser(td);
    const captain = await createPlayer(request, newIdentity("captain"));
    const setup = await valleyLeague(td, captain, await createPlayer(request, newIdentity("anchor")));
    const [first, second] = setup.fixtures;

    await page.goto("/login");
    await submitLogin(page, captain);
    await expect(page).toHaveURL(/\/player\/dashboard$/);
    const next = page.getByTestId("next-league-fixture");
    await expect(next).toContainText(
      `Next league fixture: ${first?.home} v ${first?.away}, ${formatShortDate(first?.date ?? "")}, at ${first?.venue}`,
    );
    await expect(next).toContainText(setup.name);
    await next.getByRole("link").click();

    await expect(page).toHaveURL(new RegExp(`/league/${setup.league.slug}/teams/${setup.crown.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crown A");
    const fixtures = page.getByRole("region", { name: "Fixtures and results" });
    await expect(fixtures.getByTestId("fixture")).toHaveCount(2);
    await expect(fixtures).toContainText("Week 1");
    await expect(fixtures).toContainText(formatShortDate(second?.date ?? ""));
    const roster = page.getByRole("region", { name: "Roster" });
    await expect(roster.getByRole("listitem").filter({ hasText: captain.name })).toContainText("Captain");

    const form = page.getByRole("form", { name: "Add a player" });
    await form.getByLabel("Name").fill("Nina New");
    await form.getByRole("button", { name: "Add player" }).click();
    await expect(page.getByText("Nina New added").first()).toBeVisible();
    await expect(roster.getByRole("listitem").filter({ hasText: "Nina New" })).toContainText("Guest");
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expectAccessible(page, "the team page, as its captain sees it", { everyImpact: true });

    // The feed: to subscribe to (webcal:), and the file itself, with both fixtures in it.
    await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute(
      "href",
      new RegExp(`^webcal://[^/]+/league/${setup.league.slug}/teams/${setup.crown.id}/calendar\\.ics$`),
    );
    const href = await page.getByRole("link", { name: "Download the fixtures (.ics)" }).getAttribute("href");
    const feed = await page.request.get(href ?? "");
    expect(feed.status()).toBe(200);
    const ics = await feed.text();
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    for (const f of setup.fixtures) {
      expect(ics).toContain(`DTSTART;TZID=Europe/London:${(f.date ?? "").replaceAll("-", "")}T200000`);
      expect(ics).toContain(`SUMMARY:${f.home} v ${f.away} — ${setup.name}`);
    }

    // Back up to the league's page, from the team's.
    await page.getByRole("link", { name: setup.name }).click();
    await expect(page.getByRole("region", { name: "Premier" }).getByTestId("fixture")).toHaveCount(2);
    await expectAccessible(page, "the league page", { everyImpact: true });
  } finally {
    await td.dispose();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the public league page, and the add-player form refused beside its field, then accepted", async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const td = await playwright.request.newContext({ baseURL });
    try {
      await createOrganiser(td);
      const captain = await createPlayer(request, newIdentity("captain"));
      const setup = await valleyLeague(td, captain, await createPlayer(request, newIdentity("anchor")));
      const [first] = setup.fixtures;

      await page.goto(`/league/${setup.league.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(setup.name);
      const premier = page.getByRole("region", { name: "Premier" });
      await expect(premier.getByRole("link", { name: "Crown A" }).first()).toBeVisible();
      await expect(premier).toContainText("The Anchor");
      // Nothing played: both teams in the table on nought, the points and tie-breaks said under it.
      await expect(premier.getByTestId("table-row")).toHaveCount(2);
      await expect(premier.getByTestId("table-rules")).toContainText("Points: 2 a win, 1 a draw, 0 a loss.");
      await expect(premier.getByTestId("fixture")).toHaveCount(2);
      await expect(premier.getByTestId("fixture").first()).toContainText(formatShortDate(first?.date ?? ""));
      await expect(page.getByText("@")).toHaveCount(0);

      // Signed in with the form alone, the captain adds Ann, who is on Anchor: refused beside the name.
      await page.goto(`/login?redirectTo=/league/${setup.league.slug}/teams/${setup.crown.id}`);
      await submitLogin(page, captain);
      await expect(page).toHaveURL(new RegExp(`/league/${setup.league.slug}/teams/${setup.crown.id}`));
      const form = page.getByRole("form", { name: "Add a player" });
      await form.getByLabel("Name").fill("Ann");
      await form.getByLabel("Email (optional)").fill(setup.annEmail);
      await form.getByRole("button", { name: "Add player" }).click();
      await expect(form.getByLabel("Name")).toHaveAccessibleDescription(/Ann Other is already on Anchor this season/);
      await expect(form.getByLabel("Email (optional)")).toHaveValue(setup.annEmail);
      // The refused page drawn whole before the next form is sent from it (no script hands the form over here).
      await page.waitForLoadState("load");

      await form.getByLabel("Name").fill("Gus Guest");
      await form.getByLabel("Email (optional)").fill("");
      await form.getByRole("button", { name: "Add player" }).click();
      await expect(page.getByRole("region", { name: "Roster" })).toContainText("Gus Guest");
      await expect(page.getByText("Ann Other is already on Anchor")).toHaveCount(0);
    } finally {
      await td.dispose();
    }
  });
});
