import { expect, test } from "vitest";
import { headToHead, playerProfile, ratedResults, type PlayedMatch } from "./player-profile.ts";
import type { RatedResult, StartingRating } from "./ratings.ts";
import { replaySteps } from "./rating-steps.ts";

const match = (over: Partial<PlayedMatch>): PlayedMatch => ({
  matchId: "m1",
  tournamentId: "t1",
  at: Date.UTC(2026, 10, 27, 20),
  player1Id: "mo",
  player2Id: "liam",
  player1: "Mo",
  player2: "Liam",
  player1Score: 5,
  player2Score: 3,
  winnerId: "mo",
  outcome: "played",
  ...over,
});

/** What the profile reads of a player, as the stored steps of these results and starts leave it. */
function stored(playerId: string, results: readonly RatedResult[], starts: readonly StartingRating[] = []) {
  const { steps, after } = replaySteps(
    new Map(),
    results,
    starts.map((s) => ({ ...s, stands: true })),
  );
  return {
    standing: after.get(playerId) ?? null,
    history: steps.flatMap((s) => (s.playerId === playerId && s.matchId ? [{ ...s, matchId: s.matchId }] : [])),
  };
}

test("only played results count, a result without a score as one rack to its winner", () => {
  const rows = [
    match({}),
    match({ matchId: "m2", outcome: "walkover", player1Score: 0, player2Score: 0 }),
    match({ matchId: "m3", player1Score: 0, player2Score: 0, winnerId: "liam" }),
  ];
  expect(ratedResults(rows).map((r) => [r.matchId, r.racks1, r.racks2])).toEqual([
    ["m1", 5, 3],
    ["m3", 0, 1],
  ]);
});

test("the profile: the stored rating whole, its history, recent matches from the player's side", () => {
  const played = [
    match({}),
    match({ matchId: "m2", at: Date.UTC(2026, 10, 27, 21), winnerId: "liam", player1Score: 2 }),
  ];
  const p = playerProfile({ id: "liam", name: "Liam" }, { ...stored("liam", ratedResults(played)), recent: played });
  expect(p).toMatchObject({ id: "liam", name: "Liam", provisional: true, racksPlayed: 13, setBy: null });
  expect(p.history.map((h) => h.matchId)).toEqual(["m1", "m2"]);
  expect(p.history[0]).toEqual({ at: "2026-11-27T20:00:00.000Z", rating: 484, matchId: "m1" });
  expect(p.rating).toBe(p.history[1]?.rating);
  expect(p.recent[0]).toEqual({
    matchId: "m1",
    tournamentId: "t1",
    opponentId: "mo",
    opponent: "Mo",
    racksFor: 3,
    racksAgainst: 5,
    won: false,
    at: "2026-11-27T20:00:00.000Z",
  });
  // Nobody played: 500, provisional, nothing to show.
  expect(playerProfile({ id: "x", name: "X" }, { ...stored("x", []), recent: [] })).toMatchObject({
    rating: 500,
    provisional: true,
    racksPlayed: 0,
    history: [],
    recent: [],
  });
  // A director's starting rating shows who set it.
  const started = playerProfile(
    { id: "x", name: "X" },
    { ...stored("x", [], [{ playerId: "x", at: 1, rating: 620, setBy: "td1" }]), recent: [] },
  );
  expect(started).toMatchObject({ rating: 620, setBy: "td1" });
});

test("head to head counts from the first player's side", () => {
  const between = [match({}), match({ matchId: "m2", winnerId: "liam", player1Score: 1, player2Score: 5 })];
  expect(headToHead("mo", between)).toEqual({ matches: 2, wins: 1, losses: 1, racksFor: 6, racksAgainst: 8 });
  expect(headToHead("liam", between)).toEqual({ matches: 2, wins: 1, losses: 1, racksFor: 8, racksAgainst: 6 });
  expect(headToHead("mo", [])).toEqual({ matches: 0, wins: 0, losses: 0, racksFor: 0, racksAgainst: 0 });
});
