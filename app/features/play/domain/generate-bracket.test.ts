import { afterEach, expect, test, vi } from "vitest";
import { totalRounds } from "./bracket.ts";
import { bracketOf, idFactory, NOW, playerIds } from "./bracket-testing.ts";
import { bracketSize, cryptoRandomInt, drawOrder, generateBracket, roundLabel, seedOrder } from "./generate-bracket.ts";

// ---- sizes and seeding ---------------------------------------------------

test("bracket size is the next power of two for 2 to 512 players", () => {
  expect(bracketSize(2)).toBe(2);
  expect(bracketSize(3)).toBe(4);
  expect(bracketSize(4)).toBe(4);
  expect(bracketSize(5)).toBe(8);
  expect(bracketSize(17)).toBe(32);
  expect(bracketSize(129)).toBe(256);
  expect(bracketSize(257)).toBe(512);
  expect(bracketSize(512)).toBe(512);
  for (const bad of [1, 0, -4, 513, 1024, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    expect(() => bracketSize(bad)).toThrow(RangeError);
  }
});

test("seed order for 2, 4, 8 and 16 is the standard 1 v N order", () => {
  expect(seedOrder(2)).toEqual([1, 2]);
  expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
  expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  expect(seedOrder(16)).toEqual([1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
});

test("seed order for every size up to 512 is a permutation whose first-round pairs sum to size + 1", () => {
  for (let size = 2; size <= 512; size *= 2) {
    const order = seedOrder(size);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
    for (let i = 0; i < size; i += 2) {
      expect((order[i] as number) + (order[i + 1] as number)).toBe(size + 1);
      // The better seed is always on top, so a bye (a seed beyond n) is player 2.
      expect(order[i] as number).toBeLessThan(order[i + 1] as number);
    }
    // Each half of the order is the next smaller bracket's seeds, so seeds 1
    // and 2 can only meet in the final.
    if (size >= 4) {
      const top = order.slice(0, size / 2);
      expect(top).toContain(1);
      expect(order.slice(size / 2)).toContain(2);
    }
  }
});

test("seed order refuses sizes that are not a power of two from 2 to 512", () => {
  for (const bad of [0, 1, 3, 6, 12, 1024, 2.5]) expect(() => seedOrder(bad)).toThrow(RangeError);
});

// ---- the draw ------------------------------------------------------------

afterEach(() => {
  vi.restoreAllMocks();
});

test("the draw is a permutation of the players and leaves the input alone", () => {
  const players = playerIds(40);
  const snapshot = [...players];
  const drawn = drawOrder(players);
  expect(drawn).not.toBe(players);
  expect(players).toEqual(snapshot);
  expect([...drawn].sort()).toEqual([...players].sort());
  expect(drawOrder([])).toEqual([]);
  expect(drawOrder(["solo"])).toEqual(["solo"]);
});

test("the draw is Fisher–Yates from the last position down", () => {
  // j = 0 every time: i=3 swaps a,d; i=2 swaps d,c; i=1 swaps c,b.
  expect(drawOrder(["a", "b", "c", "d"], () => 0)).toEqual(["b", "c", "d", "a"]);
  // j = i every time keeps everything in place.
  expect(drawOrder(["a", "b", "c", "d"], (max) => max - 1)).toEqual(["a", "b", "c", "d"]);
  const asked: number[] = [];
  const script = [1, 2, 0];
  const drawn = drawOrder(["a", "b", "c", "d"], (max) => {
    asked.push(max);
    return script.shift() ?? 0;
  });
  expect(asked).toEqual([4, 3, 2]);
  // i=3,j=1: a d c b; i=2,j=2: a d c b; i=1,j=0: d a c b.
  expect(drawn).toEqual(["d", "a", "c", "b"]);
});

test("a faulty random source is refused rather than duplicating a player", () => {
  expect(() => drawOrder(["a", "b", "c"], (max) => max)).toThrow(RangeError);
  expect(() => drawOrder(["a", "b", "c"], () => -1)).toThrow(RangeError);
  expect(() => drawOrder(["a", "b", "c"], () => 0.5)).toThrow(RangeError);
});

test("cryptoRandomInt stays in [0, max) for every max from 1 to 1000", () => {
  const outOfRange: string[] = [];
  for (let max = 1; max <= 1000; max++) {
    for (let i = 0; i < 5; i++) {
      const value = cryptoRandomInt(max);
      if (!Number.isInteger(value) || value < 0 || value >= max) outOfRange.push(`${value} for ${max}`);
    }
  }
  expect(outOfRange).toEqual([]);
  for (let i = 0; i < 20; i++) expect(cryptoRandomInt(1)).toBe(0);
  for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 32 + 1]) expect(() => cryptoRandomInt(bad)).toThrow(RangeError);
});

test("cryptoRandomInt is roughly uniform over 6000 draws of a die", () => {
  const buckets = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 6000; i++) buckets[cryptoRandomInt(6)]! += 1;
  for (const count of buckets) {
    expect(count).toBeGreaterThanOrEqual(750);
    expect(count).toBeLessThanOrEqual(1250);
  }
});

