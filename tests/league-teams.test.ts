// A season's teams and fixtures through the real Worker: the JSON contract of adding teams (a captain by e-mail, an
// invited captain, players and guests) and roster players, making the fixture list, moving a fixture, and reading a
// season; who may (the secretary; a captain for their own roster only), the 409s that name who or what, and the
// 400s, with nothing written by a refusal.
import { expect, test } from "vitest";
import { type Account, uniqueEmail, useFactories } from "./support/factories.ts";
import type { HttpClient } from "./support/http.ts";
import { buildLeague, type LeagueFixture, type LeagueTeam } from "./support/leagues.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Team = Omit<LeagueTeam, "captain">;
type Fixture = LeagueFixture & { venue: string; status: string };

async function created<T>(response: Response, key: string): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as Record<string, T>)[key] as T;
}
const message = async (r: Response) => ((await r.json()) as { message: string }).message;

/** A secretary's league with a draft season (Tuesdays from 2026-09-01, two legs) and its divisions. */
const season = (secretary: Account, divisionNames = ["Premier", "Division One"]) =>
  buildLeague(secretary, {
    season: { blackoutDates: ["2026-12-22", "2026-12-29"] },
    divisions: divisionNames.map((name) => [name, []]),
    fixtures: false,
  });

const addTeam = (secretary: Account, seasonId: string, body: Record<string, unknown>) =>
  secretary.client.json("POST", `/api/seasons/${seasonId}/teams`, body);

