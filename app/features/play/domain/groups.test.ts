import fc from "fast-check";
import { expect, test } from "vitest";
import { type BracketMatch, playableMatches, withChanges } from "./bracket.ts";
import { applyResult } from "./apply-result.ts";
import { correctResult } from "./correct-result.ts";
import { DomainError } from "../../../domain/errors.ts";
import { formatPlaces, generateFormat, isDecided, winnersOf } from "../../tournaments/domain/formats.ts";
import {
  compareGroups,
  groupCount,
  groupName,
  groupsPlaces,
  groupTables,
  knockoutAfterGroups,
  snakeGroups,
  type GroupOptions,
} from "./groups.ts";

const NOW = 1_700_000_000_000;
const results = { raceTo: null, now: NOW };
const DEFAULTS: GroupOptions = { groupSize: 4, advancePerGroup: 2 };

const playerIds = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const seedsOf = (ids: readonly string[]) => new Map(ids.map((id, i) => [id, i + 1]));

function draw(n: number, options: GroupOptions = DEFAULTS): BracketMatch[] {
  let next = 0;
  return generateFormat("round_robin_tier", playerIds(n), () => `m${++next}`, NOW, { grandFinal: "reset", ...options });
}

let knockoutIds = 0;
const newKnockoutId = () => `k${++knockoutIds}`;

/** True with probability `percent` / 100; shrinks to false. */
const chance = (percent: number) =>
  fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(false), weight: 100 - percent },
    { arbitrary: fc.constant(true), weight: percent },
  );

// A result fast-check draws: a double forfeit now and then where allowed (5%), a random winner, a walkover now and
// then (10%), else the loser's racks in a race to 5.
type Result = { doubleForfeit: boolean; player1Wins: boolean; walkover: boolean; loserScore: number };
const result: fc.Arbitrary<Result> = fc.record({
  doubleForfeit: chance(5),
  player1Wins: fc.boolean(),
  walkover: chance(10),
  loserScore: fc.integer({ min: 0, max: 4 }),
});

/**
 * An evening of the groups drawn in `start`: the order the group matches are played in, and results used in turn
 * (and again from the first once used up, so a failure shrinks to a few).
 */
type Evening = { order: string[]; results: Result[] };
function eveningOf(start: readonly BracketMatch[]): fc.Arbitrary<Evening> {
  const group = start.filter((m) => m.bracket === "group").map((m) => m.id);
  return fc.record({
    order: fc.shuffledSubarray(group, { minLength: group.length, maxLength: group.length }),
    results: fc.array(result, { minLength: 1, maxLength: start.length }),
  });
}

/** Records the drawn result for `match`. */
function randomResult(drawn: Result, match: BracketMatch, allowDoubleForfeit: boolean) {
  if (allowDoubleForfeit && drawn.doubleForfeit) return { outcome: "double_forfeit" as const };
  const winnerId = drawn.player1Wins ? match.player1Id : match.player2Id;
  if (drawn.walkover) return { winnerId, outcome: "walkover" as const };
  const { loserScore } = drawn;
  return winnerId === match.player1Id
    ? { winnerId, player1Score: 5, player2Score: loserScore }
    : { winnerId, player1Score: loserScore, player2Score: 5 };
}

/** Plays every group match (in the drawn order) as the service does: the last one draws the knockout. */
function playGroups(drawn: Evening, start: BracketMatch[], options: GroupOptions, seeds: Map<string, number>) {
  let matches = start;
  const byId = new Map(start.map((m) => [m.id, m]));
  for (const [i, id] of drawn.order.entries()) {
    const match = byId.get(id) as BracketMatch;
    const next = drawn.results[i % drawn.results.length] as Result;
    const changes = applyResult(matches, match.id, randomResult(next, match, true), results);
    matches = withChanges(matches, changes);
    const knockout = knockoutAfterGroups(matches, seeds, options.advancePerGroup, newKnockoutId, NOW);
    expect(knockout.changes).toEqual([]);
    matches = [...matches, ...knockout.draw];
  }
  return matches;
}

/** Plays the knockout in order, with the evening's results after the groups' ones. */
function playKnockout(drawn: Evening, groupMatches: number, start: BracketMatch[]) {
  let matches = start;
  for (let i = groupMatches; ; i++) {
    const ready = playableMatches(matches);
    const match = ready[0];
    if (!match) return matches;
    const next = drawn.results[i % drawn.results.length] as Result;
    matches = withChanges(matches, applyResult(matches, match.id, randomResult(next, match, false), results));
  }
}

// The round in which bracket positions a and b could meet.
const meetingRound = (a: number, b: number) => Math.floor(Math.log2(a ^ b)) + 1;

