import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import { isDeepStrictEqual } from "node:util";
import { afterEach, expect, test, vi } from "vitest";
import {
  type BracketMatch,
  type MatchChange,
  playableMatches,
  type Slot,
  totalRounds,
  withChanges,
} from "./bracket.ts";
import { bracketSize, cryptoRandomInt, drawOrder, generateBracket, roundLabel, seedOrder } from "./generate-bracket.ts";
import { applyResult, type ResultInput } from "./apply-result.ts";
import { correctResult } from "./correct-result.ts";
import { champion, matchStats, places } from "./bracket-places.ts";
import { DomainError } from "./errors.ts";
import { placeName } from "./money.ts";
// A seeded PRNG so every random tournament is reproducible from its seed.
import { type Random, seededRandom } from "../../test-support/fixtures.js";

// ---- helpers -------------------------------------------------------------

function playerIds(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `p${i + 1}`);
}

function idFactory(prefix = "m"): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}

const NOW = 1_700_000_000_000;

function bracketOf(n: number): BracketMatch[] {
  return generateBracket(playerIds(n), idFactory(), NOW);
}

function at(matches: readonly BracketMatch[], round: number, matchNumber: number): BracketMatch {
  const match = matches.find((m) => m.round === round && m.matchNumber === matchNumber);
  if (!match) throw new Error(`no match ${round}/${matchNumber}`);
  return match;
}

function byId(matches: readonly BracketMatch[], id: string | null): BracketMatch {
  const match = matches.find((m) => m.id === id);
  if (!match) throw new Error(`no match ${id}`);
  return match;
}

function expectDomainError(run: () => unknown, status: number, message: string): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DomainError);
  expect(caught).toMatchObject({ status, message });
}

const open = { raceTo: null, now: NOW + 1 };

// Records a result and returns the bracket with it applied.
function record(matches: BracketMatch[], round: number, matchNumber: number, result: ResultInput): BracketMatch[] {
  return withChanges(matches, applyResult(matches, at(matches, round, matchNumber).id, result, open));
}

// Random winner and random valid scores: sometimes none, sometimes one,
// sometimes both, within the race when one is set.
function randomResult(rng: Random, match: BracketMatch, raceTo: number | null): ResultInput {
  const winnerId = (rng.chance(0.5) ? match.player1Id : match.player2Id) as string;
  const cap = raceTo ?? 20;
  const winnerScore = rng.chance(0.6) ? cap : rng.int(0, cap);
  const loserScore = rng.int(0, winnerScore);
  const winnerIs1 = winnerId === match.player1Id;
  const both = winnerIs1
    ? { player1Score: winnerScore, player2Score: loserScore }
    : { player1Score: loserScore, player2Score: winnerScore };
  switch (rng.int(0, 4)) {
    case 0:
      return { winnerId };
    case 1:
      return { winnerId, player1Score: null, player2Score: null };
    case 2:
      return { winnerId, player1Score: both.player1Score };
    case 3:
      return { winnerId, player2Score: both.player2Score };
    default:
      return { winnerId, ...both };
  }
}

type Played = {
  matches: BracketMatch[];
  log: { round: number; matchNumber: number; winnerId: string; winnerSlot: Slot }[];
};

// Invariant checks over hundreds of matches collect their failures and assert
// once: an expect() per match would make the exhaustive tests several times
// slower without saying more when they fail.
type Problems = string[];
function check(problems: Problems, ok: boolean, message: () => string): void {
  if (!ok) problems.push(message());
}

// Plays a bracket to the end, always picking a random playable match so the
// order of play varies, and checks each step returns exactly the rows that
// change: this match, and the empty slot of the next one.
function playToEnd(start: BracketMatch[], rng: Random): Played {
  const raceTo = rng.chance(0.3) ? null : rng.int(1, 15);
  const problems: Problems = [];
  let matches = start;
  const log: Played["log"] = [];
  let steps = 0;
  while (champion(matches) === null) {
    const playable = playableMatches(matches);
    if (playable.length === 0) throw new Error("no playable match before a champion");
    const match = rng.pick(playable);
    const result = randomResult(rng, match, raceTo);
    const changes = applyResult(matches, match.id, result, { raceTo, now: NOW + ++steps });
    const expected: MatchChange[] = [
      {
        id: match.id,
        set: {
          player1Score: result.player1Score ?? 0,
          player2Score: result.player2Score ?? 0,
          winnerId: result.winnerId,
          status: "completed",
          completedAt: NOW + steps,
        },
      },
    ];
    if (match.nextMatchId !== null) {
      expected.push({
        id: match.nextMatchId,
        set: match.nextSlot === 1 ? { player1Id: result.winnerId } : { player2Id: result.winnerId },
      });
      // The slot was empty: a result never overwrites a player.
      const next = byId(matches, match.nextMatchId);
      const occupant = match.nextSlot === 1 ? next.player1Id : next.player2Id;
      check(problems, occupant === null, () => `${match.id} overwrote ${occupant}`);
    }
    check(problems, isDeepStrictEqual(changes, expected), () => `${match.id}: ${JSON.stringify(changes)}`);
    matches = withChanges(matches, changes);
    const winnerSlot: Slot = result.winnerId === match.player1Id ? 1 : 2;
    log.push({ round: match.round, matchNumber: match.matchNumber, winnerId: result.winnerId as string, winnerSlot });
  }
  expect(problems).toEqual([]);
  return { matches, log };
}

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

