// A season's end in-process: finished once every fixture stands (its champions stored, in one guarded batch), the
// league's roll of honour, and the next season made from a finished one with its teams promoted and relegated. The
// HTTP contract, and two finishes at once, are tests/league-season-end.test.ts's.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { build, query, write } from "~/db/batch.server.ts";
import { divisions, leagueFixtures, leagueRoster, leagueTeams, seasons } from "~/db/schema.ts";
import { uniqueEmail } from "../../../../test-support/accounts.ts";
import { type Account, useServiceDb } from "../../../../test-support/services.ts";
import {
  CreateSeasonSchema,
  CreateTeamSchema,
  LEAGUE_MESSAGES,
  NewSeasonSchema,
} from "~/features/leagues/domain/leagues.ts";
import { cardQuery } from "./card-read.server.ts";
import { fixtureInputQuery } from "./fixtures.server.ts";
import { leagueJson, leagueOwnerQuery, seasonOwnerQuery } from "./leagues.server.ts";
import { nextSeasonQuery } from "./next-season.server.ts";
import { honoursQuery, seasonEndQuery } from "./season-finish.server.ts";
import { seasonPageQuery } from "./season-read.server.ts";
import { teamSeasonQuery } from "./teams.server.ts";
import {
  awardFixture,
  createDivision,
  createLeague,
  createSeason,
  createTeam,
  finishSeason,
  makeFixtures,
  startNextSeason,
} from "./use-cases.server.ts";

const s = useServiceDb();

type Made = { id: string; slug: string; name: string; divisions: { id: string; name: string; teams: string[] }[] };

/** A one-leg season of the secretary's league with these divisions and teams (each with a captain and a player). */
async function seasonOf(
  secretary: Account,
  leagueId: string,
  name: string,
  startDate: string,
  layout: Record<string, string[]>,
  body: Record<string, unknown> = {},
): Promise<Made> {
  const league = await s.sender.send(leagueOwnerQuery(leagueId));
  const fields = CreateSeasonSchema.parse({ name, night: "tuesday", startDate, legs: 1, ...body });
  const season = await s.perform(createSeason, { organiserId: secretary.id, league, fields });
  const made: Made = { id: season.id, slug: season.slug, name, divisions: [] };
  for (const [division, teams] of Object.entries(layout)) {
    const owner = await s.sender.send(seasonOwnerQuery(season.id));
    const d = await s.perform(createDivision, { organiserId: secretary.id, season: owner, name: division });
    for (const team of teams) {
      const fieldsOf = CreateTeamSchema.parse({
        name: team,
        divisionId: d.id,
        venue: `The ${team}`,
        captain: { email: uniqueEmail(team.toLowerCase()), name: `${team} Captain` },
        players: [{ name: `${team} Player`, email: uniqueEmail(`${team.toLowerCase()}-p`) }],
      });
      const at = await s.sender.send(teamSeasonQuery(season.id));
      await s.perform(createTeam, { organiserId: secretary.id, season: at, fields: fieldsOf });
    }
    made.divisions.push({ id: d.id, name: division, teams });
  }
  return made;
}

const fixturesMade = async (secretary: Account, seasonId: string) =>
  (
    await s.perform(makeFixtures, {
      organiserId: secretary.id,
      input: await s.sender.send(fixtureInputQuery(seasonId)),
    })
  ).fixtures;

/** Every fixture of the season played, the team earlier in `order` winning 6-3 (so the tables follow `order`). */
async function playAll(seasonId: string, order: string[], leave = 0) {
  const page = await s.sender.send(seasonPageQuery((await slugOf(seasonId)) ?? ""));
  const fixtures = page?.fixtures ?? [];
  const rank = (name: string) => order.indexOf(name);
  for (const f of fixtures.slice(leave)) {
    const homeWins = rank(f.home) < rank(f.away);
    await s.sender.write(
      write([
        build
          .update(leagueFixtures)
          .set({ status: "played", homeScore: homeWins ? 6 : 3, awayScore: homeWins ? 3 : 6 })
          .where(eq(leagueFixtures.id, f.id)),
      ]),
    );
  }
  return fixtures;
}
const slugOf = async (seasonId: string) =>
  (await s.sender.send(query(build.select({ slug: seasons.slug }).from(seasons).where(eq(seasons.id, seasonId)))))[0]
    ?.slug;

const finish = async (secretary: Account, seasonId: string) =>
  s.perform(finishSeason, { organiserId: secretary.id, read: await s.sender.send(seasonEndQuery(seasonId)) });

