import { expect, test } from "vitest";
import { DomainError } from "../../../domain/errors.ts";
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

test("seeding by rating puts the highest rated first; equal ratings (as shown) are drawn among themselves", () => {
  const entries = [
    { playerId: "new", seed: null, rating: null },
    { playerId: "top", seed: null, rating: 640.2 },
    { playerId: "low", seed: null, rating: 410 },
    { playerId: "tieA", seed: null, rating: 555.4 },
    { playerId: "tieB", seed: null, rating: 554.6 },
  ];
  const first = seedOrderFor("rating", entries, () => 0);
  expect(first[0]).toBe("top");
  expect(first.slice(1, 3).sort()).toEqual(["tieA", "tieB"]);
  expect(first.slice(3)).toEqual(["new", "low"]);
  // The tie is a draw: another draw may order it the other way, nothing else moves.
  const orders = new Set<string>();
  for (let i = 0; i < 40; i++) orders.add(seedOrderFor("rating", entries).slice(1, 3).join());
  expect(orders).toEqual(new Set(["tieA,tieB", "tieB,tieA"]));
});