// ---- every field size, played to the end ---------------------------------

function checkGenerated(n: number, matches: readonly BracketMatch[]): void {
  const size = bracketSize(n);
  const rounds = Math.log2(size);
  const players = playerIds(n);
  const problems: Problems = [];
  const index = new Map(matches.map((m) => [m.id, m]));
  expect(matches).toHaveLength(size - 1);
  expect(index.size).toBe(size - 1);
  expect(totalRounds(matches)).toBe(rounds);
  expect(matches.map((m) => `${m.round}/${m.matchNumber}`)).toEqual(
    Array.from({ length: rounds }, (_, r) =>
      Array.from({ length: size / 2 ** (r + 1) }, (_, k) => `${r + 1}/${k + 1}`),
    ).flat(),
  );

  // Byes: size - n of them, round 1 only, never bye v bye, to seeds 1..size-n,
  // completed at once with the winner already in the next match.
  const byes = matches.filter((m) => m.isBye);
  expect(byes).toHaveLength(size - n);
  expect(byes.map((b) => b.player1Id).sort()).toEqual(players.slice(0, size - n).sort());
  for (const bye of byes) {
    const next = index.get(bye.nextMatchId ?? "");
    check(
      problems,
      bye.round === 1 &&
        bye.player1Id !== null &&
        bye.player2Id === null &&
        bye.status === "completed" &&
        bye.winnerId === bye.player1Id &&
        bye.player1Score === 0 &&
        bye.player2Score === 0 &&
        bye.completedAt === NOW &&
        (bye.nextSlot === 1 ? next?.player1Id : next?.player2Id) === bye.player1Id,
      () => `bad bye ${JSON.stringify(bye)}`,
    );
  }

  // Round 1 holds every player exactly once; no match is empty, and every
  // match without a bye waits to be played.
  const round1 = matches.filter((m) => m.round === 1);
  expect(round1).toHaveLength(size / 2);
  const seated = round1.flatMap((m) => [m.player1Id, m.player2Id]).filter((p) => p !== null);
  expect([...seated].sort()).toEqual([...players].sort());
  for (const match of round1) {
    check(problems, match.player1Id !== null, () => `${match.id} has no player 1`);
    if (!match.isBye) {
      check(problems, match.player2Id !== null && match.status === "pending", () => `${match.id} not ready`);
    }
  }

  // Links: match k of round r feeds match ceil(k/2) of round r+1, slot by
  // parity; each later slot is fed by exactly one match.
  const feeders = new Map<string, number>();
  for (const match of matches) {
    if (match.round === rounds) {
      check(problems, match.nextMatchId === null && match.nextSlot === null, () => `final ${match.id} links on`);
      continue;
    }
    const next = index.get(match.nextMatchId ?? "");
    check(
      problems,
      next !== undefined &&
        next.round === match.round + 1 &&
        next.matchNumber === Math.ceil(match.matchNumber / 2) &&
        match.nextSlot === (match.matchNumber % 2 === 1 ? 1 : 2),
      () => `${match.id} links to ${match.nextMatchId}/${match.nextSlot}`,
    );
    const key = `${match.nextMatchId}/${match.nextSlot}`;
    feeders.set(key, (feeders.get(key) ?? 0) + 1);
  }
  const laterRounds = matches.filter((m) => m.round > 1);
  expect(feeders.size).toBe(laterRounds.length * 2);
  expect([...feeders.values()].every((count) => count === 1)).toBe(true);

  // Later rounds start pending, holding only players who had a bye.
  const byePlayers = new Set(byes.map((b) => b.player1Id));
  for (const match of laterRounds) {
    check(
      problems,
      match.status === "pending" &&
        match.winnerId === null &&
        !match.isBye &&
        match.completedAt === null &&
        [match.player1Id, match.player2Id].every((p) => p === null || byePlayers.has(p)),
      () => `later match ${JSON.stringify(match)}`,
    );
  }
  expect(problems).toEqual([]);
}

