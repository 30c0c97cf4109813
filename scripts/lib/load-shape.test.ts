import { describe, expect, test } from "vitest";
import {
  boardState,
  highestHeld,
  LOOPBACK_CLIENTS,
  latencyRow,
  loopbackAddress,
  mostPerAddress,
  paceSteps,
  percentile,
  raceWon,
  rackDelayMs,
  racksPerSecond,
} from "./load-shape.ts";

describe("percentiles", () => {
  test("nearest rank, whatever the order", () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 100)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
  });

  test("a mode's row: whole milliseconds, none for no samples", () => {
    expect(latencyRow("tap", [1.4, 2.6, 100.2])).toEqual({
      mode: "tap",
      samples: 3,
      "p50 ms": 3,
      "p95 ms": 100,
      "max ms": 100,
    });
    expect(latencyRow("none", [])).toMatchObject({ samples: 0, "p50 ms": null, "p95 ms": null });
  });
});

describe("the pace", () => {
  test("a rack every 2 to 4 minutes, divided by the pace", () => {
    expect(rackDelayMs(0, 1)).toBe(120_000);
    expect(rackDelayMs(0.5, 1)).toBe(180_000);
    expect(rackDelayMs(0.999, 60)).toBeLessThan(4_000);
    expect(rackDelayMs(0, 60)).toBe(2_000);
    expect(() => rackDelayMs(0.5, 0)).toThrow(/pace/);
  });

  test("racks a second: 1,000 tables at real pace play one every 0.18 s", () => {
    expect(racksPerSecond(1000, 1)).toBeCloseTo(5.56, 2);
    expect(racksPerSecond(10, 18)).toBe(1);
  });

  test("the ramp doubles, and the pace held is the last step within the limit", () => {
    expect(paceSteps(2, 64)).toEqual([2, 4, 8, 16, 32, 64]);
    expect(paceSteps(3, 20)).toEqual([3, 6, 12]);
    expect(() => paceSteps(0, 8)).toThrow();
    const steps = [
      { pace: 2, p95: 80 },
      { pace: 4, p95: null },
      { pace: 8, p95: 240 },
      { pace: 16, p95: 400 },
      { pace: 32, p95: 100 },
    ];
    expect(highestHeld(steps, 250)).toBe(8);
    expect(highestHeld([{ pace: 2, p95: 300 }], 250)).toBeNull();
    expect(highestHeld([{ pace: 2, p95: 100 }], 250)).toBe(2);
  });
});

describe("addresses", () => {
  test("devices go round 127.0.0.2 to 127.0.0.254, never 127.0.0.1", () => {
    expect(loopbackAddress(0)).toBe("127.0.0.2");
    expect(loopbackAddress(252)).toBe("127.0.0.254");
    expect(loopbackAddress(253)).toBe("127.0.0.2");
    const used = new Set(Array.from({ length: 2000 }, (_, n) => loopbackAddress(n)));
    expect(used.size).toBe(LOOPBACK_CLIENTS);
    expect(used.has("127.0.0.1")).toBe(false);
    expect(used.has("127.0.0.255")).toBe(false);
    expect(() => loopbackAddress(-1)).toThrow();
  });

  test("3,000 devices put at most 12 on an address: under the 20 sockets a channel takes from one", () => {
    expect(mostPerAddress(3000)).toBe(12);
    expect(mostPerAddress(253)).toBe(1);
  });
});

describe("the board", () => {
  const board = (attributes: string) =>
    `<p>x</p><section class="flex" aria-live="polite" data-drawn-at="1" ${attributes}><h2>Alex</h2></section>`;

  test("reads the match, the racks, the race and whether it is open", () => {
    expect(boardState(board('data-match="m1" data-racks="1121" data-race-to="5" data-open=""'))).toEqual({
      matchId: "m1",
      racks: "1121",
      raceTo: 5,
      open: true,
    });
    expect(boardState(board('data-match="m2" data-racks="" data-race-to=""'))).toEqual({
      matchId: "m2",
      racks: "",
      raceTo: 0,
      open: false,
    });
    expect(boardState("<main><p>No match at this table</p></main>")).toBeNull();
  });

  test("the race is won once a side has its race-to", () => {
    expect(raceWon({ racks: "1212", raceTo: 3 })).toBeNull();
    expect(raceWon({ racks: "12121", raceTo: 3 })).toBe(1);
    expect(raceWon({ racks: "2212", raceTo: 3 })).toBe(2);
    expect(raceWon({ racks: "1111", raceTo: 0 })).toBeNull();
  });
});
