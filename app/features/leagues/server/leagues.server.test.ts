// Leagues in-process: a league, its seasons and their divisions made as the JSON routes make them, the public read of
// a league, and every refusal: another secretary's league or season, none at all, a division's name taken in its
// season (in any case), and each body check's 400. The HTTP contract (who may, status codes, JSON) is
// tests/leagues.test.ts's.
import { DEFAULT_FORMAT } from "~/features/leagues/domain/match-card.ts";
import { expect, test } from "vitest";
import {
  CreateDivisionSchema,
  CreateLeagueSchema,
  CreateSeasonSchema,
  LEAGUE_MESSAGES,
} from "~/features/leagues/domain/leagues.ts";
import { type Account, answered, bodyChecked, useServiceDb } from "../../../../test-support/services.ts";
import {
  divisionJson,
  leagueJson,
  leagueOwnerQuery,
  leaguePageQuery,
  seasonJson,
  seasonOwnerQuery,
} from "./leagues.server.ts";
import { createDivision, createLeague, createSeason } from "./use-cases.server.ts";

const s = useServiceDb();

/** POST /api/leagues as its route runs it. */
const newLeague = async (secretary: Account, name: string) =>
  leagueJson(
    await s.perform(createLeague, { organiserId: secretary.id, name: CreateLeagueSchema.parse({ name }).name }),
  );

/** POST /api/leagues/{id}/seasons: the league read by id, the body as the route checks it. */
async function newSeason(secretary: Account, leagueId: string, body: Record<string, unknown>) {
  const league = await s.sender.send(leagueOwnerQuery(leagueId));
  const fields = CreateSeasonSchema.parse(body);
  return seasonJson(await s.perform(createSeason, { organiserId: secretary.id, league, fields }));
}

/** POST /api/seasons/{id}/divisions: the season read by id, the body as the route checks it. */
async function newDivision(secretary: Account, seasonId: string, name: string) {
  const season = await s.sender.send(seasonOwnerQuery(seasonId));
  const { name: checked } = CreateDivisionSchema.parse({ name });
  return divisionJson(await s.perform(createDivision, { organiserId: secretary.id, season, name: checked }));
}

const winter = { name: "Winter 2026", night: "tuesday", startDate: "2026-09-01" };

test("a league: its slug from its name, unique, and its public read with no seasons yet", async () => {
  const secretary = await s.organiser();
  const league = await newLeague(secretary, "  Crown & Anchor Pool League ");
  expect(league).toEqual({
    id: expect.any(String),
    slug: expect.stringMatching(/^crown-and-anchor-pool-league-[a-z0-9]+$/),
    name: "Crown & Anchor Pool League",
  });
  const again = await newLeague(await s.organiser("Another Secretary"), "Crown & Anchor Pool League");
  expect(again.slug).not.toBe(league.slug);
  expect(again.slug).toMatch(/^crown-and-anchor-pool-league-/);
  expect(await s.sender.send(leaguePageQuery(league.slug))).toEqual({ league, seasons: [] });
  expect(await s.sender.send(leaguePageQuery("no-such-league"))).toBeNull();
  expect(await s.count("leagues", "organiser_id = ?", [secretary.id])).toBe(1);
});

