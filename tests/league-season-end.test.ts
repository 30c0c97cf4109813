// A season's end through the real Worker: finishing it (who may, the 409s naming what is unplayed, and two finishes
// at once — one finishes it, the other is told it is finished), the league's roll of honour, and the next season made
// from the finished one with its teams promoted and relegated — the JSON contract of each.
import { expect, test } from "vitest";
import { type Account, uniqueEmail, useFactories } from "./support/factories.ts";
import { buildLeague } from "./support/leagues.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Fixture = { id: string; homeTeamId: string; awayTeamId: string; week: number };
type Team = { id: string; name: string };

const message = async (r: Response) => ((await r.json()) as { message: string }).message;
async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const layout = { Premier: ["Anchor", "Bell", "Crown"], "Division One": ["Dragon", "Eagle", "Fox"] };
/** The order the results follow: the team earlier wins, so each table reads as its division's list. */
const order = [...layout.Premier, ...layout["Division One"]];

/** A one-leg season of two divisions of three teams, its fixtures not yet made: the league and the season. */
const season = (secretary: Account, leagueName = "Valley League") =>
  buildLeague(secretary, {
    name: leagueName,
    season: { legs: 1, points: { win: 3, draw: 1, loss: 0, frame: 0 }, meritMinFrames: 5 },
    divisions: Object.entries(layout).map(([division, names]) => [
      division,
      names.map((team) => ({
        name: team,
        captain: { email: uniqueEmail(team.toLowerCase()), name: `${team} Captain` },
        players: [{ name: `${team} Guest` }],
      })),
    ]),
    fixtures: false,
  });

const makeFixtures = async (secretary: Account, seasonId: string) =>
  (await ok<{ fixtures: Fixture[] }>(await secretary.client.json("POST", `/api/seasons/${seasonId}/fixtures`), 201))
    .fixtures;

/** Each fixture awarded to the side earlier in `order`. */
async function award(secretary: Account, fixtures: Fixture[], teams: Team[]) {
  const name = (id: string) => teams.find((t) => t.id === id)?.name ?? "";
  for (const x of fixtures) {
    const to = order.indexOf(name(x.homeTeamId)) < order.indexOf(name(x.awayTeamId)) ? "home" : "away";
    await ok(await secretary.client.json("POST", `/api/fixtures/${x.id}/award`, { to, note: "Settled" }));
  }
}

const finish = (by: Account, seasonId: string) => by.client.json("POST", `/api/seasons/${seasonId}/finish`);

