// Payout structures (money.ts) and the pool split to the penny (payout-split.ts): every structure pays 100%, shares of
// unfilled places spread in proportion, remainders by rule, shared places split; property tests over random fields.
import fc from "fast-check";
import { expect, test } from "vitest";
import {
  type PayoutStructureId,
  payoutStructureIds,
  payoutStructures,
  payoutWording,
  type Position,
  positions,
  positionSize,
  structuresForFieldSize,
} from "./money.ts";
import { type Placing, splitPool, splitPoolByPlace } from "./payout-split.ts";
import { amounts, field, sum } from "./payout-fixtures.ts";

test("every structure pays exactly 100% when every paid place is filled", () => {
  for (const id of payoutStructureIds) {
    const { shares, paidPlaces } = payoutStructures[id];
    const total = positions.reduce((acc, p) => acc + (shares[p] ?? 0) * positionSize[p], 0);
    expect(total, id).toBe(10_000);
    expect(paidPlaces, id).toBe(positions.reduce((acc, p) => acc + (shares[p] ? positionSize[p] : 0), 0));
  }
});

test("structures are SPEC §9's, keyed by their own ids, and frozen", () => {
  expect(Object.keys(payoutStructures)).toEqual([...payoutStructureIds]);
  expect(payoutStructureIds.map((id) => payoutStructures[id].paidPlaces)).toEqual([1, 2, 4, 8, 16]);
  expect(payoutStructureIds.map((id) => payoutStructures[id].shares)).toEqual([
    { "1st": 10000 },
    { "1st": 7000, "2nd": 3000 },
    { "1st": 5000, "2nd": 2500, "3rd-4th": 1250 },
    { "1st": 4000, "2nd": 2000, "3rd-4th": 1000, "5th-8th": 500 },
    { "1st": 3000, "2nd": 1500, "3rd-4th": 750, "5th-8th": 500, "9th-16th": 250 },
  ]);
  expect(payoutStructures.winner_ru.label).toBe("Winner and runner-up");
  expect(payoutStructures.winner_ru.description).toBe("70% / 30%");
  expect(payoutStructures.top_16.description).toBe(
    "30% / 15% / 7.5% each semi-finalist / 5% each quarter-finalist / 2.5% each last-16 player",
  );
  for (const id of payoutStructureIds) {
    const s = payoutStructures[id];
    expect(s.id).toBe(id);
    expect(s.label.length > 0 && s.description.length > 0).toBe(true);
    expect(Object.isFrozen(s) && Object.isFrozen(s.shares)).toBe(true);
    // A better position pays strictly more per player: splitPool's ordering relies on it.
    const paid = positions.flatMap((p) => s.shares[p] ?? []);
    expect(paid).toEqual([...paid].sort((a, b) => b - a));
    expect(new Set(paid).size).toBe(paid.length);
  }
  expect(Object.isFrozen(payoutStructures) && Object.isFrozen(positionSize)).toBe(true);
});

test("a single elimination speaks of rounds reached; every other format of places, with the same shares", () => {
  expect(payoutWording("winner_ru_semi", "single_elimination")).toEqual({
    label: "Winner, runner-up and semi-finalists",
    description: "50% / 25% / 12.5% each semi-finalist",
  });
  for (const type of ["round_robin", "round_robin_tier", "double_elimination"] as const) {
    expect(payoutWording("winner_ru_semi", type)).toEqual({
      label: "Top 4",
      description: "50% / 25% / 12.5% each for 3rd and 4th",
    });
    expect(payoutWording("top_16", type).description).toBe(
      "30% / 15% / 7.5% each for 3rd and 4th / 5% each for 5th-8th / 2.5% each for 9th-16th",
    );
  }
  const percents = (text: string) => [...text.matchAll(/(\d+(?:\.\d+)?)%/g)].map((m) => Number(m[1]));
  for (const id of payoutStructureIds) {
    const { shares } = payoutStructures[id];
    const byShares = positions.flatMap((p) => (shares[p] === undefined ? [] : [shares[p] / 100]));
    for (const type of ["single_elimination", "double_elimination", "round_robin", "round_robin_tier"] as const) {
      const { label, description } = payoutWording(id, type);
      // The words change, never the money: the figures are the structure's shares, best place first.
      expect(percents(description), `${id} ${type}`).toEqual(byShares);
      if (type !== "single_elimination")
        expect(`${label} ${description}`).not.toMatch(/finalist|last-16|semi|quarter/i);
    }
  }
});