test("a season: a draft, two legs and no blackouts unless said; the league lists them earliest first", async () => {
  const secretary = await s.organiser();
  const league = await newLeague(secretary, "Town League");
  const first = await newSeason(secretary, league.id, winter);
  expect(first).toEqual({
    id: expect.any(String),
    slug: expect.stringMatching(/^town-league-winter-2026-/),
    leagueId: league.id,
    name: "Winter 2026",
    status: "draft",
    night: "tuesday",
    startDate: "2026-09-01",
    legs: 2,
    format: DEFAULT_FORMAT,
    points: { win: 2, draw: 1, loss: 0, frame: 0 },
    meritMinFrames: 0,
  });
  expect(await s.rows("select blackout_dates from seasons where id = ?", [first.id])).toEqual([
    { blackout_dates: "[]" },
  ]);
  const spring = await newSeason(secretary, league.id, {
    name: "Spring 2026",
    night: "thursday",
    startDate: "2026-02-05",
    legs: 1,
    blackoutDates: ["2026-04-02", "2026-03-19", "2026-04-02"],
  });
  expect(spring).toMatchObject({ legs: 1, night: "thursday", status: "draft" });
  // Stored sorted, once each.
  expect(await s.rows("select blackout_dates from seasons where id = ?", [spring.id])).toEqual([
    { blackout_dates: '["2026-03-19","2026-04-02"]' },
  ]);
  const page = await s.sender.send(leaguePageQuery(league.slug));
  // The league's list leaves out each season's rules (format, points, merit minimum).
  const listed = ({ leagueId: _l, format: _f, points: _p, meritMinFrames: _m, ...rest }: typeof spring) => rest;
  const [springListed, firstListed] = [listed(spring), listed(first)];
  expect(page).toEqual({ league, seasons: [springListed, firstListed] });
  // Nothing of the secretary's account (no e-mail) in what anyone can read.
  expect(JSON.stringify(page)).not.toContain(secretary.email);
  expect(JSON.stringify(page)).not.toContain(secretary.id);
});

test("a season in the secretary's own league only: another's a 403, none a 404, nothing written", async () => {
  const secretary = await s.organiser();
  const other = await s.organiser("Other Secretary");
  const league = await newLeague(secretary, "Town League");
  expect(await answered(newSeason(other, league.id, winter))).toEqual({
    status: 403,
    message: LEAGUE_MESSAGES.notYourLeague,
  });
  expect(await answered(newSeason(secretary, "no-such-league", winter))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.leagueNotFound,
  });
  expect(await answered(newSeason(secretary, "x".repeat(5_000), winter))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.leagueNotFound,
  });
  expect(await s.count("seasons", "league_id = ?", [league.id])).toBe(0);
});

test("the bodies' checks: each refusal a 400 that says what is wrong", async () => {
  const cases: [schema: Parameters<typeof bodyChecked>[0], body: unknown, message: string][] = [
    [CreateLeagueSchema, {}, "League name is required"],
    [CreateLeagueSchema, { name: "   " }, "League name is required"],
    [CreateLeagueSchema, { name: 42 }, "League name is required"],
    [CreateLeagueSchema, { name: "x".repeat(101) }, "League name must be at most 100 characters"],
    [
      CreateLeagueSchema,
      { name: "Town\u202eLeague" },
      "League name can't contain invisible or text-direction characters",
    ],
    [CreateSeasonSchema, { ...winter, name: "" }, "Season name is required"],
    [
      CreateSeasonSchema,
      { ...winter, night: "Tuesday" },
      "The league night must be a day of the week: monday, tuesday, wednesday, thursday, friday, saturday, sunday",
    ],
    [
      CreateSeasonSchema,
      { ...winter, night: 2 },
      "The league night must be a day of the week: monday, tuesday, wednesday, thursday, friday, saturday, sunday",
    ],
    [CreateSeasonSchema, { ...winter, startDate: "2026-02-30" }, "The first date must be a date (YYYY-MM-DD)"],
    [CreateSeasonSchema, { ...winter, startDate: "1/9/2026" }, "The first date must be a date (YYYY-MM-DD)"],
    [CreateSeasonSchema, { ...winter, startDate: "x".repeat(10_000) }, "The first date must be a date (YYYY-MM-DD)"],
    [
      CreateSeasonSchema,
      { ...winter, startDate: "2026-09-02" },
      "The first date, 2026-09-02, is a Wednesday, not a Tuesday.",
    ],
    [CreateSeasonSchema, { ...winter, legs: 3 }, "Teams meet once or twice a season (legs 1 or 2)"],
    [CreateSeasonSchema, { ...winter, legs: "2" }, "Teams meet once or twice a season (legs 1 or 2)"],
    [
      CreateSeasonSchema,
      { ...winter, blackoutDates: "2026-12-22" },
      "Blackout dates must be a list of dates (YYYY-MM-DD)",
    ],
    [CreateSeasonSchema, { ...winter, blackoutDates: ["2026-12-32"] }, "A blackout date must be a date (YYYY-MM-DD)"],
    [CreateSeasonSchema, { ...winter, blackoutDates: [null] }, "A blackout date must be a date (YYYY-MM-DD)"],
    [
      CreateSeasonSchema,
      { ...winter, blackoutDates: Array.from({ length: 53 }, () => "2026-12-22") },
      "A season has at most 52 blackout dates",
    ],
    [CreateSeasonSchema, null, "Invalid input: expected object, received null"],
    [CreateDivisionSchema, { name: "" }, "Division name is required"],
    [CreateDivisionSchema, { name: ["Premier"] }, "Division name is required"],
    [CreateDivisionSchema, { name: "x".repeat(101) }, "Division name must be at most 100 characters"],
  ];
  for (const [schema, body, message] of cases) {
    expect(await bodyChecked(schema, body), JSON.stringify(body).slice(0, 200)).toEqual({ status: 400, message });
  }
  expect(await bodyChecked(CreateSeasonSchema, { ...winter, legs: 1, blackoutDates: [] })).toEqual({
    status: 200,
    message: null,
  });
});