test("finishing a season: who may, the 409s naming what is unplayed, then the champions and finished", async () => {
  const secretary = await f.organiser("Sue Secretary");
  const { season: s, teams } = await season(secretary);
  expect((await app.client().json("POST", `/api/seasons/${s.id}/finish`)).status).toBe(401);
  expect((await finish(await f.player(), s.id)).status).toBe(403);
  const other = await finish(await f.organiser(), s.id);
  expect(other.status).toBe(403);
  expect(await message(other)).toBe("Only the league's secretary can do that");
  const none = await finish(secretary, "no-such-season");
  expect(none.status).toBe(404);
  expect(await message(none)).toBe("Season not found");
  const draft = await finish(secretary, s.id);
  expect(draft.status).toBe(409);
  expect(await message(draft)).toBe("This season hasn't started: make its fixtures, play them, then finish it");

  const fixtures = await makeFixtures(secretary, s.id);
  expect(fixtures).toHaveLength(6);
  await award(secretary, fixtures.slice(2), teams);
  const early = await finish(secretary, s.id);
  expect(early.status).toBe(409);
  expect(await message(early)).toMatch(/^2 fixtures aren't played yet: \w+ v \w+ \(week \d\), \w+ v \w+ \(week \d\)$/);
  expect(await f.count("seasons", "id = ? and status = 'active'", [s.id])).toBe(1);

  await award(secretary, fixtures.slice(0, 2), teams);
  const done = await ok<{ season: { id: string; status: string }; champions: unknown[] }>(
    await finish(secretary, s.id),
  );
  expect(done.season).toMatchObject({ id: s.id, status: "finished" });
  expect(done.champions).toEqual([
    { divisionId: expect.any(String), division: "Premier", teamId: teams[0]?.id, team: "Anchor" },
    { divisionId: expect.any(String), division: "Division One", teamId: teams[3]?.id, team: "Dragon" },
  ]);
  expect(await f.count("divisions", "season_id = ? and champion_id is not null", [s.id])).toBe(2);
  const again = await finish(secretary, s.id);
  expect(again.status).toBe(409);
  expect(await message(again)).toBe("This season is already finished");
  // Its results stand: an award is refused, and a fixture can't be made again.
  const late = await secretary.client.json("POST", `/api/fixtures/${fixtures[0]?.id}/award`, { to: "away", note: "" });
  expect(late.status).toBe(409);
  expect(await message(late)).toBe("This season is finished");
  expect((await secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`)).status).toBe(409);
});

test("two finishes at once: one finishes the season, the other is told it is finished", async () => {
  const secretary = await f.organiser();
  const { season: s, teams } = await season(secretary);
  await award(secretary, await makeFixtures(secretary, s.id), teams);
  const both = await Promise.all([finish(secretary, s.id), finish(secretary, s.id)]);
  expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  const refused = both.find((r) => r.status === 409) as Response;
  expect(await message(refused)).toBe("This season is already finished");
  expect(await f.count("seasons", "id = ? and status = 'finished'", [s.id])).toBe(1);
  expect(await f.count("divisions", "season_id = ? and champion_id is not null", [s.id])).toBe(2);
});

test("a finish racing the last award: finished only with every result in, never before it", async () => {
  const secretary = await f.organiser();
  const { season: s, teams } = await season(secretary);
  const fixtures = await makeFixtures(secretary, s.id);
  await award(secretary, fixtures.slice(1), teams);
  const last = fixtures[0] as Fixture;
  const [finished] = await Promise.all([finish(secretary, s.id), award(secretary, [last], teams)]);
  expect([200, 409]).toContain(finished.status);
  if (finished.status === 409) expect(await message(finished)).toMatch(/^1 fixture isn't played yet/);
  // Whichever came first, the season ends with every result and its champions.
  if (finished.status === 409) await ok(await finish(secretary, s.id));
  expect(await f.count("league_fixtures", "season_id = ? and status = 'awarded'", [s.id])).toBe(6);
  expect(await f.count("divisions", "season_id = ? and champion_id is not null", [s.id])).toBe(2);
});

type NextJson = {
  season: { id: string; slug: string; status: string; legs: number; points: unknown; meritMinFrames: number };
  divisions: { id: string; name: string; teams: { id: string; name: string; moved: string | null }[] }[];
};

test("the roll of honour and the next season: promoted and relegated, rules carried; each refusal", async () => {
  const secretary = await f.organiser();
  const { league, season: s, teams } = await season(secretary);
  const body = { name: "Spring", night: "tuesday", startDate: "2027-01-05", from: s.id };
  const create = (by: Account, extra: Record<string, unknown> = {}, leagueId = league.id) =>
    by.client.json("POST", `/api/leagues/${leagueId}/seasons`, { ...body, ...extra });
  const early = await create(secretary);
  expect(early.status).toBe(409);
  expect(await message(early)).toBe("The season to carry on from isn't finished yet: finish it first");
  await award(secretary, await makeFixtures(secretary, s.id), teams);
  await ok(await finish(secretary, s.id));

  const honours = await ok<{ honours: Record<string, unknown>[] }>(
    await app.client().get(`/api/leagues/${league.slug}/honours`),
  );
  expect(honours.honours.map((h) => [h.season, h.division, h.team])).toEqual([
    ["Winter", "Premier", "Anchor"],
    ["Winter", "Division One", "Dragon"],
  ]);
  expect(honours.honours[0]).toMatchObject({ seasonId: s.id, seasonSlug: s.slug, teamId: teams[0]?.id });
  expect((await app.client().get("/api/leagues/no-such-league/honours")).status).toBe(404);

  for (const [extra, text] of [
    [{ promote: -1 }, "Teams promoted must be a whole number of teams, 0 or more"],
    [{ relegate: 1.5 }, "Teams relegated must be a whole number of teams, 0 or more"],
    [{ promote: "two" }, "Teams promoted must be a whole number of teams, 0 or more"],
    [{ from: undefined, promote: 1 }, "Teams move between divisions only in a season made from a finished one (from)"],
    [{ from: 7 }, "from must be the id of the finished season to carry on from"],
  ] as const) {
    const refused = await create(secretary, extra);
    expect(refused.status, JSON.stringify(extra)).toBe(400);
    expect(await message(refused)).toBe(text);
  }
  const unknown = await create(secretary, { from: "no-such-season" });
  expect(unknown.status).toBe(404);
  const elsewhere = await ok<{ league: { id: string } }>(
    await secretary.client.json("POST", "/api/leagues", { name: "Town League" }),
    201,
  );
  const other = await create(secretary, {}, elsewhere.league.id);
  expect(other.status).toBe(400);
  expect(await message(other)).toBe("The season to carry on from must be one of this league's");
  expect((await create(await f.organiser())).status).toBe(403);

  const made = await ok<NextJson>(await create(secretary, { promote: 1 }), 201);
  expect(made.season).toMatchObject({
    status: "draft",
    legs: 1,
    points: { win: 3, draw: 1, loss: 0, frame: 0 },
    meritMinFrames: 5,
  });
  expect(made.divisions.map((d) => [d.name, d.teams.map((t) => [t.name, t.moved])])).toEqual([
    [
      "Premier",
      [
        ["Anchor", null],
        ["Dragon", "up"],
      ],
    ],
    [
      "Division One",
      [
        ["Bell", "down"],
        ["Crown", "down"],
        ["Eagle", null],
        ["Fox", null],
      ],
    ],
  ]);
  const oldIds = new Set(teams.map((t) => t.id));
  expect(made.divisions.flatMap((d) => d.teams).some((t) => oldIds.has(t.id))).toBe(false);
  const read = await ok<{ divisions: { name: string; teams: Team[] }[] }>(
    await app.client().get(`/api/seasons/${made.season.slug}`),
  );
  expect(read.divisions.map((d) => [d.name, d.teams.map((t) => t.name)])).toEqual([
    ["Premier", ["Anchor", "Dragon"]],
    ["Division One", ["Bell", "Crown", "Eagle", "Fox"]],
  ]);
  // The rosters came too: each team's captain and guest.
  expect(await f.count("league_roster", "season_id = ?", [made.season.id])).toBe(12);

  // Without from, a season is made as before: no divisions.
  const plain = await ok<Record<string, unknown>>(await create(secretary, { from: undefined, name: "Summer" }), 201);
  expect(Object.keys(plain)).toEqual(["season"]);
});
