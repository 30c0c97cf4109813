// Double elimination: a winners' bracket, a losers' bracket and a
// grand final, generated whole like a single-elimination bracket. Results and
// corrections go through applyResult / correctResult (apply-result.ts,
// correct-result.ts), which follow the loser links and the byes made here.
import type { BracketMatch, Slot } from "./bracket.ts";
import { bracketSize, knockoutBracket, newMatch } from "./generate-bracket.ts";

export const grandFinals = ["reset", "single"] as const;
/** "reset": when the losers' bracket champion wins the grand final, a second match decides it. */
export type GrandFinal = (typeof grandFinals)[number];

function winnersLabel(round: number, totalRounds: number): string {
  switch (totalRounds - round) {
    case 0:
      return "Winners Final";
    case 1:
      return "Winners Semi-Finals";
    case 2:
      return "Winners Quarter-Finals";
    default:
      return `Winners Round ${round}`;
  }
}

function losersLabel(round: number, totalRounds: number): string {
  if (round === totalRounds) return "Losers Final";
  if (round === totalRounds - 1) return "Losers Semi-Final";
  return `Losers Round ${round}`;
}

/** Matches in losers' round r of a bracket of `size`: two rounds per halving (size / 4, size / 4, size / 8, …). */
function losersRoundSize(size: number, round: number): number {
  return size / 2 ** (Math.floor((round + 1) / 2) + 1);
}

// How the losers of one winners' round are laid over the losers' round they
// drop into (index → index, 0-based, count a power of two).
type Ordering = (index: number, count: number) => number;
const orderings: readonly Ordering[] = [
  (i, c) => c - 1 - i, // reverse
  (i, c) => (i + Math.floor(c / 2)) % c, // half shift
  (i, c) => c - 1 - ((i + Math.floor(c / 2)) % c), // reverse half shift
  (i, c) => (c > 1 ? i ^ 1 : i), // pair flip
  (i) => i, // natural
];

/**
 * For each winners' round r + 1 ≥ 2 whose losers drop into losers' round 2r:
 * the ordering (index r - 1) that makes a rematch of a winners' bracket match
 * least likely in that losers' round and the one after, with every match a
 * coin toss. A dropped player can only meet again someone they beat: the loser
 * of a winners' match w in their subtree, who lost to them with probability
 * 2^-(rounds between). Chosen once per size, without byes.
 *
 * With byes, the orders chosen so also keep double byes (a winners' bye, then
 * a losers' one) to the fewest the byes force: a two-bye winners' match's
 * loser drops into a real losers' match while there is one for them. That is
 * a property of these orders, not a rule applied here: double-elimination.test.ts
 * checks it for every entry count from 2 to 512, and says why some are forced.
 */
function dropOrders(size: number): Ordering[] {
  const cached = dropOrderCache.get(size);
  if (cached) return cached;
  const rounds = Math.log2(size);
  // Winners' matches are numbered by round and index: sourceId(t, i).
  const sourceId = (round: number, index: number) => size - size / 2 ** (round - 1) + index;
  // Who may win each losers' match: the winners' match they first lost in, with its probability.
  let previous: Map<number, number>[] = [];
  for (let i = 0; i < size / 4; i++) {
    previous.push(
      new Map([
        [sourceId(1, 2 * i), 0.5],
        [sourceId(1, 2 * i + 1), 0.5],
      ]),
    );
  }
  const chosen: Ordering[] = [];
  for (let r = 1; r < rounds; r++) {
    const count = size / 2 ** (r + 1);
    // The chance the loser of winners' match (r + 1, i) beat the loser of each source in its subtree.
    const beaten = (i: number): Map<number, number> => {
      const found = new Map<number, number>();
      for (let t = 1; t <= r; t++) {
        const width = 2 ** (r + 1 - t);
        for (let k = i * width; k < (i + 1) * width; k++) found.set(sourceId(t, k), 2 ** -(r + 1 - t));
      }
      return found;
    };
    const risk = (dropper: number, into: number): number => {
      let total = 0;
      for (const [source, chance] of beaten(dropper)) total += chance * (previous[into]?.get(source) ?? 0);
      return total;
    };
    let best: { ordering: Ordering; cost: number } | null = null;
    for (const ordering of orderings) {
      let cost = 0;
      for (let i = 0; i < count; i++) {
        const into = ordering(i, count);
        // This round, then (if both win) the next one against the neighbouring match's survivor.
        cost += risk(i, into) + (count > 1 ? 0.25 * risk(i, into ^ 1) : 0);
      }
      if (best === null || cost < best.cost - 1e-12) best = { ordering, cost };
    }
    const ordering = (best as { ordering: Ordering }).ordering;
    chosen.push(ordering);
    // Winners of losers' round 2r (the dropper or the survivor), then of round 2r + 1 (pairs of those).
    const dropped = new Map<number, number>();
    for (let i = 0; i < count; i++) dropped.set(ordering(i, count), i);
    const afterDrop = previous.map((survivor, into) => {
      const mixed = new Map<number, number>();
      for (const [source, chance] of survivor) mixed.set(source, chance / 2);
      mixed.set(sourceId(r + 1, dropped.get(into) ?? 0), 0.5);
      return mixed;
    });
    previous = [];
    for (let i = 0; i < afterDrop.length / 2; i++) {
      const mixed = new Map<number, number>();
      for (const side of [afterDrop[2 * i], afterDrop[2 * i + 1]]) {
        for (const [source, chance] of side ?? []) mixed.set(source, (mixed.get(source) ?? 0) + chance / 2);
      }
      previous.push(mixed);
    }
  }
  dropOrderCache.set(size, chosen);
  return chosen;
}
const dropOrderCache = new Map<number, Ordering[]>();

