// A league card followed live (DESIGN §11): a visitor's card page and the league page hear each frame as it is
// recorded, and the card's confirmation, over push — no reload, no timed refresh.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { markDocument, sameDocument } from "./support/live.ts";
import { uniqueToken } from "./support/tournaments.ts";

type Team = { id: string; players: { id: string }[] };

/** The first Thursday after today in the UK, YYYY-MM-DD: a season whose fixtures are all to come. */
function nextThursday(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 4);
  return day.toISOString().slice(0, 10);
}

async function made<T>(td: APIRequestContext, url: string, data: object, key: string): Promise<T> {
  const response = await td.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Record<string, T>)[key] as T;
}

/** A season of two teams with a card of three singles frames (one each), both lineups named by the secretary. */
async function liveLeague(td: APIRequestContext) {
  const league = await made<{ id: string; slug: string }>(
    td,
    "/api/leagues",
    { name: `Live League ${uniqueToken("l")}` },
    "league",
  );
  const season = await made<{ id: string }>(
    td,
    `/api/leagues/${league.id}/seasons`,
    {
      name: "Winter",
      night: "thursday",
      startDate: nextThursday(),
      legs: 1,
      format: { sections: [{ name: "Singles", frames: 3, players: 1 }], maxSinglesPerPlayer: 1 },
    },
    "season",
  );
  const division = await made<{ id: string }>(
    td,
    `/api/seasons/${season.id}/divisions`,
    { name: "Premier" },
    "division",
  );
  const team = (name: string) =>
    made<Team>(
      td,
      `/api/seasons/${season.id}/teams`,
      {
        name,
        divisionId: division.id,
        venue: `The ${name}`,
        captain: { email: `${name.toLowerCase()}-${uniqueToken("c")}@example.com`, name: `${name} Captain` },
        players: [{ name: `${name} Two` }, { name: `${name} Three` }],
      },
      "team",
    );
  const crown = await team("Crown");
  const anchor = await team("Anchor");
  const [fixture] = await made<{ id: string; homeTeamId: string }[]>(
    td,
    `/api/seasons/${season.id}/fixtures`,
    {},
    "fixtures",
  );
  if (!fixture) throw new Error("no fixture");
  const [home, away] = fixture.homeTeamId === crown.id ? [crown, anchor] : [anchor, crown];
  for (const [side, t] of [
    ["home", home],
    ["away", away],
  ] as const) {
    const frames = t.players.map((p, i) => ({ number: i + 1, playerIds: [p.id] }));
    const response = await td.put(`/api/fixtures/${fixture.id}/lineup`, { data: { side, frames } });
    expect(response.status(), await response.text()).toBe(200);
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