function checkFinished(n: number, start: readonly BracketMatch[], end: readonly BracketMatch[]): void {
  const rounds = totalRounds(end);
  const players = playerIds(n);
  const nonByes = end.filter((m) => !m.isBye);
  const problems: Problems = [];
  const startIndex = new Map(start.map((m) => [m.id, m]));
  const endIndex = new Map(end.map((m) => [m.id, m]));

  // Every match was reached and played, and the structure did not move.
  for (const match of end) {
    const before = startIndex.get(match.id);
    check(
      problems,
      before !== undefined &&
        before.round === match.round &&
        before.matchNumber === match.matchNumber &&
        before.nextMatchId === match.nextMatchId &&
        before.nextSlot === match.nextSlot &&
        before.isBye === match.isBye,
      () => `${match.id} moved`,
    );
    check(
      problems,
      match.status === "completed" &&
        match.winnerId !== null &&
        (match.isBye ||
          (match.player1Id !== null &&
            match.player2Id !== null &&
            (match.winnerId === match.player1Id || match.winnerId === match.player2Id))),
      () => `${match.id} not played: ${JSON.stringify(match)}`,
    );
    if (match.nextMatchId !== null) {
      const next = endIndex.get(match.nextMatchId);
      check(
        problems,
        (match.nextSlot === 1 ? next?.player1Id : next?.player2Id) === match.winnerId,
        () => `${match.id}'s winner did not move on`,
      );
    }
  }
  expect(problems).toEqual([]);
  expect(playableMatches(end)).toEqual([]);

  // One champion: the final's winner, unbeaten.
  const winner = champion(end);
  const final = end.find((m) => m.round === rounds) as BracketMatch;
  expect(winner).toBe(final.winnerId);
  expect(players).toContain(winner);
  const championsMatches = nonByes.filter((m) => m.player1Id === winner || m.player2Id === winner);
  expect(championsMatches.every((m) => m.winnerId === winner)).toBe(true);

  // The one match each player lost (the champion none).
  const lostIn = new Map<string, number[]>();
  for (const match of nonByes) {
    const loser = match.winnerId === match.player1Id ? match.player2Id : match.player1Id;
    lostIn.set(loser as string, [...(lostIn.get(loser as string) ?? []), match.round]);
  }
  expect(lostIn.size).toBe(n - 1);
  expect(lostIn.has(winner as string)).toBe(false);

  // Places: every player once; the champion 1st; the losers of round r share
  // the places after everyone who went further, as many as the round's real matches.
  const table = places(end);
  expect([...table.keys()].sort()).toEqual([...players].sort());
  expect(table.get(winner as string)).toEqual({ from: 1, to: 1 });
  for (let round = 1; round <= rounds; round++) {
    const width = nonByes.filter((m) => m.round === round).length;
    const from = 2 + nonByes.filter((m) => m.round > round).length;
    const losers = [...lostIn].filter(([, lost]) => lost[0] === round).map(([playerId]) => playerId);
    check(problems, losers.length === width && width <= 2 ** (rounds - round), () => `${width} lost in round ${round}`);
    for (const loser of losers) {
      const place = table.get(loser);
      check(
        problems,
        place?.from === from && place.to === from + width - 1,
        () => `${loser}: ${JSON.stringify(place)}`,
      );
    }
  }

  // Statistics: byes count in none.
  const stats = new Map([...matchStats(end)].map(([p, { played, won }]) => [p, { played, won }]));
  expect([...stats.keys()].sort()).toEqual([...players].sort());
  const expectedStats = new Map(players.map((p) => [p, { played: 0, won: 0 }]));
  for (const match of nonByes) {
    for (const p of [match.player1Id, match.player2Id]) {
      const entry = expectedStats.get(p as string) as { played: number; won: number };
      entry.played += 1;
      if (p === match.winnerId) entry.won += 1;
    }
  }
  expect(stats).toEqual(expectedStats);
  const totals = [...stats.values()].reduce((sum, s) => ({ played: sum.played + s.played, won: sum.won + s.won }), {
    played: 0,
    won: 0,
  });
  expect(totals).toEqual({ played: 2 * nonByes.length, won: nonByes.length });
  expect(nonByes).toHaveLength(n - 1);
  const hadBye = end.some((m) => m.isBye && m.player1Id === winner);
  const championRounds = hadBye ? rounds - 1 : rounds;
  expect(stats.get(winner as string)).toEqual({ played: championRounds, won: championRounds });
  expect(problems).toEqual([]);
}

