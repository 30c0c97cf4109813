import { expect, test } from "vitest";
import {
  handicapRaces,
  isProvisional,
  kFactor,
  PROVISIONAL_RACKS,
  raceWinChance,
  rackChance,
  ratedRacks,
  rateResult,
  replayRatings,
  START_RATING,
  type PlayerRating,
  type RatedResult,
  type Standing,
} from "./ratings.ts";

/** A small seeded generator (mulberry32): the same "random" evenings every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fresh = (): PlayerRating => ({ rating: START_RATING, racks: 0, setBy: null, history: [] });

test("the scale: 100 points is two racks for every one", () => {
  expect(rackChance(0)).toBe(0.5);
  expect(rackChance(100)).toBeCloseTo(2 / 3, 12);
  expect(rackChance(-100)).toBeCloseTo(1 / 3, 12);
  expect(rackChance(200)).toBeCloseTo(4 / 5, 12);
  expect(rackChance(37) + rackChance(-37)).toBeCloseTo(1, 12);
});

test("a new player moves fast and settles at 100 racks, when the rating stops being provisional", () => {
  expect(kFactor(0)).toBe(16);
  expect(kFactor(50)).toBe(10);
  expect(kFactor(PROVISIONAL_RACKS)).toBe(4);
  expect(kFactor(5000)).toBe(4);
  expect(isProvisional(99)).toBe(true);
  expect(isProvisional(100)).toBe(false);
});

test("a result moves both players by the racks above what the ratings expected", () => {
  // Level players, 5–3: player 1 won one rack more than expected (4), so +16 and −16 for two new players.
  const [one, two] = rateResult(fresh(), fresh(), { racks1: 5, racks2: 3 });
  expect(one.rating).toBeCloseTo(516, 10);
  expect(two.rating).toBeCloseTo(484, 10);
  expect([one.racks, two.racks]).toEqual([8, 8]);
  // An established player moves a quarter as far for the same surprise.
  const [settled] = rateResult({ rating: 500, racks: 400 }, fresh(), { racks1: 5, racks2: 3 });
  expect(settled.rating).toBeCloseTo(504, 10);
  // The favourite winning as expected moves nothing: 100 points up, 2–1 is exactly the expectation.
  const strong = { ...fresh(), rating: 600 };
  const [a, b] = rateResult(strong, fresh(), { racks1: 2, racks2: 1 });
  expect(a.rating).toBeCloseTo(600, 10);
  expect(b.rating).toBeCloseTo(500, 10);
  // A result with no score counts one rack to the winner.
  expect(ratedRacks(0, 0, 2)).toEqual([0, 1]);
  expect(ratedRacks(3, 5, 2)).toEqual([3, 5]);
});

/** A night's results among `players`, races to `raceTo`, racks drawn by the players' true strengths. */
function simulate(truth: number[], matches: number, raceTo: number, seed: number, start = 0): RatedResult[] {
  const random = seeded(seed);
  const results: RatedResult[] = [];
  for (let i = 0; i < matches; i++) {
    const a = Math.floor(random() * truth.length);
    let b = Math.floor(random() * (truth.length - 1));
    if (b >= a) b++;
    const p = rackChance((truth[a] ?? 0) - (truth[b] ?? 0));
    let racks1 = 0;
    let racks2 = 0;
    while (racks1 < raceTo && racks2 < raceTo) {
      if (random() < p) racks1++;
      else racks2++;
    }
    results.push({ matchId: `m${start + i}`, at: start + i, player1Id: `p${a}`, player2Id: `p${b}`, racks1, racks2 });
  }
  return results;
}

test("replaying the results equals applying them one at a time as they were recorded", () => {
  const results = simulate([350, 450, 500, 560, 700], 300, 5, 7);
  // As the stored ratings move: each result from the two players' standings just before it.
  const incremental = new Map<string, Standing>();
  const history = new Map<string, number[]>();
  for (const r of results) {
    const after = rateResult(incremental.get(r.player1Id) ?? fresh(), incremental.get(r.player2Id) ?? fresh(), r);
    [r.player1Id, r.player2Id].forEach((id, i) => {
      incremental.set(id, after[i] as Standing);
      history.set(id, [...(history.get(id) ?? []), (after[i] as Standing).rating]);
    });
  }
  const replayed = replayRatings(results);
  expect(new Map([...replayed].map(([id, p]) => [id, { rating: p.rating, racks: p.racks }]))).toEqual(incremental);
  expect(new Map([...replayed].map(([id, p]) => [id, p.history.map((h) => h.rating)]))).toEqual(history);
  // Given in any order, the same ratings: the replay sorts by time.
  expect(replayRatings([...results].reverse())).toEqual(replayed);
});

