// A season as anyone reads it, in-process: the season page's read (divisions in order with their teams, fixtures by
// week with the teams' names), the season a league's page shows when none is named, a team's roster, and a player's
// next fixtures — and no e-mail in any of them. The HTTP read is tests/league-teams.test.ts's.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { build, first, mapRead, type ReadResult } from "~/db/batch.server.ts";
import { seasons } from "~/db/schema.ts";
import { uniqueEmail } from "../../../../test-support/accounts.ts";
import { type Account, useServiceDb } from "../../../../test-support/services.ts";
import {
  CreateDivisionSchema,
  CreateLeagueSchema,
  CreateSeasonSchema,
  CreateTeamSchema,
} from "~/features/leagues/domain/leagues.ts";
import { fixtureInputQuery } from "./fixtures.server.ts";
import { divisionJson, leagueJson, leagueOwnerQuery, seasonJson, seasonOwnerQuery } from "./leagues.server.ts";
import {
  currentSeasonIdOf,
  nextFixturesQuery,
  rosterQuery,
  type SeasonFixture,
  seasonPageQuery,
} from "./season-read.server.ts";
import { teamSeasonQuery } from "./teams.server.ts";
import { createDivision, createLeague, createSeason, createTeam, makeFixtures } from "./use-cases.server.ts";

const s = useServiceDb();

type SeasonPage = NonNullable<ReadResult<ReturnType<typeof seasonPageQuery>>>;

/** The slug of the season a league's page shows when none is named (the page reads it as a subquery). */
const currentSeasonSlugQuery = (leagueSlug: string) =>
  mapRead(
    first(
      build
        .select({ slug: seasons.slug })
        .from(seasons)
        .where(sql`${seasons.id} = ${currentSeasonIdOf(leagueSlug)}`),
    ),
    (row) => row?.slug ?? null,
  );

async function leagueOf(secretary: Account, name = "Valley League") {
  return leagueJson(
    await s.perform(createLeague, { organiserId: secretary.id, name: CreateLeagueSchema.parse({ name }).name }),
  );
}

async function seasonOf(secretary: Account, leagueId: string, body: Record<string, unknown>, divisionNames: string[]) {
  const season = seasonJson(
    await s.perform(createSeason, {
      organiserId: secretary.id,
      league: await s.sender.send(leagueOwnerQuery(leagueId)),
      fields: CreateSeasonSchema.parse(body),
    }),
  );
  const divisions: { id: string; name: string }[] = [];
  for (const name of divisionNames) {
    const made = await s.perform(createDivision, {
      organiserId: secretary.id,
      season: await s.sender.send(seasonOwnerQuery(season.id)),
      name: CreateDivisionSchema.parse({ name }).name,
    });
    divisions.push(divisionJson(made));
  }
  return { season, divisions };
}

async function newTeam(secretary: Account, seasonId: string, body: Record<string, unknown>) {
  const season = await s.sender.send(teamSeasonQuery(seasonId));
  const fields = CreateTeamSchema.parse(body);
  return (await s.perform(createTeam, { organiserId: secretary.id, season, fields })).team;
}

const make = async (secretary: Account, seasonId: string) =>
  (
    await s.perform(makeFixtures, {
      organiserId: secretary.id,
      input: await s.sender.send(fixtureInputQuery(seasonId)),
    })
  ).fixtures;

const winter = { name: "Winter 2026", night: "tuesday", startDate: "2026-09-01" };