test.each([
  [0, []],
  [1, ["winner_only"]],
  [2, ["winner_only", "winner_ru"]],
  [3, ["winner_only", "winner_ru"]],
  [4, ["winner_only", "winner_ru", "winner_ru_semi"]],
  [7, ["winner_only", "winner_ru", "winner_ru_semi"]],
  [8, ["winner_only", "winner_ru", "winner_ru_semi", "winner_ru_semi_quarters"]],
  [15, ["winner_only", "winner_ru", "winner_ru_semi", "winner_ru_semi_quarters"]],
  [16, [...payoutStructureIds]],
  [512, [...payoutStructureIds]],
])("a field of %i can fill %j", (maxPlayers, ids) => {
  expect(structuresForFieldSize(maxPlayers).map((s) => s.id)).toEqual(ids);
});

// --- splitPool: exact cases ------------------------------------------------------------

test("full fields split a 10000p pool at exactly the structure's percentages", () => {
  const full = field({ "1st": 1, "2nd": 1, "3rd-4th": 2, "5th-8th": 4, "9th-16th": 8 });
  expect(amounts(splitPool("winner_only", 10000, full))).toEqual([10000]);
  expect(amounts(splitPool("winner_ru", 10000, full))).toEqual([7000, 3000]);
  expect(amounts(splitPool("winner_ru_semi", 10000, full))).toEqual([5000, 2500, 1250, 1250]);
  expect(amounts(splitPool("winner_ru_semi_quarters", 10000, full))).toEqual([
    4000, 2000, 1000, 1000, 500, 500, 500, 500,
  ]);
  expect(amounts(splitPool("top_16", 10000, full))).toEqual([
    3000, 1500, 750, 750, 500, 500, 500, 500, 250, 250, 250, 250, 250, 250, 250, 250,
  ]);
  expect(splitPool("winner_ru", 10000, full)).toEqual([
    { playerId: "1st/1", position: "1st", amountPence: 7000 },
    { playerId: "2nd/1", position: "2nd", amountPence: 3000 },
  ]);
});

test("results come best position first, then in input order", () => {
  const placings: Placing[] = [
    { playerId: "c", position: "3rd-4th" },
    { playerId: "b", position: "2nd" },
    { playerId: "d", position: "3rd-4th" },
    { playerId: "a", position: "1st" },
  ];
  expect(splitPool("winner_ru_semi", 8000, placings).map((p) => p.playerId)).toEqual(["a", "b", "c", "d"]);
});

test("an unclaimed share is spread over the claimed positions in proportion", () => {
  // Three players: one losing semi-finalist, so the pool is split 50 : 25 : 12.5 of 87.5.
  const three = field({ "1st": 1, "2nd": 1, "3rd-4th": 1 });
  expect(amounts(splitPool("winner_ru_semi", 8750, three))).toEqual([5000, 2500, 1250]);
  expect(amounts(splitPool("winner_ru_semi", 7000, three))).toEqual([4000, 2000, 1000]);
  // 100p: 57.14, 28.57, 14.29 → the spare penny goes to the largest remainder (2nd).
  expect(amounts(splitPool("winner_ru_semi", 100, three))).toEqual([57, 29, 14]);
  // Six players in top_16: 30 + 15 + 2 × 7.5 + 2 × 5 = 70.
  const six = field({ "1st": 1, "2nd": 1, "3rd-4th": 2, "5th-8th": 2 });
  expect(amounts(splitPool("top_16", 7000, six))).toEqual([3000, 1500, 750, 750, 500, 500]);
  // Only the winner placed: the winner takes it all.
  expect(amounts(splitPool("top_16", 12345, field({ "1st": 1 })))).toEqual([12345]);
  // No winner recorded yet but a runner-up: the runner-up's share is the only one claimed.
  expect(amounts(splitPool("winner_ru", 900, field({ "2nd": 1 })))).toEqual([900]);
});

