import { expect, test } from "vitest";
import { ratingChart } from "./rating-chart.ts";

const box = { width: 240, height: 120, pad: 20 };

test("nothing to draw without a rated match", () => {
  expect(ratingChart([], box)).toBeNull();
});

test("one step per match, the axis on round 50s and at least 100 points tall", () => {
  const chart = ratingChart(
    [
      { rating: 516, matchId: "m1" },
      { rating: 530, matchId: "m2" },
      { rating: 505, matchId: "m3" },
    ],
    box,
  );
  expect(chart?.ticks.map((t) => t.rating)).toEqual([450, 500, 550]);
  // Left to right across the inner width, evenly.
  expect(chart?.points.map((p) => p.x)).toEqual([20, 120, 220]);
  // 550 at the top of the inner box, 450 at its bottom.
  expect(chart?.ticks.map((t) => t.y)).toEqual([100, 60, 20]);
  expect(chart?.points[0]?.y).toBeCloseTo(60 - (16 / 100) * 80, 1);
  expect(chart?.path).toBe(`M20 ${chart?.points[0]?.y} L120 ${chart?.points[1]?.y} L220 ${chart?.points[2]?.y}`);
});

test("a wide range keeps its own bounds; a single match sits in the middle", () => {
  const wide = ratingChart(
    [
      { rating: 380, matchId: "a" },
      { rating: 720, matchId: "b" },
    ],
    box,
  );
  expect(wide?.ticks.map((t) => t.rating)).toEqual([350, 550, 750]);
  const one = ratingChart([{ rating: 484, matchId: "a" }], box);
  expect(one?.points).toEqual([{ x: 120, y: 60 + ((500 - 484) / 100) * 80 - 0, rating: 484, matchId: "a" }]);
  expect(one?.path).toBe(`M120 ${one?.points[0]?.y}`);
});
