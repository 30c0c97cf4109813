// A season's table through the real Worker: its points set on creation and by PATCH (refused once a fixture is
// played), each division's standings in `GET /api/seasons/{slug}` moving the moment a card is confirmed or awarded
// (a disputed one out until resolved), and points deducted by the secretary — who may (401, 403, 404), the 400s, and
// nothing written by a refusal.
import { expect, test } from "vitest";
import { fullLineup, guests } from "../test-support/league-specs.ts";
import { type Account, useFactories } from "./support/factories.ts";
import { buildLeague, confirmCard, type LeagueTeam, ok, playFrames } from "./support/leagues.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Team = LeagueTeam;
type Standing = { position: number; team: string; played: number; won: number; points: number; penalty: number };
type SeasonRead = {
  season: { points: unknown; meritMinFrames: number };
  divisions: { standings: Standing[]; tieBreaks: string[] }[];
  penalties: { id: string; teamId: string; points: number; reason: string }[];
};

const message = async (r: Response) => ((await r.json()) as { message: string }).message;

const FRAME_AND_MATCH = { win: 2, draw: 1, loss: 0, frame: 1 };

/** A season (a frame a point and two for the match) of one division: Crown, Anchor and Bell, fixtures made. */
async function season() {
  const secretary = await f.organiser("Sue Secretary");
  const captains = [await f.player("Cath Crown"), await f.player("Andy Anchor"), await f.player("Bea Bell")];
  const built = await buildLeague(secretary, {
    season: { legs: 1, points: FRAME_AND_MATCH, meritMinFrames: 4 },
    divisions: [
      [
        "Premier",
        ["Crown", "Anchor", "Bell"].map((name, i) => ({
          name,
          captain: captains[i] as Account,
          players: guests(name),
        })),
      ],
    ],
  });
  const captainOf = new Map(built.teams.map((t, i) => [t.id, captains[i] as Account]));
  const teamOf = new Map(built.teams.map((t) => [t.id, t]));
  return { ...built, captainOf, teamOf };
}
type Season = Awaited<ReturnType<typeof season>>;

/** A fixture's card played through: the home side wins `homeFrames` of the nine, both captains confirm unless not. */
async function play(s: Season, fixture: Season["fixtures"][number], homeFrames: number, confirm = true) {
  const home = s.captainOf.get(fixture.homeTeamId) as Account;
  const away = s.captainOf.get(fixture.awayTeamId) as Account;
  const side = (captain: Account, teamId: string) => ({ captain, team: s.teamOf.get(teamId) as Team });
  await playFrames(fixture.id, side(home, fixture.homeTeamId), side(away, fixture.awayTeamId), (n) =>
    n <= homeFrames ? "home" : "away",
  );
  if (confirm) await confirmCard(fixture.id, home, away);
}

const table = async (s: Season) => {
  const read = await ok<SeasonRead>(await app.client().get(`/api/seasons/${s.season.slug}`));
  return read.divisions[0]?.standings.map((r) => [r.position, r.team, r.played, r.won, r.penalty, r.points]);
};