const fieldSizes = [...Array.from({ length: 129 }, (_, i) => i + 2), 256, 512];

for (const n of fieldSizes) {
  test(`a field of ${n} is generated correctly and plays to one champion`, () => {
    const start = bracketOf(n);
    checkGenerated(n, start);
    const { matches } = playToEnd(start, seededRandom(n * 7919));
    checkFinished(n, start, matches);
  });
}

// ---- recording results ---------------------------------------------------

test("a result completes the match and moves the winner into the next match's slot", () => {
  const matches = bracketOf(5);
  const m2 = at(matches, 1, 2);
  expect(applyResult(matches, m2.id, { winnerId: "p5", player1Score: 3, player2Score: 5 }, open)).toEqual([
    {
      id: "m2",
      set: { player1Score: 3, player2Score: 5, winnerId: "p5", status: "completed", completedAt: NOW + 1 },
    },
    { id: "m5", set: { player2Id: "p5" } },
  ]);
  const m6 = at(matches, 2, 2);
  expect(applyResult(matches, m6.id, { winnerId: "p2" }, open)).toEqual([
    { id: "m6", set: { player1Score: 0, player2Score: 0, winnerId: "p2", status: "completed", completedAt: NOW + 1 } },
    { id: "m7", set: { player2Id: "p2" } },
  ]);
});

test("missing or null scores are stored as 0, and one score alone is kept", () => {
  const matches = bracketOf(4);
  const id = at(matches, 1, 1).id;
  const set = (result: ResultInput) => applyResult(matches, id, result, open)[0]?.set;
  expect(set({ winnerId: "p1", player1Score: null, player2Score: null })).toMatchObject({
    player1Score: 0,
    player2Score: 0,
  });
  expect(set({ winnerId: "p1", player2Score: 4 })).toMatchObject({ player1Score: 0, player2Score: 4 });
  expect(set({ winnerId: "p4", player2Score: 7 })).toMatchObject({ player1Score: 0, player2Score: 7 });
});

test("equal scores are allowed: DESIGN forbids only a lower winner's score", () => {
  const matches = bracketOf(4);
  const tied = { winnerId: "p4", player1Score: 2, player2Score: 2 };
  const changes = applyResult(matches, at(matches, 1, 1).id, tied, open);
  expect(changes[0]?.set).toMatchObject({ player1Score: 2, player2Score: 2, winnerId: "p4" });
});

test("the final's result changes only the final", () => {
  let matches = bracketOf(2);
  const changes = applyResult(matches, "m1", { winnerId: "p2", player1Score: 1, player2Score: 3 }, open);
  expect(changes).toEqual([
    { id: "m1", set: { player1Score: 1, player2Score: 3, winnerId: "p2", status: "completed", completedAt: NOW + 1 } },
  ]);
  matches = withChanges(matches, changes);
  expect(champion(matches)).toBe("p2");
});

test("a match at a table (in_progress) can get a result", () => {
  const matches = withChanges(bracketOf(4), [{ id: "m1", set: { status: "in_progress" } }]);
  expect(playableMatches(matches).map((m) => m.id)).toEqual(["m1", "m2"]);
  const changes = applyResult(matches, "m1", { winnerId: "p1" }, open);
  expect(changes[0]?.set.status).toBe("completed");
});

test("recording refuses unknown matches, matches with a result and matches waiting for a player", () => {
  let matches = bracketOf(5);
  const ok: ResultInput = { winnerId: "p4" };
  expectDomainError(() => applyResult(matches, "nope", ok, open), 404, "Match not found");
  // A bye already has its result.
  expectDomainError(
    () => applyResult(matches, at(matches, 1, 1).id, { winnerId: "p1" }, open),
    409,
    "This match already has a result",
  );
  matches = record(matches, 1, 2, ok);
  expectDomainError(() => applyResult(matches, at(matches, 1, 2).id, ok, open), 409, "This match already has a result");
  // State comes before input: a finished match with a bad winner is still 409.
  expectDomainError(
    () => applyResult(matches, at(matches, 1, 2).id, { winnerId: "p9" }, open),
    409,
    "This match already has a result",
  );
  const fresh = bracketOf(5);
  const waiting = "Both players must be in the match before a result can be recorded";
  expectDomainError(() => applyResult(fresh, at(fresh, 2, 1).id, { winnerId: "p1" }, open), 409, waiting);
  expectDomainError(() => applyResult(fresh, at(fresh, 3, 1).id, { winnerId: "p1" }, open), 409, waiting);
});

