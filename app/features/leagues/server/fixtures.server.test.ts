// A season's fixtures in-process: the list made from its divisions' teams (the pure generator, property-tested in
// domain/fixtures.test.ts) and stored, made again while nothing is played, a fixture moved or postponed, and every
// refusal — a started fixture, the generator's reason, a team added meanwhile, another's season — with nothing
// written by one. The HTTP contract is tests/league-teams.test.ts's.
import { expect, test } from "vitest";
import { uniqueEmail } from "../../../../test-support/accounts.ts";
import { buildLeague } from "../../../../test-support/leagues.ts";
import { type Account, answered, bodyChecked, useServiceDb } from "../../../../test-support/services.ts";
import { CreateTeamSchema, LEAGUE_MESSAGES, MoveFixtureSchema } from "~/features/leagues/domain/leagues.ts";
import { fixtureInputQuery, fixtureOwnerQuery } from "./fixtures.server.ts";
import { seasonPageQuery } from "./season-read.server.ts";
import { teamSeasonQuery } from "./teams.server.ts";
import { createTeam, makeFixtures, moveFixture } from "./use-cases.server.ts";

const s = useServiceDb();

const winter = { name: "Winter 2026", night: "tuesday", startDate: "2026-09-01", blackoutDates: ["2026-12-22"] };

/** A secretary's draft season with divisions of teams (`sizes[i]` teams in division i), made as the routes do. */
const seasonOf = (secretary: Account, sizes: number[] = [3, 4]) =>
  buildLeague(s, secretary, {
    name: "Valley League",
    season: winter,
    divisions: sizes.map((size, i) => [
      `Division ${i + 1}`,
      Array.from({ length: size }, (_, t) => {
        const name = `Team ${i + 1}.${t + 1}`;
        return { name, venue: `${name} Inn`, captain: { email: uniqueEmail("c") } };
      }),
    ]),
    fixtures: false,
  });

async function newTeam(secretary: Account, seasonId: string, divisionId: string, name: string) {
  const fields = CreateTeamSchema.parse({
    name,
    divisionId,
    venue: `${name} Inn`,
    captain: { email: uniqueEmail("c") },
  });
  const season = await s.sender.send(teamSeasonQuery(seasonId));
  return (await s.perform(createTeam, { organiserId: secretary.id, season, fields })).team;
}

/** POST /api/seasons/{id}/fixtures as its route runs it (the input read first, or `input` read earlier). */
async function make(secretary: Account, seasonId: string, input?: Awaited<ReturnType<typeof readInput>>) {
  return (await s.perform(makeFixtures, { organiserId: secretary.id, input: input ?? (await readInput(seasonId)) }))
    .fixtures;
}
const readInput = (seasonId: string) => s.sender.send(fixtureInputQuery(seasonId));

/** PATCH /api/fixtures/{id} as its route runs it. */
async function move(secretary: Account, fixtureId: string, date: string | null) {
  const found = await s.sender.send(fixtureOwnerQuery(fixtureId));
  return (await s.perform(moveFixture, { organiserId: secretary.id, found, date })).fixture;
}

const stored = (seasonId: string) =>
  s.rows<{ id: string }>("select id from league_fixtures where season_id = ? order by id", [seasonId]);
const statusOf = async (seasonId: string) =>
  (await s.rows<{ status: string }>("select status from seasons where id = ?", [seasonId]))[0]?.status;

test("the fixtures made: every pair twice, on the league nights, stored as answered; the season live", async () => {
  const secretary = await s.organiser();
  const { season, divisions } = await seasonOf(secretary, [3, 4]);
  expect(await statusOf(season.id)).toBe("draft");
  const fixtures = await make(secretary, season.id);
  // 3 teams: 3·2 = 6; 4 teams: 4·3 = 12.
  expect(fixtures).toHaveLength(18);
  expect(fixtures.filter((f) => f.divisionId === divisions[0]?.id)).toHaveLength(6);
  expect(fixtures.filter((f) => f.divisionId === divisions[1]?.id)).toHaveLength(12);
  for (const f of fixtures) {
    expect(Object.keys(f).sort()).toEqual(
      ["id", "divisionId", "week", "date", "homeTeamId", "awayTeamId", "venue", "status"].sort(),
    );
    expect(f.status).toBe("scheduled");
    expect(new Date(`${f.date}T12:00:00Z`).getUTCDay()).toBe(2);
    expect(f.date).not.toBe("2026-12-22");
  }
  expect((await stored(season.id)).map((r) => r.id)).toEqual(fixtures.map((f) => f.id).sort());
  expect(await statusOf(season.id)).toBe("active");

  // The public read lists them with the teams' names, and the divisions' teams.
  const page = await s.sender.send(seasonPageQuery(season.slug));
  expect(page?.fixtures).toHaveLength(18);
  expect(page?.divisions.map((d) => d.teams.length)).toEqual([3, 4]);
  expect(page?.fixtures.every((f) => f.home.startsWith("Team ") && f.homeScore === null)).toBe(true);
  expect(JSON.stringify(page)).not.toContain("@");
});

