// The averages' reads in-process, on cards played through the use cases: the season's merit table (confirmed cards
// only; a dispute waits for the secretary's resolution; an award counts for nobody), a team's players' lines, and one
// player's seasons — no e-mail in any of them. The HTTP read is tests/league-averages.test.ts's.
import { expect, test } from "vitest";
import { type Account, useServiceDb } from "../../../../test-support/services.ts";
import { buildLeague } from "../../../../test-support/leagues.ts";
import { guests } from "../../../../test-support/league-specs.ts";
import { LineupSchema, type Side } from "~/features/leagues/domain/match-card.ts";
import { playerLeagueSeasonsQuery, seasonAveragesQuery, teamAveragesQuery } from "./averages.server.ts";
import { cardQuery } from "./card-read.server.ts";
import {
  awardFixture,
  confirmCard,
  disputeFixture,
  recordFrame,
  resolveFixture,
  setLineup,
} from "./use-cases.server.ts";

const s = useServiceDb();

type By = { id: string; userType: string };
type Team = { id: string; name: string; captain: Account; by: By; ids: Map<string, string> };

/**
 * A season of one division of Crown, Anchor and Bell (a captain, new unless `captains` names one, and three guests
 * each), its fixtures made.
 */
async function season(
  secretary: Account,
  { leagueName = "Valley", startDate = "2026-09-01", captains = {} as Record<string, Account> } = {},
) {
  const names = ["Crown", "Anchor", "Bell"] as const;
  const captainOf: Record<string, Account> = {};
  for (const name of names) captainOf[name] = captains[name] ?? (await s.player(`${name} Captain`));
  const built = await buildLeague(s, secretary, {
    name: leagueName,
    season: { startDate },
    divisions: [
      ["Premier", names.map((name) => ({ name, captain: captainOf[name] as Account, players: guests(name) }))],
    ],
  });
  const teams: Record<string, Team> = {};
  for (const team of built.teams) {
    const captain = team.captain as Account;
    const ids = new Map(team.players.map((p: { id: string; name: string }) => [p.name, p.id]));
    ids.set(`${team.name} Captain`, captain.id);
    teams[team.name] = { id: team.id, name: team.name, captain, by: { id: captain.id, userType: "player" }, ids };
  }
  const fixture = (home: string, away: string) =>
    built.fixtures.find((f) => f.homeTeamId === teams[home]?.id && f.awayTeamId === teams[away]?.id) as {
      id: string;
    };
  return { league: built.league, season: built.season, teams: teams as Record<(typeof names)[number], Team>, fixture };
}

const read = (fixtureId: string) => s.sender.send(cardQuery(fixtureId));

/** The usual card's lineup: Captain, Two, Three, Four in the singles twice over, the first two in the doubles. */
async function lineups(fixtureId: string, home: Team, away: Team) {
  for (const [side, team] of [
    ["home", home],
    ["away", away],
  ] as const) {
    const ids = ["Captain", "Two", "Three", "Four"].map((n) => team.ids.get(`${team.name} ${n}`) as string);
    const frames = [
      ...[0, 1, 2, 3, 0, 1, 2, 3].map((i, n) => ({ number: n + 1, playerIds: [ids[i] as string] })),
      { number: 9, playerIds: [ids[0] as string, ids[1] as string] },
    ];
    await s.perform(setLineup, { by: team.by, read: await read(fixtureId), ...LineupSchema.parse({ side, frames }) });
  }
}

/** Both lineups, then frames 1–9 won as `winners` says ("h"/"a"), recorded by the home captain. */
async function play(fixtureId: string, home: Team, away: Team, winners: string) {
  await lineups(fixtureId, home, away);
  for (const [i, w] of [...winners].entries()) {
    const winner: Side = w === "h" ? "home" : "away";
    await s.perform(recordFrame, { by: home.by, read: await read(fixtureId), number: i + 1, winner });
  }
}