test("teams with captains and rosters; the fixtures made, one moved and one postponed; the season read", async () => {
  const secretary = await f.organiser("Sue Secretary");
  const captain = await f.player("Cath Captain");
  const { league, season: s, divisions } = await season(secretary);
  const premier = divisions[0] as { id: string };
  const one = divisions[1] as { id: string };

  const crown = await created<Team>(
    await addTeam(secretary, s.id, {
      name: "Crown A",
      divisionId: premier.id,
      venue: "The Crown",
      captain: { email: captain.email },
      players: [{ name: "Gus Guest" }, { name: "Ned New", email: "ned.new@example.com" }],
    }),
    "team",
  );
  expect(crown).toEqual({
    id: expect.any(String),
    name: "Crown A",
    divisionId: premier.id,
    venue: "The Crown",
    captainId: captain.id,
    players: [
      { id: captain.id, name: "Cath Captain" },
      { id: expect.any(String), name: "Gus Guest" },
      { id: expect.any(String), name: "Ned New" },
    ],
  });
  const names = ["Crown B", "Anchor", "Bell"];
  const venues = ["the crown", "Anchor Inn", "Bell"];
  const teams = [crown];
  for (const [i, name] of names.entries()) {
    teams.push(
      await created<Team>(
        await addTeam(secretary, s.id, {
          name,
          divisionId: i === 0 ? one.id : premier.id,
          venue: venues[i],
          captain: { email: `cap${i}-${Date.now()}@example.com`, name: `Cap ${i}` },
        }),
        "team",
      ),
    );
  }
  for (const name of ["Dog", "Eagle"]) {
    teams.push(
      await created<Team>(
        await addTeam(secretary, s.id, {
          name,
          divisionId: one.id,
          venue: `${name} Inn`,
          captain: { email: `cap-${name}-${Date.now()}@example.com` },
        }),
        "team",
      ),
    );
  }

  // A name the season has, in any case; a player already on a team; another team's captain.
  const taken = await addTeam(secretary, s.id, {
    name: "CROWN a",
    divisionId: one.id,
    venue: "x",
    captain: { email: `z-${Date.now()}@example.com` },
  });
  expect(taken.status).toBe(409);
  expect(await message(taken)).toBe("A team with that name is already in this season");
  const twice = await addTeam(secretary, s.id, {
    name: "Fox",
    divisionId: one.id,
    venue: "Fox",
    captain: { email: captain.email },
  });
  expect(twice.status).toBe(409);
  expect(await message(twice)).toBe("Cath Captain is already on Crown A this season");

  // The captain adds a guest to their own roster; not to another team's.
  const added = await captain.client.json("POST", `/api/seasons/${s.id}/teams/${crown.id}/players`, {
    name: "Pete Pal",
  });
  expect(await created(added, "player")).toEqual({ id: expect.any(String), name: "Pete Pal" });
  const notTheirs = await captain.client.json("POST", `/api/seasons/${s.id}/teams/${teams[1]?.id}/players`, {
    name: "Sly",
  });
  expect(notTheirs.status).toBe(403);

  const made = await secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`);
  const fixtures = await created<Fixture[]>(made, "fixtures");
  // Premier: Crown A, Anchor, Bell (3 teams, 2 legs: 6 fixtures); Division One: Crown B, Dog, Eagle (6).
  expect(fixtures).toHaveLength(12);
  expect(fixtures.every((x) => x.status === "scheduled" && x.date !== null)).toBe(true);
  expect(fixtures.some((x) => x.date === "2026-12-22")).toBe(false);
  // Crown A and Crown B share The Crown: never both at home in a week.
  const homeWeeks = (id: string) => new Set(fixtures.filter((x) => x.homeTeamId === id).map((x) => x.week));
  const crownB = teams[1] as Team;
  expect([...homeWeeks(crown.id)].filter((w) => homeWeeks(crownB.id).has(w))).toEqual([]);

  const first = fixtures[0] as Fixture;
  const moved = await secretary.client.json("PATCH", `/api/fixtures/${first.id}`, { date: "2026-09-03" });
  expect(moved.status).toBe(200);
  expect(((await moved.json()) as { fixture: Fixture }).fixture).toMatchObject({
    date: "2026-09-03",
    status: "scheduled",
  });
  const postponed = await secretary.client.json("PATCH", `/api/fixtures/${first.id}`, { date: null });
  expect(((await postponed.json()) as { fixture: Fixture }).fixture).toMatchObject({ date: null, status: "postponed" });
  expect((await captain.client.json("PATCH", `/api/fixtures/${first.id}`, { date: null })).status).toBe(403);

  const read = await app.client().json("GET", `/api/seasons/${s.slug}`);
  expect(read.status).toBe(200);
  const body = (await read.json()) as {
    season: { status: string };
    divisions: { name: string; teams: { name: string }[]; standings: { team: string; played: number }[] }[];
    fixtures: { home: string; away: string }[];
  };
  expect(body.season.status).toBe("active");
  // Nothing played yet: each table lists its teams by name, none with a fixture counted.
  const table = (d: (typeof body.divisions)[number]) => d.standings.map((r) => `${r.team} ${r.played}`);
  expect(body.divisions.map((d) => [d.name, d.teams.map((t) => t.name), table(d)])).toEqual([
    ["Premier", ["Crown A", "Anchor", "Bell"], ["Anchor 0", "Bell 0", "Crown A 0"]],
    ["Division One", ["Crown B", "Dog", "Eagle"], ["Crown B 0", "Dog 0", "Eagle 0"]],
  ]);
  expect(body.fixtures).toHaveLength(12);
  expect(JSON.stringify(body)).not.toContain("@");
  expect(league.slug).toBeTruthy();
});

/** What a season holds: teams, roster rows, fixtures. */
const held = async (seasonId: string) => ({
  teams: await f.count("league_teams", "season_id = ?", [seasonId]),
  roster: await f.count("league_roster", "season_id = ?", [seasonId]),
  fixtures: await f.count("league_fixtures", "season_id = ?", [seasonId]),
});

const teamBody = (divisionId: string, name: string, extra: Record<string, unknown> = {}) => ({
  name,
  divisionId,
  venue: `${name} Inn`,
  captain: { email: uniqueEmail(`cap-${name.toLowerCase().replace(/\W/g, "")}`) },
  ...extra,
});

test("at once: two teams naming one player, two of one name, two fixture lists, a list and a roster add", async () => {
  const secretary = await f.organiser();
  const pete = await f.player("Pete Player");
  const { season: s, divisions } = await season(secretary, ["Premier"]);
  const premier = (divisions[0] as { id: string }).id;

  // Pete named by two teams at once: one has him, the other is told who has.
  const peteAt = (name: string) => teamBody(premier, name, { players: [{ name: "Pete", email: pete.email }] });
  const both = await Promise.all([
    addTeam(secretary, s.id, peteAt("Anchor")),
    addTeam(secretary, s.id, peteAt("Bell")),
  ]);
  expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  const winner = both.find((r) => r.status === 201) as Response;
  const loser = both.find((r) => r.status === 409) as Response;
  const won = ((await winner.json()) as { team: Team }).team;
  expect(await message(loser)).toBe(`Pete Player is already on ${won.name} this season`);
  expect(await f.count("league_roster", "player_id = ?", [pete.id])).toBe(1);
  expect(await held(s.id)).toEqual({ teams: 1, roster: 2, fixtures: 0 });

  // A new e-mail named by two teams at once: one invited account, on one team, the other told which.
  const ned = uniqueEmail("ned");
  const nedAt = (name: string) => teamBody(premier, name, { players: [{ name: "Ned New", email: ned }] });
  const fresh = await Promise.all([addTeam(secretary, s.id, nedAt("Fox")), addTeam(secretary, s.id, nedAt("Goat"))]);
  expect(fresh.map((r) => r.status).sort()).toEqual([201, 409]);
  const nedOn = ((await (fresh.find((r) => r.status === 201) as Response).json()) as { team: Team }).team.name;
  expect(await message(fresh.find((r) => r.status === 409) as Response)).toBe(
    `Ned New is already on ${nedOn} this season`,
  );
  expect(await f.count("players", "email = ?", [ned])).toBe(1);
  expect(await held(s.id)).toEqual({ teams: 2, roster: 4, fixtures: 0 });

  // One name twice at once (in two cases): one team.
  const named = await Promise.all([
    addTeam(secretary, s.id, teamBody(premier, "Crown")),
    addTeam(secretary, s.id, teamBody(premier, "CROWN")),
  ]);
  expect(named.map((r) => r.status).sort()).toEqual([201, 409]);
  expect(await message(named.find((r) => r.status === 409) as Response)).toBe(
    "A team with that name is already in this season",
  );
  expect(await f.count("league_teams", "season_id = ? and name_key = 'crown'", [s.id])).toBe(1);
  expect(await held(s.id)).toEqual({ teams: 3, roster: 5, fixtures: 0 });

  // Four teams, two legs: 12 fixtures, however many lists are made at once.
  await created<Team>(await addTeam(secretary, s.id, teamBody(premier, "Dog")), "team");
  for (let round = 0; round < 3; round++) {
    const lists = await Promise.all([
      secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`),
      secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`),
    ]);
    const statuses = lists.map((r) => r.status);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(201);
    for (const r of lists) {
      if (r.status === 201) expect(((await r.json()) as { fixtures: Fixture[] }).fixtures).toHaveLength(12);
    }
    expect((await held(s.id)).fixtures).toBe(12);
  }

  // A list made while a player joins a roster: both go through.
  const [list, added] = await Promise.all([
    secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`),
    secretary.client.json("POST", `/api/seasons/${s.id}/teams/${won.id}/players`, { name: "Late Guest" }),
  ]);
  expect(await created<Fixture[]>(list, "fixtures")).toHaveLength(12);
  expect(await created(added, "player")).toEqual({ id: expect.any(String), name: "Late Guest" });
  expect(await held(s.id)).toEqual({ teams: 4, roster: 7, fixtures: 12 });
  expect(await f.count("seasons", "id = ? and status = 'active'", [s.id])).toBe(1);
});

