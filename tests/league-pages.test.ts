// A league's public pages through the real Worker: the league page and a team's page (their 404s, and no e-mail on
// either), the team's calendar feed (its events, their times in Europe/London, the cache), and the team page's
// "Add a player" form without JavaScript (the captain's, refused beside its field, and nobody else's).
import { expect, test } from "vitest";
import { readCalendar } from "../test-support/calendar.js";
import { type Account, useFactories } from "./support/factories.ts";
import { buildLeague, type LeagueFixture as Fixture, type LeagueTeam } from "./support/leagues.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

async function created<T>(response: Response, key: string): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as Record<string, T>)[key] as T;
}

/**
 * A secretary's Valley League: a Tuesday season from 2026-09-01, one division of three teams (Crown A captained by
 * `captain`, with a player by e-mail; Anchor with another), its fixtures made and the first of Crown A's postponed.
 */
async function valleyLeague(secretary: Account, captain: Account, anchorCaptain: Account) {
  const crownPlayers = [{ name: "Sam Shooter", email: "sam.shooter@example.test" }, { name: "Gus Guest" }];
  const built = await buildLeague(secretary, {
    divisions: [
      [
        "Premier",
        [
          { name: "Crown A", venue: "The Crown", captain, players: crownPlayers },
          { name: "Anchor", captain: anchorCaptain, players: [{ name: "Ann Other", email: "ann.other@example.test" }] },
          { name: "Bell", captain: await f.player("Bell Captain"), players: [] },
        ],
      ],
    ],
  });
  const { league, season, fixtures } = built;
  const [crown, anchor] = built.teams as [LeagueTeam, LeagueTeam];
  const ours = fixtures.filter((x) => x.homeTeamId === crown.id || x.awayTeamId === crown.id);
  const postponed = ours[0] as Fixture;
  const moved = await secretary.client.json("PATCH", `/api/fixtures/${postponed.id}`, { date: null });
  expect(moved.status, await moved.clone().text()).toBe(200);
  return { league, season, crown, anchor, ours, postponed };
}

