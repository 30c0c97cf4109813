// A league season's averages on a phone (DESIGN §11): the secretary sets the league up and the captains play a card
// through the JSON API; a visitor sees the league page's empty state, then the merit table (ranked, and a guest who
// has not played under the "not yet qualified" line), each player's line in the team's roster, and a captain's league
// season on their profile, linking back to the league's page.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createOrganiser, createPlayer, newIdentity } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { setMeritMinFrames } from "./support/database.ts";
import { buildLeague, type LeagueTeam } from "./support/leagues.ts";
import { uniqueToken } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>) {
  expect(response.status(), await response.text()).toBe(200);
}

/** The usual card's lineup from the team's first four players: two singles each, the first two in the doubles. */
const lineup = (team: LeagueTeam) => {
  const ids = team.players.slice(0, 4).map((p) => p.id);
  return [
    ...[0, 1, 2, 3, 0, 1, 2, 3].map((i, n) => ({ number: n + 1, playerIds: [ids[i]] })),
    { number: 9, playerIds: [ids[0], ids[1]] },
  ];
};

test("the merit table, a team's roster lines and a captain's league season on their profile", async ({
  browser,
  baseURL,
  playwright,
}) => {
  const phone = { baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const td = await playwright.request.newContext({ baseURL });
  const crownRequest = await playwright.request.newContext({ baseURL });
  const anchorRequest = await playwright.request.newContext({ baseURL });
  const visitor = await browser.newContext(phone);
  try {
    // Signing up signs each in: the secretary, and the two captains.
    await createOrganiser(td);
    const cath = await createPlayer(crownRequest, newIdentity("Cath"));
    const andy = await createPlayer(anchorRequest, newIdentity("Andy"));
    const leagueName = `Averages League ${uniqueToken("a")}`;
    const team = (name: string, captainEmail: string, players: string[]) => ({
      name,
      captain: { email: captainEmail },
      players: players.map((p) => ({ name: p })),
    });
    const { league, season, teams, fixtures } = await buildLeague(td, {
      name: leagueName,
      season: { startDate: "2026-09-01" },
      divisions: [
        [
          "Premier",
          [
            // Crown's fifth player, Gus, plays no frame.
            team("Crown A", cath.email, ["Holly Hart", "Hugo Hale", "Hal Hurst", "Gus Guest"]),
            team("Anchor", andy.email, ["Amy Ash", "Abe Ames", "Ada Ayre"]),
          ],
        ],
      ],
    });
    const [crown, anchor] = teams as [LeagueTeam, LeagueTeam];
    const fixture = fixtures.find((f) => f.homeTeamId === crown.id) as { id: string };
    await setMeritMinFrames(season.id, 2);

    // Before any card is confirmed: the section says what will come.
    const page = await visitor.newPage();
    await page.goto(`/league/${league.slug}`);
    const averages = page.getByRole("region", { name: "Averages", exact: true });
    await expect(averages).toContainText("appear here once a match card is confirmed");

    // Crown A v Anchor: Crown's players in order win frames 1, 3, 5 and 7, Anchor's 2, 4, 6 and 8; both confirm.
    await ok(
      await crownRequest.put(`/api/fixtures/${fixture.id}/lineup`, { data: { side: "home", frames: lineup(crown) } }),
    );
    await ok(
      await anchorRequest.put(`/api/fixtures/${fixture.id}/lineup`, { data: { side: "away", frames: lineup(anchor) } }),
    );
    for (let n = 1; n <= 9; n++) {
      const winner = n % 2 ? "home" : "away";
      await ok(await crownRequest.post(`/api/fixtures/${fixture.id}/frames/${n}`, { data: { winner } }));
    }
    await ok(await crownRequest.post(`/api/fixtures/${fixture.id}/confirm`));
    await ok(await anchorRequest.post(`/api/fixtures/${fixture.id}/confirm`));

    await page.reload();
    const table = averages.getByRole("table");
    const ranked = table.locator("tbody").first().getByRole("row");
    await expect(ranked).toHaveCount(8);
    // 100% first (by name), then 0%: Ada Ayre and Amy Ash won both theirs, Cath and Hugo Hale theirs.
    await expect(ranked.getByRole("rowheader")).toContainText([
      "Ada Ayre",
      "Amy Ash",
      cath.name,
      "Hugo Hale",
      "Abe Ames",
      andy.name,
      "Hal Hurst",
      "Holly Hart",
    ]);
    await expect(ranked.first().getByRole("cell")).toContainText(["1", "2", "2", "0", "100.0"]);
    await expect(ranked.nth(4).getByRole("cell")).toContainText(["5", "2", "0", "2", "0.0"]);
    // Gus, who played none, under the line for those below the season's 2 frames.
    const waiting = table.getByTestId("not-qualified");
    await expect(waiting.getByRole("columnheader")).toHaveText("Not yet qualified (fewer than 2 frames)");
    await expect(waiting.getByRole("row").filter({ hasText: "Gus Guest" }).getByRole("cell")).toContainText([
      "Not ranked",
      "0",
      "0",
      "0",
      "0.0",
    ]);
    await expectAccessible(page, "the league page with its averages");

    // The team's page: each player's line in the roster.
    await ranked.filter({ hasText: "Hugo Hale" }).getByRole("link", { name: "Crown A" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Crown A" })).toBeVisible();
    const roster = page.getByRole("region", { name: "Roster" });
    const lineOf = (name: string) => roster.getByRole("listitem").filter({ hasText: name }).getByRole("definition");
    // Played, won, lost, and the win percentage.
    await expect(lineOf("Hugo Hale")).toHaveText(["2", "2", "0", "100.0%"]);
    await expect(lineOf("Holly Hart")).toHaveText(["2", "0", "2", "0.0%"]);
    await expect(lineOf("Gus Guest")).toHaveText(["0", "0", "0", "0.0%"]);
    await expectAccessible(page, "the team's page with its players' averages");

    // Cath's profile: her league season, linking to the league's page for that season.
    await page.goto(`/league/${league.slug}`);
    await ranked.getByRole("link", { name: cath.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: cath.name })).toBeVisible();
    const seasons = page.getByRole("region", { name: "League seasons" });
    const line = seasons.getByRole("row").filter({ hasText: leagueName });
    await expect(line.getByRole("rowheader")).toContainText(`Winter · Crown A`);
    await expect(line.getByRole("cell")).toHaveText(["2", "2", "0", "100.0"]);
    await expectAccessible(page, "the profile with its league seasons");
    await line.getByRole("link", { name: leagueName }).click();
    await expect(page).toHaveURL(new RegExp(`/league/${league.slug}\\?season=${season.slug}$`));
    await expect(page.getByTestId("season-line")).toContainText("Winter");
  } finally {
    await visitor.close();
    await td.dispose();
    await crownRequest.dispose();
    await anchorRequest.dispose();
  }
});
