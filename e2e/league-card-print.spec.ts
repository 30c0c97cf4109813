// A league fixture's match card on paper, and the season's match format on the secretary's phone (DESIGN §11): the
// secretary sets the league up through the JSON API; the card prints the rosters, the frames in their sections (a
// frame already recorded printed in) and a QR code to the card's page. Then the format changed on the season page,
// with JavaScript and without, a refusal beside its field, and the form gone once a frame is played.
import { createClient } from "@libsql/client";
import { expect, type APIRequestContext, type Page, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { buildLeague, type LeagueTeam } from "./support/leagues.ts";
import { uniqueToken } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

/** A frame recorded straight into the e2e server's database (the card's own API is not this spec's subject). */
async function recordFrame(fixtureId: string, number: number, home: string, away: string, winner: "home" | "away") {
  const db = createClient({ url: `http://127.0.0.1:${process.env.E2E_DB_PORT}` });
  try {
    await db.execute({
      sql: `insert into league_frames (fixture_id, number, home_player1, away_player1, winner, played_at)
        values (?, ?, ?, ?, ?, ?)`,
      args: [fixtureId, number, home, away, winner, Date.now()],
    });
  } finally {
    db.close();
  }
}

/** The secretary's league (signed in on `request`): one division of Crown A and Anchor, with rosters, fixtures made. */
async function valleyLeague(request: APIRequestContext) {
  const team = (name: string, venue: string, captain: string, players: string[]) => ({
    name,
    venue,
    captain: { email: `${uniqueToken("c")}@example.com`, name: captain },
    players: players.map((p) => ({ name: p })),
  });
  const { league, season, teams, fixtures } = await buildLeague(request, {
    name: `Valley League ${uniqueToken("v")}`,
    season: { startDate: "2027-01-05" },
    divisions: [
      [
        "Premier",
        [
          team("Crown A", "The Crown", "Cath Captain", ["Gus Guest", "Gail Guest"]),
          team("Anchor", "The Anchor", "Dan Captain", ["Ann Other"]),
        ],
      ],
    ],
  });
  const [crown, anchor] = teams as [LeagueTeam, LeagueTeam];
  const first = fixtures[0] as { id: string; homeTeamId: string };
  const [home, away] = first.homeTeamId === crown.id ? [crown, anchor] : [anchor, crown];
  return { league, season, first, home, away, page: `/td/leagues/${league.slug}/seasons/${season.slug}` };
}

test("the match card prints its rosters, frames by section, a recorded frame and the QR code to the card", async ({
  page,
}) => {
  await createOrganiser(page.request);
  const v = await valleyLeague(page.request);
  await recordFrame(v.first.id, 1, v.home.captainId, v.away.captainId, "home");

  // From the secretary's fixtures, to the card.
  await page.goto(v.page);
  const print = `/league/${v.league.slug}/fixtures/${v.first.id}/print`;
  await expect(
    page
      .locator("#fixtures")
      .getByRole("link", { name: /^Print card/ })
      .first(),
  ).toBeVisible();
  await expect(page.locator(`#fixture-${v.first.id}`).getByRole("link", { name: /^Print card/ })).toHaveAttribute(
    "href",
    print,
  );
  await page.goto(print);
  await expectAccessible(page, "the match card to print");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print card" })).toBeHidden();
  await expect(page.getByTestId("card-teams")).toHaveText(`${v.home.name} v ${v.away.name}`);
  await expect(page.getByTestId("card-league")).toContainText("Winter · Premier");
  await expect(page.getByTestId("card-when")).toContainText("Week 1 · ");

  const crownRoster = page.getByTestId(v.home.name === "Crown A" ? "roster-home" : "roster-away");
  await expect(crownRoster.getByRole("listitem")).toHaveText(["Cath Captain (captain)", "Gail Guest", "Gus Guest"]);
  const anchorRoster = page.getByTestId(v.home.name === "Anchor" ? "roster-home" : "roster-away");
  await expect(anchorRoster.getByRole("listitem")).toHaveText(["Dan Captain (captain)", "Ann Other"]);

  const sections = page.getByTestId("card-section");
  await expect(sections).toHaveCount(2);
  await expect(sections.nth(0).getByRole("columnheader").first()).toHaveText("Singles");
  await expect(sections.nth(1).getByRole("columnheader").first()).toHaveText("Doubles");
  const frames = page.getByTestId("card-frame");
  await expect(frames).toHaveCount(9);
  await expect(frames.locator("td:first-child")).toHaveText(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  await expect(sections.nth(0).getByTestId("card-frame")).toHaveCount(8);
  await expect(sections.nth(1).getByTestId("card-frame").getByTestId("frame-home").locator("span")).toHaveCount(2);
  // Frame 1 as recorded: both players named, the home side's box ticked; the totals from it.
  const firstFrame = frames.first();
  await expect(firstFrame.getByTestId("frame-home")).toHaveText(
    v.home.name === "Crown A" ? "Cath Captain" : "Dan Captain",
  );
  await expect(firstFrame.getByTestId("frame-away")).toHaveText(
    v.home.name === "Crown A" ? "Dan Captain" : "Cath Captain",
  );
  await expect(firstFrame.getByRole("img", { name: "Won" })).toHaveCount(1);
  await expect(page.getByTestId("card-totals")).toContainText("1");
  await expect(page.getByTestId("signature")).toHaveCount(2);

  const card = `/league/${v.league.slug}/fixtures/${v.first.id}`;
  await expect(page.getByTestId("card-qr")).toHaveAttribute("aria-label", new RegExp(`^QR code: https?://.+${card}$`));
  await expect(page.getByTestId("card-link")).toHaveAttribute("href", new RegExp(`${card}$`));
});

/** Opens the "Change the format" form (open already when it came back refused). */
async function openFormat(page: Page) {
  const details = page.locator("#format details");
  if ((await details.getAttribute("open")) === null)
    await page.locator("#format").getByText("Change the format").click();
}

async function formatOnTheSeasonPage(page: Page, { axe }: { axe: boolean }) {
  await createOrganiser(page.request);
  const v = await valleyLeague(page.request);
  await page.goto(v.page);
  const summary = page.getByTestId("format-summary");
  await expect(summary).toHaveText("8 singles, then 1 doubles; at most 2 singles frames each");

  // A refusal: the schema's message beside its field, the rows as typed.
  await openFormat(page);
  await page.locator("#format-frames-0").fill("0");
  await page.locator("#format").getByRole("button", { name: "Save format" }).click();
  const section = page.locator("#format");
  await expect(section.getByText("A section's frames must be a whole number from 1")).toBeVisible();
  await expect(page.locator("#format-frames-0")).toHaveValue("0");
  // axe runs in the page: with JavaScript only.
  if (axe) await expectAccessible(page, "the season page's match format, refused");
  await expect(summary).toHaveText("8 singles, then 1 doubles; at most 2 singles frames each");

  await openFormat(page);
  await page.locator("#format-frames-0").fill("6");
  await page.locator("#format-frames-1").fill("2");
  await page.locator("#format-name-2").fill("Decider");
  await page.locator("#format-frames-2").fill("1");
  await page.locator("#format-max-singles").fill("1");
  await section.getByRole("button", { name: "Save format" }).click();
  await expect(page.getByText("Match format changed", { exact: true })).toBeVisible();
  await expect(summary).toHaveText("6 singles, then 2 doubles, then Decider: 1 singles; at most 1 singles frame each");

  // Once a frame is played, the form is gone and the page says why.
  await recordFrame(v.first.id, 1, v.home.captainId, v.away.captainId, "away");
  await page.reload();
  await expect(page.getByTestId("format-locked")).toHaveText(
    "A frame of this season has been played: its match format can no longer change.",
  );
  await expect(section.getByText("Change the format")).toHaveCount(0);
}

test("the secretary changes the season's match format on a phone", async ({ page }) => {
  await formatOnTheSeasonPage(page, { axe: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the match format form works as a plain form", async ({ page }) => {
    await formatOnTheSeasonPage(page, { axe: false });
  });
});
