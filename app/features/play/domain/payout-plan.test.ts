import fc from "fast-check";
import { expect, test } from "vitest";
import type { BracketMatch } from "./bracket.ts";
import { generateBracket } from "./generate-bracket.ts";
import { applyResult } from "./apply-result.ts";
import { accountCredits, checkPaysThePool, PAYOUTS_OFF_THE_POOL, payoutPreview, planPayouts } from "./payout-plan.ts";
import { DIRECTOR, refusal, tournament } from "./play-fixtures.ts";

/** A four-player bracket played out: p1 beats p2, p3 beats p4, p1 wins the final. */
function playedBracket(): BracketMatch[] {
  let ids = 0;
  let bracket = generateBracket(["p1", "p2", "p3", "p4"], () => `m${++ids}`, 0);
  const play = (winnerId: string) => {
    const match = bracket.find(
      (m) => m.status !== "completed" && (m.player1Id === winnerId || m.player2Id === winnerId),
    );
    if (!match) throw new Error(`no match for ${winnerId}`);
    const changes = applyResult(bracket, match.id, { winnerId }, { raceTo: null, now: 1 });
    bracket = bracket.map((m) => ({ ...m, ...changes.find((c) => c.id === m.id)?.set }));
  };
  play("p1");
  play("p3");
  play("p1");
  return bracket;
}

const entries = ["p1", "p2", "p3", "p4"].map((playerId) => ({ playerId, name: `Player ${playerId.slice(1)}` }));

test("payouts: pool from paid entries after rake, split 70/30, the champion and the final named", () => {
  const bracket = playedBracket();
  const plan = planPayouts({ t: tournament(), entries, bracket }, DIRECTOR);
  expect(plan.poolPence).toBe(3_600);
  expect(plan.rakePence).toBe(400);
  expect(plan.payouts).toEqual([
    { playerId: "p1", position: "1st", amountPence: 2_520 },
    { playerId: "p3", position: "2nd", amountPence: 1_080 },
  ]);
  expect(plan.winners).toEqual(["p1"]);
  expect(plan.finalMatchId).toBe(bracket.find((m) => m.nextMatchId === null)?.id);
  expect(plan.stats.get("p1")).toEqual({ played: 2, won: 2, racksWon: 0, racksLost: 0 });
  expect(plan.paidEntries).toEqual(["p1", "p2", "p3", "p4"]);
  expect(payoutPreview({ t: tournament(), entries, bracket }, DIRECTOR).rows).toEqual([
    { playerId: "p1", playerName: "Player 1", position: "1st", amountPence: 2_520 },
    { playerId: "p3", playerName: "Player 3", position: "2nd", amountPence: 1_080 },
  ]);
});

test("payouts are refused before the final, outside play, or to anyone but the director", () => {
  const bracket = playedBracket();
  const unfinished = bracket.map((m) =>
    m.nextMatchId === null ? { ...m, status: "pending" as const, winnerId: null } : m,
  );
  expect(refusal(() => planPayouts({ t: tournament(), entries, bracket: unfinished }, DIRECTOR)).status).toBe(409);
  expect(refusal(() => planPayouts({ t: tournament({ status: "finished" }), entries, bracket }, DIRECTOR))).toEqual({
    status: 409,
    message: "Payouts can only be previewed and confirmed while the tournament is in progress",
  });
  expect(refusal(() => planPayouts({ t: tournament(), entries, bracket }, "other")).status).toBe(403);
  expect(refusal(() => planPayouts({ t: null, entries, bracket }, DIRECTOR)).status).toBe(404);
});

test("finalize pays exactly what came in: prizes plus rake equal every player's entry fee, or it is refused", () => {
  const credits = [{ amountPence: 2_520 }, { amountPence: 1_080 }];
  expect(() => checkPaysThePool({ players: 4, entryFeePence: 1_000, rakePence: 400, credits })).not.toThrow();
  for (const off of [-1, 1, -400, 1_000]) {
    const wrong = [{ amountPence: 2_520 + off }, { amountPence: 1_080 }];
    expect(
      refusal(() => checkPaysThePool({ players: 4, entryFeePence: 1_000, rakePence: 400, credits: wrong })),
    ).toEqual({ status: 409, message: PAYOUTS_OFF_THE_POOL });
  }
  // A prize lost (a credit missing) or a negative one balancing another is refused too.
  expect(() =>
    checkPaysThePool({ players: 4, entryFeePence: 1_000, rakePence: 400, credits: [{ amountPence: 2_520 }] }),
  ).toThrow(PAYOUTS_OFF_THE_POOL);
  expect(() =>
    checkPaysThePool({
      players: 4,
      entryFeePence: 1_000,
      rakePence: 400,
      credits: [{ amountPence: 3_700 }, { amountPence: -100 }],
    }),
  ).toThrow(PAYOUTS_OFF_THE_POOL);
});