const confirm = async (fixtureId: string, ...teams: Team[]) => {
  for (const team of teams) await s.perform(confirmCard, { by: team.by, read: await read(fixtureId) });
};

/** The merit table as lines: "name P-W-L %", the qualified marked with *. */
const table = async (slug: string) =>
  (await s.sender.send(seasonAveragesQuery(slug)))?.players.map(
    (p) => `${p.name} ${p.played}-${p.won}-${p.lost} ${p.winPercent}${p.qualified ? "*" : ""}`,
  );

test("the merit table: confirmed cards only, a dispute once resolved, an award for nobody, everyone", async () => {
  const secretary = await s.organiser("Sue Secretary");
  const { season: winter, teams, fixture } = await season(secretary);
  const { Crown, Anchor, Bell } = teams;
  const bell = ["Bell Captain", "Bell Four", "Bell Three", "Bell Two"].map((n) => `${n} 0-0-0 0`);

  // Before any frame: everyone, noughts, nobody ranked, by name.
  expect(await table(winter.slug)).toEqual([
    ...["Anchor Captain", "Anchor Four", "Anchor Three", "Anchor Two"].map((n) => `${n} 0-0-0 0`),
    ...bell,
    ...["Crown Captain", "Crown Four", "Crown Three", "Crown Two"].map((n) => `${n} 0-0-0 0`),
  ]);

  // Crown v Anchor played, but not yet confirmed by both: nothing counts.
  const first = fixture("Crown", "Anchor").id;
  await play(first, Crown, Anchor, "hhahhaahh");
  await confirm(first, Crown);
  expect((await table(winter.slug))?.every((line) => line.includes(" 0-0-0 0"))).toBe(true);

  // Confirmed: 100% first (most won, then name), then 50%, then 0%; the doubles frame counts for nobody.
  await confirm(first, Anchor);
  const afterFirst = [
    "Anchor Three 2-2-0 100*",
    "Crown Captain 2-2-0 100*",
    "Crown Four 2-2-0 100*",
    "Anchor Two 2-1-1 50*",
    "Crown Two 2-1-1 50*",
    "Anchor Captain 2-0-2 0*",
    "Anchor Four 2-0-2 0*",
    "Crown Three 2-0-2 0*",
    ...bell,
  ];
  expect(await table(winter.slug)).toEqual(afterFirst);

  // Anchor v Crown played and disputed: out until the secretary resolves it.
  const second = fixture("Anchor", "Crown").id;
  await play(second, Anchor, Crown, "hhhhhhhha");
  await s.perform(disputeFixture, { by: Crown.by, read: await read(second), reason: "Frame 8 was ours" });
  expect(await table(winter.slug)).toEqual(afterFirst);

  // Crown v Bell, its lineups set and two frames won, then awarded to Bell: counted for nobody.
  const third = fixture("Crown", "Bell").id;
  await play(third, Crown, Bell, "hh");
  await s.perform(awardFixture, {
    by: { id: secretary.id, userType: "organiser" },
    read: await read(third),
    to: "away",
    note: "",
  });
  // Bell v Anchor in progress: not yet.
  await play(fixture("Bell", "Anchor").id, Bell, Anchor, "hhhh");
  expect(await table(winter.slug)).toEqual(afterFirst);

  // The dispute resolved (frame 8 to Crown): it counts, and a minimum of 4 frames ranks those who played four.
  await s.perform(resolveFixture, {
    by: { id: secretary.id, userType: "organiser" },
    read: await read(second),
    frames: [{ number: 8, winner: "away" }],
    note: "Frame 8 to Crown",
  });
  await s.rows("update seasons set merit_min_frames = 4 where id = ?", [winter.id]);
  expect(await table(winter.slug)).toEqual([
    "Anchor Three 4-4-0 100*",
    "Anchor Two 4-3-1 75*",
    "Crown Four 4-3-1 75*",
    "Anchor Captain 4-2-2 50*",
    "Crown Captain 4-2-2 50*",
    "Anchor Four 4-1-3 25*",
    "Crown Two 4-1-3 25*",
    "Crown Three 4-0-4 0*",
    ...bell,
  ]);
});