test("pools that don't divide are split to the penny by largest remainder", () => {
  const two = field({ "1st": 1, "2nd": 1 });
  expect(amounts(splitPool("winner_ru", 0, two))).toEqual([0, 0]);
  expect(amounts(splitPool("winner_ru", 1, two))).toEqual([1, 0]); // 0.7 / 0.3
  expect(amounts(splitPool("winner_ru", 2, two))).toEqual([1, 1]); // 1.4 / 0.6
  expect(amounts(splitPool("winner_ru", 7, two))).toEqual([5, 2]); // 4.9 / 2.1
  expect(amounts(splitPool("winner_ru", 100001, two))).toEqual([70001, 30000]); // 70000.7 / 30000.3
  const four = field({ "1st": 1, "2nd": 1, "3rd-4th": 2 });
  expect(amounts(splitPool("winner_ru_semi", 1, four))).toEqual([1, 0, 0, 0]);
  expect(amounts(splitPool("winner_ru_semi", 3, four))).toEqual([2, 1, 0, 0]); // 1.5 .75 .375 .375
  expect(amounts(splitPool("winner_ru_semi", 6, four))).toEqual([3, 1, 1, 1]); // 3 1.5 .75 .75
  expect(amounts(splitPool("winner_ru_semi", 7, four))).toEqual([3, 2, 1, 1]); // 3.5 1.75 .875 .875
  expect(amounts(splitPool("winner_ru_semi", 100001, four))).toEqual([50001, 25000, 12500, 12500]);
  const sixteen = field({ "1st": 1, "2nd": 1, "3rd-4th": 2, "5th-8th": 4, "9th-16th": 8 });
  expect(amounts(splitPool("top_16", 1, sixteen))).toEqual([1, ...Array<number>(15).fill(0)]);
  expect(sum(amounts(splitPool("top_16", 100001, sixteen)))).toBe(100001);
});

test("ties in remainder go to the better position, then to input order", () => {
  // 3.5 / 1.5: equal remainders, the winner gets the penny.
  expect(amounts(splitPool("winner_ru", 5, field({ "1st": 1, "2nd": 1 })))).toEqual([4, 1]);
  // 3p over 8 quarter-final places: 1.2 .6 .3 .3 .15 … → 2nd, then the first-listed semi-finalist.
  const semisAB: Placing[] = [
    { playerId: "w", position: "1st" },
    { playerId: "r", position: "2nd" },
    { playerId: "semi-a", position: "3rd-4th" },
    { playerId: "semi-b", position: "3rd-4th" },
    ...field({ "5th-8th": 4 }),
  ];
  const ab = splitPool("winner_ru_semi_quarters", 3, semisAB);
  expect(ab.map((p) => [p.playerId, p.amountPence])).toEqual([
    ["w", 1],
    ["r", 1],
    ["semi-a", 1],
    ["semi-b", 0],
    ["5th-8th/1", 0],
    ["5th-8th/2", 0],
    ["5th-8th/3", 0],
    ["5th-8th/4", 0],
  ]);
  const semisBA = [semisAB[0], semisAB[1], semisAB[3], semisAB[2], ...semisAB.slice(4)] as Placing[];
  const ba = splitPool("winner_ru_semi_quarters", 3, semisBA);
  expect(ba.find((p) => p.playerId === "semi-b")?.amountPence).toBe(1);
  expect(ba.find((p) => p.playerId === "semi-a")?.amountPence).toBe(0);
});

test("players in positions the structure doesn't pay get nothing and are left out", () => {
  const placings = field({ "1st": 1, "2nd": 1, "3rd-4th": 2, "5th-8th": 4 });
  const payouts = splitPool("winner_ru", 1000, placings);
  expect(payouts.map((p) => p.position)).toEqual(["1st", "2nd"]);
  expect(splitPool("winner_only", 1000, field({ "2nd": 1, "3rd-4th": 2 }))).toEqual([]);
  expect(splitPool("winner_ru_semi", 1000, field({ "5th-8th": 4, "9th-16th": 8 }))).toEqual([]);
  expect(splitPool("top_16", 1000, [])).toEqual([]);
});

test("splitPool refuses impossible placings and bad pools", () => {
  const ok = field({ "1st": 1, "2nd": 1 });
  expect(() => splitPool("winner_ru", 100, field({ "1st": 2 }))).toThrow(RangeError);
  expect(() => splitPool("winner_ru", 100, field({ "2nd": 2 }))).toThrow(RangeError);
  expect(() => splitPool("top_16", 100, field({ "3rd-4th": 3 }))).toThrow(RangeError);
  expect(() => splitPool("top_16", 100, field({ "5th-8th": 5 }))).toThrow(RangeError);
  expect(() => splitPool("top_16", 100, field({ "9th-16th": 9 }))).toThrow(RangeError);
  // Too many in an unpaid position is still an impossible bracket.
  expect(() => splitPool("winner_only", 100, field({ "1st": 1, "9th-16th": 9 }))).toThrow(RangeError);
  expect(() =>
    splitPool("winner_ru", 100, [
      { playerId: "x", position: "1st" },
      { playerId: "x", position: "2nd" },
    ]),
  ).toThrow(RangeError);
  expect(() => splitPool("winner_ru", 100, [{ playerId: "x", position: "4th" as Position }])).toThrow(RangeError);
  expect(() => splitPool("nope" as PayoutStructureId, 100, ok)).toThrow(RangeError);
  expect(() => splitPool("toString" as PayoutStructureId, 100, ok)).toThrow(RangeError);
  for (const pool of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    expect(() => splitPool("winner_ru", pool, ok)).toThrow(RangeError);
  }
});