test("the season page: divisions in order with their teams, fixtures by week with names, no e-mail", async () => {
  const secretary = await s.organiser();
  const cath = await s.player("Cath Captain");
  const league = await leagueOf(secretary);
  const { season, divisions } = await seasonOf(secretary, league.id, winter, ["Premier", "Division One", "Two"]);
  const [premier, one] = divisions.map((d) => d.id) as [string, string];
  const zebra = await newTeam(secretary, season.id, {
    name: "Zebra",
    divisionId: premier,
    venue: "Zebra Inn",
    captain: { email: cath.email },
    players: [{ name: "Ned", email: uniqueEmail("ned") }, { name: "Gus Guest" }],
  });
  const anchor = await newTeam(secretary, season.id, {
    name: "Anchor",
    divisionId: premier,
    venue: "Anchor",
    captain: { email: uniqueEmail("a") },
  });
  const bell = await newTeam(secretary, season.id, {
    name: "Bell",
    divisionId: one,
    venue: "Bell",
    captain: { email: uniqueEmail("b") },
  });
  const crown = await newTeam(secretary, season.id, {
    name: "Crown",
    divisionId: one,
    venue: "Crown",
    captain: { email: uniqueEmail("c") },
  });
  const draft = (await s.sender.send(seasonPageQuery(season.slug))) as SeasonPage;
  expect(draft.season).toEqual({ ...season, blackoutDates: [] });
  expect(draft.league).toEqual(league);
  // Nothing played: each table lists its teams by name, every figure nought.
  const nothing = (position: number, team: { id: string; name: string }) => ({
    position,
    teamId: team.id,
    team: team.name,
    ...{ played: 0, won: 0, drawn: 0, lost: 0, framesFor: 0, framesAgainst: 0, penalty: 0, points: 0 },
  });
  expect(draft.divisions).toEqual([
    {
      id: premier,
      name: "Premier",
      position: 1,
      teams: [
        { id: zebra.id, name: "Zebra", venue: "Zebra Inn" },
        { id: anchor.id, name: "Anchor", venue: "Anchor" },
      ],
      standings: [nothing(1, anchor), nothing(2, zebra)],
      tieBreaks: [],
    },
    {
      id: one,
      name: "Division One",
      position: 2,
      teams: [
        { id: bell.id, name: "Bell", venue: "Bell" },
        { id: crown.id, name: "Crown", venue: "Crown" },
      ],
      standings: [nothing(1, bell), nothing(2, crown)],
      tieBreaks: [],
    },
    { id: divisions[2]?.id, name: "Two", position: 3, teams: [], standings: [], tieBreaks: [] },
  ]);
  expect(draft.penalties).toEqual([]);
  expect(draft.fixtures).toEqual([]);

  const fixtures = await make(secretary, season.id);
  const page = (await s.sender.send(seasonPageQuery(season.slug))) as SeasonPage;
  expect(page.season.status).toBe("active");
  const names = new Map([zebra, anchor, bell, crown].map((t) => [t.id, t.name]));
  const listed: SeasonFixture[] = page.fixtures;
  expect(listed).toHaveLength(fixtures.length);
  expect(new Set(listed.map((f) => f.id))).toEqual(new Set(fixtures.map((f) => f.id)));
  for (const f of listed) {
    expect(f.home).toBe(names.get(f.homeTeamId));
    expect(f.away).toBe(names.get(f.awayTeamId));
    expect([f.homeScore, f.awayScore]).toEqual([null, null]);
  }
  // By week, then division (Premier first), then home team by name.
  const order = listed.map((f) => [f.week, f.divisionId === premier ? 1 : 2, f.home] as const);
  const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2]));
  expect(order).toEqual(sorted);
  const text = JSON.stringify(page);
  expect(text).not.toContain("@");
  expect(text).not.toContain(secretary.id);

  expect(await s.sender.send(seasonPageQuery("no-such-season"))).toBeNull();
  expect(await s.sender.send(seasonPageQuery("x".repeat(5_000)))).toBeNull();
});

test("a team's roster: the captain first, then by name; guests marked; no e-mail", async () => {
  const secretary = await s.organiser();
  const cath = await s.player("Cath Captain");
  const amy = await s.player("Amy Able");
  const league = await leagueOf(secretary);
  const { season, divisions } = await seasonOf(secretary, league.id, winter, ["Premier"]);
  const team = await newTeam(secretary, season.id, {
    name: "Crown",
    divisionId: divisions[0]?.id,
    venue: "Crown",
    captain: { email: cath.email },
    players: [{ name: "Zed Guest" }, { name: "Amy", email: amy.email }, { name: "Ned New", email: uniqueEmail("ned") }],
  });
  const roster = await s.sender.send(rosterQuery(team.id));
  expect(roster).toEqual([
    { id: cath.id, name: "Cath Captain", guest: false, captain: true },
    { id: amy.id, name: "Amy Able", guest: false, captain: false },
    { id: expect.any(String), name: "Ned New", guest: false, captain: false },
    { id: expect.any(String), name: "Zed Guest", guest: true, captain: false },
  ]);
  expect(JSON.stringify(roster)).not.toContain("@");
  expect(await s.sender.send(rosterQuery("x".repeat(200)))).toEqual([]);
});