test("recording refuses a winner who is not in the match", () => {
  const matches = bracketOf(5);
  const id = at(matches, 1, 2).id;
  for (const winnerId of ["p1", "p9", "", "P4"]) {
    const message = "The winner must be one of the two players";
    expectDomainError(() => applyResult(matches, id, { winnerId }, open), 400, message);
  }
});

test("recording refuses scores that are not whole numbers of 0 or more", () => {
  const matches = bracketOf(4);
  const id = at(matches, 1, 1).id;
  const bad: unknown[] = [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, "3", true];
  for (const score of bad) {
    for (const field of ["player1Score", "player2Score"] as const) {
      const result = { winnerId: "p1", [field]: score } as unknown as ResultInput;
      expectDomainError(() => applyResult(matches, id, result, open), 400, "Scores must be whole numbers of 0 or more");
    }
  }
});

test("recording refuses a winner's score lower than the loser's", () => {
  const matches = bracketOf(4);
  const id = at(matches, 1, 1).id;
  const message = "The winner's score can't be lower than the loser's";
  const refuse = (result: ResultInput) => expectDomainError(() => applyResult(matches, id, result, open), 400, message);
  refuse({ winnerId: "p1", player1Score: 2, player2Score: 3 });
  refuse({ winnerId: "p4", player1Score: 1, player2Score: 0 });
});

test("with a race set, no score may be above it; without one any score goes", () => {
  const matches = bracketOf(4);
  const id = at(matches, 1, 1).id;
  const race = { raceTo: 5, now: NOW };
  const message = "Scores can't be more than the race to 5";
  const refuse = (result: ResultInput) => expectDomainError(() => applyResult(matches, id, result, race), 400, message);
  refuse({ winnerId: "p1", player1Score: 6, player2Score: 2 });
  refuse({ winnerId: "p1", player1Score: 6 });
  // Only the loser's score given, above the race: still refused.
  refuse({ winnerId: "p1", player2Score: 6 });
  expect(applyResult(matches, id, { winnerId: "p1", player1Score: 5, player2Score: 4 }, race)).toHaveLength(2);
  expect(applyResult(matches, id, { winnerId: "p1", player1Score: 0, player2Score: 0 }, race)).toHaveLength(2);
  expect(applyResult(matches, id, { winnerId: "p1", player1Score: 99, player2Score: 98 }, open)).toHaveLength(2);
  expectDomainError(
    () => applyResult(matches, id, { winnerId: "p1", player1Score: 2, player2Score: 2 }, { raceTo: 1, now: NOW }),
    400,
    "Scores can't be more than the race to 1",
  );
});

test("errors carry the form field they belong to", () => {
  const matches = bracketOf(4);
  const id = at(matches, 1, 1).id;
  const fieldOf = (result: ResultInput, raceTo: number | null = null) => {
    try {
      applyResult(matches, id, result, { raceTo, now: NOW });
    } catch (error) {
      return (error as DomainError).field;
    }
    return "no error";
  };
  expect(fieldOf({ winnerId: "x" })).toBe("winnerId");
  expect(fieldOf({ winnerId: "p1", player2Score: -1 })).toBe("player2Score");
  expect(fieldOf({ winnerId: "p4", player1Score: 3, player2Score: 1 })).toBe("player2Score");
  expect(fieldOf({ winnerId: "p1", player1Score: 9 }, 7)).toBe("player1Score");
});

// ---- correcting results --------------------------------------------------

// p4 beat p5 3-1 in round 1 of a five-player bracket; p1 waits in round 2.
function withFirstResult(): BracketMatch[] {
  return record(bracketOf(5), 1, 2, { winnerId: "p4", player1Score: 3, player2Score: 1 });
}

test("correcting the winner swaps the player in the next match and keeps completedAt", () => {
  const matches = withFirstResult();
  const changes = correctResult(matches, "m2", { winnerId: "p5", player1Score: 2, player2Score: 3 }, open);
  expect(changes).toEqual([
    { id: "m2", set: { player1Score: 2, player2Score: 3, winnerId: "p5" } },
    { id: "m5", set: { player2Id: "p5" } },
  ]);
  const after = withChanges(matches, changes);
  expect(byId(after, "m2")).toMatchObject({ status: "completed", completedAt: NOW + 1, winnerId: "p5" });
  expect(byId(after, "m5")).toMatchObject({ player1Id: "p1", player2Id: "p5" });
  // The corrected winner plays on.
  expect(playableMatches(after).map((m) => m.id)).toContain("m5");
});

