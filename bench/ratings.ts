// Ratings (decision 027): a replay of 100,000 racks — every rating worked out again from the results, as a correction
// does — and the handicap races for every pairing of 200 players.
import { handicapRaces, rackChance, replayRatings, type RatedResult } from "../app/features/ratings/domain/ratings.ts";

/** Results among `players` of spread strengths, races to 5, until `racks` racks are played (a seeded generator). */
function results(players: number, racks: number): RatedResult[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const out: RatedResult[] = [];
  let played = 0;
  for (let i = 0; played < racks; i++) {
    const a = Math.floor(random() * players);
    const b = (a + 1 + Math.floor(random() * (players - 1))) % players;
    const p = rackChance(((a - b) * 500) / players);
    let racks1 = 0;
    let racks2 = 0;
    while (racks1 < 5 && racks2 < 5) {
      if (random() < p) racks1++;
      else racks2++;
    }
    played += racks1 + racks2;
    out.push({ matchId: `m${i}`, at: i, player1Id: `p${a}`, player2Id: `p${b}`, racks1, racks2 });
  }
  return out;
}

export function ratingTimings(racks = 100_000, runs = 5) {
  const played = results(200, racks);
  let replayMs = 0;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    replayRatings(played);
    replayMs += performance.now() - t;
  }
  const t = performance.now();
  for (let a = 0; a < 200; a++) for (let b = 0; b < 200; b++) handicapRaces(300 + a * 3, 300 + b * 3, 9);
  const racesMs = performance.now() - t;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const replay = round(replayMs / runs);
  return { racks, matches: played.length, players: 200, replayMs: replay, races40000Ms: round(racesMs) };
}