test("a player's next fixtures: their team's, from today, unplayed and dated, of seasons being played", async () => {
  const secretary = await s.organiser();
  const pete = await s.player("Pete Player");
  const league = await leagueOf(secretary);
  const { season, divisions } = await seasonOf(secretary, league.id, winter, ["Premier"]);
  const premier = divisions[0]?.id;
  const mine = await newTeam(secretary, season.id, {
    name: "Crown",
    divisionId: premier,
    venue: "Crown",
    captain: { email: uniqueEmail("c") },
    players: [{ name: "Pete", email: pete.email }],
  });
  for (const name of ["Anchor", "Bell", "Dog"]) {
    await newTeam(secretary, season.id, {
      name,
      divisionId: premier,
      venue: name,
      captain: { email: uniqueEmail("x") },
    });
  }
  // Not yet made: nothing next.
  expect(await s.sender.send(nextFixturesQuery(pete.id, "2026-08-01"))).toEqual([]);
  const fixtures = await make(secretary, season.id);
  const ours = fixtures
    .filter((f) => f.homeTeamId === mine.id || f.awayTeamId === mine.id)
    .sort((a, b) => (a.date ?? "").localeCompare(b.date ?? ""));
  expect(ours).toHaveLength(6);

  const next = await s.sender.send(nextFixturesQuery(pete.id, "2026-08-01"));
  expect(next.map((f) => f.id)).toEqual(ours.slice(0, 5).map((f) => f.id));
  expect(next.every((f) => f.teamId === mine.id && f.leagueSlug === league.slug && f.leagueName === league.name)).toBe(
    true,
  );
  expect(JSON.stringify(next)).not.toContain("@");

  // From a later day; a postponed fixture (no date) and a started one are not next.
  const [first, second] = ours as [(typeof ours)[0], (typeof ours)[0]];
  expect((await s.sender.send(nextFixturesQuery(pete.id, second.date ?? ""))).map((f) => f.id)[0]).toBe(second.id);
  await s.rows("update league_fixtures set date = null, status = 'postponed' where id = ?", [first.id]);
  await s.rows("update league_fixtures set status = 'in_progress' where id = ?", [second.id]);
  expect((await s.sender.send(nextFixturesQuery(pete.id, "2026-08-01"))).map((f) => f.id)).toEqual(
    ours.slice(2, 6).map((f) => f.id),
  );

  // A finished season's fixtures are nobody's next; another player has none.
  expect(await s.sender.send(nextFixturesQuery((await s.player()).id, "2026-08-01"))).toEqual([]);
  await s.rows("update seasons set status = 'finished' where id = ?", [season.id]);
  expect(await s.sender.send(nextFixturesQuery(pete.id, "2026-08-01"))).toEqual([]);
});

test("a league's current season: the one being played, else the latest finished, else the latest draft", async () => {
  const secretary = await s.organiser();
  const league = await leagueOf(secretary, "Town League");
  expect(await s.sender.send(currentSeasonSlugQuery(league.slug))).toBeNull();
  expect(await s.sender.send(currentSeasonSlugQuery("no-such-league"))).toBeNull();
  const spring = (await seasonOf(secretary, league.id, { ...winter, name: "Spring", startDate: "2026-03-03" }, []))
    .season;
  const winterSeason = (await seasonOf(secretary, league.id, winter, [])).season;
  const current = () => s.sender.send(currentSeasonSlugQuery(league.slug));
  // Two drafts: the later.
  expect(await current()).toBe(winterSeason.slug);
  await s.rows("update seasons set status = 'finished' where id = ?", [spring.id]);
  expect(await current()).toBe(spring.slug);
  const summer = (await seasonOf(secretary, league.id, { ...winter, name: "Summer", startDate: "2026-06-02" }, []))
    .season;
  await s.rows("update seasons set status = 'active' where id = ?", [summer.id]);
  expect(await current()).toBe(summer.slug);
});
