// A league night's TV (/league/{slug}/tv) and a played fixture's share card (…/fixtures/{id}/share.svg) through the
// real Worker: the TV drawn on the server with tonight's fixtures, their scores and the tables (a penalty beside the
// points), one venue's night, its own script and no React; the share card an SVG of the result for a played or
// awarded fixture only, of its own league only, a team's name never markup.
import { expect, test } from "vitest";
import { nightOf } from "../app/features/leagues/domain/league-night.ts";
import { type Account, useFactories } from "./support/factories.ts";
import { buildLeague, type LeagueFixture as Fixture, type LeagueTeam } from "./support/leagues.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Team = LeagueTeam & { captain: Account };

/**
 * A season of two divisions of two teams (one frame of singles a fixture): Premier's Crown A (at The Crown) and
 * Anchor, Second's Crown B (also at The Crown) and `bell` — whatever its name. Week 1's fixture of each is tonight,
 * week 2's a week later.
 */
async function nightLeague(secretary: Account, bell = "Bell") {
  const team = async (name: string) => ({
    name,
    venue: name.startsWith("Crown") ? "The Crown" : name === "Anchor" ? "The Anchor" : "The Bell",
    captain: await f.player(`${name} Captain`),
  });
  const built = await buildLeague(secretary, {
    season: { format: { sections: [{ name: "Singles", frames: 1, players: 1 }], maxSinglesPerPlayer: 1 } },
    divisions: [
      ["Premier", [await team("Crown A"), await team("Anchor")]],
      ["Second", [await team("Crown B"), await team(bell)]],
    ],
  });
  const { league, season, fixtures } = built;
  const teams = built.teams as Team[];
  const tonight = fixtures.filter((x) => x.week === 1);
  const today = nightOf(Date.now());
  const nextWeek = new Date(Date.parse(`${today}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  for (const x of fixtures) {
    await f.sql().execute({
      sql: "update league_fixtures set date = ? where id = ?",
      args: [x.week === 1 ? today : nextWeek, x.id],
    });
  }
  return { league, season, teams, tonight };
}

/** Fixture `x` played to `winner`: both lineups named, its frame recorded, both captains' confirmations. */
async function play(secretary: Account, x: Fixture, teams: Team[], winner: "home" | "away") {
  for (const side of ["home", "away"] as const) {
    const team = teams.find((t) => t.id === (side === "home" ? x.homeTeamId : x.awayTeamId)) as Team;
    const lineup = await secretary.client.json("PUT", `/api/fixtures/${x.id}/lineup`, {
      side,
      frames: [{ number: 1, playerIds: [team.captainId] }],
    });
    expect(lineup.status, await lineup.text()).toBe(200);
  }
  expect((await secretary.client.json("POST", `/api/fixtures/${x.id}/frames/1`, { winner })).status).toBe(200);
}

const refreshOf = (html: string) => /<meta http-equiv="refresh" content="(\d+);url=([^"]+)"/.exec(html)?.slice(1);

test("the TV: tonight's fixtures and scores beside the tables, a venue's night, its own script, no React", async () => {
  const secretary = await f.organiser();
  const { league, season, teams, tonight } = await nightLeague(secretary);
  const crownA = teams.find((t) => t.name === "Crown A") as Team;
  const premier = tonight.find((x) => [x.homeTeamId, x.awayTeamId].includes(crownA.id)) as Fixture;
  await play(secretary, premier, teams, "home");
  const anon = app.client();

  const response = await anon.get(`/league/${league.slug}/tv`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`data-channel="/api/live/seasons/${season.id}"`);
  expect(html).toContain('<script src="/tv.js"');
  expect(html).not.toContain("__reactRouterContext");
  expect(refreshOf(html)).toEqual(["30", `/league/${league.slug}/tv`]);
  expect(html).toMatch(/data-testid="tv-night"[^>]*>Tonight</);
  expect(html.match(/data-testid="tv-fixture"/g)).toHaveLength(2);
  expect(html).toContain("1–0");
  expect(html).toContain("In play");
  for (const name of ["Crown A", "Anchor", "Crown B", "Bell", "Premier", "Second"]) expect(html).toContain(name);

  // A penalty shows beside the points.
  await f.sql().execute({
    sql: "insert into league_penalties (id, season_id, team_id, points, reason, created_at) values (?, ?, ?, 2, ?, ?)",
    args: [crypto.randomUUID(), season.id, crownA.id, "Late card", Date.now()],
  });
  expect(await (await anon.get(`/league/${league.slug}/tv`)).text()).toContain(">−2 (−2)<");

  // One venue's night: only its fixture, and its division's table alone; a venue with none tonight shows its next.
  const venueOf = (teamId: string) => teams.find((t) => t.id === teamId)?.venue as string;
  const crownHome = await (
    await anon.get(`/league/${league.slug}/tv?venue=${encodeURIComponent(venueOf(premier.homeTeamId))}`)
  ).text();
  expect(crownHome.match(/data-testid="tv-fixture"/g)).toHaveLength(1);
  expect(crownHome).toMatch(/data-testid="tv-night"[^>]*>Tonight</);
  expect(crownHome).not.toMatch(/>Second</);
  const hosting = tonight.map((x) => venueOf(x.homeTeamId));
  const idle = ["The Crown", "The Anchor", "The Bell"].find((v) => !hosting.includes(v)) as string;
  const next = await (await anon.get(`/league/${league.slug}/tv?venue=${encodeURIComponent(idle)}`)).text();
  expect(next).toMatch(/data-testid="tv-night"[^>]*>Next league night</);
  expect(next.match(/data-testid="tv-fixture"/g)).toHaveLength(1);
  const bell = await (await anon.get(`/league/${league.slug}/tv?venue=The%20Bell&season=${season.slug}`)).text();
  expect(refreshOf(bell)).toEqual(["30", `/league/${league.slug}/tv?season=${season.slug}&amp;venue=The+Bell`]);
  expect(bell).toContain("Second");
  expect(bell).not.toMatch(/>Premier</);

  expect((await anon.get("/league/no-such-league/tv")).status).toBe(404);
  const missingSeason = await anon.get(`/league/${league.slug}/tv?season=no-such-season`);
  expect(missingSeason.status).toBe(200);
  expect(await missingSeason.text()).toContain("No season yet");
});

test("the share card: an SVG of a played result; none before or of another league; a name never markup", async () => {
  const secretary = await f.organiser();
  const evil = `<script>alert(1)</script>"/><image href="x`;
  const { league, teams, tonight } = await nightLeague(secretary, evil);
  const [first, second] = tonight as [Fixture, Fixture];
  const path = (x: Fixture, slug = league.slug) => `/league/${slug}/fixtures/${x.id}/share.svg`;
  const anon = app.client();

  // Not played yet: none.
  expect((await anon.get(path(first))).status).toBe(404);
  await play(secretary, first, teams, "home");
  // Recorded but not confirmed: still none.
  expect((await anon.get(path(first))).status).toBe(404);
  for (const side of ["home", "away"] as const) {
    const team = teams.find((t) => t.id === (side === "home" ? first.homeTeamId : first.awayTeamId)) as Team;
    expect((await team.captain.client.json("POST", `/api/fixtures/${first.id}/confirm`)).status).toBe(200);
  }
  const response = await anon.get(path(first));
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
  expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
  const svg = await response.text();
  const names = [first.homeTeamId, first.awayTeamId].map((id) => teams.find((t) => t.id === id)?.name as string);
  for (const text of ["1–0", "Valley League", `/league/${league.slug}/fixtures/${first.id}`, "Winter · Premier"]) {
    expect(svg).toContain(text);
  }
  for (const name of names.filter((n) => n !== evil)) expect(svg).toContain(name);
  // Another league's slug: none.
  expect((await anon.get(path(first, "other-league"))).status).toBe(404);

  // The Second division's fixture, with the team named like markup, awarded by the secretary: text, never markup.
  const award = await secretary.client.json("POST", `/api/fixtures/${second.id}/award`, {
    to: "away",
    note: "Home side did not turn up",
  });
  expect(award.status, await award.clone().text()).toBe(200);
  const awarded = await (await anon.get(path(second))).text();
  expect(awarded).toContain("Awarded by the league");
  expect(awarded).not.toContain("<script");
  expect(awarded).not.toContain("<image");
  expect(awarded).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");

  // The card's page: its share block and its link preview's title.
  const page = await (await anon.get(`/league/${league.slug}/fixtures/${first.id}`)).text();
  expect(page).toContain('data-testid="share-result"');
  expect(page).toContain(`src="${path(first)}"`);
  expect(page).toMatch(/<meta property="og:title" content="[^"]+ 1–0 [^"]+"/);
  expect(page).toContain('<meta property="og:description" content="Valley League · Winter · Premier');
  expect(page).not.toContain('property="og:image"');
});