/** Each knockout entrant's 0-based position in the first round. */
function positions(knockout: readonly BracketMatch[]): Map<string, number> {
  const found = new Map<string, number>();
  for (const m of knockout.filter((k) => k.round === 1)) {
    if (m.player1Id) found.set(m.player1Id, 2 * (m.matchNumber - 1));
    if (m.player2Id) found.set(m.player2Id, 2 * (m.matchNumber - 1) + 1);
  }
  return found;
}

test("groups are named A to Z, then AA, AB, … and sorted that way", () => {
  expect([0, 1, 25, 26, 27, 42].map(groupName)).toEqual(["A", "B", "Z", "AA", "AB", "AQ"]);
  expect(["AA", "B", "Z", "A"].sort(compareGroups)).toEqual(["A", "B", "Z", "AA"]);
});

test("snake seeding: every entry once, sizes within one, at most the group size, top seeds apart", () => {
  for (let n = 6; n <= 128; n++) {
    for (const groupSize of [3, 4, 5, 6, 7, 8]) {
      for (let advancePerGroup = 1; advancePerGroup < groupSize && advancePerGroup <= 4; advancePerGroup++) {
        const options = { groupSize, advancePerGroup };
        if (Math.ceil(n / groupSize) * advancePerGroup < 2) {
          // One group sending one on is no knockout: refused (the create form asks for more).
          expect(() => snakeGroups(playerIds(n), options)).toThrow(DomainError);
          continue;
        }
        const groups = snakeGroups(playerIds(n), options);
        const sizes = groups.map((g) => g.length);
        expect(groups.flat().sort()).toEqual(playerIds(n).sort());
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        // More play in every group than go through from it.
        expect(Math.min(...sizes)).toBeGreaterThan(advancePerGroup);
        if (groups.length === Math.ceil(n / groupSize)) expect(Math.max(...sizes)).toBeLessThanOrEqual(groupSize);
        // Seeds 1..G head the groups, each in its own.
        expect(groups.map((g) => g[0])).toEqual(playerIds(groups.length));
      }
    }
  }
});

test("snake seeding goes A→D then D→A", () => {
  expect(snakeGroups(playerIds(8), DEFAULTS)).toEqual([
    ["p1", "p4", "p5", "p8"],
    ["p2", "p3", "p6", "p7"],
  ]);
  expect(snakeGroups(playerIds(10), { groupSize: 4, advancePerGroup: 1 }).map((g) => g.length)).toEqual([3, 3, 4]);
});

test("too few players for the groups asked for: fewer, larger groups, or a 409 when none works", () => {
  // 5 players in groups of 4 with 2 through: one group of 5 (two groups of 2-3 could not send 2 on each).
  expect(groupCount(5, DEFAULTS)).toBe(1);
  expect(groupCount(9, DEFAULTS)).toBe(3);
  const refused = (() => {
    try {
      groupCount(2, DEFAULTS);
    } catch (error) {
      return error;
    }
  })();
  expect(refused).toBeInstanceOf(DomainError);
  expect((refused as DomainError).status).toBe(409);
  expect(() => groupCount(4, { groupSize: 8, advancePerGroup: 1 })).toThrow(DomainError);
});

test("each group is a round robin: every pair once, nobody twice in a round, named 'Group B · Round 2'", () => {
  for (const n of [6, 7, 9, 13, 16, 31, 64, 128]) {
    const matches = draw(n);
    expect(matches.every((m) => m.bracket === "group" && m.group !== null && m.nextMatchId === null)).toBe(true);
    const groups = snakeGroups(playerIds(n), DEFAULTS);
    groups.forEach((members, index) => {
      const own = matches.filter((m) => m.group === groupName(index));
      expect(own).toHaveLength((members.length * (members.length - 1)) / 2);
      const pairs = new Set(own.map((m) => [m.player1Id, m.player2Id].sort().join()));
      expect(pairs.size).toBe(own.length);
      for (const m of own) {
        expect(members).toContain(m.player1Id);
        expect(members).toContain(m.player2Id);
        expect(m.label).toBe(`Group ${groupName(index)} · Round ${m.round}`);
      }
      const byRound = new Map<number, string[]>();
      for (const m of own)
        byRound.set(m.round, [...(byRound.get(m.round) ?? []), m.player1Id ?? "", m.player2Id ?? ""]);
      for (const players of byRound.values()) expect(new Set(players).size).toBe(players.length);
    });
    // Positions are unique per group, round and match number (the database's unique index).
    expect(new Set(matches.map((m) => `${m.group}/${m.round}/${m.matchNumber}`)).size).toBe(matches.length);
  }
});

