// Points deducted from a team in-process, and the season's table they move: the secretary's alone, a team of the
// season's alone, none once the season is finished, nothing written by a refusal. The HTTP contract is
// tests/league-tables.test.ts's.
import { expect, test } from "vitest";
import { uniqueEmail } from "../../../../test-support/accounts.ts";
import { buildLeague } from "../../../../test-support/leagues.ts";
import { answered, bodyChecked, useServiceDb } from "../../../../test-support/services.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { CreatePenaltySchema, PENALTY_MESSAGES } from "~/features/leagues/domain/penalties.ts";
import { seasonOwnerQuery } from "./leagues.server.ts";
import { penaltyJson } from "./penalties.server.ts";
import { seasonPageQuery } from "./season-read.server.ts";
import { deductPoints, removePenalty } from "./use-cases.server.ts";

const s = useServiceDb();

/** A season of one division with Anchor and Bell (captains invited by e-mail), one leg, its fixtures made. */
async function season() {
  const secretary = await s.organiser();
  const built = await buildLeague(s, secretary, {
    name: "Vale",
    season: { legs: 1 },
    divisions: [
      ["Premier", ["Anchor", "Bell"].map((name) => ({ name, venue: name, captain: { email: uniqueEmail(name) } }))],
    ],
  });
  const [anchor, bell] = built.teams as [(typeof built.teams)[number], (typeof built.teams)[number]];
  const fixture = built.fixtures[0] as { id: string; homeTeamId: string };
  return { secretary, season: built.season, anchor, bell, fixture };
}

const deduct = async (by: { id: string }, seasonId: string, body: unknown) =>
  penaltyJson(
    await s.perform(deductPoints, {
      organiserId: by.id,
      season: await s.sender.send(seasonOwnerQuery(seasonId)),
      penalty: CreatePenaltySchema.parse(body),
    }),
  );

const table = async (slug: string) => {
  const page = await s.sender.send(seasonPageQuery(slug));
  return page?.divisions[0]?.standings.map((r) => [r.team, r.played, r.penalty, r.points]);
};

test("a penalty comes off the team's points, shown beside them, its reason in the season's read", async () => {
  const c = await season();
  // Anchor beat Bell 5-4: Anchor 2 points.
  const home = c.fixture.homeTeamId === c.anchor.id;
  await s.rows("update league_fixtures set status = 'played', home_score = ?, away_score = ? where id = ?", [
    home ? 5 : 4,
    home ? 4 : 5,
    c.fixture.id,
  ]);
  expect(await table(c.season.slug)).toEqual([
    ["Anchor", 1, 0, 2],
    ["Bell", 1, 0, 0],
  ]);
  const penalty = await deduct(c.secretary, c.season.id, { teamId: c.anchor.id, points: 3, reason: " Unpaid subs " });
  expect(penalty).toEqual({ id: expect.any(String), teamId: c.anchor.id, points: 3, reason: "Unpaid subs" });
  expect(await table(c.season.slug)).toEqual([
    ["Bell", 1, 0, 0],
    ["Anchor", 1, 3, -1],
  ]);
  const page = await s.sender.send(seasonPageQuery(c.season.slug));
  expect(page?.penalties).toEqual([penalty]);
});

test("refused: another's league, no season, another season's team, a finished season; none written", async () => {
  const c = await season();
  const other = await season();
  const body = { teamId: c.anchor.id, points: 2, reason: "No-show" };
  expect(await answered(deduct(other.secretary, c.season.id, body))).toEqual({
    status: 403,
    message: LEAGUE_MESSAGES.notYourLeague,
  });
  expect(await answered(deduct(c.secretary, "no-such-season", body))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.seasonNotFound,
  });
  for (const teamId of [other.anchor.id, "no-such-team", "x".repeat(100)]) {
    expect(await answered(deduct(c.secretary, c.season.id, { ...body, teamId }))).toEqual({
      status: 400,
      message: PENALTY_MESSAGES.teamNotInSeason,
    });
  }
  await s.rows("update seasons set status = 'finished' where id = ?", [c.season.id]);
  expect(await answered(deduct(c.secretary, c.season.id, body))).toEqual({
    status: 409,
    message: LEAGUE_MESSAGES.seasonFinished,
  });
  expect(
    await s.rows("select * from league_penalties where season_id in (?, ?)", [c.season.id, other.season.id]),
  ).toEqual([]);
});

test("the body: points a whole number from 1 to 100, a reason, a team", async () => {
  const refused = async (body: unknown) => (await bodyChecked(CreatePenaltySchema, body)).message;
  const ok = { teamId: "t", points: 2, reason: "No-show" };
  expect(await refused(ok)).toBeNull();
  const points = "The points deducted must be a whole number from 1 to 100";
  for (const bad of [0, -2, 1.5, 101, "2", null]) expect(await refused({ ...ok, points: bad })).toBe(points);
  expect(await refused({ ...ok, reason: "  " })).toBe("The reason is required");
  expect(await refused({ ...ok, reason: "x".repeat(201) })).toBe("The reason must be at most 200 characters");
  expect(await refused({ ...ok, teamId: "" })).toBe("Choose the team");
  expect(await refused({ points: 2, reason: "x" })).toBe("Choose the team");
});

test("a deduction taken back by the secretary: the points as they were; not once finished, nor another's", async () => {
  const c = await season();
  const other = await season();
  const penalty = await deduct(c.secretary, c.season.id, { teamId: c.anchor.id, points: 2, reason: "Late start" });
  const remove = async (by: { id: string }, seasonId: string, penaltyId: string) =>
    penaltyJson(
      await s.perform(removePenalty, {
        organiserId: by.id,
        season: await s.sender.send(seasonOwnerQuery(seasonId)),
        penaltyId,
      }),
    );
  expect(await answered(remove(other.secretary, c.season.id, penalty.id))).toEqual({
    status: 403,
    message: LEAGUE_MESSAGES.notYourLeague,
  });
  // Through another season of one's own: not found there.
  const mine = await deduct(other.secretary, other.season.id, { teamId: other.bell.id, points: 1, reason: "x" });
  expect(await answered(remove(c.secretary, c.season.id, mine.id))).toEqual({
    status: 404,
    message: PENALTY_MESSAGES.notFound,
  });
  expect(await remove(c.secretary, c.season.id, penalty.id)).toEqual(penalty);
  expect(await table(c.season.slug)).toEqual([
    ["Anchor", 0, 0, 0],
    ["Bell", 0, 0, 0],
  ]);
  expect(await answered(remove(c.secretary, c.season.id, penalty.id))).toEqual({
    status: 404,
    message: PENALTY_MESSAGES.notFound,
  });
  // A finished season's deductions stand.
  await s.rows("update seasons set status = 'finished' where id = ?", [other.season.id]);
  expect(await answered(remove(other.secretary, other.season.id, mine.id))).toEqual({
    status: 409,
    message: LEAGUE_MESSAGES.seasonFinished,
  });
  expect(await s.rows("select id from league_penalties where id = ?", [mine.id])).toEqual([{ id: mine.id }]);
});
