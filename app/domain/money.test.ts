import { expect, test } from "vitest";
import {
  type Payout,
  type PayoutStructureId,
  payoutStructureIds,
  payoutStructures,
  type Placing,
  poolPerEntry,
  type Position,
  positions,
  positionSize,
  prizePreview,
  rakeError,
  rakePerEntry,
  type RakeType,
  rakeTypes,
  splitPool,
  splitPoolByPlace,
  structuresForFieldSize,
} from "./money.ts";
import {
  entryPriceText,
  entryTotalPence,
  formatGBP,
  MAX_PENCE,
  parsePence,
  penceToDecimal,
  withdrawalFee,
} from "./pence.ts";
// A seeded PRNG, so the property tests are repeatable: a failing case prints
// its seed-derived inputs.
import { seededRandom } from "../../test-support/fixtures.js";

test("pence become two-decimal strings", () => {
  expect(penceToDecimal(0)).toBe("0.00");
  expect(penceToDecimal(5)).toBe("0.05");
  expect(penceToDecimal(1250)).toBe("12.50");
  expect(penceToDecimal(9_999_999_999)).toBe("99999999.99");
  expect(penceToDecimal(-75)).toBe("-0.75");
});

test("pence are shown as pounds with a £ sign", () => {
  expect(formatGBP(0)).toBe("£0.00");
  expect(formatGBP(1100)).toBe("£11.00");
  expect(formatGBP(123456)).toBe("£1,234.56");
  expect(formatGBP(-150)).toBe("−£1.50");
});

// --- helpers -----------------------------------------------------------------

/** Placings filling each given position with that many players, named by position. */
function field(counts: Partial<Record<Position, number>>): Placing[] {
  return positions.flatMap((position) =>
    Array.from({ length: counts[position] ?? 0 }, (_, i) => ({ playerId: `${position}/${i + 1}`, position })),
  );
}
function amounts(payouts: Payout[]) {
  return payouts.map((p) => p.amountPence);
}
function sum(values: number[]) {
  return values.reduce((a, b) => a + b, 0);
}

// --- the scenario (SCENARIO.md) ------------------------------------------------

test("scenario: £10 entry, £1 fixed rake, £1 site fee, 16 max, winner and runner-up", () => {
  const entryFeePence = parsePence("10.00");
  const siteFeePence = parsePence("1.00");
  const rakeValue = parsePence("1.00");
  expect([entryFeePence, siteFeePence, rakeValue]).toEqual([1000, 100, 100]);

  const preview = prizePreview({
    entryFeePence: 1000,
    siteFeePence: 100,
    rakeType: "fixed",
    rakeValue: 100,
    maxPlayers: 16,
    payoutStructure: "winner_ru",
  });
  expect(preview).toEqual({
    playerPaysPence: 1100,
    siteFeePence: 100,
    rakePerEntryPence: 100,
    teamSize: 1,
    poolPerEntryPence: 900,
    poolIfFullPence: 14400,
    rakeIfFullPence: 1600,
    payouts: [
      { position: "1st", players: 1, amountEachPence: 10080, totalPence: 10080 },
      { position: "2nd", players: 1, amountEachPence: 4320, totalPence: 4320 },
    ],
  });
  expect(formatGBP(preview.playerPaysPence)).toBe("£11.00");
  expect(formatGBP(preview.poolPerEntryPence)).toBe("£9.00");
  expect(formatGBP(preview.poolIfFullPence)).toBe("£144.00");

  // Fourteen paid: the real pool, not the full one.
  const rake = rakePerEntry(1000, "fixed", 100);
  const pool = poolPerEntry(1000, rake) * 14;
  expect(pool).toBe(12600);
  expect(rake * 14).toBe(1400);
  const payouts = splitPool("winner_ru", pool, [
    { playerId: "winner", position: "1st" },
    { playerId: "runner-up", position: "2nd" },
    { playerId: "semi-a", position: "3rd-4th" },
    { playerId: "semi-b", position: "3rd-4th" },
  ]);
  expect(payouts).toEqual([
    { playerId: "winner", position: "1st", amountPence: 8820 },
    { playerId: "runner-up", position: "2nd", amountPence: 3780 },
  ]);
  expect(payouts.map((p) => formatGBP(p.amountPence))).toEqual(["£88.20", "£37.80"]);

  // The winner withdraws £50.
  expect(withdrawalFee(5000)).toEqual({ feePence: 150, netPence: 4850 });
});