test("who may: 401 signed out, 403 a player, another secretary or captain, 404 for none; nothing written", async () => {
  const secretary = await f.organiser();
  const rival = await f.organiser("Rita Rival");
  const cath = await f.player("Cath Captain");
  const dan = await f.player("Dan Captain");
  const pat = await f.player();
  const nobody = app.client();
  const { season: s, divisions } = await season(secretary, ["Premier"]);
  const premier = (divisions[0] as { id: string }).id;
  const crown = await created<Team>(
    await addTeam(secretary, s.id, teamBody(premier, "Crown", { captain: { email: cath.email } })),
    "team",
  );
  const dog = await created<Team>(
    await addTeam(secretary, s.id, teamBody(premier, "Dog", { captain: { email: dan.email } })),
    "team",
  );
  const fixtures = await created<Fixture[]>(
    await secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`),
    "fixtures",
  );
  const fixture = fixtures[0] as Fixture;
  const before = await held(s.id);
  const long = "x".repeat(200);

  const secretaryOnly = "Only the league's secretary can do that";
  const notYourTeam = "Only the league's secretary or the team's captain can do that";
  const calls: [
    label: string,
    method: string,
    path: string,
    body: Record<string, unknown> | undefined,
    refused: [client: HttpClient, status: number, message?: string][],
  ][] = [
    [
      "a team",
      "POST",
      `/api/seasons/${s.id}/teams`,
      teamBody(premier, "Fox"),
      [
        [nobody, 401, "You need to sign in first"],
        [cath.client, 403, "Only tournament directors can do that"],
        [rival.client, 403, secretaryOnly],
      ],
    ],
    [
      "a team of no season",
      "POST",
      "/api/seasons/no-such-season/teams",
      teamBody(premier, "Fox"),
      [[secretary.client, 404, "Season not found"]],
    ],
    [
      "a team of a 200-character id",
      "POST",
      `/api/seasons/${long}/teams`,
      teamBody(premier, "Fox"),
      [[secretary.client, 404, "Season not found"]],
    ],
    [
      "a player",
      "POST",
      `/api/seasons/${s.id}/teams/${crown.id}/players`,
      { name: "Sly" },
      [
        [nobody, 401, "You need to sign in first"],
        [dan.client, 403, notYourTeam],
        [pat.client, 403, notYourTeam],
        [rival.client, 403, notYourTeam],
      ],
    ],
    [
      "a player of no team",
      "POST",
      `/api/seasons/${s.id}/teams/no-such-team/players`,
      { name: "Sly" },
      [
        [secretary.client, 404, "Team not found"],
        [cath.client, 404, "Team not found"],
      ],
    ],
    [
      "a player of a team of another season",
      "POST",
      `/api/seasons/no-such-season/teams/${crown.id}/players`,
      { name: "Sly" },
      [[secretary.client, 404, "Team not found"]],
    ],
    [
      "a player by 200-character ids",
      "POST",
      `/api/seasons/${long}/teams/${long}/players`,
      { name: "Sly" },
      [[secretary.client, 404, "Team not found"]],
    ],
    [
      "the fixtures",
      "POST",
      `/api/seasons/${s.id}/fixtures`,
      undefined,
      [
        [nobody, 401, "You need to sign in first"],
        [cath.client, 403, "Only tournament directors can do that"],
        [rival.client, 403, secretaryOnly],
      ],
    ],
    [
      "the fixtures of no season",
      "POST",
      `/api/seasons/${long}/fixtures`,
      undefined,
      [[secretary.client, 404, "Season not found"]],
    ],
    [
      "a fixture moved",
      "PATCH",
      `/api/fixtures/${fixture.id}`,
      { date: null },
      [
        [nobody, 401, "You need to sign in first"],
        [cath.client, 403, "Only tournament directors can do that"],
        [rival.client, 403, secretaryOnly],
      ],
    ],
    [
      "no fixture moved",
      "PATCH",
      "/api/fixtures/no-such-fixture",
      { date: null },
      [[secretary.client, 404, "Fixture not found"]],
    ],
    [
      "a fixture of a 200-character id",
      "PATCH",
      `/api/fixtures/${long}`,
      { date: null },
      [[secretary.client, 404, "Fixture not found"]],
    ],
  ];
  const wrong: string[] = [];
  for (const [label, method, path, body, refused] of calls) {
    for (const [client, status, said] of refused) {
      const response = await client.json(method, path, body);
      const got = `${response.status} ${await message(response)}`;
      if (got !== `${status} ${said}`) wrong.push(`${label}: ${got}, not ${status} ${said}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(await held(s.id)).toEqual(before);
  expect(await f.count("players", "name = 'Sly'")).toBe(0);
  expect(await f.count("league_fixtures", "id = ? and status = 'scheduled' and date is not null", [fixture.id])).toBe(
    1,
  );

  // Dan, Dog's captain, adds to Dog's roster; the secretary to any.
  expect(
    (await dan.client.json("POST", `/api/seasons/${s.id}/teams/${dog.id}/players`, { name: "Dan's Mate" })).status,
  ).toBe(201);
  expect(
    (await secretary.client.json("POST", `/api/seasons/${s.id}/teams/${crown.id}/players`, { name: "Sue's Pick" }))
      .status,
  ).toBe(201);
});

test("the 409s: a finished season, a started fixture, an impossible list: each says why, nothing written", async () => {
  const secretary = await f.organiser();
  const pete = await f.player("Pete Player");
  const { season: s, divisions } = await season(secretary);
  const [premier, one] = divisions.map((d) => d.id) as [string, string];
  for (const name of ["Anchor", "Bell", "Crown"]) {
    await created<Team>(await addTeam(secretary, s.id, teamBody(premier, name)), "team");
  }
  // Division One has one team: the generator's reason.
  const lone = await created<Team>(
    await addTeam(secretary, s.id, teamBody(one, "Lone", { players: [{ name: "Pete", email: pete.email }] })),
    "team",
  );
  const impossible = await secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`);
  expect(impossible.status).toBe(409);
  expect(await message(impossible)).toBe("Division One needs at least two teams to play.");
  expect((await held(s.id)).fixtures).toBe(0);
  expect(await f.count("seasons", "id = ? and status = 'draft'", [s.id])).toBe(1);

  // A player on a team this season, by e-mail in another case: named.
  const again = await secretary.client.json("POST", `/api/seasons/${s.id}/teams/${lone.id}/players`, {
    name: "P",
    email: pete.email.toUpperCase(),
  });
  expect(again.status).toBe(409);
  expect(await message(again)).toBe("Pete Player is already on Lone this season");

  await created<Team>(await addTeam(secretary, s.id, teamBody(one, "Partner")), "team");
  const fixtures = await created<Fixture[]>(
    await secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`),
    "fixtures",
  );
  expect(fixtures).toHaveLength(8);
  const [first, second] = fixtures as [Fixture, Fixture];
  await f.sql().execute({ sql: "update league_fixtures set status = 'in_progress' where id = ?", args: [first.id] });
  const remade = await secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`);
  expect(remade.status).toBe(409);
  expect(await message(remade)).toBe(
    "A fixture of this season has been played: its fixtures can no longer be made again",
  );
  const movedPlayed = await secretary.client.json("PATCH", `/api/fixtures/${first.id}`, { date: "2026-09-03" });
  expect(movedPlayed.status).toBe(409);
  expect(await message(movedPlayed)).toBe("This fixture has been played: it can no longer be moved");
  const ids = async () =>
    (
      await f.sql().execute({ sql: "select id from league_fixtures where season_id = ? order by id", args: [s.id] })
    ).rows.map((r) => r.id);
  expect(await ids()).toEqual(fixtures.map((x) => x.id).sort());
  const postponed = await secretary.client.json("PATCH", `/api/fixtures/${second.id}`, { date: null });
  expect(((await postponed.json()) as { fixture: Fixture }).fixture).toEqual({
    ...second,
    date: null,
    status: "postponed",
  });

  await f.sql().execute({ sql: "update seasons set status = 'finished' where id = ?", args: [s.id] });
  const finished = "This season is finished";
  const late = await addTeam(secretary, s.id, teamBody(premier, "Late"));
  expect([late.status, await message(late)]).toEqual([409, finished]);
  const lateGuest = await secretary.client.json("POST", `/api/seasons/${s.id}/teams/${lone.id}/players`, { name: "G" });
  expect([lateGuest.status, await message(lateGuest)]).toEqual([409, finished]);
  expect(await held(s.id)).toEqual({ teams: 5, roster: 6, fixtures: 8 });
});

test("the bodies' checks: a 400 with the spec's message, nothing written", async () => {
  const secretary = await f.organiser();
  const cath = await f.player("Cath Captain");
  const { season: s, divisions } = await season(secretary, ["Premier"]);
  const elsewhere = await season(secretary, ["Elsewhere"]);
  const premier = (divisions[0] as { id: string }).id;
  const crown = await created<Team>(
    await addTeam(secretary, s.id, teamBody(premier, "Crown", { captain: { email: cath.email } })),
    "team",
  );
  await created<Team>(await addTeam(secretary, s.id, teamBody(premier, "Dog")), "team");
  const fixture = (
    await created<Fixture[]>(await secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`), "fixtures")
  )[0] as Fixture;
  const before = await held(s.id);
  const accounts = await f.count("players");
  const good = teamBody(premier, "Fox");
  const dup = uniqueEmail("dup");

  const cases: [label: string, method: string, path: string, body: unknown, status: number, said: string][] = [
    ["a team's wrong types", "POST", `/api/seasons/${s.id}/teams`, { ...good, name: 42 }, 400, "Team name is required"],
    [
      "a team's division a number",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, divisionId: 7 },
      400,
      "Choose the team's division",
    ],
    [
      "no captain",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, captain: undefined },
      400,
      "The captain's e-mail is required",
    ],
    [
      "a captain by name",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, captain: "Cath" },
      400,
      "The captain's e-mail is required",
    ],
    [
      "a captain's e-mail a number",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, captain: { email: 42 } },
      400,
      "Invalid email address",
    ],
    [
      "a captain's name a number",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, captain: { email: uniqueEmail("c"), name: 42 } },
      400,
      "Captain's name is required",
    ],
    [
      "players not a list",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, players: "Gus, Ned" },
      400,
      "Players must be a list of names (and e-mails)",
    ],
    [
      "players an object",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, players: { name: "Gus" } },
      400,
      "Players must be a list of names (and e-mails)",
    ],
    [
      "a player with no name",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, players: [{ email: uniqueEmail("p") }] },
      400,
      "Player's name is required",
    ],
    [
      "a player's e-mail null",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, players: [{ name: "Gus", email: null }] },
      400,
      "Invalid email address",
    ],
    [
      "a 5,000-character name",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, name: "x".repeat(5_000) },
      400,
      "Team name must be at most 60 characters",
    ],
    [
      "a 5,000-character venue",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, venue: "x".repeat(5_000) },
      400,
      "Home venue must be at most 100 characters",
    ],
    [
      "a 100 kB name",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, name: "x".repeat(100_000) },
      413,
      "Request body too large",
    ],
    [
      "a 200-character division id",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, divisionId: "x".repeat(200) },
      400,
      "Choose a division of this season",
    ],
    [
      "another season's division",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, divisionId: elsewhere.divisions[0]?.id },
      400,
      "Choose a division of this season",
    ],
    [
      "one e-mail twice",
      "POST",
      `/api/seasons/${s.id}/teams`,
      {
        ...good,
        players: [
          { name: "A", email: dup },
          { name: "B", email: dup },
        ],
      },
      400,
      "Each player's e-mail can be given once",
    ],
    [
      "an e-mail nobody gets",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, players: [{ name: "A", email: "a@pub.invalid" }] },
      400,
      "No e-mail can reach a@pub.invalid: give another address, or none for a guest",
    ],
    [
      "41 players",
      "POST",
      `/api/seasons/${s.id}/teams`,
      { ...good, players: Array.from({ length: 41 }, (_, i) => ({ name: `P${i}` })) },
      400,
      "A team registers at most 40 players at once",
    ],
    [
      "a roster player's name a number",
      "POST",
      `/api/seasons/${s.id}/teams/${crown.id}/players`,
      { name: 42 },
      400,
      "Player's name is required",
    ],
    [
      "a roster player's e-mail a number",
      "POST",
      `/api/seasons/${s.id}/teams/${crown.id}/players`,
      { name: "Gus", email: 42 },
      400,
      "Invalid email address",
    ],
    [
      "a roster player's e-mail no e-mail",
      "POST",
      `/api/seasons/${s.id}/teams/${crown.id}/players`,
      { name: "Gus", email: "gus" },
      400,
      "Invalid email address",
    ],
    [
      "a roster player as a list",
      "POST",
      `/api/seasons/${s.id}/teams/${crown.id}/players`,
      [{ name: "Gus" }],
      400,
      "Invalid input: expected object, received array",
    ],
    [
      "a 5,000-character player",
      "POST",
      `/api/seasons/${s.id}/teams/${crown.id}/players`,
      { name: "x".repeat(5_000) },
      400,
      "Player's name must be at most 100 characters",
    ],
    [
      "no date",
      "PATCH",
      `/api/fixtures/${fixture.id}`,
      {},
      400,
      "The date must be a date (YYYY-MM-DD), or null for postponed",
    ],
    [
      "a date a number",
      "PATCH",
      `/api/fixtures/${fixture.id}`,
      { date: 20260903 },
      400,
      "The date must be a date (YYYY-MM-DD), or null for postponed",
    ],
    [
      "a date that is none",
      "PATCH",
      `/api/fixtures/${fixture.id}`,
      { date: "2026-02-30" },
      400,
      "The date must be a date (YYYY-MM-DD)",
    ],
    [
      "a date of another shape",
      "PATCH",
      `/api/fixtures/${fixture.id}`,
      { date: "3/9/2026" },
      400,
      "The date must be a date (YYYY-MM-DD)",
    ],
    [
      "a date and time",
      "PATCH",
      `/api/fixtures/${fixture.id}`,
      { date: "2026-09-03T19:30" },
      400,
      "The date must be a date (YYYY-MM-DD)",
    ],
    [
      "a 5,000-character date",
      "PATCH",
      `/api/fixtures/${fixture.id}`,
      { date: "x".repeat(5_000) },
      400,
      "The date must be a date (YYYY-MM-DD)",
    ],
  ];
  const wrong: string[] = [];
  for (const [label, method, path, body, status, said] of cases) {
    const response = await secretary.client.json(method, path, body);
    const got = `${response.status} ${await message(response)}`;
    if (got !== `${status} ${said}`) wrong.push(`${label}: ${got}, not ${status} ${said}`);
  }
  expect(wrong).toEqual([]);
  expect(await held(s.id)).toEqual(before);
  expect(await f.count("players")).toBe(accounts);
  expect(
    await f.count("league_fixtures", "id = ? and date = ? and status = 'scheduled'", [fixture.id, fixture.date ?? ""]),
  ).toBe(1);

  // The field named with the message.
  const several = await addTeam(secretary, s.id, {
    name: "",
    divisionId: premier,
    venue: "",
    captain: { email: "no" },
  });
  expect(several.status).toBe(400);
  expect(((await several.json()) as { errors: Record<string, string[]> }).errors).toEqual({
    name: ["Team name is required"],
    venue: ["Home venue is required"],
    "captain.email": ["Invalid email address"],
  });
});