test("cryptoRandomInt rejects the biased top of the range and draws again", () => {
  // 2^32 mod 3 = 1, so 0xFFFFFFFF is the one value that would favour 0.
  const values = [0xffffffff, 5];
  const spy = vi.spyOn(crypto, "getRandomValues").mockImplementation((array) => {
    (array as Uint32Array)[0] = values.shift() ?? 0;
    return array;
  });
  expect(cryptoRandomInt(3)).toBe(2);
  expect(spy).toHaveBeenCalledTimes(2);
  spy.mockRestore();
});

// ---- generation ----------------------------------------------------------

test("generation refuses too few, too many and duplicate players", () => {
  expect(() => generateBracket(["p1"], idFactory(), NOW)).toThrow(RangeError);
  expect(() => generateBracket(playerIds(513), idFactory(), NOW)).toThrow(RangeError);
  expect(() => generateBracket(["p1", "p2", "p1"], idFactory(), NOW)).toThrow(RangeError);
});

test("a five-player bracket: the top three seeds get byes and are already in round 2", () => {
  const matches = bracketOf(5);
  const rows = matches.map((m) => [
    m.id,
    m.round,
    m.matchNumber,
    m.player1Id,
    m.player2Id,
    m.status,
    m.isBye,
    m.winnerId,
    m.nextMatchId,
    m.nextSlot,
    m.completedAt,
  ]);
  expect(rows).toEqual([
    ["m1", 1, 1, "p1", null, "completed", true, "p1", "m5", 1, NOW],
    ["m2", 1, 2, "p4", "p5", "pending", false, null, "m5", 2, null],
    ["m3", 1, 3, "p2", null, "completed", true, "p2", "m6", 1, NOW],
    ["m4", 1, 4, "p3", null, "completed", true, "p3", "m6", 2, NOW],
    ["m5", 2, 1, "p1", null, "pending", false, null, "m7", 1, null],
    ["m6", 2, 2, "p2", "p3", "pending", false, null, "m7", 2, null],
    ["m7", 3, 1, null, null, "pending", false, null, null, null, null],
  ]);
  for (const match of matches) {
    expect(match.player1Score).toBe(0);
    expect(match.player2Score).toBe(0);
  }
});

test("a two-player bracket is just the final", () => {
  const matches = bracketOf(2);
  expect(matches).toEqual([
    {
      id: "m1",
      bracket: "winners",
      group: null,
      round: 1,
      matchNumber: 1,
      label: "Final",
      player1Id: "p1",
      player2Id: "p2",
      player1Score: 0,
      player2Score: 0,
      winnerId: null,
      status: "pending",
      outcome: "played",
      isBye: false,
      nextMatchId: null,
      nextSlot: null,
      loserMatchId: null,
      loserSlot: null,
      completedAt: null,
    },
  ]);
  expect(totalRounds(matches)).toBe(1);
  expect(roundLabel(1, 1)).toBe("Final");
});

test("round labels count down from the final", () => {
  const labels = (rounds: number) => Array.from({ length: rounds }, (_, i) => roundLabel(i + 1, rounds));
  expect(labels(1)).toEqual(["Final"]);
  expect(labels(2)).toEqual(["Semi-Finals", "Final"]);
  expect(labels(3)).toEqual(["Quarter-Finals", "Semi-Finals", "Final"]);
  expect(labels(4)).toEqual(["Round 1", "Quarter-Finals", "Semi-Finals", "Final"]);
  expect(labels(6)).toEqual(["Round 1", "Round 2", "Round 3", "Quarter-Finals", "Semi-Finals", "Final"]);
  expect(labels(9)[0]).toBe("Round 1");
  for (const [round, rounds] of [
    [0, 3],
    [4, 3],
    [1, 0],
    [1.5, 3],
  ] as const) {
    expect(() => roundLabel(round, rounds)).toThrow(RangeError);
  }
});
