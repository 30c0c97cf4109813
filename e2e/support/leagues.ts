// A league's card set up for the browser tests (DESIGN §11): the secretary's league of two teams through the JSON
// API, each captain signed in on their own device by the login form, lineups named on the page or through the API,
// and a frame tapped on the card.
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { type Identity, submitLogin } from "./accounts.ts";
import { uniqueToken } from "./tournaments.ts";

type Fixture = { id: string; week: number; homeTeamId: string; awayTeamId: string };
type Player = { id: string; name: string };

function nextTuesday(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 2);
  return day.toISOString().slice(0, 10);
}

async function created<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>, key: string): Promise<T> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Record<string, T>)[key] as T;
}

const CROWN = ["Harry Holt", "Holly Hart", "Hugo Hale"];
const ANCHOR = ["Amy Ash", "Abe Ames", "Ada Ayre"];

/**
 * The secretary's one-division league of Crown A and Anchor, each of its captain and three guests (four players: the
 * eight singles at two each). Week 1's fixture, its home and away captains and the players of each side (names, and
 * the roster with ids); `fixtures`, every fixture by week (week 2's is the same two teams the other way round).
 */
export async function cardLeague(td: APIRequestContext, crownCaptain: Identity, anchorCaptain: Identity) {
  const league = await created<{ id: string; slug: string }>(
    await td.post("/api/leagues", { data: { name: `Card League ${uniqueToken("c")}` } }),
    "league",
  );
  const season = await created<{ id: string }>(
    await td.post(`/api/leagues/${league.id}/seasons`, {
      data: { name: "Winter", night: "tuesday", startDate: nextTuesday() },
    }),
    "season",
  );
  const division = await created<{ id: string }>(
    await td.post(`/api/seasons/${season.id}/divisions`, { data: { name: "Premier" } }),
    "division",
  );
  const team = async (name: string, venue: string, captain: Identity, players: string[]) =>
    created<{ id: string; players: Player[] }>(
      await td.post(`/api/seasons/${season.id}/teams`, {
        data: {
          divisionId: division.id,
          name,
          venue,
          captain: { email: captain.email },
          players: players.map((p) => ({ name: p })),
        },
      }),
      "team",
    );
  const crown = await team("Crown A", "The Crown", crownCaptain, CROWN);
  const anchor = await team("Anchor", "The Anchor", anchorCaptain, ANCHOR);
  const { fixtures } = (await (await td.post(`/api/seasons/${season.id}/fixtures`, { data: {} })).json()) as {
    fixtures: Fixture[];
  };
  fixtures.sort((a, b) => a.week - b.week);
  const fixture = fixtures[0] as Fixture;
  const crownHome = fixture.homeTeamId === crown.id;
  const crownSide = {
    team: "Crown A",
    captain: crownCaptain,
    players: [crownCaptain.name, ...CROWN],
    roster: crown.players,
  };
  const anchorSide = {
    team: "Anchor",
    captain: anchorCaptain,
    players: [anchorCaptain.name, ...ANCHOR],
    roster: anchor.players,
  };
  return {
    league,
    fixture,
    fixtures,
    path: `/league/${league.slug}/fixtures/${fixture.id}`,
    home: crownHome ? crownSide : anchorSide,
    away: crownHome ? anchorSide : crownSide,
  };
}

export type Side = Awaited<ReturnType<typeof cardLeague>>["home"];

/** The option of `select` whose text starts with the player's name (it also says their singles so far). */
export async function choose(select: Locator, name: string) {
  const value = await select.locator("option", { hasText: name }).first().getAttribute("value");
  await select.selectOption(value ?? "");
}

/** Frames 1–8 two each for the four players in order, the doubles the first two. */
export async function nameLineup(page: Page, side: Side) {
  const form = page.getByRole("form", { name: `${side.team}'s lineup` });
  for (let frame = 1; frame <= 8; frame++) {
    await choose(form.getByLabel(`Frame ${frame}`, { exact: true }), side.players[Math.floor((frame - 1) / 2)] ?? "");
  }
  await choose(form.getByLabel("Frame 9, player 1"), side.players[0] ?? "");
  await choose(form.getByLabel("Frame 9, player 2"), side.players[1] ?? "");
  return form;
}

/** The lineup `nameLineup` names, named for `side` of the fixture through the API (the secretary's `td`). */
export async function lineupViaApi(td: APIRequestContext, fixtureId: string, side: "home" | "away", of: Side) {
  const id = (name: string | undefined) => of.roster.find((p) => p.name === name)?.id ?? "";
  const frames = Array.from({ length: 9 }, (_, i) => ({
    number: i + 1,
    playerIds: i === 8 ? [id(of.players[0]), id(of.players[1])] : [id(of.players[Math.floor(i / 2)])],
  }));
  const response = await td.put(`/api/fixtures/${fixtureId}/lineup`, { data: { side, frames } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Who plays frame `n` for a side named as `nameLineup` names it. */
export const playerOf = (side: Side, n: number) =>
  n === 9 ? `${side.players[0]} & ${side.players[1]}` : (side.players[Math.floor((n - 1) / 2)] ?? "");

/** A page of `context` signed in as `who` by the login form, landed on `to`. */
export async function signIn(context: BrowserContext, who: Identity, to: string) {
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await submitLogin(page, who);
  await expect(page).toHaveURL(new RegExp(`${to}$`));
  return page;
}

/** Taps the button of frame `frame`'s player `name`: it shows that player won. */
export async function tapWinner(page: Page, frame: number, name: string) {
  const button = page.locator(`#frame-${frame}`).getByRole("button", { name });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
}
