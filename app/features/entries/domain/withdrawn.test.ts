// Withdrawn entries (decision 021): their matches become walkovers as the bracket reaches them, in every format.
import fc from "fast-check";
import { expect, test } from "vitest";
import { applyResult } from "../../play/domain/apply-result.ts";
import { type BracketMatch, withChanges } from "../../play/domain/bracket.ts";
import { expectDomainError, idFactory, NOW, playerIds } from "../../play/domain/bracket-testing.ts";
import { formatPlaces, generateFormat, isDecided, winnersOf } from "../../tournaments/domain/formats.ts";
import { knockoutAfterGroups } from "../../play/domain/groups.ts";
import type { TournamentType } from "../../../domain/tournaments.ts";
import {
  checkWithdrawal,
  drawWithWalkovers,
  lastInMessage,
  mergeChanges,
  walkoversFor,
  withWalkovers,
} from "./withdrawn.ts";

const options = { grandFinal: "reset" as const, groupSize: 4, advancePerGroup: 2 };
const draw = (type: TournamentType, n: number) => generateFormat(type, playerIds(n), idFactory(), NOW, options);
const out = (...ids: string[]) => new Set(ids);
const matchOf = (matches: readonly BracketMatch[], a: string, b: string, side?: BracketMatch["bracket"]) => {
  const found = matches.find(
    (m) =>
      (side === undefined || m.bracket === side) &&
      ((m.player1Id === a && m.player2Id === b) || (m.player1Id === b && m.player2Id === a)),
  );
  if (!found) throw new Error(`no match ${a} v ${b}`);
  return found;
};
const settle = (matches: BracketMatch[], withdrawn: Set<string>) =>
  withChanges(matches, walkoversFor(matches, withdrawn, NOW + 5).changes);
/** Records a played result for `winner`, then the walkovers it reaches. */
function play(matches: BracketMatch[], match: BracketMatch, winner: string, withdrawn: Set<string>) {
  const changes = applyResult(matches, match.id, { winnerId: winner }, { raceTo: null, now: NOW + 10 });
  return withChanges(matches, withWalkovers(matches, changes, withdrawn, NOW + 10));
}

test("single elimination: a withdrawn entry's first match is a walkover now, its next one when it is reached", () => {
  let bracket = draw("single_elimination", 4);
  const first = matchOf(bracket, "p1", "p4");
  // p1 won their first match, then had to leave: nothing is reached yet beyond it.
  bracket = play(bracket, first, "p1", out());
  expect(walkoversFor(bracket, out("p1"), NOW).decided).toEqual([]);
  // The other semi-final is played: the final is reached, and is a walkover to its winner.
  const other = matchOf(bracket, "p2", "p3");
  bracket = play(bracket, other, "p3", out("p1"));
  const final = bracket.find((m) => m.nextMatchId === null) as BracketMatch;
  expect(final).toMatchObject({ status: "completed", outcome: "walkover", winnerId: "p3" });
  expect(final.player1Score + final.player2Score).toBe(0);
  // Places already won stand: p1 is second.
  expect(formatPlaces(bracket, playerIds(4)).get("p1")).toEqual({ from: 2, to: 2 });
});

test("single elimination: walkovers chain as a walkover brings its winner to another withdrawn entry's match", () => {
  const bracket = draw("single_elimination", 8);
  const { changes, decided } = walkoversFor(bracket, out("p1", "p5", "p2"), NOW);
  const after = withChanges(bracket, changes);
  // p1 v p8 and p4 v p5 are walkovers at once; p8 v p4 is then reached with nobody withdrawn: it waits.
  expect(matchOf(after, "p1", "p8")).toMatchObject({ outcome: "walkover", winnerId: "p8" });
  expect(matchOf(after, "p4", "p5")).toMatchObject({ outcome: "walkover", winnerId: "p4" });
  expect(matchOf(after, "p8", "p4")).toMatchObject({ status: "pending" });
  expect(matchOf(after, "p2", "p7")).toMatchObject({ outcome: "walkover", winnerId: "p7" });
  expect(decided).toHaveLength(3);
  // Withdrawing twice changes nothing.
  expect(walkoversFor(after, out("p1", "p5", "p2"), NOW).changes).toEqual([]);
});

test("two withdrawn entries meeting make a double forfeit: a bye goes on in their place", () => {
  let bracket = draw("single_elimination", 8);
  bracket = settle(bracket, out("p1", "p8"));
  const both = matchOf(bracket, "p1", "p8");
  expect(both).toMatchObject({ status: "completed", outcome: "double_forfeit", winnerId: null });
  const semi = bracket.find((m) => m.id === both.nextMatchId) as BracketMatch;
  expect(semi.isBye).toBe(true);
  // The semi-final's other side goes straight through once it is decided.
  bracket = play(bracket, matchOf(bracket, "p4", "p5"), "p5", out("p1", "p8"));
  expect(bracket.find((m) => m.id === semi.id)).toMatchObject({ status: "completed", winnerId: "p5" });
});