test("a line's rating is the player's (a new one's the start); a team's lines; no e-mail; no season", async () => {
  const secretary = await s.organiser("Sue Secretary");
  const { season: winter, teams, fixture } = await season(secretary);
  const { Crown, Anchor } = teams;
  const first = fixture("Crown", "Anchor").id;
  await play(first, Crown, Anchor, "hhahhaahh");
  await confirm(first, Crown, Anchor);
  await s.settled();
  const got = (await s.sender.send(seasonAveragesQuery(winter.slug)))?.players ?? [];
  expect(got).toHaveLength(12);
  const stored = new Map(
    (await s.rows<{ player_id: string; rating: number }>("select player_id, rating from player_ratings")).map((r) => [
      r.player_id,
      Math.round(r.rating),
    ]),
  );
  for (const p of got) expect(p.rating, p.name).toBe(stored.get(p.playerId) ?? 500);
  // The confirmed card moved the winners' ratings above the start.
  expect(got.find((p) => p.name === "Crown Captain")?.rating).toBeGreaterThan(500);
  expect(got.find((p) => p.name === "Bell Captain")).toMatchObject({ rating: 500, team: "Bell", played: 0 });
  expect(JSON.stringify(got)).not.toMatch(/@|email/i);

  // The team's page: its own roster's lines, by player id.
  const crownLines = await s.sender.send(teamAveragesQuery(Crown.id));
  expect([...crownLines.values()].map((a) => `${a.name} ${a.won}-${a.lost} ${a.winPercent}`).sort()).toEqual([
    "Crown Captain 2-0 100",
    "Crown Four 2-0 100",
    "Crown Three 0-2 0",
    "Crown Two 1-1 50",
  ]);
  expect((await s.sender.send(teamAveragesQuery("no-such-team"))).size).toBe(0);

  expect(await s.sender.send(seasonAveragesQuery("no-such-season"))).toBeNull();
  expect(await s.sender.send(seasonAveragesQuery("x".repeat(200)))).toBeNull();
});

test("a player's league seasons: each with its league, team and line, the latest first; none, none", async () => {
  const secretary = await s.organiser("Sue Secretary");
  const autumn = await season(secretary);
  const ann = autumn.teams.Anchor.captain;
  // Ann captains Crown in another league's later season too, and wins both her frames there.
  const spring = await season(secretary, { leagueName: "Hill", startDate: "2027-03-02", captains: { Crown: ann } });
  await play(autumn.fixture("Crown", "Anchor").id, autumn.teams.Crown, autumn.teams.Anchor, "hhahhaahh");
  await confirm(autumn.fixture("Crown", "Anchor").id, autumn.teams.Crown, autumn.teams.Anchor);
  await play(spring.fixture("Bell", "Crown").id, spring.teams.Bell, spring.teams.Crown, "aaaaaaaaa");
  await confirm(spring.fixture("Bell", "Crown").id, spring.teams.Bell, spring.teams.Crown);
  const line = (x: typeof autumn, team: "Crown" | "Anchor") => ({
    seasonId: x.season.id,
    seasonSlug: x.season.slug,
    season: "Winter",
    leagueSlug: x.league.slug,
    league: x.league.name,
    teamId: x.teams[team].id,
    team,
  });
  expect(await s.sender.send(playerLeagueSeasonsQuery(ann.id))).toEqual([
    { ...line(spring, "Crown"), played: 2, won: 2, lost: 0, winPercent: 100, qualified: true },
    { ...line(autumn, "Anchor"), played: 2, won: 0, lost: 2, winPercent: 0, qualified: true },
  ]);
  expect(JSON.stringify(await s.sender.send(playerLeagueSeasonsQuery(ann.id)))).not.toMatch(/@|email/i);
  expect(await s.sender.send(playerLeagueSeasonsQuery((await s.player("Nobody")).id))).toEqual([]);
});