test("the table moves the moment a card is confirmed or awarded; a disputed card is out of it", async () => {
  const s = await season();
  expect(s.season.points).toEqual(FRAME_AND_MATCH);
  expect(s.season.meritMinFrames).toBe(4);
  const read = await ok<SeasonRead>(await app.client().get(`/api/seasons/${s.season.slug}`));
  expect(read.season).toMatchObject({ points: FRAME_AND_MATCH, meritMinFrames: 4 });
  expect(read.divisions[0]?.standings).toEqual([
    expect.objectContaining({ position: 1, team: "Anchor", played: 0, framesFor: 0, framesAgainst: 0, points: 0 }),
    expect.objectContaining({ position: 2, team: "Bell", played: 0 }),
    expect.objectContaining({ position: 3, team: "Crown", played: 0 }),
  ]);

  // The first card: the home side wins 5-4, frames recorded but not yet confirmed — the table has nothing.
  const [first, second] = s.fixtures as [Season["fixtures"][number], Season["fixtures"][number]];
  await play(s, first, 5, false);
  expect((await table(s))?.every((row) => row[2] === 0)).toBe(true);
  const home = s.captainOf.get(first.homeTeamId) as Account;
  const away = s.captainOf.get(first.awayTeamId) as Account;
  await ok(await home.client.json("POST", `/api/fixtures/${first.id}/confirm`));
  expect((await table(s))?.every((row) => row[2] === 0)).toBe(true);
  await ok(await away.client.json("POST", `/api/fixtures/${first.id}/confirm`));
  // Home: 2 for the win and 5 frames = 7; away: 4 frames = 4.
  expect((await table(s))?.filter((row) => row[2] === 1).map((row) => row[5])).toEqual([7, 4]);

  // The second card disputed: out of the table until the secretary resolves it.
  await play(s, second, 9, false);
  const disputer = s.captainOf.get(second.awayTeamId) as Account;
  await ok(await disputer.client.json("POST", `/api/fixtures/${second.id}/dispute`, { reason: "Frame 9 was ours" }));
  expect((await table(s))?.filter((row) => Number(row[2]) > 0)).toHaveLength(2);
  await ok(
    await s.secretary.client.json("POST", `/api/fixtures/${second.id}/resolve`, {
      frames: [{ number: 9, winner: "away" }],
      note: "Frame 9 to the away side",
    }),
  );
  const after = await ok<SeasonRead>(await app.client().get(`/api/seasons/${s.season.slug}`));
  const played = after.divisions[0]?.standings.reduce((sum, r) => sum + r.played, 0);
  expect(played).toBe(4);
  expect(after.divisions[0]?.standings.map((r) => r.position)).toEqual([1, 2, 3]);
});

test("the points change until a fixture is played; the merit minimum at any time", async () => {
  const s = await season();
  const patch = (by: Account, body: unknown) => by.client.json("PATCH", `/api/seasons/${s.season.id}`, body);
  const usual = { win: 2, draw: 1, loss: 0, frame: 0 };
  const changed = await ok<{ season: { points: unknown; meritMinFrames: number } }>(
    await patch(s.secretary, { points: usual }),
  );
  expect(changed.season).toMatchObject({ points: usual, meritMinFrames: 4 });
  const player = s.captainOf.get(s.teams[0]?.id ?? "") as Account;
  expect((await patch(player, { points: FRAME_AND_MATCH })).status).toBe(403);
  expect((await patch(await f.organiser(), { points: FRAME_AND_MATCH })).status).toBe(403);
  expect((await app.client().json("PATCH", `/api/seasons/${s.season.id}`, { points: usual })).status).toBe(401);
  const bad = await patch(s.secretary, { points: { win: -1, draw: 1, loss: 0, frame: 0 } });
  expect([bad.status, await message(bad)]).toEqual([400, "A win must be a whole number of points, 0 or more"]);
  const none = await patch(s.secretary, {});
  expect([none.status, await message(none)]).toEqual([
    400,
    "Give the season's format, points or meritMinFrames to change",
  ]);

  await s.secretary.client.json("POST", `/api/fixtures/${s.fixtures[0]?.id}/award`, { to: "home", note: "No-show" });
  const locked = await patch(s.secretary, { points: FRAME_AND_MATCH, meritMinFrames: 9 });
  expect([locked.status, await message(locked)]).toEqual([
    409,
    "A fixture of this season has been played: its points can no longer change",
  ]);
  const read = await ok<SeasonRead>(await app.client().get(`/api/seasons/${s.season.slug}`));
  expect(read.season).toMatchObject({ points: usual, meritMinFrames: 4 });
  // The award counted: nine frames to none, two points for the match (no points a frame now).
  expect(read.divisions[0]?.standings[0]).toMatchObject({ played: 1, won: 1, points: 2 });
  expect(
    (await ok<{ season: { meritMinFrames: number } }>(await patch(s.secretary, { meritMinFrames: 6 }))).season
      .meritMinFrames,
  ).toBe(6);
});