// The security suite's malformed bodies (as tests/leagues.test.ts sends them) to each new endpoint.
const MALFORMED: { label: string; body: BodyInit; type?: string }[] = [
  ...(
    [
      ["empty object", {}],
      ["null", null],
      ["an array", [{ name: "x" }]],
      ["a string", "junk"],
      ["a number", 42],
      ["wrong types", { name: 42, divisionId: 1, venue: [], captain: "x", players: "x", email: 7, date: 20260903 }],
      ["every field null", { name: null, divisionId: null, venue: null, captain: null, players: null, email: null }],
      ["every field an object", { name: { $gt: "" }, divisionId: {}, venue: {}, captain: {}, players: {}, date: {} }],
      ["every field an array", { name: ["x"], divisionId: ["x"], venue: ["x"], captain: [], players: [[]], date: [] }],
      ["5 kB in every field", { name: "x".repeat(5_000), divisionId: "x".repeat(5_000), date: "x".repeat(5_000) }],
      ["a thousand players", { name: 42, players: Array.from({ length: 1_000 }, () => ({ name: "x" })) }],
      ["huge numbers", { name: 1e308, divisionId: 1e308, date: 1e308 }],
    ] as const
  ).map(([label, value]) => ({ label, body: JSON.stringify(value), type: "application/json" })),
  { label: "a 100 kB name", body: JSON.stringify({ name: "x".repeat(100_000) }), type: "application/json" },
  { label: "prototype pollution", body: '{"__proto__":{"name":"x"},"constructor":{"prototype":{"polluted":true}}}' },
  { label: "10,000 levels of nesting", body: "[".repeat(10_000) + "]".repeat(10_000), type: "application/json" },
  { label: "invalid UTF-8", body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]) },
  { label: "malformed JSON", body: "{not json", type: "application/json" },
  { label: "an empty body", body: "", type: "application/json" },
  { label: "a form post", body: "name=x", type: "application/x-www-form-urlencoded" },
  { label: "text/plain", body: JSON.stringify({ name: "x" }), type: "text/plain" },
];