async function finished(secretary: Account) {
  const league = leagueJson(await s.perform(createLeague, { organiserId: secretary.id, name: "Valley League" }));
  const winter = await seasonOf(secretary, league.id, "Winter", "2026-09-01", {
    Premier: ["Anchor", "Bell", "Crown", "Dragon"],
    "Division One": ["Eagle", "Fox", "Globe"],
  });
  await fixturesMade(secretary, winter.id);
  await playAll(winter.id, ["Anchor", "Bell", "Crown", "Dragon", "Eagle", "Fox", "Globe"]);
  return { league, winter };
}

test("a season is finished once every fixture stands: each division's champion stored, finished", async () => {
  const secretary = await s.organiser();
  const { winter } = await finished(secretary);
  const [premier, one] = winter.divisions as [Made["divisions"][0], Made["divisions"][0]];
  const stale = await s.sender.send(seasonEndQuery(winter.id));
  const done = await finish(secretary, winter.id);
  expect(done.season).toEqual({ id: winter.id, slug: winter.slug, name: "Winter", status: "finished" });
  expect(done.champions).toEqual([
    { divisionId: premier.id, division: "Premier", teamId: expect.any(String), team: "Anchor" },
    { divisionId: one.id, division: "Division One", teamId: expect.any(String), team: "Eagle" },
  ]);
  const stored = await s.sender.send(
    query(
      build
        .select({ name: divisions.name, champion: leagueTeams.name })
        .from(divisions)
        .innerJoin(leagueTeams, eq(leagueTeams.id, divisions.championId))
        .where(eq(divisions.seasonId, winter.id))
        .orderBy(divisions.position),
    ),
  );
  expect(stored).toEqual([
    { name: "Premier", champion: "Anchor" },
    { name: "Division One", champion: "Eagle" },
  ]);
  await expect(finish(secretary, winter.id)).rejects.toMatchObject({
    status: 409,
    message: LEAGUE_MESSAGES.alreadyFinished,
  });
  // A finish decided on a read from before the first: its update changes nothing, and the batch is refused.
  await expect(s.perform(finishSeason, { organiserId: secretary.id, read: stale })).rejects.toMatchObject({
    status: 409,
    message: LEAGUE_MESSAGES.alreadyFinished,
  });
});

test("a finish is refused for a draft, an unplayed fixture (named and counted), another's season, none", async () => {
  const secretary = await s.organiser();
  const league = leagueJson(await s.perform(createLeague, { organiserId: secretary.id, name: "Town League" }));
  const draft = await seasonOf(secretary, league.id, "Spring", "2026-03-03", {
    Premier: ["Anchor", "Bell", "Crown"],
    Two: ["Dragon", "Eagle"],
  });
  await expect(finish(secretary, draft.id)).rejects.toMatchObject({ status: 409, message: LEAGUE_MESSAGES.notStarted });
  await fixturesMade(secretary, draft.id);
  const fixtures = await playAll(draft.id, ["Anchor", "Bell", "Crown", "Dragon", "Eagle"], 0);
  // Four played, then three of them set back to scheduled, postponed and disputed.
  const [a, b, c] = fixtures as [(typeof fixtures)[0], (typeof fixtures)[0], (typeof fixtures)[0]];
  for (const [f, status] of [
    [a, "scheduled"],
    [b, "postponed"],
    [c, "disputed"],
  ] as const) {
    await s.sender.write(write([build.update(leagueFixtures).set({ status }).where(eq(leagueFixtures.id, f.id))]));
  }
  const named = [a, b, c].map((f) => `${f.home} v ${f.away} (week ${f.week})`).join(", ");
  await expect(finish(secretary, draft.id)).rejects.toMatchObject({
    status: 409,
    message: `3 fixtures aren't played yet: ${named}`,
  });
  await s.sender.write(
    write([build.update(leagueFixtures).set({ status: "awarded" }).where(eq(leagueFixtures.id, b.id))]),
  );
  await s.sender.write(
    write([build.update(leagueFixtures).set({ status: "played" }).where(eq(leagueFixtures.id, c.id))]),
  );
  await expect(finish(secretary, draft.id)).rejects.toMatchObject({
    status: 409,
    message: `1 fixture isn't played yet: ${a.home} v ${a.away} (week ${a.week})`,
  });
  const other = await s.organiser();
  await expect(finish(other, draft.id)).rejects.toMatchObject({ status: 403 });
  await expect(finish(secretary, "no-such-season")).rejects.toMatchObject({ status: 404 });
  expect(LEAGUE_MESSAGES.unplayed(Array.from({ length: 5 }, (_, i) => ({ home: "A", away: "B", week: i + 1 })))).toBe(
    "5 fixtures aren't played yet: A v B (week 1), A v B (week 2), A v B (week 3) and 2 more",
  );
});

