// Ratings kept step by step equal the full replay (decision 027's addendum): whatever is recorded, corrected, undone
// or set, in whatever order and at whatever time, the steps kept by replaying from the first event each change
// touches are the steps of replaying everything — and the standings are `replayWithCaps`' and `replayRatings`'.
import fc from "fast-check";
import { expect, test } from "vitest";
import { replayRatings, type RatedResult } from "./ratings.ts";
import { eventKey, keyBefore, replayFrom, replaySteps, type RatingStep, type Standing } from "./rating-steps.ts";
import { replayWithCaps, type ReadStart } from "./starting-ratings.ts";

const PLAYERS = ["ann", "bob", "cat", "dan", "eve"];

type History = { results: Map<string, RatedResult>; starts: Map<string, ReadStart> };

/** A change to what the ratings are replayed from, and the moment it touches (its old time or its new, the earlier). */
type Change =
  | { kind: "result"; id: number; at: number; one: number; two: number; racks1: number; racks2: number }
  | { kind: "undo"; id: number }
  | { kind: "start"; player: number; at: number; rating: number; stands: boolean }
  | { kind: "take back"; player: number };

const player = (i: number) => PLAYERS[i % PLAYERS.length] as string;

/** Applies a change; answers the moment it touches, or null when it changed nothing. */
function apply(h: History, c: Change): number | null {
  if (c.kind === "result") {
    const matchId = `m${c.id}`;
    const was = h.results.get(matchId);
    const one = player(c.one);
    const two = player(c.one === c.two ? c.two + 1 : c.two);
    h.results.set(matchId, { matchId, at: c.at, player1Id: one, player2Id: two, racks1: c.racks1, racks2: c.racks2 });
    return Math.min(c.at, was?.at ?? c.at);
  }
  if (c.kind === "undo") {
    const matchId = `m${c.id}`;
    const was = h.results.get(matchId);
    h.results.delete(matchId);
    return was ? was.at : null;
  }
  const playerId = player(c.player);
  const was = h.starts.get(playerId);
  if (c.kind === "take back") {
    h.starts.delete(playerId);
    return was ? was.at : null;
  }
  h.starts.set(playerId, { playerId, at: c.at, rating: c.rating, setBy: "td", stands: c.stands });
  return Math.min(c.at, was?.at ?? c.at);
}

/** The server's replay from a moment, against steps kept in memory: the same reads, the same function. */
function catchUp(stored: Map<string, RatingStep>, h: History, from: number) {
  const since = keyBefore(from);
  const all = [...stored.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  const before = new Map<string, Standing>();
  for (const s of all) if (s.key < since) before.set(s.playerId, s);
  const { put, drop } = replayFrom({
    before,
    results: [...h.results.values()].filter((r) => r.at >= from),
    starts: [...h.starts.values()].filter((s) => s.at >= from),
    stored: all.filter((s) => s.key >= since),
  });
  for (const s of drop) stored.delete(`${s.playerId} ${s.key}`);
  for (const s of put) stored.set(`${s.playerId} ${s.key}`, s);
}

const change: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("result" as const),
      id: fc.integer({ min: 0, max: 12 }),
      at: fc.integer({ min: 0, max: 40 }),
      one: fc.nat(4),
      two: fc.nat(4),
      racks1: fc.nat(7),
      racks2: fc.nat(7),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("undo" as const), id: fc.integer({ min: 0, max: 12 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("start" as const),
      player: fc.nat(4),
      at: fc.integer({ min: 0, max: 40 }),
      rating: fc.integer({ min: 100, max: 1000 }),
      stands: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("take back" as const), player: fc.nat(4) }) },
);