test("points deducted by the secretary: off the team's points, beside them, the reason in the read", async () => {
  const s = await season();
  const [crown, anchor] = s.teams as [Team, Team];
  const url = `/api/seasons/${s.season.id}/penalties`;
  const { penalty } = await ok<{ penalty: { id: string; teamId: string; points: number; reason: string } }>(
    await s.secretary.client.json("POST", url, { teamId: crown.id, points: 2, reason: "Unpaid subs" }),
    201,
  );
  expect(penalty).toEqual({ id: expect.any(String), teamId: crown.id, points: 2, reason: "Unpaid subs" });
  // Two at once both land.
  const both = await Promise.all([
    s.secretary.client.json("POST", url, { teamId: anchor.id, points: 1, reason: "Late start" }),
    s.secretary.client.json("POST", url, { teamId: anchor.id, points: 1, reason: "Late again" }),
  ]);
  expect(both.map((r) => r.status)).toEqual([201, 201]);
  const read = await ok<SeasonRead>(await app.client().get(`/api/seasons/${s.season.slug}`));
  expect(read.divisions[0]?.standings.map((r) => [r.team, r.penalty, r.points])).toEqual([
    ["Bell", 0, 0],
    ["Anchor", 2, -2],
    ["Crown", 2, -2],
  ]);
  expect(read.penalties.map((p) => p.reason).sort()).toEqual(["Late again", "Late start", "Unpaid subs"]);
});

