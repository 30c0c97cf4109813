// Settlement at finalize (DESIGN §10): worked examples, the refusal, and
// properties over random mixes of card, balance and cash entries, guests,
// teams and winners — the escrow ends at 0, prizes + rake = pool + rake of
// every entry, and the director nets the rake on every entry less the cash
// entries' site fees.
import fc from "fast-check";
import { expect, test } from "vitest";
import { DomainError } from "../../../domain/errors.ts";
import { payoutStructureIds } from "./money.ts";
import { splitPoolByPlace } from "./payout-split.ts";
import {
  settle,
  settleOrRefuse,
  tillSentence,
  TOP_UP_NEEDED,
  topUpMessage,
  type SettlementCredit,
  type SettlementInput,
} from "./settlement.ts";
import { splitAmongMembers } from "../../entries/domain/teams.ts";

const credit = (playerId: string, amountPence: number, guest = false): SettlementCredit => ({
  playerId,
  entryId: playerId,
  name: playerId,
  position: amountPence > 0 ? "1st" : null,
  amountPence,
  guest,
});

// SCENARIO's Friday: £10 entry, £1 rake, £1 site fee.
const friday = (over: Partial<SettlementInput>): SettlementInput => ({
  entryFeePence: 1000,
  rakePence: 100,
  siteFeePence: 100,
  teamSize: 1,
  entries: [],
  credits: [],
  directorBalancePence: 0,
  ...over,
});

test("all by card: the escrow pays the prizes and the rake, nothing else moves", () => {
  const s = settle(
    friday({
      entries: [1, 2, 3, 4].map((i) => ({ entryId: `p${i}`, cash: false })),
      credits: [credit("p1", 2520), credit("p2", 1080), credit("p3", 0), credit("p4", 0)],
    }),
  );
  expect(s).toMatchObject({
    cashEntries: 0,
    cardEntries: 4,
    rakePence: 400,
    surplusPence: 0,
    siteFeesChargedPence: 0,
    directorBalanceChangePence: 400,
    shortfallPence: 0,
    paidInCash: [],
  });
});

test("a cash winner with an account: the escrow is short and the director pays it from the cash they hold", () => {
  // Two by card (£20 in escrow), two at the bar (£20 in the director's hand); pool 4 × £9 = £36.
  const s = settle(
    friday({
      entries: [
        { entryId: "card1", cash: false },
        { entryId: "card2", cash: false },
        { entryId: "cash1", cash: true },
        { entryId: "cash2", cash: true },
      ],
      credits: [credit("cash1", 2520), credit("card1", 1080), credit("card2", 0), credit("cash2", 0)],
      directorBalancePence: 10_000,
    }),
  );
  // Escrow: £20 in; pays £36 of prizes and £2 of rake; lacks £18, taken from the director.
  expect(s.rakePence).toBe(200);
  expect(s.surplusPence).toBe(1800 - 3600);
  expect(s.siteFeesChargedPence).toBe(200);
  expect(s.directorBalanceChangePence).toBe(200 - 1800 - 200);
  // With the £20 cash kept, the director nets the rake on all four entries less two site fees.
  expect(s.directorBalanceChangePence + 2000).toBe(400 - 200);
});

test("a guest's prize is handed over in cash: no balance moves for it, the escrow keeps it for the director", () => {
  const s = settle(
    friday({
      entries: [
        { entryId: "card1", cash: false },
        { entryId: "guest", cash: true },
      ],
      credits: [credit("guest", 1800, true), credit("card1", 0)],
      directorBalancePence: 0,
    }),
  );
  expect(s.accountPrizes).toEqual([]);
  expect(s.paidInCash.map((c) => [c.playerId, c.amountPence])).toEqual([["guest", 1800]]);
  // Escrow £10: rake £1, no account prizes, £9 back to the director; the site fee £1 charged.
  expect(s.surplusPence).toBe(900);
  expect(s.directorBalanceChangePence).toBe(100 + 900 - 100);
  expect(s.shortfallPence).toBe(0);
});

test("the till in one sentence: cash taken, each cash prize, the rake kept, the balance's side", () => {
  // Three at the bar (one of them Dougie, a guest), one by card: £10 + £1 site fee each at the bar.
  const s = settle(
    friday({
      entries: [
        { entryId: "card1", cash: false },
        { entryId: "cash1", cash: true },
        { entryId: "cash2", cash: true },
        { entryId: "Dougie", cash: true },
      ],
      credits: [credit("card1", 3000), { ...credit("Dougie", 600, true), position: "2nd" }],
      directorBalancePence: 10_000,
    }),
  );
  expect(s).toMatchObject({ cashTakenPence: 3300, cashPrizesPence: 600, keptPence: 400 });
  // Escrow £10 less the rake £1 and the £30 prize: −£21, and three site fees: the balance pays in £23.
  expect(s.directorBalanceChangePence).toBe(100 - 2100 - 300);
  expect(tillSentence(s)).toBe(
    "You took £33.00 at the bar; hand Dougie £6.00; you keep £4.00 rake; £23.00 is paid in from your balance.",
  );
  // All by card: nothing taken at the bar, the balance receives the rake.
  const card = settle(friday({ entries: [{ entryId: "a", cash: false }], credits: [credit("a", 900)] }));
  expect(tillSentence(card)).toBe("You keep £1.00 rake; your balance receives £1.00.");
});

