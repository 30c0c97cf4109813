// A league card followed live (DESIGN §11): a visitor's card page and the league page hear each frame as it is
// recorded, and the card's confirmation, over push — no reload, no timed refresh.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { buildLeague, nextNight, putLineup } from "./support/leagues.ts";
import { markDocument, sameDocument } from "./support/live.ts";
import { uniqueToken } from "./support/tournaments.ts";

/** A season of two teams with a card of three singles frames (one each), both lineups named by the secretary. */
async function liveLeague(td: APIRequestContext) {
  const team = (name: string) => ({
    name,
    captain: { email: `${name.toLowerCase()}-${uniqueToken("c")}@example.com`, name: `${name} Captain` },
    players: [{ name: `${name} Two` }, { name: `${name} Three` }],
  });
  const { league, teams, fixtures } = await buildLeague(td, {
    name: `Live League ${uniqueToken("l")}`,
    season: {
      night: "thursday",
      startDate: nextNight("thursday"),
      legs: 1,
      format: { sections: [{ name: "Singles", frames: 3, players: 1 }], maxSinglesPerPlayer: 1 },
    },
    divisions: [["Premier", [team("Crown"), team("Anchor")]]],
  });
  const [fixture] = fixtures;
  if (!fixture) throw new Error("no fixture");
  for (const side of ["home", "away"] as const) {
    const t = teams.find((x) => x.id === (side === "home" ? fixture.homeTeamId : fixture.awayTeamId));
    await putLineup(
      td,
      fixture.id,
      side,
      (t?.players ?? []).map((p) => [p.id]),
    );
  }
  return { league, fixture };
}

test("a visitor's card page and the league page hear each frame as it is recorded", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const td = await playwright.request.newContext({ baseURL });
  try {
    await createOrganiser(td);
    const { league, fixture } = await liveLeague(td);
    const visitor = await browser.newContext();
    const card = await visitor.newPage();
    await card.goto(`/league/${league.slug}/fixtures/${fixture.id}`);
    await expect(card.getByTestId("card-score")).toContainText("v");
    const table = await visitor.newPage();
    await table.goto(`/league/${league.slug}`);
    for (const p of [card, table]) {
      await expect(p.locator("html")).toHaveAttribute("data-live", "open");
      await markDocument(p);
    }

    // The secretary records frames through the API: neither page asks for anything.
    const frame = (n: number, winner: string) =>
      td.post(`/api/fixtures/${fixture.id}/frames/${n}`, { data: { winner } });
    expect((await frame(1, "home")).status()).toBe(200);
    await expect(card.getByTestId("card-score")).toHaveText("1–0");
    await expect(card.getByText("In progress").first()).toBeVisible();
    expect((await frame(2, "away")).status()).toBe(200);
    await expect(card.getByTestId("card-score")).toHaveText("1–1");
    expect((await frame(3, "home")).status()).toBe(200);
    await expect(card.getByTestId("card-score")).toHaveText("2–1");
    // The league page's fixture list shows the score as it stands.
    await expect(table.getByText("2–1").first()).toBeVisible();
    for (const p of [card, table]) await sameDocument(p);
    await visitor.close();
  } finally {
    await td.dispose();
  }
});