// The tests below play one evening for each size and options, as before: the sizes are the breadth.
test("the knockout is drawn once, when the last group match is decided, from the groups' tables", () => {
  for (const n of [6, 8, 11, 16, 23, 32, 47, 64, 100, 128]) {
    for (const options of [DEFAULTS, { groupSize: 3, advancePerGroup: 1 }, { groupSize: 8, advancePerGroup: 4 }]) {
      const seeds = seedsOf(playerIds(n));
      const start = draw(n, options);
      expect(isDecided(start)).toBe(false);
      fc.assert(
        fc.property(eveningOf(start), (evening) => {
          const played = playGroups(evening, start, options, seeds);
          const knockout = played.filter((m) => m.bracket === "knockout");
          const tables = groupTables(played, seeds);
          const qualifiers = tables.flatMap((t) => t.rows.slice(0, options.advancePerGroup).map((r) => r.playerId));
          expect([...positions(knockout).keys()].sort()).toEqual([...qualifiers].sort());
          expect(knockout.every((m) => m.group === null && m.label !== "")).toBe(true);
          expect(knockout.find((m) => m.nextMatchId === null)?.label).toBe("Final");
          // Drawn already: another look changes nothing.
          expect(knockoutAfterGroups(played, seeds, options.advancePerGroup, newKnockoutId, NOW)).toEqual({
            draw: [],
            changes: [],
          });
        }),
        { numRuns: 1 },
      );
    }
  }
});

test("knockout: a group winner meets another group's runner-up, and one group's pair meets only in the final", () => {
  // Two through from each group: 2, 4, 8, 16 … groups fill a bracket exactly.
  for (const n of [8, 16, 32, 64, 128]) {
    const seeds = seedsOf(playerIds(n));
    const start = draw(n);
    fc.assert(
      fc.property(eveningOf(start), (evening) => {
        const played = playGroups(evening, start, DEFAULTS, seeds);
        const tables = groupTables(played, seeds);
        const groupOf = new Map(tables.flatMap((t) => t.rows.map((r) => [r.playerId, t.group] as const)));
        const winners = new Set(tables.map((t) => t.rows[0]?.playerId));
        const knockout = played.filter((m) => m.bracket === "knockout");
        for (const m of knockout.filter((k) => k.round === 1)) {
          expect(winners.has(m.player1Id ?? "") !== winners.has(m.player2Id ?? "")).toBe(true);
          expect(groupOf.get(m.player1Id ?? "")).not.toBe(groupOf.get(m.player2Id ?? ""));
        }
        const at = positions(knockout);
        const rounds = Math.log2(knockout.length + 1);
        for (const t of tables) {
          const [first, second] = t.rows;
          expect(meetingRound(at.get(first?.playerId ?? "") ?? 0, at.get(second?.playerId ?? "") ?? 0)).toBe(rounds);
        }
      }),
      { numRuns: 1 },
    );
  }
});

test("wherever the sizes allow, entries of one group are kept as far apart as possible", () => {
  for (let n = 6; n <= 64; n++) {
    for (const options of [DEFAULTS, { groupSize: 4, advancePerGroup: 3 }, { groupSize: 5, advancePerGroup: 2 }]) {
      const seeds = seedsOf(playerIds(n));
      const start = draw(n, options);
      fc.assert(
        fc.property(eveningOf(start), (evening) => {
          const played = playGroups(evening, start, options, seeds);
          const knockout = played.filter((m) => m.bracket === "knockout");
          const at = positions(knockout);
          const tables = groupTables(played, seeds);
          const groups = tables.length;
          if (groups < 2) return;
          // With two or more groups, two entries of one group never meet in the first round.
          for (const t of tables) {
            const qualified = t.rows.slice(0, options.advancePerGroup).map((r) => at.get(r.playerId) ?? -1);
            for (let i = 0; i < qualified.length; i++) {
              for (let j = i + 1; j < qualified.length; j++) {
                expect(
                  meetingRound(qualified[i] ?? 0, qualified[j] ?? 0),
                  `n=${n} ${JSON.stringify(options)}`,
                ).toBeGreaterThan(1);
              }
            }
          }
        }),
        { numRuns: 1 },
      );
    }
  }
});