test("correcting only the scores changes only this match", () => {
  const matches = withFirstResult();
  expect(correctResult(matches, "m2", { winnerId: "p4", player1Score: 3, player2Score: 2 }, open)).toEqual([
    { id: "m2", set: { player1Score: 3, player2Score: 2, winnerId: "p4" } },
  ]);
  // Missing scores become 0, as when recording.
  expect(correctResult(matches, "m2", { winnerId: "p4" }, open)).toEqual([
    { id: "m2", set: { player1Score: 0, player2Score: 0, winnerId: "p4" } },
  ]);
});

test("an identical correction still returns this match first, so the caller's guarded write has one shape", () => {
  const matches = withFirstResult();
  const changes = correctResult(matches, "m2", { winnerId: "p4", player1Score: 3, player2Score: 1 }, open);
  expect(changes).toEqual([{ id: "m2", set: { player1Score: 3, player2Score: 1, winnerId: "p4" } }]);
  expect(withChanges(matches, changes)).toEqual(matches);
});

test("a correction is allowed while the next match is at a table, refused once it has a result", () => {
  let matches = withFirstResult();
  matches = withChanges(matches, [{ id: "m5", set: { status: "in_progress" } }]);
  expect(correctResult(matches, "m2", { winnerId: "p5" }, open)).toHaveLength(2);
  matches = record(matches, 2, 1, { winnerId: "p4" });
  expectDomainError(
    () => correctResult(matches, "m2", { winnerId: "p5" }, open),
    409,
    "Semi-Finals · Match 1 already has a result: correct that one first",
  );
  // Correcting the later match first is still possible.
  expect(correctResult(matches, "m5", { winnerId: "p1" }, open)).toEqual([
    { id: "m5", set: { player1Score: 0, player2Score: 0, winnerId: "p1" } },
    { id: "m7", set: { player1Id: "p1" } },
  ]);
});

test("the final can always be corrected", () => {
  let matches = bracketOf(4);
  matches = record(matches, 1, 1, { winnerId: "p1" });
  matches = record(matches, 1, 2, { winnerId: "p2" });
  matches = record(matches, 2, 1, { winnerId: "p1", player1Score: 5, player2Score: 4 });
  expect(champion(matches)).toBe("p1");
  const changes = correctResult(matches, "m3", { winnerId: "p2", player1Score: 4, player2Score: 5 }, open);
  expect(changes).toEqual([{ id: "m3", set: { player1Score: 4, player2Score: 5, winnerId: "p2" } }]);
  expect(champion(withChanges(matches, changes))).toBe("p2");
});

test("corrections refuse unknown matches, matches without a result and byes", () => {
  const matches = withFirstResult();
  expectDomainError(() => correctResult(matches, "nope", { winnerId: "p1" }, open), 404, "Match not found");
  expectDomainError(
    () => correctResult(matches, "m6", { winnerId: "p2" }, open),
    409,
    "Only a match with a result can be corrected",
  );
  const atTable = withChanges(matches, [{ id: "m6", set: { status: "in_progress" } }]);
  expectDomainError(
    () => correctResult(atTable, "m6", { winnerId: "p2" }, open),
    409,
    "Only a match with a result can be corrected",
  );
  expectDomainError(() => correctResult(matches, "m1", { winnerId: "p1" }, open), 409, "A bye can't be corrected");
});

test("corrections validate the result like recording does", () => {
  const matches = withFirstResult();
  expectDomainError(
    () => correctResult(matches, "m2", { winnerId: "p1" }, open),
    400,
    "The winner must be one of the two players",
  );
  expectDomainError(
    () => correctResult(matches, "m2", { winnerId: "p4", player1Score: -2 }, open),
    400,
    "Scores must be whole numbers of 0 or more",
  );
  expectDomainError(
    () => correctResult(matches, "m2", { winnerId: "p4", player1Score: 1, player2Score: 2 }, open),
    400,
    "The winner's score can't be lower than the loser's",
  );
  expectDomainError(
    () => correctResult(matches, "m2", { winnerId: "p4", player1Score: 8 }, { raceTo: 7, now: NOW }),
    400,
    "Scores can't be more than the race to 7",
  );
});

// ---- reading the bracket -------------------------------------------------

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

test("total rounds and the champion", () => {
  expect(totalRounds([])).toBe(0);
  expect(champion([])).toBeNull();
  expect(totalRounds(bracketOf(5))).toBe(3);
  expect(totalRounds(bracketOf(512))).toBe(9);
  expect(champion(bracketOf(5))).toBeNull();
});

