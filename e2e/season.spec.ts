// A season (decisions 029, 030) in the browser: a season of three finalized nights. The next night's TV shows the
// series' ranking; the player sees the season on their dashboard, follows it to the series page (with its calendar feed
// to subscribe to) and finds it on their profile.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createOrganiser, createPlayer, newIdentity } from "./support/accounts.ts";
import { currentUser, payToEnter } from "./support/payments.ts";
import { createTournamentViaApi, uniqueToken } from "./support/tournaments.ts";

/** A two-player night of the series, won by `winner`, finalized. */
async function night(td: APIRequestContext, seriesId: string, players: APIRequestContext[], winnerId: string) {
  const t = await createTournamentViaApi(td, { maxPlayers: 2, payoutStructure: "winner_only", seriesId });
  for (const p of players) await payToEnter(p, t.id);
  expect((await td.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
  const [final] = (await (await td.get(`/api/tournaments/${t.id}/matches`)).json()) as { id: string }[];
  const recorded = await td.patch(`/api/matches/${final!.id}`, { data: { winnerId, status: "completed" } });
  expect(recorded.status(), await recorded.text()).toBe(200);
  expect((await td.post(`/api/tournaments/${t.id}/finalize`)).status()).toBe(200);
}

test("a player's season: the dashboard card, the series page with its feed, the profile's list", async ({
  page,
  playwright,
  baseURL,
}) => {
  const td = await playwright.request.newContext({ baseURL });
  const rival = await playwright.request.newContext({ baseURL });
  try {
    await createOrganiser(td);
    const name = `Thursday 8-Ball ${uniqueToken("s")}`;
    const created = await td.post("/api/series", { data: { name, qualify: 1 } });
    expect(created.status()).toBe(201);
    const { series } = (await created.json()) as { series: { id: string; slug: string } };
    const me = newIdentity("season");
    await createPlayer(page.request, me);
    await createPlayer(rival, newIdentity("rival"));
    const [myId, rivalId] = [(await currentUser(page.request)).id, (await currentUser(rival)).id];
    // I win the first night and lose the second: 27 + 20 = 47 each, a shared 1st of 2.
    await night(td, series.id, [page.request, rival], myId);
    await night(td, series.id, [page.request, rival], rivalId);
    await page.goto("/player/dashboard");
    await expect(page.getByRole("region", { name: "Your Seasons" }).getByTestId("season-position")).toHaveText(
      "Joint 1st of 2",
    );
    // The third night is mine: 74 to 67.
    await night(td, series.id, [page.request, rival], myId);

    // Next week's night, on the pub's TV before its start: the series' ranking, me above the cut.
    const next = await createTournamentViaApi(td, { maxPlayers: 8, seriesId: series.id });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/tournament/${next.slug}/tv?page=series`);
    const tv = page.getByTestId("tv-series");
    await expect(page.getByTestId("tv-page-title")).toHaveText("Series ranking");
    await expect(tv.getByRole("row").nth(1).getByRole("cell")).toHaveText(["1", me.name, "74", "3", "2"]);
    await expect(tv.getByRole("row").nth(2).getByRole("cell")).toHaveText(["2", /^rival /, "67", "3", "1"]);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto("/player/dashboard");
    const card = page.getByRole("region", { name: "Your Seasons" });
    await expect(card.getByTestId("season-position")).toHaveText("1st of 2");
    await expect(card).toContainText("74 points");
    await expect(card).toContainText("3 nights played · 2 wins");
    await expect(card).toContainText("Qualifying");
    await card.getByRole("link", { name }).click();

    await expect(page).toHaveURL(new RegExp(`/series/${series.slug}$`));
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    const feed = page.getByRole("link", { name: "Subscribe to calendar" });
    await expect(feed).toHaveAttribute("href", `/series/${series.slug}/calendar.ics`);
    await page.getByTestId("ranking").getByRole("link", { name: me.name }).click();

    await expect(page).toHaveURL(new RegExp(`/players/${myId}$`));
    const list = page.getByRole("region", { name: "Series" });
    await expect(list.getByRole("link", { name })).toBeVisible();
    await expect(list.getByTestId("season-position")).toHaveText("1st of 2");
  } finally {
    await Promise.all([td.dispose(), rival.dispose()]);
  }
});