test("divisions: 1, 2, 3 in the order made, a name once a season in any case, the secretary's only", async () => {
  const secretary = await s.organiser();
  const league = await newLeague(secretary, "Town League");
  const season = await newSeason(secretary, league.id, winter);
  const premier = await newDivision(secretary, season.id, "Premier");
  expect(premier).toEqual({ id: expect.any(String), name: "Premier", position: 1 });
  expect(await newDivision(secretary, season.id, "Division One")).toMatchObject({ position: 2 });
  expect(await newDivision(secretary, season.id, "Café")).toMatchObject({ position: 3 });

  const taken = { status: 409, message: LEAGUE_MESSAGES.divisionNameTaken };
  expect(await answered(newDivision(secretary, season.id, "PREMIER"))).toEqual(taken);
  expect(await answered(newDivision(secretary, season.id, " premier "))).toEqual(taken);
  expect(await answered(newDivision(secretary, season.id, "CAFÉ"))).toEqual(taken);
  expect(await answered(newDivision(secretary, season.id, "Cafe\u0301"))).toEqual(taken);

  const other = await s.organiser("Other Secretary");
  expect(await answered(newDivision(other, season.id, "Division Two"))).toEqual({
    status: 403,
    message: LEAGUE_MESSAGES.notYourLeague,
  });
  expect(await answered(newDivision(secretary, "no-such-season", "Division Two"))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.seasonNotFound,
  });
  expect(await s.count("divisions", "season_id = ?", [season.id])).toBe(3);

  // The next one still follows on, and another season's divisions start again at 1 and may reuse the names.
  expect(await newDivision(secretary, season.id, "Division Two")).toMatchObject({ position: 4 });
  const summer = await newSeason(secretary, league.id, { ...winter, name: "Summer 2027", startDate: "2027-05-04" });
  expect(await newDivision(secretary, summer.id, "Premier")).toMatchObject({ name: "Premier", position: 1 });
});

test("divisions made at once still take positions 1, 2, 3 …, each once", async () => {
  const secretary = await s.organiser();
  const league = await newLeague(secretary, "Town League");
  const season = await newSeason(secretary, league.id, winter);
  const names = ["Premier", "One", "Two", "Three", "Four"];
  const made = await Promise.all(names.map((name) => newDivision(secretary, season.id, name)));
  expect(made.map((d) => d.position).sort()).toEqual([1, 2, 3, 4, 5]);
});

test("a league or season gone between the read and the write is a 404, not a failure", async () => {
  const secretary = await s.organiser();
  const league = await newLeague(secretary, "Short-Lived League");
  const season = await newSeason(secretary, league.id, winter);
  const seasonRead = await s.sender.send(seasonOwnerQuery(season.id));
  const leagueRead = await s.sender.send(leagueOwnerQuery(league.id));
  await s.rows("delete from leagues where id = ?", [league.id]);
  const fields = CreateSeasonSchema.parse(winter);
  expect(await answered(s.perform(createSeason, { organiserId: secretary.id, league: leagueRead, fields }))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.leagueNotFound,
  });
  expect(
    await answered(s.perform(createDivision, { organiserId: secretary.id, season: seasonRead, name: "Premier" })),
  ).toEqual({ status: 404, message: LEAGUE_MESSAGES.seasonNotFound });
});