test("places and statistics of a scripted five-player tournament", () => {
  let matches = bracketOf(5);
  const inContention = { p1: null, p2: null, p3: null, p4: null, p5: null };
  expect(Object.fromEntries(places(matches))).toEqual(inContention);
  matches = record(matches, 1, 2, { winnerId: "p4", player1Score: 3, player2Score: 2 });
  // Round 1 has one real match: its loser is 5th on their own, at once.
  expect(Object.fromEntries(places(matches))).toEqual({ ...inContention, p5: { from: 5, to: 5 } });
  matches = record(matches, 2, 1, { winnerId: "p1" });
  matches = record(matches, 2, 2, { winnerId: "p3" });
  expect(champion(matches)).toBeNull();
  matches = record(matches, 3, 1, { winnerId: "p1" });
  expect(champion(matches)).toBe("p1");
  expect(Object.fromEntries(places(matches))).toEqual({
    p1: { from: 1, to: 1 },
    p3: { from: 2, to: 2 },
    p4: { from: 3, to: 4 },
    p2: { from: 3, to: 4 },
    p5: { from: 5, to: 5 },
  });
  // p2's bye is in no statistic; p1 and p3 had byes too.
  const records = [...matchStats(matches)].map(([p, { played, won }]) => [p, { played, won }]);
  expect(Object.fromEntries(records)).toEqual({
    p1: { played: 2, won: 2 },
    p2: { played: 1, won: 0 },
    p3: { played: 2, won: 1 },
    p4: { played: 2, won: 1 },
    p5: { played: 1, won: 0 },
  });
});

test("match statistics before any result: every player at 0, byes not counted", () => {
  const none = { played: 0, won: 0, racksWon: 0, racksLost: 0 };
  expect(Object.fromEntries(matchStats(bracketOf(3)))).toEqual({ p1: none, p2: none, p3: none });
});

test("place names: ordinals, and a range for a shared place", () => {
  const ranges = [
    [1, 1],
    [2, 2],
    [3, 3],
    [3, 4],
    [5, 8],
    [11, 11],
    [12, 12],
    [13, 16],
    [21, 21],
    [22, 24],
    [101, 101],
    [111, 112],
    [257, 512],
  ];
  expect(ranges.map(([from, to]) => placeName({ from: from as number, to: to as number }))).toEqual([
    "1st",
    "2nd",
    "3rd",
    "3rd-4th",
    "5th-8th",
    "11th",
    "12th",
    "13th-16th",
    "21st",
    "22nd-24th",
    "101st",
    "111th-112th",
    "257th-512th",
  ]);
});

test("playable matches: both players present and no result, in round order", () => {
  let matches = bracketOf(5);
  expect(playableMatches(matches).map((m) => m.id)).toEqual(["m2", "m6"]);
  matches = record(matches, 2, 2, { winnerId: "p2" });
  expect(playableMatches(matches).map((m) => m.id)).toEqual(["m2"]);
  matches = record(matches, 1, 2, { winnerId: "p5" });
  expect(playableMatches(matches).map((m) => m.id)).toEqual(["m5"]);
});

test("withChanges returns a new list and leaves the input and untouched rows alone", () => {
  const matches = bracketOf(4);
  const snapshot = structuredClone(matches);
  const changes: MatchChange[] = [
    { id: "m1", set: { status: "in_progress" } },
    { id: "m1", set: { player1Score: 2 } },
  ];
  const after = withChanges(matches, changes);
  expect(matches).toEqual(snapshot);
  expect(after).not.toBe(matches);
  expect(byId(after, "m1")).toMatchObject({ status: "in_progress", player1Score: 2 });
  expect(after[1]).toBe(matches[1]);
  expect(() => withChanges(matches, [{ id: "zz", set: {} }])).toThrow(RangeError);
});

// ---- brackets-manager as an oracle ---------------------------------------
//
// Configuration: the n participants as seeding, settings.size = our bracket
// size (brackets-manager pads the seeding with BYEs up to it, so seeds n+1..
// size are the BYEs, as in ours), seedOrdering ["inner_outer"] (its standard
// 1 v N order) and balanceByes false (balancing would move the BYEs away
// from the top seeds).
//
// Differences in convention, not bent away from DESIGN §5:
//  - its standings are dense ranks (1, 2, 3, 4, …) by round lost; ours are
//    place ranges ("3rd-4th", "5th-8th", …). Every round has at least one
//    real loser (n > size / 2 guarantees a real round-1 match), so rank k is
//    our k-th tier and the groups compare one to one.
//  - it does not store a BYE as a completed match with a winner in the same
//    shape (opponent2 is null, the match "locked"); we compare occupants only.
//  - scores are not compared: it refuses tied scores, which DESIGN allows.

type OracleMatch = {
  id: number | string;
  number: number;
  round_id: number | string;
  opponent1: { id: number | string | null } | null;
  opponent2: { id: number | string | null } | null;
};