test("splitPool is exact for pools far beyond decimal(10,2)", () => {
  const pool = Number.MAX_SAFE_INTEGER;
  const payouts = splitPool("top_16", pool, field({ "1st": 1, "2nd": 1, "3rd-4th": 2, "5th-8th": 4, "9th-16th": 8 }));
  const total = payouts.reduce((acc, p) => acc + BigInt(p.amountPence), 0n);
  expect(total).toBe(BigInt(pool));
});

// --- splitPool: properties ---------------------------------------------------------------

/** `xs` sorted by `keys` (ties keep their order): a shuffle that shrinks back to the original order. */
function shuffled<T>(xs: readonly T[], keys: readonly number[]): T[] {
  return xs
    .map((x, i) => ({ x, key: keys[i] ?? 0 }))
    .sort((a, b) => a.key - b.key)
    .map(({ x }) => x);
}

/** How many claim each position, from none to all it holds (`min` for the 1st and 2nd places). */
const claimed = (min: number) =>
  fc
    .tuple(...positions.map((p) => fc.integer({ min: p === "1st" || p === "2nd" ? min : 0, max: positionSize[p] })))
    .map((counts) => Object.fromEntries(positions.map((p, i) => [p, counts[i] ?? 0])) as Record<Position, number>);

// A field where at least one paid position is claimed, in any order (input order isn't always position order).
const randomField = fc
  .record({
    structureId: fc.constantFrom(...payoutStructureIds),
    poolPence: fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 20 }), weight: 1 },
      { arbitrary: fc.integer({ min: 0, max: 10_000_000 }), weight: 4 },
    ),
    counts: claimed(0),
    // A sort key for each of the 16 places a field can claim.
    order: fc.array(fc.noBias(fc.nat()), { minLength: 16, maxLength: 16 }),
  })
  .filter(({ structureId, counts }) =>
    positions.some((p) => counts[p] > 0 && payoutStructures[structureId].shares[p] !== undefined),
  );

test("splitPool properties over random fields", () => {
  fc.assert(
    fc.property(randomField, ({ structureId, poolPence, counts, order }) => {
      const { shares } = payoutStructures[structureId];
      const placings = shuffled(field(counts), order);

      const payouts = splitPool(structureId, poolPence, placings);
      const context = JSON.stringify({ structureId, poolPence, counts });
      const totalShares = sum(placings.map((p) => shares[p.position] ?? 0));

      expect(sum(amounts(payouts)), context).toBe(poolPence);
      expect(payouts.length, context).toBe(placings.filter((p) => shares[p.position] !== undefined).length);
      for (const payout of payouts) {
        expect(Number.isInteger(payout.amountPence) && payout.amountPence >= 0, context).toBe(true);
        // Within a penny of the exact share: |amount × Σ − pool × share| < Σ (all well within 2^53).
        const share = shares[payout.position] ?? 0;
        expect(Math.abs(payout.amountPence * totalShares - poolPence * share), context).toBeLessThan(totalShares);
      }
      for (const better of payouts) {
        for (const worse of payouts) {
          if (positions.indexOf(better.position) < positions.indexOf(worse.position)) {
            expect(better.amountPence, context).toBeGreaterThanOrEqual(worse.amountPence);
          }
        }
      }
    }),
    { numRuns: 1000 },
  );
});

// --- prizePreview -----------------------------------------------------------------------------