// A night's takings and their pool split at random into 1..8 prizes summing to it; then one prize (chosen by
// remainder) put off by a penny either way or by up to £100.
const payoutSet = fc
  .tuple(fc.integer({ min: 2, max: 64 }), fc.integer({ min: 0, max: 5_000 }))
  .chain(([players, entryFeePence]) =>
    fc.integer({ min: 0, max: entryFeePence }).chain((rakeEach) =>
      fc.record({
        players: fc.constant(players),
        entryFeePence: fc.constant(entryFeePence),
        rakePence: fc.constant(rakeEach * players),
        cuts: fc.array(fc.integer({ min: 0, max: players * (entryFeePence - rakeEach) }), { maxLength: 7 }),
        skew: fc.nat(),
        delta: fc.oneof(
          fc.constant(-1),
          fc.constant(1),
          fc.integer({ min: 2, max: 10_000 }),
          fc.integer({ min: -10_000, max: -2 }),
        ),
      }),
    ),
  );

test("property: over random payout sets, finalize's check refuses exactly those that are not the pool", () => {
  fc.assert(
    fc.property(payoutSet, ({ players, entryFeePence, rakePence, cuts: drawn, skew, delta }) => {
      const pool = players * entryFeePence - rakePence;
      const cuts = [...drawn].sort((a, b) => a - b);
      const amounts = [...cuts, pool].map((cut, k) => cut - (k === 0 ? 0 : (cuts[k - 1] ?? 0)));
      const exact = amounts.map((amountPence) => ({ amountPence }));
      expect(() => checkPaysThePool({ players, entryFeePence, rakePence, credits: exact })).not.toThrow();
      const k = skew % exact.length;
      const skewed = exact.map((c, j) => (j === k ? { amountPence: c.amountPence + delta } : c));
      const dropped = exact.filter((_, j) => j !== k);
      expect(() => checkPaysThePool({ players, entryFeePence, rakePence, credits: skewed })).toThrow(
        PAYOUTS_OFF_THE_POOL,
      );
      const lost = exact[k]?.amountPence ?? 0;
      if (lost > 0) {
        expect(() => checkPaysThePool({ players, entryFeePence, rakePence, credits: dropped })).toThrow(
          PAYOUTS_OFF_THE_POOL,
        );
      }
    }),
    { numRuns: 650 },
  );
});

test("two prizes to one account are summed under the better-paid place, never one lost on a key", () => {
  const credits = [
    { playerId: "a", entryId: "t1", position: "1st", amountPence: 1_500 },
    { playerId: "b", entryId: "t1", position: "1st", amountPence: 1_500 },
    { playerId: "a", entryId: "t2", position: "2nd", amountPence: 900 },
    { playerId: "c", entryId: "t2", position: "2nd", amountPence: 900 },
    { playerId: "d", entryId: "t3", position: null, amountPence: 0 },
  ];
  expect(accountCredits(credits)).toEqual([
    { playerId: "a", position: "1st", amountPence: 2_400 },
    { playerId: "b", position: "1st", amountPence: 1_500 },
    { playerId: "c", position: "2nd", amountPence: 900 },
    { playerId: "d", position: null, amountPence: 0 },
  ]);
  const sum = (xs: readonly { amountPence: number }[]) => xs.reduce((s, x) => s + x.amountPence, 0);
  expect(sum(accountCredits(credits))).toBe(sum(credits));
  // A player placed only in the entry that paid nothing keeps a place.
  expect(
    accountCredits([
      { playerId: "a", entryId: "t1", position: null, amountPence: 0 },
      { playerId: "a", entryId: "t2", position: "3rd-4th", amountPence: 300 },
    ]),
  ).toEqual([{ playerId: "a", position: "3rd-4th", amountPence: 300 }]);
});

test("a plan's credits add up with its rake to every player's entry fee, in every team size", () => {
  const bracket = playedBracket();
  for (const matchType of ["1v1", "2v2", "3v3", "4v4"] as const) {
    const size = Number(matchType[0]);
    const members = new Map(
      entries.map((e) => [
        e.playerId,
        [e.playerId, ...Array.from({ length: size - 1 }, (_, k) => `${e.playerId}-m${k}`)],
      ]),
    );
    const plan = planPayouts({ t: tournament({ matchType }), entries, bracket, members }, DIRECTOR);
    const paid = plan.accounts.reduce((s, c) => s + c.amountPence, 0);
    expect(paid + plan.rakePence).toBe(entries.length * size * 1_000);
    expect(paid).toBe(plan.poolPence);
  }
});
