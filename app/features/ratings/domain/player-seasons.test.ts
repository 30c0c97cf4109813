import { expect, test } from "vitest";
import { type PlayedSeries, playerSeasons } from "./player-seasons.ts";
import { DEFAULT_POINTS, type SeriesNight } from "../../series/domain/series.ts";

/** A four-entry knockout night: p1 beats p2 and p3 beats p4 in the semis, the final's winner first in `order`. */
function knockout(tournamentId: string, order: [string, string, string, string]) {
  const [champion, runnerUp, third, fourth] = order;
  const m = (id: string, round: number, a: string, b: string, nextMatchId: string | null) => ({
    id: `${tournamentId}-${id}`,
    tournamentId,
    bracket: "winners" as const,
    group: null,
    round,
    player1Id: a,
    player2Id: b,
    player1Score: 3,
    player2Score: 1,
    winnerId: a,
    status: "completed" as const,
    outcome: "played" as const,
    isBye: false,
    nextMatchId: nextMatchId && `${tournamentId}-${nextMatchId}`,
    loserMatchId: null,
  });
  return [m("s1", 1, champion, third, "f"), m("s2", 1, runnerUp, fourth, "f"), m("f", 2, champion, runnerUp, null)];
}

const night = (id: string, startsAt: number): SeriesNight => ({
  id,
  slug: id,
  name: id,
  startsAt,
  status: "finished",
  finalized: true,
});
const rules = { points: DEFAULT_POINTS, bestOf: null, qualify: 2 };
const names = new Map(["ann", "bob", "cat", "dan", "eve", "t1"].map((id) => [id, id.toUpperCase()]));

test("the player's position of all ranked, points and nights in each series, the latest season first", () => {
  const autumn: PlayedSeries = {
    slug: "autumn",
    name: "Autumn",
    rules,
    nights: [night("a1", 1_000), night("a2", 2_000)],
  };
  const winter: PlayedSeries = { slug: "winter", name: "Winter", rules, nights: [night("w1", 5_000)] };
  const matches = [
    ...knockout("a1", ["ann", "bob", "cat", "dan"]),
    ...knockout("a2", ["cat", "eve", "ann", "bob"]),
    ...knockout("w1", ["bob", "ann", "cat", "dan"]),
  ];
  const seasons = playerSeasons("ann", [autumn, winter], { matches, members: new Map(), names });
  // Autumn: Ann 27 + 14 = 41, Cat 14 + 27 = 41 (shared 1st), Bob 34, Eve 20, Dan 14.
  expect(seasons).toEqual([
    {
      slug: "winter",
      name: "Winter",
      positionText: "2nd of 4",
      position: 2,
      of: 4,
      points: 20,
      played: 1,
      wins: 0,
      qualifies: true,
    },
    {
      slug: "autumn",
      name: "Autumn",
      positionText: "Joint 1st of 5",
      position: 1,
      of: 5,
      points: 41,
      played: 2,
      wins: 1,
      qualifies: true,
    },
  ]);
  expect(playerSeasons("dan", [autumn], { matches, members: new Map(), names })[0]).toMatchObject({
    positionText: "5th of 5",
    points: 14,
    qualifies: false,
  });
});

test("a team's member scores the team's place; a series the player holds no place in is left out", () => {
  const teams: PlayedSeries = { slug: "doubles", name: "Doubles", rules, nights: [night("d1", 1_000)] };
  const matches = knockout("d1", ["t1", "bob", "cat", "dan"]);
  const members = new Map([["t1", ["ann", "eve"]]]);
  const [eve] = playerSeasons("eve", [teams], { matches, members, names });
  expect(eve).toMatchObject({ positionText: "Joint 1st of 5", points: 27, wins: 1 });
  expect(playerSeasons("zed", [teams], { matches, members, names })).toEqual([]);
});