// --- parsePence ------------------------------------------------------------------

test.each([
  ["0", 0],
  ["0.00", 0],
  ["12", 1200],
  ["12.5", 1250],
  ["12.50", 1250],
  ["12.05", 1205],
  [" 12.50 ", 1250],
  ["\t12.50\n", 1250],
  ["\u00a012.50", 1250],
  ["£12.50", 1250],
  [" £12.50 ", 1250],
  ["£ 12.50", 1250],
  ["0.5", 50],
  [".5", 50],
  [".05", 5],
  ["£.99", 99],
  ["007", 700],
  ["000000000000000001.00", 100],
  ["1,000", 100000],
  ["1,000.00", 100000],
  ["£1,234,567.89", 123456789],
  ["99999999.99", MAX_PENCE],
  ["99,999,999.99", MAX_PENCE],
])("parsePence accepts %j as %i", (input, pence) => {
  expect(parsePence(input)).toBe(pence);
});

test.each([
  "",
  "  ",
  "£",
  ".",
  "£.",
  "12.",
  "-5",
  "-0",
  "-0.01",
  "£-5",
  "+5",
  "abc",
  "12abc",
  "1e9",
  "1e3",
  "1E3",
  "0x10",
  "10.001",
  "99999999.999",
  "100000000.00",
  "100000000",
  "100,000,000",
  "999999999999999999999",
  "Infinity",
  "NaN",
  "12,50",
  "1,00",
  "1,0000",
  ",100",
  "1,,000",
  "1,000,",
  "12 50",
  "12.5.0",
  "5£",
  "£12.50£",
  "££5",
  "GBP 5",
  "１２",
  "١٢",
])("parsePence refuses %j", (input) => {
  expect(parsePence(input)).toBeNull();
});

test("a player pays the entry fee plus the site fee; cards spell out both", () => {
  expect(entryTotalPence({ entryFeePence: 1000, siteFeePence: 100 })).toBe(1100);
  expect(entryPriceText({ entryFeePence: 1000, siteFeePence: 100 })).toBe("£11.00 = £10.00 + £1.00 site fee");
  expect(entryPriceText({ entryFeePence: 250000, siteFeePence: 150 })).toBe("£2,501.50 = £2,500.00 + £1.50 site fee");
  expect(entryPriceText({ entryFeePence: 1000, siteFeePence: 0 })).toBe("£10.00");
  expect(entryPriceText({ entryFeePence: 0, siteFeePence: 100 })).toBe("£1.00 = £0.00 + £1.00 site fee");
  expect(entryPriceText({ entryFeePence: 0, siteFeePence: 0 })).toBe("Free");
});

test("every pence value round-trips through its decimal string", () => {
  const rand = seededRandom(7);
  for (let i = 0; i < 2000; i++) {
    const pence = rand.int(0, MAX_PENCE);
    expect(parsePence(penceToDecimal(pence))).toBe(pence);
    expect(parsePence(formatGBP(pence).replace("£", "£ "))).toBe(pence);
  }
});

// --- rake and pool -----------------------------------------------------------------

test("a fixed rake is the stored pence", () => {
  expect(rakePerEntry(1000, "fixed", 100)).toBe(100);
  expect(rakePerEntry(1000, "fixed", 0)).toBe(0);
  expect(rakePerEntry(1000, "fixed", 1000)).toBe(1000);
});