test("a balance that can't cover the shortfall refuses with the sum to add", () => {
  const input = friday({
    entries: [
      { entryId: "card1", cash: false },
      { entryId: "cash1", cash: true },
    ],
    credits: [credit("cash1", 1800), credit("card1", 0)],
    directorBalancePence: 250,
  });
  // Change: rake £1 + surplus (£9 − £18) − site fee £1 = −£9; the balance of £2.50 lacks £6.50.
  expect(settle(input).shortfallPence).toBe(650);
  expect(() => settleOrRefuse(input)).toThrowError(new DomainError(409, topUpMessage(650), { code: TOP_UP_NEEDED }));
  expect(topUpMessage(650)).toBe("Add £6.50 to your balance to pay the prizes");
  expect(settleOrRefuse({ ...input, directorBalancePence: 650 + 250 }).shortfallPence).toBe(0);
});

/** True with probability `percent` / 100; shrinks to false. */
const chance = (percent: number) =>
  fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(false), weight: 100 - percent },
    { arbitrary: fc.constant(true), weight: percent },
  );

// An entry of a random night: card, balance (both held in escrow) or cash; each member a guest now and then if the
// entry paid cash (the first `teamSize` flags count); a sort key for the finishing order.
const nightEntry = fc.record({
  cash: fc.boolean(),
  guests: fc.tuple(chance(40), chance(40), chance(40)),
  finish: fc.noBias(fc.nat()),
});
const night = fc.record({
  teamSize: fc.constantFrom(1, 1, 1, 2, 3),
  fees: fc
    .integer({ min: 0, max: 5000 })
    .chain((entryFeePence) => fc.tuple(fc.constant(entryFeePence), fc.integer({ min: 0, max: entryFeePence }))),
  siteFeePence: fc.integer({ min: 0, max: 300 }),
  drawn: fc.array(nightEntry, { minLength: 2, maxLength: 24 }),
  structure: fc.constantFrom(...payoutStructureIds),
  balance: fc.integer({ min: 0, max: 20_000 }),
});

test("random nights: the escrow ends at 0, the director nets the rake less cash entries' site fees", () => {
  fc.assert(
    fc.property(night, ({ teamSize, fees: [entryFeePence, rakePence], siteFeePence, drawn, structure, balance }) => {
      const n = drawn.length;
      const entries = drawn.map((e, i) => ({ entryId: `e${i}`, cash: e.cash }));
      const members = new Map(
        entries.map((e, i) => [
          e.entryId,
          Array.from({ length: teamSize }, (_, m) => ({
            id: `${e.entryId}m${m}`,
            guest: e.cash && (drawn[i]?.guests[m] ?? false),
          })),
        ]),
      );
      const pool = (entryFeePence - rakePence) * n * teamSize;
      // Finishing order by each entry's key; ties keep the entry order.
      const order = entries
        .map((e, i) => ({ e, key: drawn[i]?.finish ?? 0 }))
        .sort((a, b) => a.key - b.key)
        .map(({ e }) => e);
      const placed = order.map((e, i) => ({ playerId: e.entryId, place: { from: i + 1, to: i + 1 } }));
      const prizes = new Map(splitPoolByPlace(structure, pool, placed).map((p) => [p.playerId, p]));
      const credits: SettlementCredit[] = entries.flatMap((e) => {
        const team = members.get(e.entryId) ?? [];
        const prize = prizes.get(e.entryId);
        const guests = new Set(team.filter((m) => m.guest).map((m) => m.id));
        return splitAmongMembers(
          prize?.amountPence ?? 0,
          team.map((m) => m.id),
        ).map((share) => ({
          playerId: share.playerId,
          entryId: e.entryId,
          name: share.playerId,
          position: prize?.position ?? null,
          amountPence: share.amountPence,
          guest: guests.has(share.playerId),
        }));
      });
      const s = settle({
        entryFeePence,
        rakePence,
        siteFeePence,
        teamSize,
        entries,
        credits,
        directorBalancePence: balance,
      });
      const cashPlayers = s.cashEntries * teamSize;
      const cardPlayers = s.cardEntries * teamSize;
      const prizesPaid = credits.reduce((sum, c) => sum + c.amountPence, 0);
      const accountPaid = s.accountPrizes.reduce((sum, c) => sum + c.amountPence, 0);
      const cashPaid = s.paidInCash.reduce((sum, c) => sum + c.amountPence, 0);
      const context = `fee ${entryFeePence}, rake ${rakePence}, ${n}×${teamSize}, ${structure}`;
      // The whole pool is paid, to balances or in cash.
      expect(prizesPaid, context).toBe(pool);
      expect(accountPaid + cashPaid, context).toBe(pool);
      // The escrow (card and balance entries' fees) ends at 0: account prizes + rake + surplus.
      expect(accountPaid + s.rakePence + s.surplusPence, context).toBe(cardPlayers * entryFeePence);
      // Prizes + rake on every entry = every entry fee.
      expect(pool + rakePence * (cardPlayers + cashPlayers), context).toBe((cardPlayers + cashPlayers) * entryFeePence);
      // The director, with the cash kept and the guests paid, nets the rake on every entry less cash site fees.
      const cashKept = cashPlayers * entryFeePence - cashPaid;
      expect(s.directorBalanceChangePence + cashKept, context).toBe(
        rakePence * (cardPlayers + cashPlayers) - siteFeePence * cashPlayers,
      );
      expect(s.shortfallPence, context).toBe(Math.max(0, -(balance + s.directorBalanceChangePence)));
      expect(s.cashEntries + s.cardEntries, context).toBe(n);
      // The till: the cash taken (fees and site fees), less the cash prizes, with the balance's side, is the rake on
      // every entry — what the director keeps.
      expect(s.cashTakenPence, context).toBe(cashPlayers * (entryFeePence + siteFeePence));
      expect(s.cashPrizesPence, context).toBe(cashPaid);
      expect(s.keptPence, context).toBe(rakePence * (cardPlayers + cashPlayers));
      expect(s.cashTakenPence - s.cashPrizesPence + s.directorBalanceChangePence, context).toBe(s.keptPence);
    }),
    { numRuns: 1000 },
  );
});