test("a final between two withdrawn entries is left for the director (nobody would win a double forfeit)", () => {
  let bracket = draw("single_elimination", 2);
  const { changes, decided } = walkoversFor(bracket, out("p1", "p2"), NOW);
  expect(changes).toEqual([]);
  expect(decided).toEqual([]);
  bracket = draw("single_elimination", 4);
  bracket = play(bracket, matchOf(bracket, "p1", "p4"), "p1", out());
  bracket = play(bracket, matchOf(bracket, "p2", "p3"), "p2", out());
  expect(walkoversFor(bracket, out("p1", "p2"), NOW).decided).toEqual([]);
});

test("double elimination: the losers' bracket and both grand finals are walkovers for a withdrawn entry", () => {
  let bracket = draw("double_elimination", 4);
  // p1 wins the winners' bracket, then leaves: the grand final and its reset go to the losers' champion.
  bracket = play(bracket, matchOf(bracket, "p1", "p4"), "p1", out());
  bracket = play(bracket, matchOf(bracket, "p2", "p3"), "p2", out());
  bracket = play(bracket, matchOf(bracket, "p1", "p2"), "p1", out());
  const withdrawn = out("p1");
  bracket = settle(bracket, withdrawn);
  // The losers' first round: p4 v p3, played; its winner meets p2, played; then the grand final is a walkover.
  bracket = play(bracket, matchOf(bracket, "p4", "p3"), "p3", withdrawn);
  bracket = play(bracket, matchOf(bracket, "p3", "p2", "losers"), "p3", withdrawn);
  const finals = bracket.filter((m) => m.bracket === "grand_final");
  expect(finals).toHaveLength(2);
  expect(finals.every((m) => m.status === "completed" && m.winnerId === "p3")).toBe(true);
  expect(finals.every((m) => m.outcome === "walkover")).toBe(true);
  expect(isDecided(bracket)).toBe(true);
  expect(winnersOf(bracket, playerIds(4))).toEqual(["p3"]);
});

test("double elimination: a withdrawn entry drops to the losers' bracket and walks over there too", () => {
  let bracket = draw("double_elimination", 4);
  const withdrawn = out("p4");
  bracket = settle(bracket, withdrawn);
  expect(matchOf(bracket, "p1", "p4")).toMatchObject({ outcome: "walkover", winnerId: "p1" });
  bracket = play(bracket, matchOf(bracket, "p2", "p3"), "p3", withdrawn);
  // p4 meets p2 in the losers' bracket: a walkover to p2.
  expect(matchOf(bracket, "p4", "p2", "losers")).toMatchObject({ outcome: "walkover", winnerId: "p2" });
});

test("round robin: every unplayed match of a withdrawn entry is a walkover at once; played ones stand", () => {
  let bracket = draw("round_robin", 4);
  bracket = play(bracket, matchOf(bracket, "p1", "p2"), "p1", out());
  const withdrawn = out("p1");
  bracket = settle(bracket, withdrawn);
  expect(matchOf(bracket, "p1", "p2")).toMatchObject({ outcome: "played", winnerId: "p1" });
  for (const other of ["p3", "p4"]) {
    expect(matchOf(bracket, "p1", other)).toMatchObject({ outcome: "walkover", winnerId: other });
  }
  // Two withdrawn entries in a league: both lose their match.
  bracket = settle(bracket, out("p1", "p2", "p3"));
  expect(matchOf(bracket, "p2", "p3")).toMatchObject({ outcome: "double_forfeit", winnerId: null });
});

test("groups into a knockout: group walkovers, then the knockout drawn with a withdrawn entrant's walkover", () => {
  let bracket = draw("round_robin_tier", 8);
  // Play every group match, the lower id winning: p1 tops its group and goes through, then leaves.
  for (const m of bracket.filter((x) => x.bracket === "group")) {
    const [lower] = [m.player1Id as string, m.player2Id as string].sort();
    bracket = play(bracket, m, lower as string, out());
  }
  const seeds = new Map(playerIds(8).map((id, i) => [id, i + 1]));
  const knockout = knockoutAfterGroups(bracket, seeds, 2, idFactory("k"), NOW).draw;
  expect(knockout.length).toBeGreaterThan(0);
  const entrant = knockout.find((m) => m.round === 1)?.player1Id as string;
  const drawn = drawWithWalkovers(knockout, out(entrant), NOW);
  const first = drawn.find((m) => m.player1Id === entrant || m.player2Id === entrant) as BracketMatch;
  expect(first).toMatchObject({ status: "completed", outcome: "walkover" });
  expect(first.winnerId).not.toBe(entrant);

  // In the groups themselves a withdrawn entry's remaining group matches are walkovers.
  let groups = draw("round_robin_tier", 8);
  groups = settle(groups, out("p1"));
  const mine = groups.filter((m) => m.player1Id === "p1" || m.player2Id === "p1");
  expect(mine.length).toBeGreaterThan(0);
  expect(mine.every((m) => m.outcome === "walkover" && m.winnerId !== "p1")).toBe(true);
});