test("the league and team pages: fixtures week by week, no e-mail, and 404s for what is not there", async () => {
  const [secretary, captain, anchorCaptain] = [await f.organiser(), await f.player("Cara Captain"), await f.player()];
  const { league, crown, anchor } = await valleyLeague(secretary, captain, anchorCaptain);
  const visitor = app.client();

  const page = await visitor.get(`/league/${league.slug}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  for (const text of ["Valley League", "Winter", "Premier", "Crown A", "The Anchor", "Week 1", "Postponed"]) {
    expect(html).toContain(text);
  }
  expect(html).toContain("Points: 2 a win, 1 a draw, 0 a loss.");
  expect(html).toMatch(/Tue 8 Sep|Tue 1 Sep/);
  expect(html).toContain(`href="/league/${league.slug}/teams/${crown.id}"`);

  const teamPage = await visitor.get(`/league/${league.slug}/teams/${crown.id}`);
  expect(teamPage.status).toBe(200);
  const team = await teamPage.text();
  for (const text of ["Crown A", "Premier", "The Crown", "Cara Captain", "Sam Shooter", "Gus Guest", "Captain"]) {
    expect(team).toContain(text);
  }
  expect(team).toContain(`/league/${league.slug}/teams/${crown.id}/calendar.ics`);
  expect(team).toContain("webcal://");
  // Nobody signed in: no form.
  expect(team).not.toContain("Add a player");

  // No e-mail on either page, for anyone.
  const signedInTeam = await (await captain.client.get(`/league/${league.slug}/teams/${crown.id}`)).text();
  for (const text of [html, team, signedInTeam]) {
    for (const email of [captain.email, anchorCaptain.email, "sam.shooter@example.test", "ann.other@example.test"]) {
      expect(text).not.toContain(email);
    }
  }

  expect((await visitor.get("/league/no-such-league")).status).toBe(404);
  expect((await visitor.get(`/league/no-such-league/teams/${crown.id}`)).status).toBe(404);
  expect((await visitor.get(`/league/${league.slug}/teams/no-such-team`)).status).toBe(404);
  expect((await visitor.get(`/league/${league.slug}/teams/${"x".repeat(200)}`)).status).toBe(404);
  // Another season, chosen by the page's select (a GET form): its own state; the current one stays the default.
  const spring = await created<{ slug: string }>(
    await secretary.client.json("POST", `/api/leagues/${league.id}/seasons`, {
      name: "Spring",
      night: "tuesday",
      startDate: "2027-03-02",
    }),
    "season",
  );
  const chosen = await (await visitor.get(`/league/${league.slug}?season=${spring.slug}`)).text();
  expect(chosen).toContain("No divisions yet");
  expect(chosen).toMatch(new RegExp(`<option value="${spring.slug}" selected="">Spring</option>`));
  expect(await (await visitor.get(`/league/${league.slug}`)).text()).toContain("Crown A");
  // A season named that is not the league's: the page, saying so.
  const other = await visitor.get(`/league/${league.slug}?season=no-such-season`);
  expect(other.status).toBe(200);
  expect(await other.text()).toContain("Season not found");
  // Anchor's page is there too, with its own roster.
  expect(await (await visitor.get(`/league/${league.slug}/teams/${anchor.id}`)).text()).toContain("Ann Other");
});

test("a league without a season, and a season whose fixtures are not made", async () => {
  const secretary = await f.organiser();
  const league = await created<{ id: string; slug: string }>(
    await secretary.client.json("POST", "/api/leagues", { name: "Quiet League" }),
    "league",
  );
  expect(await (await app.client().get(`/league/${league.slug}`)).text()).toContain("No season yet");
  const season = await created<{ id: string }>(
    await secretary.client.json("POST", `/api/leagues/${league.id}/seasons`, {
      name: "Spring",
      night: "monday",
      startDate: "2027-03-01",
    }),
    "season",
  );
  await secretary.client.json("POST", `/api/seasons/${season.id}/divisions`, { name: "Premier" });
  const html = await (await app.client().get(`/league/${league.slug}`)).text();
  expect(html).toContain("Fixtures not yet published");
  expect(html).toContain("The table fills once the division has teams.");
});

test("the team's feed: its dated fixtures as evening events in Europe/London, cached; 404 for none", async () => {
  const [secretary, captain] = [await f.organiser(), await f.player("Cara Captain")];
  const { league, crown, ours, postponed } = await valleyLeague(secretary, captain, await f.player());
  const response = await app.client().get(`/league/${league.slug}/teams/${crown.id}/calendar.ics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=600");
  const { zones, events } = readCalendar(await response.text());
  expect(zones).toEqual(["Europe/London"]);
  // Every fixture of the team but the postponed one.
  expect(events.map((e) => e.uid).sort()).toEqual(
    ours
      .filter((x) => x.id !== postponed.id)
      .map((x) => `league-fixture-${x.id}@breakandrun`)
      .sort(),
  );
  for (const e of events) {
    expect(e.tzid).toBe("Europe/London");
    expect(e.summary).toMatch(/^(Crown A v (Anchor|Bell)|(Anchor|Bell) v Crown A) — Valley League$/);
    expect(["The Crown", "The Anchor", "The Bell"]).toContain(e.location);
    expect(e.url).toMatch(new RegExp(`/league/${league.slug}/teams/${crown.id}$`));
  }
  // 8pm at the venue: 19:00 UTC in September (BST), 20:00 UTC after the clocks go back.
  const at = (date: string) => events.find((e) => e.start.startsWith(date));
  for (const fixture of ours.filter((x) => x.id !== postponed.id)) {
    const event = at(fixture.date as string);
    const utcHour = (fixture.date as string) < "2026-10-25" ? "19" : "20";
    expect(event?.start, fixture.date ?? "").toBe(`${fixture.date}T${utcHour}:00:00.000Z`);
  }

  const missing = await app.client().get(`/league/${league.slug}/teams/no-such-team/calendar.ics`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).toBe("Team not found");
  expect((await app.client().get(`/league/other-league/teams/${crown.id}/calendar.ics`)).status).toBe(404);
});

test("the captain adds a player by the page's form; a refusal comes back by its field; nobody else may", async () => {
  const [secretary, captain, anchorCaptain] = [await f.organiser(), await f.player("Cara Captain"), await f.player()];
  const { league, season, crown } = await valleyLeague(secretary, captain, anchorCaptain);
  const pagePath = `/league/${league.slug}/teams/${crown.id}`;
  const form = `${pagePath}/players`;

  expect(await (await captain.client.get(pagePath)).text()).toContain("Add a player");
  const added = await captain.client.postForm(form, { seasonId: season.id, name: "Nina New", email: "" });
  expect(added.status).toBe(302);
  expect(added.headers.get("Location")).toBe(`${pagePath}#roster`);
  const after = await (await captain.client.redirected(added)).text();
  expect(after).toContain("Nina New");
  expect(await f.count("league_roster", "team_id = ?", [crown.id])).toBe(4);

  // Ann is on Anchor: a 409 the page shows beside the name, with what was typed.
  const taken = await captain.client.postForm(form, {
    seasonId: season.id,
    name: "Ann",
    email: "ann.other@example.test",
  });
  expect(taken.status).toBe(302);
  const refused = await (await captain.client.redirected(taken)).text();
  expect(refused).toContain("Ann Other is already on Anchor this season");
  expect(refused).toMatch(/id="roster-name-error"/);
  expect(refused).toContain('value="ann.other@example.test"');
  expect(await f.count("league_roster", "team_id = ?", [crown.id])).toBe(4);

  // Another team's captain is refused (and shown no form); signed out is sent to sign in.
  expect(await (await anchorCaptain.client.get(pagePath)).text()).not.toContain("Add a player");
  const notTheirs = await anchorCaptain.client.postForm(form, { seasonId: season.id, name: "Sneaky" });
  expect(notTheirs.status).toBe(302);
  expect(await f.count("league_roster", "team_id = ?", [crown.id])).toBe(4);
  const signedOut = await app.client().postForm(form, { seasonId: season.id, name: "Sneaky" });
  expect(signedOut.status).toBe(302);
  expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

  // The secretary may too.
  expect(await (await secretary.client.get(pagePath)).text()).toContain("Add a player");
  const bySecretary = await secretary.client.postForm(form, { seasonId: season.id, name: "Sid Sub" });
  expect(bySecretary.status).toBe(302);
  expect(await f.count("league_roster", "team_id = ?", [crown.id])).toBe(5);
});