test("steps kept from the first event each change touches equal the replay of everything", () => {
  fc.assert(
    fc.property(fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { maxLength: 25 }), (batches) => {
      const h: History = { results: new Map(), starts: new Map() };
      const stored = new Map<string, RatingStep>();
      for (const batch of batches) {
        // Changes marked together (a batch, or replays that fell behind) are caught up from the earliest.
        const touched = batch.map((c) => apply(h, c)).filter((at) => at !== null);
        if (touched.length > 0) catchUp(stored, h, Math.min(...touched));
        const results = [...h.results.values()];
        const starts = [...h.starts.values()];
        const replayed = replaySteps(new Map(), results, starts).steps;
        const kept = [...stored.values()].sort((a, b) => (a.playerId + a.key < b.playerId + b.key ? -1 : 1));
        const expected = replayed.sort((a, b) => (a.playerId + a.key < b.playerId + b.key ? -1 : 1));
        expect(kept).toEqual(expected);
      }
      // And the steps' last standings are the oracle's: the rating, its racks, who set it, the cap; the history.
      const { ratings, caps } = replayWithCaps([...h.results.values()], [...h.starts.values()]);
      const last = new Map<string, RatingStep>();
      for (const s of [...stored.values()].sort((a, b) => (a.key < b.key ? -1 : 1))) last.set(s.playerId, s);
      expect(new Set(last.keys())).toEqual(new Set(ratings.keys()));
      for (const [id, r] of ratings) {
        const s = last.get(id);
        expect({ rating: s?.rating, racks: s?.racks, setBy: s?.setBy, cap: s?.capRating }).toEqual({
          rating: r.rating,
          racks: r.racks,
          setBy: r.setBy,
          cap: caps.get(id),
        });
      }
      const history = replayRatings([...h.results.values()], [...h.starts.values()]);
      for (const [id, r] of history) {
        const mine = [...stored.values()]
          .filter((s) => s.playerId === id && s.matchId)
          .sort((a, b) => (a.key < b.key ? -1 : 1))
          .map((s) => ({ at: s.at, rating: s.rating, matchId: s.matchId }));
        expect(mine).toEqual(r.history);
      }
    }),
    { numRuns: 300 },
  );
});

test("a new result after every other is its two players' steps, from their last steps", () => {
  const results: RatedResult[] = [
    { matchId: "m1", at: 10, player1Id: "ann", player2Id: "bob", racks1: 5, racks2: 3 },
    { matchId: "m2", at: 20, player1Id: "cat", player2Id: "dan", racks1: 2, racks2: 5 },
  ];
  const { steps, after } = replaySteps(new Map(), results, []);
  const next: RatedResult = { matchId: "m3", at: 30, player1Id: "bob", player2Id: "cat", racks1: 4, racks2: 4 };
  const { put, drop, standings } = replayFrom({
    before: after,
    results: [next],
    starts: [],
    stored: steps.filter((s) => s.key >= keyBefore(30)),
  });
  expect(drop).toEqual([]);
  expect(put.map((s) => [s.playerId, s.key])).toEqual([
    ["bob", eventKey(30, "result", "m3")],
    ["cat", eventKey(30, "result", "m3")],
  ]);
  expect([...standings.keys()]).toEqual(["bob", "cat"]);
  expect(standings.get("bob")).toEqual(replaySteps(new Map(), [...results, next], []).after.get("bob"));
});

test("keys sort as the replay orders: by time, a start before a result at the same instant, then by id", () => {
  const keys = [
    eventKey(1_800_000_000_000, "result", "b"),
    eventKey(1_800_000_000_000, "result", "a"),
    eventKey(1_800_000_000_000, "start", "z"),
    eventKey(999, "result", "z"),
  ].sort();
  expect(keys).toEqual([
    eventKey(999, "result", "z"),
    eventKey(1_800_000_000_000, "start", "z"),
    eventKey(1_800_000_000_000, "result", "a"),
    eventKey(1_800_000_000_000, "result", "b"),
  ]);
  expect(keyBefore(1_800_000_000_000) < eventKey(1_800_000_000_000, "start", "")).toBe(true);
  expect(eventKey(1_799_999_999_999, "result", "zz") < keyBefore(1_800_000_000_000)).toBe(true);
});