test("a percentage rake is rounded half-up to the penny", () => {
  expect(rakePerEntry(333, "percent", 1250)).toBe(42); // 41.625
  expect(rakePerEntry(1, "percent", 5000)).toBe(1); // 0.5
  expect(rakePerEntry(1, "percent", 4900)).toBe(0); // 0.49
  expect(rakePerEntry(1, "percent", 4999)).toBe(0); // 0.4999
  expect(rakePerEntry(49, "percent", 100)).toBe(0); // 0.49
  expect(rakePerEntry(150, "percent", 100)).toBe(2); // 1.5
  expect(rakePerEntry(1000, "percent", 1000)).toBe(100);
  expect(rakePerEntry(1000, "percent", 0)).toBe(0);
  expect(rakePerEntry(0, "percent", 10000)).toBe(0);
  expect(rakePerEntry(1234, "percent", 10000)).toBe(1234);
  expect(rakePerEntry(MAX_PENCE, "percent", 10000)).toBe(MAX_PENCE);
  expect(rakePerEntry(MAX_PENCE, "percent", 1)).toBe(1_000_000); // 999,999.9999
  // Exact past 2^53, where a float product would lose pennies.
  const big = Number.MAX_SAFE_INTEGER - 1;
  expect(rakePerEntry(big, "percent", 5000)).toBe(big / 2);
});

test("rakePerEntry refuses negative and non-integer inputs", () => {
  for (const [entry, value] of [
    [-1, 100],
    [1000, -1],
    [12.5, 100],
    [1000, 12.5],
    [Number.NaN, 100],
    [1000, Number.POSITIVE_INFINITY],
    [Number.MAX_SAFE_INTEGER + 1, 0],
  ] as const) {
    for (const type of rakeTypes) expect(() => rakePerEntry(entry, type, value)).toThrow(RangeError);
  }
  expect(() => rakePerEntry(1000, "other" as RakeType, 100)).toThrow(RangeError);
});

test("rakeError: the rake may not exceed the entry fee, a percentage may not exceed 100%", () => {
  expect(rakeError(1000, "fixed", 100)).toBeNull();
  expect(rakeError(1000, "fixed", 1000)).toBeNull();
  expect(rakeError(1000, "fixed", 1001)).toBe("Rake can't be more than the entry fee");
  expect(rakeError(0, "fixed", 0)).toBeNull();
  expect(rakeError(0, "fixed", 1)).toBe("Rake can't be more than the entry fee");
  expect(rakeError(1000, "percent", 10000)).toBeNull();
  expect(rakeError(0, "percent", 10000)).toBeNull();
  expect(rakeError(1000, "percent", 10001)).toBe("Rake percentage can't be more than 100%");
  // A percentage is judged as a percentage, not against the fee in pence.
  expect(rakeError(100, "percent", 5000)).toBeNull();
});

test("rakePerEntry never exceeds the entry fee when rakeError passes", () => {
  const rand = seededRandom(11);
  for (let i = 0; i < 2000; i++) {
    const entry = rand.chance(0.2) ? rand.int(0, 10) : rand.int(0, MAX_PENCE);
    const type = rand.pick(rakeTypes);
    const value = type === "percent" ? rand.int(0, 20_000) : rand.int(0, entry * 2 + 1);
    if (rakeError(entry, type, value) !== null) continue;
    const rake = rakePerEntry(entry, type, value);
    expect(Number.isSafeInteger(rake) && rake >= 0 && rake <= entry, `${entry} ${type} ${value}`).toBe(true);
    expect(poolPerEntry(entry, rake) + rake).toBe(entry);
  }
});

test("the pool per entry is the entry fee less the rake, never the site fee", () => {
  expect(poolPerEntry(1000, 100)).toBe(900);
  expect(poolPerEntry(1000, 0)).toBe(1000);
  expect(poolPerEntry(1000, 1000)).toBe(0);
  expect(() => poolPerEntry(1000, 1001)).toThrow(RangeError);
  expect(() => poolPerEntry(-1, 0)).toThrow(RangeError);
  expect(() => poolPerEntry(1000, 0.5)).toThrow(RangeError);
});

// --- payout structures ---------------------------------------------------------------

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

test("splitPool properties over 2000 random fields", () => {
  const rand = seededRandom(2025);
  for (let run = 0; run < 2000; run++) {
    const structureId = rand.pick(payoutStructureIds);
    const { shares } = payoutStructures[structureId];
    const poolPence = rand.chance(0.2) ? rand.int(0, 20) : rand.int(0, 10_000_000);

    let counts: Partial<Record<Position, number>>;
    do {
      counts = Object.fromEntries(positions.map((p) => [p, rand.int(0, positionSize[p])]));
    } while (!positions.some((p) => (counts[p] ?? 0) > 0 && shares[p] !== undefined));
    const placings = rand.shuffle(field(counts)); // input order isn't always position order

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
  }
});