/**
 * The whole double-elimination bracket for players in seed order (index 0 =
 * seed 1): the winners' bracket as in single elimination (byes to the top
 * seeds), a losers' bracket of 2(R - 1) rounds for R winners' rounds, and the
 * grand final (plus its reset unless `grandFinal` is "single"). Losers of
 * winners' round 1 meet in pairs in losers' round 1; the losers of each later
 * winners' round drop into the even losers' rounds in the order dropOrders
 * picks. A losers' match only one entry can reach is a bye that completes when
 * they arrive; one nobody can reach is completed empty.
 */
export function generateDoubleElimination(
  playerIdsInSeedOrder: readonly string[],
  newId: () => string,
  now: number,
  grandFinal: GrandFinal,
): BracketMatch[] {
  const size = bracketSize(playerIdsInSeedOrder.length);
  const winners = knockoutBracket(playerIdsInSeedOrder, newId, now, "winners", winnersLabel);
  const winnersRounds = Math.log2(size);
  const losersRounds = 2 * (winnersRounds - 1);

  const blank = (bracket: BracketMatch["bracket"], round: number, matchNumber: number, label: string) =>
    newMatch(newId(), bracket, round, matchNumber, label);

  const losers: BracketMatch[][] = [];
  for (let round = 1; round <= losersRounds; round++) {
    const count = losersRoundSize(size, round);
    losers.push(
      Array.from({ length: count }, (_, i) => blank("losers", round, i + 1, losersLabel(round, losersRounds))),
    );
  }
  const first = blank("grand_final", 1, 1, "Grand Final");
  const reset = grandFinal === "reset" ? blank("grand_final", 2, 1, "Grand Final Reset") : null;
  if (reset) Object.assign(first, { nextMatchId: reset.id, nextSlot: 1 });

  const link = (from: BracketMatch, to: BracketMatch, slot: Slot, as: "winner" | "loser") => {
    if (as === "winner") Object.assign(from, { nextMatchId: to.id, nextSlot: slot });
    else Object.assign(from, { loserMatchId: to.id, loserSlot: slot });
  };
  const winnersRound = (round: number) => winners.filter((m) => m.round === round);
  const losersAt = (round: number, index: number) => losers[round - 1]?.[index] as BracketMatch;

  // The winners' final's winner plays the grand final as player 1.
  link(winnersRound(winnersRounds)[0] as BracketMatch, first, 1, "winner");
  if (losersRounds === 0) {
    link(winnersRound(1)[0] as BracketMatch, first, 2, "loser");
  } else {
    winnersRound(1).forEach((m, i) => {
      link(m, losersAt(1, Math.floor(i / 2)), i % 2 === 0 ? 1 : 2, "loser");
    });
    const orders = dropOrders(size);
    for (let round = 2; round <= winnersRounds; round++) {
      const ordering = orders[round - 2] as Ordering;
      const dropping = winnersRound(round);
      dropping.forEach((m, i) => {
        link(m, losersAt(2 * (round - 1), ordering(i, dropping.length)), 2, "loser");
      });
    }
    for (let round = 1; round <= losersRounds; round++) {
      (losers[round - 1] ?? []).forEach((m, i) => {
        if (round === losersRounds) link(m, first, 2, "winner");
        else if (round % 2 === 1) link(m, losersAt(round + 1, i), 1, "winner");
        else link(m, losersAt(round + 1, Math.floor(i / 2)), i % 2 === 0 ? 1 : 2, "winner");
      });
    }
    // Byes: a first-round bye sends nobody down, so the losers' match it feeds
    // waits for one entry (a bye) or for none (empty, completed now); an empty
    // one sends nobody on, so the second-round match it feeds waits for its
    // dropped player alone.
    for (const m of losers[0] ?? []) {
      const arriving = 2 - winnersRound(1).filter((w) => w.loserMatchId === m.id && w.isBye).length;
      if (arriving === 2) continue;
      m.isBye = true;
      if (arriving > 0) continue;
      Object.assign(m, { status: "completed", completedAt: now });
      const next = (losers[1] ?? []).find((n) => n.id === m.nextMatchId);
      if (next) next.isBye = true;
    }
  }
  return [...winners, ...losers.flat(), first, ...(reset ? [reset] : [])];
}