test("places: the knockout's, then every group's next finishers share the next places; all settled at the end", () => {
  const ways = [DEFAULTS, { groupSize: 3, advancePerGroup: 1 }, { groupSize: 5, advancePerGroup: 3 }];
  for (let n = 6; n <= 64; n++) {
    const ids = playerIds(n);
    const seeds = seedsOf(ids);
    const draws = ways.map((options) => draw(n, options));
    // Any of the ways (by index), and an evening of its groups.
    const drawn = fc
      .constantFrom(...ways.keys())
      .chain((way) => eveningOf(draws[way] ?? []).map((evening) => ({ way, evening })));
    fc.assert(
      fc.property(drawn, ({ way, evening }) => {
        const options = ways[way] as GroupOptions;
        const groupsOnly = draws[way] as BracketMatch[];
        expect([...formatPlaces(groupsOnly, ids).values()].every((p) => p === null)).toBe(true);
        const played = playGroups(evening, groupsOnly, options, seeds);
        expect(isDecided(played)).toBe(false);
        const qualifiers = positions(played.filter((m) => m.bracket === "knockout")).size;
        const midway = groupsPlaces(played);
        // Those the groups put out are placed at once, after every knockout entrant.
        for (const [playerId, place] of midway) {
          if (positions(played.filter((m) => m.bracket === "knockout")).has(playerId)) expect(place).toBeNull();
          else expect(place?.from).toBeGreaterThan(qualifiers);
        }
        const finished = playKnockout(evening, evening.order.length, played);
        expect(isDecided(finished)).toBe(true);
        expect(winnersOf(finished, ids)).toHaveLength(1);
        const placed = formatPlaces(finished, ids);
        expect(placed.size).toBe(n);
        // Every place 1..n is taken by exactly the entries whose range covers it.
        const covered = new Array<number>(n + 1).fill(0);
        for (const place of placed.values()) {
          expect(place).not.toBeNull();
          if (!place) continue;
          const sharing = [...placed.values()].filter((p) => p?.from === place.from && p.to === place.to).length;
          expect(place.to - place.from + 1).toBe(sharing);
          for (let at = place.from; at <= place.to; at++) covered[at] = (covered[at] ?? 0) + 1;
        }
        expect(covered.slice(1).every((count) => count >= 1)).toBe(true);
        expect([...placed.values()].filter((p) => p?.from === 1)).toHaveLength(1);
      }),
      { numRuns: 1 },
    );
  }
});

test("a corrected group moves the knockout's entrants while their matches are unplayed, else names the match", () => {
  const ids = playerIds(8);
  const seeds = seedsOf(ids);
  // Two groups of four; every group match won by the better seed (p1 tops A, p2 tops B).
  let matches = draw(8);
  for (const m of matches) {
    const better =
      (seeds.get(m.player1Id ?? "") ?? 0) < (seeds.get(m.player2Id ?? "") ?? 0) ? m.player1Id : m.player2Id;
    matches = withChanges(matches, applyResult(matches, m.id, { winnerId: better }, results));
    matches = [...matches, ...knockoutAfterGroups(matches, seeds, 2, newKnockoutId, NOW).draw];
  }
  const tables = groupTables(matches, seeds);
  expect(tables.map((t) => t.rows.map((r) => r.playerId))).toEqual([
    ["p1", "p4", "p5", "p8"],
    ["p2", "p3", "p6", "p7"],
  ]);
  // p5 beat p4 after all: p4 and p5 are level on wins, and the head-to-head puts p5 through.
  const p4p5 = matches.find((m) => [m.player1Id, m.player2Id].sort().join() === "p4,p5") as BracketMatch;
  const corrected = correctResult(matches, p4p5.id, { winnerId: "p5" }, results);
  const after = withChanges(matches, corrected);
  const { changes } = knockoutAfterGroups(after, seeds, 2, newKnockoutId, NOW);
  expect(changes).toHaveLength(1);
  const moved = withChanges(after, changes);
  const entrants = [...positions(moved.filter((m) => m.bracket === "knockout")).keys()];
  expect(entrants).toContain("p5");
  expect(entrants).not.toContain("p4");
  // Once p4's knockout match has a result, the same correction is refused, naming it.
  const p4Match = matches.find((m) => m.bracket === "knockout" && (m.player1Id === "p4" || m.player2Id === "p4"));
  if (!p4Match) throw new Error("p4 is not in the knockout");
  // Whatever that result is.
  fc.assert(
    fc.property(result, (drawn) => {
      const played = withChanges(
        matches,
        applyResult(matches, p4Match.id, randomResult(drawn, p4Match, false), results),
      );
      const refused = withChanges(played, correctResult(played, p4p5.id, { winnerId: "p5" }, results));
      expect(() => knockoutAfterGroups(refused, seeds, 2, newKnockoutId, NOW)).toThrow(
        `${p4Match.label} · Match ${p4Match.matchNumber} already has a result: correct that one first`,
      );
    }),
    { numRuns: 20 },
  );
});