// --- prizePreview -----------------------------------------------------------------------------

test("the preview fills positions as far as maxPlayers reaches", () => {
  const base = { entryFeePence: 1000, siteFeePence: 100, rakeType: "fixed" as const, rakeValue: 0 };
  // 6 players, top_16: 1st, 2nd, 2 semi-finalists, 2 quarter-finalists; 70% claimed.
  expect(prizePreview({ ...base, maxPlayers: 6, payoutStructure: "top_16" }).payouts).toEqual([
    { position: "1st", players: 1, amountEachPence: 2571, totalPence: 2571 },
    { position: "2nd", players: 1, amountEachPence: 1286, totalPence: 1286 },
    { position: "3rd-4th", players: 2, amountEachPence: 643, totalPence: 1286 },
    { position: "5th-8th", players: 2, amountEachPence: 428, totalPence: 857 },
  ]);
  // 3 players, winner_ru_semi (not offered, but still well defined).
  expect(prizePreview({ ...base, maxPlayers: 3, payoutStructure: "winner_ru_semi" }).payouts).toEqual([
    { position: "1st", players: 1, amountEachPence: 1714, totalPence: 1714 },
    { position: "2nd", players: 1, amountEachPence: 857, totalPence: 857 },
    { position: "3rd-4th", players: 1, amountEachPence: 429, totalPence: 429 },
  ]);
  expect(prizePreview({ ...base, maxPlayers: 512, payoutStructure: "top_16" }).payouts).toEqual([
    { position: "1st", players: 1, amountEachPence: 153600, totalPence: 153600 },
    { position: "2nd", players: 1, amountEachPence: 76800, totalPence: 76800 },
    { position: "3rd-4th", players: 2, amountEachPence: 38400, totalPence: 76800 },
    { position: "5th-8th", players: 4, amountEachPence: 25600, totalPence: 102400 },
    { position: "9th-16th", players: 8, amountEachPence: 12800, totalPence: 102400 },
  ]);
});

test("the preview shows the smaller amount when a position's players differ by a penny", () => {
  // Pool 4p over 2 / 1 / 0.5 / 0.5: one semi-finalist gets the spare penny.
  const preview = prizePreview({
    entryFeePence: 1,
    siteFeePence: 0,
    rakeType: "percent",
    rakeValue: 0,
    maxPlayers: 4,
    payoutStructure: "winner_ru_semi",
  });
  expect(preview.poolIfFullPence).toBe(4);
  expect(preview.payouts).toEqual([
    { position: "1st", players: 1, amountEachPence: 2, totalPence: 2 },
    { position: "2nd", players: 1, amountEachPence: 1, totalPence: 1 },
    { position: "3rd-4th", players: 2, amountEachPence: 0, totalPence: 1 },
  ]);
});

test("the preview with a percentage rake and an empty field", () => {
  const preview = prizePreview({
    entryFeePence: 333,
    siteFeePence: 50,
    rakeType: "percent",
    rakeValue: 1250,
    maxPlayers: 0,
    payoutStructure: "winner_only",
  });
  expect(preview).toEqual({
    playerPaysPence: 383,
    siteFeePence: 50,
    rakePerEntryPence: 42,
    teamSize: 1,
    poolPerEntryPence: 291,
    poolIfFullPence: 0,
    rakeIfFullPence: 0,
    payouts: [],
  });
});

test("the preview refuses what the form would refuse", () => {
  const ok = {
    entryFeePence: 1000,
    siteFeePence: 100,
    rakeType: "fixed" as const,
    rakeValue: 100,
    maxPlayers: 16,
    payoutStructure: "winner_ru" as const,
  };
  expect(() => prizePreview({ ...ok, rakeValue: 1001 })).toThrow(RangeError);
  expect(() => prizePreview({ ...ok, rakeType: "percent", rakeValue: 10001 })).toThrow(RangeError);
  expect(() => prizePreview({ ...ok, siteFeePence: -1 })).toThrow(RangeError);
  expect(() => prizePreview({ ...ok, entryFeePence: 10.5 })).toThrow(RangeError);
  expect(() => prizePreview({ ...ok, maxPlayers: -1 })).toThrow(RangeError);
  expect(() => prizePreview({ ...ok, maxPlayers: 2.5 })).toThrow(RangeError);
});

