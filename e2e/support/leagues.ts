// A league's card set up for the browser tests (DESIGN §11): the secretary's league of two teams through the JSON
// API, each captain signed in on their own device by the login form, lineups named on the page or through the API,
// and a frame tapped on the card.
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { type Identity, submitLogin } from "./accounts.ts";
import { uniqueToken } from "./tournaments.ts";

type Fixture = { id: string; week: number; date: string | null; homeTeamId: string; awayTeamId: string };
type Player = { id: string; name: string };
export type LeagueTeam = { id: string; name: string; captainId: string; players: Player[] };
type TeamSpec = {
  name: string;
  /** `The {name}` unless given. */
  venue?: string;
  captain: { email: string; name?: string };
  players?: { name: string; email?: string }[];
};

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** The first `night` (a day's name, as a season's) after today in the UK, YYYY-MM-DD: its fixtures all to come. */
export function nextNight(night: string): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (DAYS[day.getUTCDay()] !== night);
  return day.toISOString().slice(0, 10);
}

async function created<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>, key: string): Promise<T> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Record<string, T>)[key] as T;
}

/**
 * The secretary's (`td`'s) league `name` through the JSON API: a season (Winter on Tuesdays from the next, and
 * `season`'s fields), each of `divisions`' teams added in order, and its fixtures made (sorted by week).
 */
export async function buildLeague(
  td: APIRequestContext,
  { name, season: fields = {}, divisions }: { name: string; season?: object; divisions: [string, TeamSpec[]][] },
) {
  const league = await created<{ id: string; slug: string }>(
    await td.post("/api/leagues", { data: { name } }),
    "league",
  );
  const season = await created<{ id: string; slug: string }>(
    await td.post(`/api/leagues/${league.id}/seasons`, {
      data: { name: "Winter", night: "tuesday", startDate: nextNight("tuesday"), ...fields },
    }),
    "season",
  );
  const teams: LeagueTeam[] = [];
  for (const [divisionName, specs] of divisions) {
    const division = await created<{ id: string }>(
      await td.post(`/api/seasons/${season.id}/divisions`, { data: { name: divisionName } }),
      "division",
    );
    for (const { venue, ...spec } of specs) {
      const data = { ...spec, divisionId: division.id, venue: venue ?? `The ${spec.name}` };
      teams.push(await created<LeagueTeam>(await td.post(`/api/seasons/${season.id}/teams`, { data }), "team"));
    }
  }
  const fixtures = await created<Fixture[]>(
    await td.post(`/api/seasons/${season.id}/fixtures`, { data: {} }),
    "fixtures",
  );
  fixtures.sort((a, b) => a.week - b.week);
  return { league, season, teams, fixtures };
}

/** Fixture `fixtureId`'s lineup for `side` named by the secretary (`td`) through the API: frame by frame, its ids. */
export async function putLineup(td: APIRequestContext, fixtureId: string, side: "home" | "away", ids: string[][]) {
  const frames = ids.map((playerIds, i) => ({ number: i + 1, playerIds }));
  const response = await td.put(`/api/fixtures/${fixtureId}/lineup`, { data: { side, frames } });
  expect(response.status(), await response.text()).toBe(200);
}

const CROWN = ["Harry Holt", "Holly Hart", "Hugo Hale"];
const ANCHOR = ["Amy Ash", "Abe Ames", "Ada Ayre"];
const named = (names: string[]) => names.map((name) => ({ name }));

/**
 * The secretary's one-division league of Crown A and Anchor, each of its captain and three guests (four players: the
 * eight singles at two each). Week 1's fixture, its home and away captains and the players of each side (names, and
 * the roster with ids); `fixtures`, every fixture by week (week 2's is the same two teams the other way round).
 */
export async function cardLeague(td: APIRequestContext, crownCaptain: Identity, anchorCaptain: Identity) {
  const { league, teams, fixtures } = await buildLeague(td, {
    name: `Card League ${uniqueToken("c")}`,
    divisions: [
      [
        "Premier",
        [
          { name: "Crown A", venue: "The Crown", captain: { email: crownCaptain.email }, players: named(CROWN) },
          { name: "Anchor", captain: { email: anchorCaptain.email }, players: named(ANCHOR) },
        ],
      ],
    ],
  });
  const [crown, anchor] = teams as [LeagueTeam, LeagueTeam];
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
  const frames = Array.from({ length: 9 }, (_, i) =>
    i === 8 ? [id(of.players[0]), id(of.players[1])] : [id(of.players[Math.floor(i / 2)])],
  );
  await putLineup(td, fixtureId, side, frames);
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