test("withWalkovers keeps the result's own match first and merges a match touched twice", () => {
  const bracket = draw("single_elimination", 4);
  const m = matchOf(bracket, "p1", "p4");
  const changes = applyResult(bracket, m.id, { winnerId: "p4" }, { raceTo: null, now: NOW });
  const merged = withWalkovers(bracket, changes, out("p2"), NOW);
  expect(merged[0]?.id).toBe(m.id);
  expect(new Set(merged.map((c) => c.id)).size).toBe(merged.length);
  expect(mergeChanges([{ id: "a", set: { player1Id: "x" } }], [{ id: "a", set: { player2Id: "y" } }])).toEqual([
    { id: "a", set: { player1Id: "x", player2Id: "y" } },
  ]);
});

test("the last entry still in contention cannot be withdrawn; one already out can", () => {
  const places = new Map<string, unknown>([
    ["p1", null],
    ["p2", null],
    ["p3", { from: 3, to: 4 }],
  ]);
  expect(() => checkWithdrawal("p1", places, out(), "Sam", false)).not.toThrow();
  expectDomainError(() => checkWithdrawal("p2", places, out("p1"), "Sam", false), 409, lastInMessage("Sam", false));
  expect(() => checkWithdrawal("p3", places, out("p1"), "Jo", false)).not.toThrow();
  expect(lastInMessage("Cue Balls", true)).toBe("Cue Balls is the last team still in: record the result instead");
});

// A move of a random evening: now and then (20%) someone still in leaves, while somebody else is; else a match
// ready to play is played. Who leaves and which match (both by remainder) and who wins are drawn too. The moves are
// used in turn and again from the first once used up, so a failure shrinks to a few.
type Move = { leave: boolean; pick: number; player1Wins: boolean };
const move: fc.Arbitrary<Move> = fc.record({
  leave: fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(false), weight: 8 },
    { arbitrary: fc.constant(true), weight: 2 },
  ),
  pick: fc.nat(),
  player1Wins: fc.boolean(),
});
const evening = fc.record({
  type: fc.constantFrom<TournamentType>("single_elimination", "double_elimination", "round_robin"),
  n: fc.integer({ min: 2, max: 10 }),
  // Up to a move for each match of the longest evening, a round robin of ten, and someone leaving before each.
  moves: fc.array(move, { minLength: 1, maxLength: 90 }),
});

test("property: whatever is withdrawn and whoever wins, no withdrawn entry plays again; every format ends", () => {
  fc.assert(
    fc.property(evening, ({ type, n, moves }) => {
      let bracket = draw(type, n);
      const withdrawn = new Set<string>();
      for (let step = 0; step < 400 && !isDecided(bracket); step++) {
        const next = moves[step % moves.length] as Move;
        // Now and then someone leaves, while somebody else is still in.
        const places = formatPlaces(bracket, playerIds(n));
        const candidates = [...places].filter(([id, p]) => p === null && !withdrawn.has(id)).map(([id]) => id);
        if (candidates.length > 1 && next.leave) {
          const leaving = candidates[next.pick % candidates.length] as string;
          checkWithdrawal(leaving, places, withdrawn, leaving, false);
          withdrawn.add(leaving);
          bracket = settle(bracket, withdrawn);
          continue;
        }
        const ready = bracket.filter((m) => m.status !== "completed" && m.player1Id && m.player2Id);
        if (ready.length === 0) break;
        const match = ready[next.pick % ready.length] as BracketMatch;
        // Nothing ready with a withdrawn entry is ever left for a played result.
        expect(withdrawn.has(match.player1Id as string) || withdrawn.has(match.player2Id as string)).toBe(false);
        const winner = next.player1Wins ? match.player1Id : match.player2Id;
        bracket = play(bracket, match, winner as string, withdrawn);
      }
      expect(isDecided(bracket), `${type} of ${n}`).toBe(true);
      const winners = winnersOf(bracket, playerIds(n));
      if (type !== "round_robin") expect(withdrawn.has(winners[0] as string)).toBe(false);
    }),
    { numRuns: 150 },
  );
});