test("malformed bodies to the new endpoints get a 4xx, never a 5xx, and write nothing", async () => {
  const secretary = await f.organiser();
  const cath = await f.player("Cath Captain");
  const { season: s, divisions } = await season(secretary, ["Premier"]);
  const premier = (divisions[0] as { id: string }).id;
  const crown = await created<Team>(
    await addTeam(secretary, s.id, teamBody(premier, "Crown", { captain: { email: cath.email } })),
    "team",
  );
  await created<Team>(await addTeam(secretary, s.id, teamBody(premier, "Dog")), "team");
  const fixture = (
    await created<Fixture[]>(await secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`), "fixtures")
  )[0] as Fixture;
  const before = await held(s.id);
  const accounts = await f.count("players");
  const endpoints: [method: string, path: string, client: HttpClient][] = [
    ["POST", `/api/seasons/${s.id}/teams`, secretary.client],
    ["POST", `/api/seasons/${s.id}/teams/${crown.id}/players`, secretary.client],
    ["POST", `/api/seasons/${s.id}/teams/${crown.id}/players`, cath.client],
    ["PATCH", `/api/fixtures/${fixture.id}`, secretary.client],
    ["POST", "/api/seasons/no-such-season/teams", secretary.client],
    ["POST", `/api/seasons/${s.id}/teams`, cath.client],
    ["PATCH", `/api/fixtures/${fixture.id}`, app.client()],
  ];
  const wrong: string[] = [];
  for (const [method, path, client] of endpoints) {
    for (const { label, body, type } of MALFORMED) {
      const headers: Record<string, string> = { "Content-Type": type ?? "application/json" };
      const response = await client.request(path, { method, body, headers });
      const text = await response.text();
      if (response.status < 400 || response.status >= 500)
        wrong.push(`${method} ${path} [${label}] → ${response.status} ${text}`);
    }
  }
  for (const [method, path] of [
    ["POST", `/api/seasons/${"%FF"}/teams`],
    ["POST", "/api/seasons/%E0%A4%A/fixtures"],
    ["PATCH", `/api/fixtures/${"x".repeat(5_000)}`],
    ["GET", `/api/seasons/${"x".repeat(5_000)}`],
    ["GET", "/api/seasons/%FF"],
  ] as const) {
    const response = await secretary.client.request(path, { method, body: method === "GET" ? undefined : "{}" });
    if (response.status < 400 || response.status >= 500)
      wrong.push(`${method} ${path.slice(0, 60)} → ${response.status}`);
  }
  expect(wrong).toEqual([]);
  expect(await held(s.id)).toEqual(before);
  expect(await f.count("players")).toBe(accounts);
  expect(await f.count("league_fixtures", "id = ? and status = 'scheduled'", [fixture.id])).toBe(1);
});

test("the season read by anyone: divisions, teams, fixtures with names, no e-mail anywhere; 404 for none", async () => {
  const secretary = await f.organiser();
  const cath = await f.player("Cath Captain");
  const { season: s, divisions } = await season(secretary);
  const [premier, one] = divisions.map((d) => d.id) as [string, string];
  const crown = await created<Team>(
    await addTeam(secretary, s.id, {
      ...teamBody(premier, "Crown"),
      captain: { email: cath.email },
      players: [{ name: "Ned New", email: uniqueEmail("ned") }, { name: "Gus Guest" }],
    }),
    "team",
  );
  const anchor = await created<Team>(await addTeam(secretary, s.id, teamBody(premier, "Anchor")), "team");

  // A draft season with no fixtures yet reads too: Division One empty.
  const draft = await app.client().get(`/api/seasons/${s.slug}`);
  expect(draft.status).toBe(200);
  const drafted = (await draft.json()) as Record<string, unknown>;
  expect(Object.keys(drafted).sort()).toEqual(["divisions", "fixtures", "penalties", "season"]);
  expect(drafted.fixtures).toEqual([]);
  expect(drafted.penalties).toEqual([]);
  // Nothing played: the table lists the teams by name on nought.
  const nought = (team: Team, position: number) => ({
    position,
    teamId: team.id,
    team: team.name,
    ...{ played: 0, won: 0, drawn: 0, lost: 0, framesFor: 0, framesAgainst: 0, penalty: 0, points: 0 },
  });
  expect(drafted.divisions).toEqual([
    {
      id: premier,
      name: "Premier",
      position: 1,
      teams: [
        { id: crown.id, name: "Crown", venue: "Crown Inn" },
        { id: anchor.id, name: "Anchor", venue: "Anchor Inn" },
      ],
      standings: [nought(anchor, 1), nought(crown, 2)],
      tieBreaks: [],
    },
    { id: one, name: "Division One", position: 2, teams: [], standings: [], tieBreaks: [] },
  ]);

  const fixtures = await created<Fixture[]>(
    await secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`),
    "fixtures",
  );
  expect(fixtures).toHaveLength(2);
  for (const client of [app.client(), (await f.player()).client, cath.client, secretary.client]) {
    const read = await client.get(`/api/seasons/${s.slug}`);
    expect(read.status).toBe(200);
    const text = await read.text();
    expect(text).not.toContain("@");
    const body = JSON.parse(text) as { season: { id: string; status: string }; fixtures: unknown[] };
    expect(body.season).toMatchObject({ id: s.id, status: "active" });
    expect(body.fixtures).toEqual(
      fixtures.map((x) => ({
        ...x,
        home: x.homeTeamId === crown.id ? "Crown" : "Anchor",
        away: x.awayTeamId === crown.id ? "Crown" : "Anchor",
        homeScore: null,
        awayScore: null,
      })),
    );
  }
  for (const slug of ["no-such-season", "x".repeat(5_000)]) {
    const unknown = await app.client().get(`/api/seasons/${slug}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Season not found" });
  }
});