test("made again: the earlier list replaced, one list in the season, still active", async () => {
  const secretary = await s.organiser();
  const { season, divisions } = await seasonOf(secretary, [3]);
  const first = await make(secretary, season.id);
  expect(first).toHaveLength(6);
  // A team joins: the list made again has them, and none of the earlier fixtures is left.
  await newTeam(secretary, season.id, divisions[0]?.id ?? "", "Late Comers");
  const again = await make(secretary, season.id);
  expect(again).toHaveLength(12);
  const ids = (await stored(season.id)).map((r) => r.id);
  expect(ids).toEqual(again.map((f) => f.id).sort());
  expect(ids.some((id) => first.some((f) => f.id === id))).toBe(false);
  // A postponed fixture is not played: the list may still be made again.
  await move(secretary, again[0]?.id ?? "", null);
  expect(await make(secretary, season.id)).toHaveLength(12);
  expect(await s.count("league_fixtures", "season_id = ?", [season.id])).toBe(12);
  expect(await statusOf(season.id)).toBe("active");
});

test("made again no more once a fixture is started, however it is; the list kept as it was", async () => {
  const secretary = await s.organiser();
  const { season } = await seasonOf(secretary, [4]);
  const fixtures = await make(secretary, season.id);
  const played = { status: 409, message: LEAGUE_MESSAGES.fixturesPlayed };
  for (const status of ["in_progress", "disputed", "played", "awarded"]) {
    await s.rows("update league_fixtures set status = ? where id = ?", [status, fixtures[3]?.id ?? ""]);
    expect(await answered(make(secretary, season.id)), status).toEqual(played);
  }
  // Started between the read and the write: the batch's guard refuses it, with the same reason.
  await s.rows("update league_fixtures set status = 'scheduled' where id = ?", [fixtures[3]?.id ?? ""]);
  const input = await readInput(season.id);
  await s.rows("update league_fixtures set status = 'in_progress' where id = ?", [fixtures[5]?.id ?? ""]);
  expect(await answered(make(secretary, season.id, input))).toEqual(played);
  expect((await stored(season.id)).map((r) => r.id)).toEqual(fixtures.map((f) => f.id).sort());
});

test("the generator's refusal is a 409 with its reason; a team added meanwhile refuses the list", async () => {
  const secretary = await s.organiser();
  const { season, divisions } = await seasonOf(secretary, [3, 1]);
  expect(await answered(make(secretary, season.id))).toEqual({
    status: 409,
    message: "Division 2 needs at least two teams to play.",
  });
  expect(await s.count("league_fixtures", "season_id = ?", [season.id])).toBe(0);
  expect(await statusOf(season.id)).toBe("draft");

  // Division 2 gets its second team after the input was read: the stale list is refused, not stored.
  const input = await readInput(season.id);
  const stale = await readInput(season.id);
  await newTeam(secretary, season.id, divisions[1]?.id ?? "", "Second");
  expect(await answered(make(secretary, season.id, input))).toEqual({
    status: 409,
    message: "Division 2 needs at least two teams to play.",
  });
  // A list of the teams as they were (Division 2 left out, as if it had none) is refused by the batch's guard.
  const withoutDivision2 = { ...stale, teams: stale.teams.filter((t) => t.divisionId !== divisions[1]?.id) };
  expect(await answered(make(secretary, season.id, withoutDivision2))).toEqual({
    status: 409,
    message: LEAGUE_MESSAGES.teamsChanged,
  });
  expect(await s.count("league_fixtures", "season_id = ?", [season.id])).toBe(0);
  expect(await statusOf(season.id)).toBe("draft");
  expect(await make(secretary, season.id)).toHaveLength(8);

  // A season with no division, or divisions and no team: each said so.
  const bare = await seasonOf(secretary, []);
  expect(await answered(make(secretary, bare.season.id))).toEqual({
    status: 409,
    message: "A league needs at least one division.",
  });
  const empty = await seasonOf(secretary, [0, 0]);
  expect(await answered(make(secretary, empty.season.id))).toEqual({ status: 409, message: LEAGUE_MESSAGES.noTeams });
  expect(await s.count("league_fixtures", "season_id in (?, ?)", [bare.season.id, empty.season.id])).toBe(0);
  expect(await statusOf(empty.season.id)).toBe("draft");
});