test("a result changed between the read and the finish refuses it, and nothing is stored", async () => {
  const secretary = await s.organiser();
  const { winter } = await finished(secretary);
  const read = await s.sender.send(seasonEndQuery(winter.id));
  const first = read.page?.fixtures[0];
  await s.sender.write(
    write([
      build
        .update(leagueFixtures)
        .set({ homeScore: 0, awayScore: 9 })
        .where(eq(leagueFixtures.id, first?.id ?? "")),
    ]),
  );
  await expect(s.perform(finishSeason, { organiserId: secretary.id, read })).rejects.toMatchObject({
    status: 409,
    message: LEAGUE_MESSAGES.resultsChanged,
  });
  const [row] = await s.sender.send(query(build.select().from(seasons).where(eq(seasons.id, winter.id))));
  expect(row?.status).toBe("active");
  const champions = await s.sender.send(
    query(build.select({ id: divisions.championId }).from(divisions).where(eq(divisions.seasonId, winter.id))),
  );
  expect(champions).toEqual([{ id: null }, { id: null }]);
  // A fixture set back meanwhile: the fresh read's reason is the answer.
  await s.sender.write(
    write([
      build
        .update(leagueFixtures)
        .set({ status: "in_progress" })
        .where(eq(leagueFixtures.id, first?.id ?? "")),
    ]),
  );
  await expect(s.perform(finishSeason, { organiserId: secretary.id, read })).rejects.toMatchObject({
    status: 409,
    message: expect.stringMatching(/^1 fixture isn't played yet/),
  });
});

/** The next season as `POST /api/leagues/{id}/seasons` makes it. */
async function next(secretary: Account, leagueId: string, body: Record<string, unknown>) {
  const { fields, next: carry } = NewSeasonSchema.parse({ night: "tuesday", startDate: "2027-01-05", ...body });
  if (!carry) throw new Error("from is needed");
  return s.perform(startNextSeason, {
    organiserId: secretary.id,
    league: await s.sender.send(leagueOwnerQuery(leagueId)),
    fields,
    next: carry,
    from: await s.sender.send(nextSeasonQuery(carry.from)),
  });
}

test("the next season: the divisions again, two up and two down, the rosters and the rules carried", async () => {
  const secretary = await s.organiser();
  const { league, winter } = await finished(secretary);
  await s.sender.write(
    write([build.update(seasons).set({ pointsWin: 3, meritMinFrames: 4, legs: 2 }).where(eq(seasons.id, winter.id))]),
  );
  await finish(secretary, winter.id);
  const made = await next(secretary, league.id, { name: "Spring", from: winter.id });
  expect(made.season).toMatchObject({ name: "Spring", status: "draft", legs: 2, pointsWin: 3, meritMinFrames: 4 });
  const names = made.divisions.map((d) => [d.name, d.teams.map((t) => `${t.name}${t.moved ? ` ${t.moved}` : ""}`)]);
  expect(names).toEqual([
    ["Premier", ["Anchor", "Bell", "Eagle up", "Fox up"]],
    ["Division One", ["Crown down", "Dragon down", "Globe"]],
  ]);
  // As anyone reads it: new teams, in their new divisions, with their captains and players.
  const page = await s.sender.send(seasonPageQuery(made.season.slug));
  expect(page?.divisions.map((d) => [d.name, d.teams.map((t) => t.name)])).toEqual([
    ["Premier", ["Anchor", "Bell", "Eagle", "Fox"]],
    ["Division One", ["Crown", "Dragon", "Globe"]],
  ]);
  const oldIds = new Set(winter.divisions.flatMap((d) => d.id));
  expect(page?.divisions.some((d) => oldIds.has(d.id))).toBe(false);
  const roster = await s.sender.send(
    query(
      build
        .select({ team: leagueTeams.name })
        .from(leagueRoster)
        .innerJoin(leagueTeams, eq(leagueTeams.id, leagueRoster.teamId))
        .where(eq(leagueRoster.seasonId, made.season.id)),
    ),
  );
  // Each team's captain and player.
  expect(roster).toHaveLength(14);
  const captains = await s.sender.send(
    query(
      build
        .select({ n: sql<number>`count(*)` })
        .from(leagueTeams)
        .innerJoin(sql`league_teams as old`, sql`old.name = ${leagueTeams.name} and old.season_id = ${winter.id}`)
        .where(sql`${leagueTeams.seasonId} = ${made.season.id} and old.captain_id = ${leagueTeams.captainId}`),
    ),
  );
  expect(captains[0]?.n).toBe(7);
  // Given rules win; none moving keeps every team where it was.
  const kept = await next(secretary, league.id, {
    name: "Summer",
    from: winter.id,
    promote: 0,
    relegate: 0,
    legs: 1,
    points: { win: 2, draw: 1, loss: 0, frame: 1 },
  });
  expect(kept.season).toMatchObject({ legs: 1, pointsWin: 2, pointsFrame: 1, meritMinFrames: 4 });
  expect(kept.divisions.map((d) => d.teams.map((t) => t.name))).toEqual([
    ["Anchor", "Bell", "Crown", "Dragon"],
    ["Eagle", "Fox", "Globe"],
  ]);
});

test("the next season is refused from a season not finished, another league's, none, or by another", async () => {
  const secretary = await s.organiser();
  const { league, winter } = await finished(secretary);
  await expect(next(secretary, league.id, { name: "Spring", from: winter.id })).rejects.toMatchObject({
    status: 409,
    message: LEAGUE_MESSAGES.fromNotFinished,
  });
  await finish(secretary, winter.id);
  const elsewhere = leagueJson(await s.perform(createLeague, { organiserId: secretary.id, name: "Other League" }));
  await expect(next(secretary, elsewhere.id, { name: "Spring", from: winter.id })).rejects.toMatchObject({
    status: 400,
    message: LEAGUE_MESSAGES.fromOtherLeague,
  });
  await expect(next(secretary, league.id, { name: "Spring", from: "no-such" })).rejects.toMatchObject({
    status: 404,
    message: LEAGUE_MESSAGES.fromNotFound,
  });
  await expect(next(await s.organiser(), league.id, { name: "Spring", from: winter.id })).rejects.toMatchObject({
    status: 403,
  });
});

test("promote and relegate are whole numbers, 0 or more, and only with from", () => {
  const base = { name: "Spring", night: "tuesday", startDate: "2027-01-05", from: "x" };
  const message = (body: Record<string, unknown>) => {
    const parsed = NewSeasonSchema.safeParse(body);
    return parsed.success ? null : parsed.error.issues.map((i) => i.message);
  };
  expect(message({ ...base, promote: -1 })).toEqual(["Teams promoted must be a whole number of teams, 0 or more"]);
  expect(message({ ...base, relegate: 1.5 })).toEqual(["Teams relegated must be a whole number of teams, 0 or more"]);
  expect(message({ ...base, promote: "2" })).toEqual(["Teams promoted must be a whole number of teams, 0 or more"]);
  expect(message({ ...base, relegate: 21 })).toEqual(["Teams relegated can be at most 20 teams"]);
  const { from: _, ...without } = base;
  expect(message({ ...without, promote: 1 })).toEqual([
    "Teams move between divisions only in a season made from a finished one (from)",
  ]);
  expect(NewSeasonSchema.parse(base).next).toEqual({
    from: "x",
    promote: 2,
    relegate: 2,
    given: { legs: false, format: false, points: false, meritMinFrames: false },
  });
  expect(NewSeasonSchema.parse(without).next).toBeNull();
});

test("the roll of honour: every finished season's champions, the latest first, divisions in order", async () => {
  const secretary = await s.organiser();
  const { league, winter } = await finished(secretary);
  expect((await s.sender.send(honoursQuery(league.slug))).honours).toEqual([]);
  await finish(secretary, winter.id);
  const spring = await next(secretary, league.id, { name: "Spring", from: winter.id });
  await fixturesMade(secretary, spring.season.id);
  await playAll(spring.season.id, ["Fox", "Eagle", "Bell", "Anchor", "Globe", "Dragon", "Crown"]);
  await finish(secretary, spring.season.id);
  const { league: found, honours } = await s.sender.send(honoursQuery(league.slug));
  expect(found).toEqual({ id: league.id, slug: league.slug, name: league.name });
  expect(honours.map((h) => [h.season, h.division, h.team])).toEqual([
    ["Spring", "Premier", "Fox"],
    ["Spring", "Division One", "Globe"],
    ["Winter", "Premier", "Anchor"],
    ["Winter", "Division One", "Eagle"],
  ]);
  expect(honours[0]).toMatchObject({ seasonSlug: spring.season.slug, startDate: "2027-01-05" });
  expect(await s.sender.send(honoursQuery("no-such-league"))).toEqual({ league: null, honours: [] });
});

test("a finished season's results stand: the secretary's award of one of its fixtures is refused", async () => {
  const secretary = await s.organiser();
  const { winter } = await finished(secretary);
  const stale = await s.sender.send(seasonEndQuery(winter.id));
  const fixture = stale.page?.fixtures.find((f) => f.away === "Anchor" || f.home === "Anchor");
  const id = fixture?.id ?? "";
  const read = await s.sender.send(cardQuery(id));
  await finish(secretary, winter.id);
  const by = { id: secretary.id, userType: "organiser" };
  const against = fixture?.home === "Anchor" ? "away" : "home";
  await expect(s.perform(awardFixture, { by, read, to: against, note: "Late" })).rejects.toMatchObject({
    status: 409,
    message: LEAGUE_MESSAGES.seasonFinished,
  });
  const [row] = await s.sender.send(query(build.select().from(leagueFixtures).where(eq(leagueFixtures.id, id))));
  expect(row?.status).toBe("played");
});