test("a penalty refused: signed out, a player, another secretary, no season, a bad body, another's team", async () => {
  const s = await season();
  const other = await season();
  const body = { teamId: s.teams[0]?.id, points: 2, reason: "No-show" };
  const url = `/api/seasons/${s.season.id}/penalties`;
  expect((await app.client().json("POST", url, body)).status).toBe(401);
  expect((await (s.captainOf.get(body.teamId ?? "") as Account).client.json("POST", url, body)).status).toBe(403);
  const stranger = await other.secretary.client.json("POST", url, body);
  expect([stranger.status, await message(stranger)]).toEqual([403, "Only the league's secretary can do that"]);
  const missing = await s.secretary.client.json("POST", "/api/seasons/nope/penalties", body);
  expect([missing.status, await message(missing)]).toEqual([404, "Season not found"]);
  for (const [bad, said] of [
    [{ ...body, points: 0 }, "The points deducted must be a whole number from 1 to 100"],
    [{ ...body, points: "2" }, "The points deducted must be a whole number from 1 to 100"],
    [{ ...body, reason: "" }, "The reason is required"],
    [{ ...body, teamId: other.teams[0]?.id }, "Choose a team of this season"],
  ] as const) {
    const r = await s.secretary.client.json("POST", url, bad);
    expect([r.status, await message(r)]).toEqual([400, said]);
  }
  for (const [body, type] of [
    ["{not json", "application/json"],
    ["", "application/json"],
    ["x=1", "text/plain"],
  ]) {
    const r = await s.secretary.client.request(url, {
      method: "POST",
      body,
      headers: { "Content-Type": type as string },
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  }
  const stored = await f
    .sql()
    .execute({ sql: "select count(*) as n from league_penalties where season_id = ?", args: [s.season.id] });
  expect(Number(stored.rows[0]?.n)).toBe(0);
});

test("a fixture voided by the secretary counts for nothing, and its card is closed", async () => {
  const s = await season();
  const [first, second] = s.fixtures as [Season["fixtures"][number], Season["fixtures"][number]];
  await play(s, first, 6);
  expect((await table(s))?.filter((row) => row[2] === 1)).toHaveLength(2);
  const home = s.captainOf.get(first.homeTeamId) as Account;
  const byCaptain = await home.client.json("POST", `/api/fixtures/${first.id}/void`, { note: "" });
  expect([byCaptain.status, await message(byCaptain)]).toEqual([403, "Only the league's secretary can do that"]);
  expect((await app.client().json("POST", `/api/fixtures/${first.id}/void`, { note: "" })).status).toBe(401);
  const bad = await s.secretary.client.json("POST", `/api/fixtures/${first.id}/void`, { note: 7 });
  expect([bad.status, await message(bad)]).toEqual([400, "A note must be text"]);

  // A played fixture voided (the away team withdrew): out of the table.
  const voided = await ok<{ fixture: { status: string; note: string } }>(
    await s.secretary.client.json("POST", `/api/fixtures/${first.id}/void`, { note: "Team withdrawn" }),
  );
  expect(voided.fixture).toMatchObject({ status: "voided", note: "Team withdrawn" });
  expect((await table(s))?.every((row) => row[2] === 0)).toBe(true);
  // Voided again: the same.
  await ok(await s.secretary.client.json("POST", `/api/fixtures/${first.id}/void`, { note: "Team withdrawn" }));

  // An unplayed one voided: its card takes no frame.
  await ok(await s.secretary.client.json("POST", `/api/fixtures/${second.id}/void`, { note: "" }));
  const captain = s.captainOf.get(second.homeTeamId) as Account;
  const refused = await captain.client.json("PUT", `/api/fixtures/${second.id}/lineup`, {
    side: "home",
    frames: fullLineup(s.teamOf.get(second.homeTeamId) as Team),
  });
  expect([refused.status, await message(refused)]).toEqual([
    409,
    "This fixture's card is closed: it has been played, awarded or voided",
  ]);
  const read = await ok<{ fixtures: { id: string; status: string }[] }>(
    await app.client().get(`/api/seasons/${s.season.slug}`),
  );
  expect(
    read.fixtures
      .filter((f) => f.status === "voided")
      .map((f) => f.id)
      .sort(),
  ).toEqual([first.id, second.id].sort());
});

test("a deduction taken back: DELETE answers it, the points as they were; who may, and none twice", async () => {
  const s = await season();
  const [crown] = s.teams as [Team];
  const { penalty } = await ok<{ penalty: { id: string; points: number } }>(
    await s.secretary.client.json("POST", `/api/seasons/${s.season.id}/penalties`, {
      teamId: crown.id,
      points: 3,
      reason: "Unpaid subs",
    }),
    201,
  );
  const url = `/api/seasons/${s.season.id}/penalties/${penalty.id}`;
  expect((await app.client().json("DELETE", url)).status).toBe(401);
  expect((await (s.captainOf.get(crown.id) as Account).client.json("DELETE", url)).status).toBe(403);
  expect((await (await f.organiser()).client.json("DELETE", url)).status).toBe(403);
  const removed = await ok<{ penalty: { id: string; reason: string } }>(await s.secretary.client.json("DELETE", url));
  expect(removed.penalty).toMatchObject({ id: penalty.id, reason: "Unpaid subs" });
  expect((await table(s))?.every((row) => row[4] === 0 && row[5] === 0)).toBe(true);
  const again = await s.secretary.client.json("DELETE", url);
  expect([again.status, await message(again)]).toEqual([404, "That deduction is not in this season"]);
  const long = await s.secretary.client.json("DELETE", `/api/seasons/${s.season.id}/penalties/${"x".repeat(300)}`);
  expect(long.status).toBe(404);
});

test("a voided fixture doesn't hold the season's end back; a finished season's fixtures are not voided", async () => {
  const s = await season();
  const [last, ...rest] = s.fixtures as [Season["fixtures"][number], ...Season["fixtures"]];
  for (const fixture of rest) {
    await ok(await s.secretary.client.json("POST", `/api/fixtures/${fixture.id}/award`, { to: "home", note: "" }));
  }
  const early = await s.secretary.client.json("POST", `/api/seasons/${s.season.id}/finish`);
  expect(early.status).toBe(409);
  await ok(await s.secretary.client.json("POST", `/api/fixtures/${last.id}/void`, { note: "Never played" }));
  await ok(await s.secretary.client.json("POST", `/api/seasons/${s.season.id}/finish`));
  const refused = await s.secretary.client.json("POST", `/api/fixtures/${rest[0]?.id}/void`, { note: "" });
  expect([refused.status, await message(refused)]).toEqual([409, "This season is finished"]);
  const read = await ok<{ fixtures: { status: string }[] }>(await app.client().get(`/api/seasons/${s.season.slug}`));
  expect(read.fixtures.map((f) => f.status).sort()).toEqual(["awarded", "awarded", "voided"]);
});