test("preview properties over 2000 random forms", () => {
  const rand = seededRandom(42);
  for (let run = 0; run < 2000; run++) {
    const entryFeePence = rand.int(0, 1_000_000);
    const rakeType = rand.pick(rakeTypes);
    const rakeValue = rakeType === "percent" ? rand.int(0, 10_000) : rand.int(0, entryFeePence);
    const maxPlayers = rand.int(2, 512);
    const payoutStructure = rand.pick(payoutStructureIds);
    const siteFeePence = rand.int(0, 1000);
    const input = { entryFeePence, siteFeePence, rakeType, rakeValue, maxPlayers, payoutStructure };
    const context = JSON.stringify(input);
    const preview = prizePreview(input);

    expect(preview.poolIfFullPence, context).toBe(preview.poolPerEntryPence * maxPlayers);
    expect(preview.rakeIfFullPence, context).toBe(preview.rakePerEntryPence * maxPlayers);
    expect(preview.poolPerEntryPence + preview.rakePerEntryPence, context).toBe(entryFeePence);
    expect(preview.playerPaysPence, context).toBe(entryFeePence + input.siteFeePence);
    expect(sum(preview.payouts.map((r) => r.totalPence)), context).toBe(preview.poolIfFullPence);
    const paidPlaces = Math.min(maxPlayers, payoutStructures[payoutStructure].paidPlaces);
    expect(sum(preview.payouts.map((r) => r.players)), context).toBe(paidPlaces);
    for (const row of preview.payouts) {
      expect(row.totalPence - row.amountEachPence * row.players, context).toBeGreaterThanOrEqual(0);
      expect(row.totalPence - row.amountEachPence * row.players, context).toBeLessThan(row.players);
    }
  }
});

// --- withdrawal ---------------------------------------------------------------------------------

test("the withdrawal fee is 3% half-up to the penny", () => {
  expect(withdrawalFee(5000)).toEqual({ feePence: 150, netPence: 4850 });
  expect(withdrawalFee(0)).toEqual({ feePence: 0, netPence: 0 });
  expect(withdrawalFee(1)).toEqual({ feePence: 0, netPence: 1 }); // 0.03
  expect(withdrawalFee(16)).toEqual({ feePence: 0, netPence: 16 }); // 0.48
  expect(withdrawalFee(17)).toEqual({ feePence: 1, netPence: 16 }); // 0.51
  expect(withdrawalFee(50)).toEqual({ feePence: 2, netPence: 48 }); // 1.5
  expect(withdrawalFee(150)).toEqual({ feePence: 5, netPence: 145 }); // 4.5
  expect(withdrawalFee(MAX_PENCE)).toEqual({ feePence: 300_000_000, netPence: 9_699_999_999 }); // …99.97
  for (const bad of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    expect(() => withdrawalFee(bad)).toThrow(RangeError);
  }
});

test("fee and net always add up to the amount", () => {
  const rand = seededRandom(3);
  for (let i = 0; i < 2000; i++) {
    const amount = rand.int(0, MAX_PENCE);
    const { feePence, netPence } = withdrawalFee(amount);
    expect(feePence + netPence).toBe(amount);
    expect(Math.abs(feePence * 100 - amount * 3)).toBeLessThanOrEqual(50);
  }
});

// --- splitPoolByPlace: every format's places -------------------------------------------

test("by place: a knockout's shared places pay what the positions pay", () => {
  const rng = seededRandom(2024);
  for (let run = 0; run < 300; run++) {
    const structure = rng.pick(payoutStructureIds);
    const pool = rng.int(0, 5_000_000);
    // Any number claimed in each position (byes leave some unclaimed): places from the position's first.
    const placings: { playerId: string; position: (typeof positions)[number] }[] = [];
    const placed: { playerId: string; place: { from: number; to: number } }[] = [];
    let from = 1;
    for (const position of positions) {
      const count = rng.int(position === "1st" || position === "2nd" ? 1 : 0, positionSize[position]);
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
  }
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