for (let n = 2; n <= 128; n++) {
  test(`brackets-manager agrees on the first round, every slot and the standings for ${n} players`, async () => {
    const size = bracketSize(n);
    const manager = new BracketsManager(new InMemoryDatabase());
    const stage = await manager.create.stage({
      tournamentId: 0,
      name: "oracle",
      type: "single_elimination",
      seeding: playerIds(n),
      settings: { size, seedOrdering: ["inner_outer"], balanceByes: false },
    });

    const load = async () => {
      const data = await manager.get.stageData(stage.id);
      const nameOf = new Map(data.participant.map((p) => [p.id, p.name]));
      const roundNumber = new Map(data.round.map((r) => [r.id, r.number]));
      const who = (opponent: OracleMatch["opponent1"]) =>
        opponent === null || opponent.id === null ? null : (nameOf.get(opponent.id) ?? "?");
      const matches = (data.match as OracleMatch[]).map((m) => ({
        id: m.id,
        round: roundNumber.get(m.round_id) as number,
        matchNumber: m.number,
        player1Id: who(m.opponent1),
        player2Id: who(m.opponent2),
      }));
      return { matches, nameOf, participants: data.participant };
    };
    type Seats = { round: number; matchNumber: number; player1Id: string | null; player2Id: string | null };
    const occupants = (list: Seats[]) =>
      list.map((m) => `${m.round}/${m.matchNumber}: ${m.player1Id ?? "-"} v ${m.player2Id ?? "-"}`).sort();

    // First-round pairings as sets of seed pairs, a bye as null.
    const ours = bracketOf(n);
    const seed = (p: string | null) => (p === null ? null : Number(p.slice(1)));
    const pairs = (list: { round: number; player1Id: string | null; player2Id: string | null }[]) =>
      list
        .filter((m) => m.round === 1)
        .map((m) => JSON.stringify([seed(m.player1Id), seed(m.player2Id)].sort((a, b) => (a ?? 1e9) - (b ?? 1e9))))
        .sort();
    const initial = await load();
    expect(pairs(initial.matches)).toEqual(pairs(ours));
    // Byes already advanced identically, so every slot of every round agrees.
    expect(occupants(initial.matches)).toEqual(occupants(ours));

    // Play the same results in the same order in both.
    const { matches: finished, log } = playToEnd(ours, seededRandom(n * 104729));
    const idOf = new Map(initial.matches.map((m) => [`${m.round}/${m.matchNumber}`, m.id]));
    // The winner's slot comes from our bracket: the occupants were equal before
    // and are compared again after, so a divergence cannot go unnoticed.
    for (const step of log) {
      await manager.update.match({
        id: idOf.get(`${step.round}/${step.matchNumber}`) as number,
        ...(step.winnerSlot === 1 ? { opponent1: { result: "win" } } : { opponent2: { result: "win" } }),
      });
    }
    expect(occupants((await load()).matches)).toEqual(occupants(finished));

    // Standings: the same groups in the same order.
    const theirs = await manager.get.finalStandings(stage.id);
    const nameOf = initial.nameOf;
    const theirRank = new Map(theirs.map((s) => [nameOf.get(s.id) ?? "?", s.rank]));
    const placed = [...places(finished)].map(([playerId, place]) => ({ playerId, from: place?.from ?? 0 }));
    const froms = [...new Set(placed.map((p) => p.from))].sort((a, b) => a - b);
    const ourRank = new Map(placed.map((p) => [p.playerId, froms.indexOf(p.from) + 1]));
    expect(Object.fromEntries(ourRank)).toEqual(Object.fromEntries(theirRank));
  });
}

test("match statistics count each side's racks won and lost, played matches only", () => {
  let matches = bracketOf(4);
  const [semi1, semi2] = matches.filter((m) => m.round === 1);
  if (!semi1?.player1Id || !semi2?.player2Id) throw new Error("four players fill both semi-finals");
  matches = withChanges(
    matches,
    applyResult(matches, semi1.id, { winnerId: semi1.player1Id, player1Score: 5, player2Score: 3 }, open),
  );
  matches = withChanges(
    matches,
    applyResult(matches, semi2.id, { winnerId: semi2.player2Id, outcome: "walkover" }, open),
  );
  const stats = matchStats(matches);
  expect(stats.get(semi1.player1Id)).toEqual({ played: 1, won: 1, racksWon: 5, racksLost: 3 });
  expect(stats.get(semi1.player2Id as string)).toEqual({ played: 1, won: 0, racksWon: 3, racksLost: 5 });
  // A walkover is no rack for anyone.
  expect(stats.get(semi2.player2Id)).toEqual({ played: 0, won: 0, racksWon: 0, racksLost: 0 });
});