test("results recorded at the same instant are applied in a fixed order, whatever order they are read in", () => {
  const same: RatedResult[] = [
    { matchId: "b", at: 10, player1Id: "x", player2Id: "y", racks1: 5, racks2: 0 },
    { matchId: "a", at: 10, player1Id: "y", player2Id: "z", racks1: 5, racks2: 4 },
    { matchId: "c", at: 10, player1Id: "x", player2Id: "z", racks1: 1, racks2: 5 },
  ];
  const random = seeded(3);
  const first = replayRatings(same);
  for (let i = 0; i < 20; i++) {
    const shuffled = [...same].sort(() => random() - 0.5);
    expect(replayRatings(shuffled)).toEqual(first);
  }
  // By id: "a" first, so y's history starts with a.
  expect(first.get("y")?.history.map((h) => h.matchId)).toEqual(["a", "b"]);
});

test("ratings converge on players of known strength (differences within the noise)", () => {
  const truth = [250, 350, 420, 480, 500, 540, 600, 650, 720, 800];
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  for (const seed of [1, 2, 3]) {
    const rated = replayRatings(simulate(truth, 4000, 5, seed));
    const ratings = truth.map((_, i) => rated.get(`p${i}`)?.rating ?? Number.NaN);
    const offset = mean(ratings) - mean(truth);
    const errors = ratings.map((r, i) => Math.abs(r - offset - (truth[i] ?? 0)));
    // Established players' k of 4 leaves about ±17 points of noise: every one within 60, the average within 25.
    expect(Math.max(...errors), `seed ${seed}: ${ratings.map(Math.round)}`).toBeLessThan(60);
    expect(mean(errors), `seed ${seed}`).toBeLessThan(25);
  }
});

test("a director's starting rating holds for a provisional player only, and results take over from there", () => {
  const results: RatedResult[] = [{ matchId: "m1", at: 20, player1Id: "new", player2Id: "old", racks1: 3, racks2: 5 }];
  const starts = [{ playerId: "new", at: 10, rating: 650, setBy: "td1" }];
  const rated = replayRatings(results, starts);
  const player = rated.get("new");
  expect(player?.setBy).toBe("td1");
  // From 650 against 500: expected 5.47 of 8 racks, won 3.
  expect(player?.rating).toBeCloseTo(650 + 16 * (3 - 8 * rackChance(150)), 10);
  // Set at the same instant as a result: the start comes first.
  expect(replayRatings(results, [{ ...starts[0]!, at: 20 }]).get("new")?.rating).toBeCloseTo(player?.rating ?? 0, 10);
  // Once established (100 racks), a starting rating changes nothing.
  const long = simulate([500, 500], 30, 5, 9);
  const established = replayRatings(long).get("p0");
  expect(established && established.racks >= PROVISIONAL_RACKS).toBe(true);
  const late = replayRatings(long, [{ playerId: "p0", at: 10_000, rating: 900, setBy: "td1" }]).get("p0");
  expect(late?.rating).toBe(established?.rating);
  expect(late?.setBy).toBeNull();
});

/** The weaker player's chance to win by walking every rack sequence: no formula. */
function bruteForce(q: number, n: number, m: number): number {
  const walk = (won: number, lost: number, chance: number): number => {
    if (won === n) return chance;
    if (lost === m) return 0;
    return walk(won + 1, lost, chance * q) + walk(won, lost + 1, chance * (1 - q));
  };
  return walk(0, 0, 1);
}

test("the race formula agrees with walking every sequence of racks", () => {
  for (const q of [0.05, 0.2, 1 / 3, 0.45, 0.5, 0.7]) {
    for (let m = 1; m <= 9; m++) {
      for (let n = 1; n <= m; n++) {
        expect(raceWinChance(q, n, m), `q ${q}, ${n} against ${m}`).toBeCloseTo(bruteForce(q, n, m), 12);
      }
    }
  }
  // Level players, level races: an even match.
  expect(raceWinChance(0.5, 7, 7)).toBeCloseTo(0.5, 12);
});

test("handicapped races: the stronger races to m, the weaker to the n nearest an even chance", () => {
  // Equal ratings race level, whoever is player 1.
  expect(handicapRaces(500, 500, 5)).toEqual({ race1: 5, race2: 5 });
  expect(handicapRaces(500.2, 499.9, 5)).toEqual({ race1: 5, race2: 5 });
  for (const [strong, weak, m] of [
    [600, 500, 5],
    [700, 450, 7],
    [520, 500, 9],
    [900, 300, 3],
  ] as const) {
    const races = handicapRaces(strong, weak, m);
    expect(races.race1).toBe(m);
    const q = rackChance(weak - strong);
    const nearest = Math.min(...Array.from({ length: m }, (_, i) => Math.abs(bruteForce(q, i + 1, m) - 0.5)));
    expect(Math.abs(bruteForce(q, races.race2, m) - 0.5)).toBeCloseTo(nearest, 12);
    // The same match the other way round: the races swap.
    expect(handicapRaces(weak, strong, m)).toEqual({ race1: races.race2, race2: m });
  }
  // 100 points over a race to 5: the weaker player races to 3.
  expect(handicapRaces(600, 500, 5)).toEqual({ race1: 5, race2: 3 });
  // A gulf: the weaker needs one rack.
  expect(handicapRaces(1000, 100, 5).race2).toBe(1);
});