test("by place: a knockout's shared places pay what the positions pay", () => {
  const knockout = fc.record({
    structure: fc.constantFrom(...payoutStructureIds),
    pool: fc.integer({ min: 0, max: 5_000_000 }),
    // Any number claimed in each position (byes leave some unclaimed), the final's two always.
    counts: claimed(1),
  });
  fc.assert(
    fc.property(knockout, ({ structure, pool, counts }) => {
      // Places from the position's first.
      const placings: { playerId: string; position: (typeof positions)[number] }[] = [];
      const placed: { playerId: string; place: { from: number; to: number } }[] = [];
      let from = 1;
      for (const position of positions) {
        const count = counts[position];
        for (let i = 0; i < count; i++) {
          const playerId = `${position}#${i}`;
          placings.push({ playerId, position });
          placed.push({ playerId, place: { from, to: from + count - 1 } });
        }
        from += positionSize[position];
      }
      const byPosition = splitPool(structure, pool, placings).map((p) => [p.playerId, p.amountPence]);
      const byPlace = splitPoolByPlace(structure, pool, placed).map((p) => [p.playerId, p.amountPence]);
      expect(byPlace).toEqual(byPosition);
    }),
    { numRuns: 300 },
  );
});

test("by place: 3rd and 4th on their own, a shared place splits its places' shares, pennies exact", () => {
  const placed = [
    { playerId: "a", place: { from: 1, to: 1 } },
    { playerId: "b", place: { from: 2, to: 2 } },
    { playerId: "c", place: { from: 3, to: 3 } },
    { playerId: "d", place: { from: 4, to: 4 } },
    { playerId: "e", place: { from: 5, to: 6 } },
    { playerId: "f", place: { from: 5, to: 6 } },
    { playerId: "g", place: { from: 7, to: 8 } },
  ];
  // Top 16 pays 30 / 15 / 7.5 / 7.5 / 5 … per place; every place 1..8 claimed but 8th: 7 claims.
  const result = splitPoolByPlace("top_16", 100_000, placed);
  expect(result.map((p) => p.position)).toEqual(["1st", "2nd", "3rd", "4th", "5th-6th", "5th-6th", "7th-8th"]);
  const amounts = result.map((p) => p.amountPence);
  expect(amounts.reduce((a, b) => a + b, 0)).toBe(100_000);
  // g holds 7th-8th alone: it gets the average of the two places' 5% (the other half is spread in proportion).
  // Claimed shares 30 + 15 + 7.5 + 7.5 + 5 + 5 + 5 = 75%: the pool goes 40 / 20 / 10 / 10 / 6.67 × 3, the two
  // spare pennies to the better places.
  expect(amounts).toEqual([40_000, 20_000, 10_000, 10_000, 6_667, 6_667, 6_666]);
  // Places sharing a range that straddles two shares get the average: 3rd-5th of winner_ru_semi_quarters
  // pays (10% + 10% + 5%) / 3 each.
  const straddle = splitPoolByPlace("winner_ru_semi_quarters", 75_000, [
    { playerId: "x", place: { from: 1, to: 1 } },
    { playerId: "y", place: { from: 2, to: 2 } },
    { playerId: "p", place: { from: 3, to: 5 } },
    { playerId: "q", place: { from: 3, to: 5 } },
    { playerId: "r", place: { from: 3, to: 5 } },
  ]);
  const each = straddle.slice(2).map((p) => p.amountPence);
  expect(Math.max(...each) - Math.min(...each)).toBeLessThanOrEqual(1);
  expect(straddle.reduce((sum, p) => sum + p.amountPence, 0)).toBe(75_000);
  // 40 : 20 : 8.33 × 3 of 85 shares.
  expect(straddle[0]?.amountPence).toBe(Math.round((75_000 * 4000) / 8500));
});

test("by place: refuses a player twice, a bad place and a bad pool; nobody paid gives []", () => {
  expect(() => splitPoolByPlace("winner_only", 100, [{ playerId: "a", place: { from: 0, to: 1 } }])).toThrow(
    RangeError,
  );
  expect(() => splitPoolByPlace("winner_only", 100, [{ playerId: "a", place: { from: 3, to: 2 } }])).toThrow(
    RangeError,
  );
  const twice = [
    { playerId: "a", place: { from: 1, to: 1 } },
    { playerId: "a", place: { from: 2, to: 2 } },
  ];
  expect(() => splitPoolByPlace("winner_ru", 100, twice)).toThrow(RangeError);
  expect(() => splitPoolByPlace("winner_ru", -1, [])).toThrow(RangeError);
  expect(splitPoolByPlace("winner_only", 100, [{ playerId: "b", place: { from: 2, to: 2 } }])).toEqual([]);
});
