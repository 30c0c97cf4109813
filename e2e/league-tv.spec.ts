// A league night on the pub's TV (DESIGN §11, decision 023): tonight's fixture beside its division's table, each frame
// recorded through the API shown on the TV over push without a reload, nothing scrolled on a 1080p or 720p screen;
// then the card played and confirmed, its page offers the result to share.
import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createOrganiser, createPlayer } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { buildLeague, type LeagueTeam, putLineup } from "./support/leagues.ts";
import { markDocument, sameDocument } from "./support/live.ts";
import { uniqueToken } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

const NIGHTS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** Tonight's league night in the UK (until 6am, the night before's: as the TV counts it), YYYY-MM-DD. */
function tonight(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(Date.now() - 6 * 3_600_000);
}

/**
 * A season starting tonight (one leg, three singles frames) of Crown and Anchor, captained by two signed-up players
 * (`captains`, their API contexts); both lineups named by the secretary. Its one fixture is tonight's.
 */
async function tonightsLeague(td: APIRequestContext, captains: [APIRequestContext, APIRequestContext]) {
  const date = tonight();
  const specs = [];
  for (const [i, name] of ["Crown", "Anchor"].entries()) {
    const captain = await createPlayer(captains[i] as APIRequestContext);
    specs.push({
      name,
      captain: { email: captain.email },
      players: [{ name: `${name} Two` }, { name: `${name} Three` }],
    });
  }
  const { league, teams, fixtures } = await buildLeague(td, {
    name: `TV League ${uniqueToken("t")}`,
    season: {
      night: NIGHTS[new Date(`${date}T12:00:00Z`).getUTCDay()],
      startDate: date,
      legs: 1,
      format: { sections: [{ name: "Singles", frames: 3, players: 1 }], maxSinglesPerPlayer: 1 },
    },
    divisions: [["Premier", specs]],
  });
  const [fixture] = fixtures;
  if (!fixture) throw new Error("no fixture");
  const crownHome = fixture.homeTeamId === teams[0]?.id;
  const [home, away] = crownHome ? [teams[0], teams[1]] : [teams[1], teams[0]];
  for (const [side, team] of [
    ["home", home],
    ["away", away],
  ] as const) {
    // The roster's three (the captain first): one frame each.
    await putLineup(
      td,
      fixture.id,
      side,
      (team?.players ?? []).slice(0, 3).map((p) => [p.id]),
    );
  }
  const homeCaptain = crownHome ? captains[0] : captains[1];
  const awayCaptain = crownHome ? captains[1] : captains[0];
  return { league, fixture, home: home as LeagueTeam, away: away as LeagueTeam, homeCaptain, awayCaptain };
}

test("the TV shows tonight's fixture and the table, and each frame as it is recorded @tablet", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const td = await playwright.request.newContext({ baseURL });
  const captains = [
    await playwright.request.newContext({ baseURL }),
    await playwright.request.newContext({ baseURL }),
  ] as [APIRequestContext, APIRequestContext];
  try {
    await createOrganiser(td);
    const { league, fixture, home, away, homeCaptain, awayCaptain } = await tonightsLeague(td, captains);
    const screen = await browser.newContext({ viewport: { width: 1920, height: 1080 }, colorScheme: "dark" });
    const tv = await screen.newPage();
    await tv.goto(`/league/${league.slug}/tv`);
    await expect(tv.getByTestId("tv-night")).toHaveText("Tonight");
    const row = tv.getByTestId("tv-fixture");
    await expect(row).toHaveCount(1);
    for (const team of [home, away]) await expect(row).toContainText(team.name);
    const table = tv.getByTestId("tv-table");
    await expect(table.getByRole("row")).toHaveCount(3);
    for (const team of [home, away]) await expect(table).toContainText(team.name);
    // The script has the season's channel open, and the document is marked: a reload would lose the mark.
    await expect(tv.locator("html")).toHaveAttribute("data-live", "open");
    await expect(tv.locator("html")).toHaveAttribute("data-tv-script", "running");
    await markDocument(tv);

    const frame = (n: number, winner: string) =>
      td.post(`/api/fixtures/${fixture.id}/frames/${n}`, { data: { winner } });
    expect((await frame(1, "home")).status()).toBe(200);
    await expect(tv.getByTestId("tv-score")).toHaveText("1–0");
    await expect(tv.getByTestId("tv-status")).toHaveText("In play");
    expect((await frame(2, "away")).status()).toBe(200);
    await expect(tv.getByTestId("tv-score")).toHaveText("1–1");
    expect((await frame(3, "home")).status()).toBe(200);
    await expect(tv.getByTestId("tv-score")).toHaveText("2–1");

    // Both captains confirm: played, and the table counts it (two points for the win).
    for (const captain of [homeCaptain, awayCaptain]) {
      const confirmed = await captain.post(`/api/fixtures/${fixture.id}/confirm`, { data: {} });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
    }
    await expect(tv.getByTestId("tv-status")).toHaveText("Played");
    await expect(table.getByRole("row").nth(1)).toContainText(home.name);
    await expect(tv.getByTestId("tv-points").first()).toHaveText("2");
    // Under the night's one fixture, the merit table's top: a frame won of one played heads it.
    await expect(tv.getByTestId("tv-merit").getByRole("listitem").first()).toContainText("1/1100.0%");
    await sameDocument(tv);
    await expectAccessible(tv, "the league night's TV", { everyImpact: true });

    // Nothing scrolls, at 1080p or on a 720p screen.
    for (const size of [
      { width: 1920, height: 1080 },
      { width: 1280, height: 720 },
    ]) {
      await tv.setViewportSize(size);
      const overflow = await tv.evaluate(() => ({
        x: document.documentElement.scrollWidth - window.innerWidth,
        y: document.documentElement.scrollHeight - window.innerHeight,
      }));
      expect(overflow, `${size.width}×${size.height}`).toEqual({ x: 0, y: 0 });
    }
    await screen.close();

    // The card's page offers the result to share: its image, and the link.
    const visitor = await browser.newPage();
    await visitor.goto(`/league/${league.slug}/fixtures/${fixture.id}`);
    const share = visitor.getByTestId("share-result");
    await expect(share.getByRole("heading", { name: "Share result" })).toBeVisible();
    const image = share.getByRole("img", { name: `${home.name} 2–1 ${away.name}` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await expect(share.getByRole("button", { name: "Download image" })).toBeVisible();
    await expect(share.getByRole("button", { name: "Share result" })).toBeVisible();
    await expect(share.getByLabel("Link to this result")).toHaveValue(
      new RegExp(`/league/${league.slug}/fixtures/${fixture.id}$`),
    );
    await expectAccessible(visitor, "the played card with its result to share", { everyImpact: true });
    const download = visitor.waitForEvent("download");
    await share.getByRole("button", { name: "Download image" }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.png$/);
    // A PNG of the card's size: the signature, then the header's width and height.
    const png = await readFile(await saved.path());
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    await visitor.close();
  } finally {
    await td.dispose();
    for (const captain of captains) await captain.dispose();
  }
});