test("a team added between the read and the write of a list: 409, nothing written", async () => {
  const secretary = await s.organiser();
  const { season, divisions } = await seasonOf(secretary, [3]);
  const input = await readInput(season.id);
  await newTeam(secretary, season.id, divisions[0]?.id ?? "", "Meanwhile");
  expect(await answered(make(secretary, season.id, input))).toEqual({
    status: 409,
    message: LEAGUE_MESSAGES.teamsChanged,
  });
  expect(await s.count("league_fixtures", "season_id = ?", [season.id])).toBe(0);
  expect(await statusOf(season.id)).toBe("draft");
});

test("who may make them: the secretary; another's a 403, none a 404, a finished season a 409", async () => {
  const secretary = await s.organiser();
  const { season } = await seasonOf(secretary, [2]);
  const rival = await s.organiser("Rita Rival");
  expect(await answered(make(rival, season.id))).toEqual({ status: 403, message: LEAGUE_MESSAGES.notYourLeague });
  expect(await answered(make(secretary, "no-such-season"))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.seasonNotFound,
  });
  expect(await answered(make(secretary, "x".repeat(200)))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.seasonNotFound,
  });
  await s.rows("update seasons set status = 'finished' where id = ?", [season.id]);
  expect(await answered(make(secretary, season.id))).toEqual({ status: 409, message: LEAGUE_MESSAGES.seasonFinished });
  expect(await s.count("league_fixtures", "season_id = ?", [season.id])).toBe(0);
});

test("two lists made at once: one list stored, whichever won", async () => {
  const secretary = await s.organiser();
  const { season } = await seasonOf(secretary, [4, 3]);
  const both = await Promise.all([answered(make(secretary, season.id)), answered(make(secretary, season.id))]);
  expect(both.every((a) => a.status === 200 || a.status === 409)).toBe(true);
  expect(both.some((a) => a.status === 200)).toBe(true);
  expect(await s.count("league_fixtures", "season_id = ?", [season.id])).toBe(18);
});

test("a fixture moved (scheduled again) or postponed (no date), while unplayed; the secretary's only", async () => {
  const secretary = await s.organiser();
  const { season } = await seasonOf(secretary, [2]);
  const [first, second] = await make(secretary, season.id);
  const id = first?.id ?? "";
  const postponed = await move(secretary, id, null);
  expect(postponed).toEqual({ ...first, date: null, status: "postponed" });
  expect(await s.rows("select date, status from league_fixtures where id = ?", [id])).toEqual([
    { date: null, status: "postponed" },
  ]);
  expect(await move(secretary, id, "2026-09-03")).toEqual({ ...first, date: "2026-09-03", status: "scheduled" });

  const rival = await s.organiser("Rita Rival");
  expect(await answered(move(rival, id, null))).toEqual({ status: 403, message: LEAGUE_MESSAGES.notYourLeague });
  expect(await answered(move(secretary, "no-such-fixture", null))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.fixtureNotFound,
  });
  expect(await answered(move(secretary, "x".repeat(200), null))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.fixtureNotFound,
  });

  for (const status of ["in_progress", "played"]) {
    await s.rows("update league_fixtures set status = ? where id = ?", [status, second?.id ?? ""]);
    expect(await answered(move(secretary, second?.id ?? "", null)), status).toEqual({
      status: 409,
      message: LEAGUE_MESSAGES.fixturePlayed,
    });
    expect(await s.rows("select date, status from league_fixtures where id = ?", [second?.id ?? ""])).toEqual([
      { date: second?.date, status },
    ]);
  }
  expect(await s.rows("select date, status from league_fixtures where id = ?", [id])).toEqual([
    { date: "2026-09-03", status: "scheduled" },
  ]);
});

test("the move's body: a date or null, else a 400 that says so", async () => {
  // Not a string: a date or null; a string of another shape: a date.
  const either = "The date must be a date (YYYY-MM-DD), or null for postponed";
  const date = "The date must be a date (YYYY-MM-DD)";
  const cases: [body: unknown, message: string][] = [
    [{}, either],
    [{ date: 20260903 }, either],
    [{ date: true }, either],
    [{ date: {} }, either],
    [{ date: ["2026-09-03"] }, either],
    [{ date: "" }, date],
    [{ date: "2026-02-30" }, date],
    [{ date: "3/9/2026" }, date],
    [{ date: "2026-9-3" }, date],
    [{ date: "2026-09-03T19:30:00Z" }, date],
    [{ date: "x".repeat(5_000) }, date],
    [null, "Invalid input: expected object, received null"],
  ];
  for (const [body, message] of cases) {
    expect(await bodyChecked(MoveFixtureSchema, body), JSON.stringify(body)?.slice(0, 100)).toEqual({
      status: 400,
      message,
    });
  }
  for (const date of [null, "2026-09-03"]) {
    expect(await bodyChecked(MoveFixtureSchema, { date })).toEqual({ status: 200, message: null });
  }
});
