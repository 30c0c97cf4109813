import fc from "fast-check";
import { expect, test } from "vitest";
import {
  payoutStructureIds,
  payoutStructures,
  poolPerEntry,
  rakeError,
  rakePerEntry,
  type RakeType,
  rakeTypes,
} from "./money.ts";
import { splitPool } from "./payout-split.ts";
import { prizePreview } from "./prize-preview.ts";
import {
  entryTotalPence,
  formatGBP,
  MAX_PENCE,
  parsePence,
  penceToDecimal,
  withdrawalFee,
} from "../../../domain/pence.ts";
import { sum } from "./payout-fixtures.ts";

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

test("a player pays the entry fee plus the site fee", () => {
  expect(entryTotalPence({ entryFeePence: 1000, siteFeePence: 100 })).toBe(1100);
  expect(entryTotalPence({ entryFeePence: 1000, siteFeePence: 0 })).toBe(1000);
});

test("every pence value round-trips through its decimal string", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: MAX_PENCE }), (pence) => {
      expect(parsePence(penceToDecimal(pence))).toBe(pence);
      expect(parsePence(formatGBP(pence).replace("£", "£ "))).toBe(pence);
    }),
    { numRuns: 2000 },
  );
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

// A rake as the form takes it: a tiny fee now and then, a percentage up to 200% or a fixed rake up to twice the
// fee (so rakeError refuses some).
const rakeForm = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 10 }), weight: 1 },
      { arbitrary: fc.integer({ min: 0, max: MAX_PENCE }), weight: 4 },
    ),
    fc.constantFrom(...rakeTypes),
  )
  .chain(([entry, type]) =>
    fc.record({
      entry: fc.constant(entry),
      type: fc.constant(type),
      value: fc.integer({ min: 0, max: type === "percent" ? 20_000 : entry * 2 + 1 }),
    }),
  );

test("rakePerEntry never exceeds the entry fee when rakeError passes", () => {
  fc.assert(
    fc.property(rakeForm, ({ entry, type, value }) => {
      if (rakeError(entry, type, value) !== null) return;
      const rake = rakePerEntry(entry, type, value);
      expect(Number.isSafeInteger(rake) && rake >= 0 && rake <= entry, `${entry} ${type} ${value}`).toBe(true);
      expect(poolPerEntry(entry, rake) + rake).toBe(entry);
    }),
    { numRuns: 2000 },
  );
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

// A form the preview accepts: the rake within the fee, or a percentage up to 100%.
const previewForm = fc
  .tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(...rakeTypes))
  .chain(([entryFeePence, rakeType]) =>
    fc.record({
      entryFeePence: fc.constant(entryFeePence),
      siteFeePence: fc.integer({ min: 0, max: 1000 }),
      rakeType: fc.constant(rakeType),
      rakeValue: fc.integer({ min: 0, max: rakeType === "percent" ? 10_000 : entryFeePence }),
      maxPlayers: fc.integer({ min: 2, max: 512 }),
      payoutStructure: fc.constantFrom(...payoutStructureIds),
    }),
  );

test("preview properties over random forms", () => {
  fc.assert(
    fc.property(previewForm, (input) => {
      const { entryFeePence, maxPlayers, payoutStructure } = input;
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
    }),
    { numRuns: 1000 },
  );
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
  fc.assert(
    fc.property(fc.integer({ min: 0, max: MAX_PENCE }), (amount) => {
      const { feePence, netPence } = withdrawalFee(amount);
      expect(feePence + netPence).toBe(amount);
      expect(Math.abs(feePence * 100 - amount * 3)).toBeLessThanOrEqual(50);
    }),
    { numRuns: 2000 },
  );
});

// --- splitPoolByPlace: every format's places -------------------------------------------
