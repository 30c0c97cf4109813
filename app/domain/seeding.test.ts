import { expect, test } from "vitest";
import { DomainError } from "./errors.ts";
import { checkSeedOrder, seedOrderFor } from "./seeding.ts";

test("a seed order lists every paid entry once", () => {
  expect(() => checkSeedOrder(["a", "b"], ["b", "a"])).not.toThrow();
  for (const order of [["a"], ["a", "a"], ["a", "c"], ["a", "b", "c"]]) {
    expect(() => checkSeedOrder(order, ["a", "b"])).toThrow(DomainError);
  }
});

test("manual seeding follows the seeds, newcomers drawn after; random draws everyone", () => {
  const entries = [
    { playerId: "c", seed: 3 },
    { playerId: "a", seed: 1 },
    { playerId: "x", seed: null },
    { playerId: "b", seed: 2 },
    { playerId: "y", seed: null },
  ];
  const order = seedOrderFor("manual", entries, () => 0);
  expect(order.slice(0, 3)).toEqual(["a", "b", "c"]);
  expect(order.slice(3).sort()).toEqual(["x", "y"]);
  const drawn = seedOrderFor("random", entries);
  expect([...drawn].sort()).toEqual(["a", "b", "c", "x", "y"]);
});
