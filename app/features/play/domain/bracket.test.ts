// The whole single-elimination bracket: every field size drawn and played to one champion, and brackets-manager
// agreeing on the draw, every slot and the standings.
import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { expect, test } from "vitest";
import { applyResult, type ResultInput } from "./apply-result.ts";
import {
  type BracketMatch,
  type MatchChange,
  playableMatches,
  type Slot,
  totalRounds,
  withChanges,
} from "./bracket.ts";
import { champion, matchStats, places } from "./bracket-places.ts";
import { bracketOf, byId, NOW, playerIds, record } from "./bracket-testing.ts";
import { bracketSize } from "./generate-bracket.ts";

// ---- playing a bracket to the end -----------------------------------------

// fast-check draws an evening: the race (none 30% of the time) and a move for each match — which playable match (by
// remainder), its winner and its scores: the winner's the race 60% of the time, else any up to it, the loser's any
// up to the winner's (both by remainder); sent as none, one or both. The moves are used in turn and again from the
// first once used up, so a short list still plays a whole evening and a failure shrinks to a few moves.
type Move = {
  pick: number;
  player1Wins: boolean;
  fullRace: boolean;
  winnerScore: number;
  loserScore: number;
  scores: "none" | "nulls" | "player1" | "player2" | "both";
};
const move: fc.Arbitrary<Move> = fc.record({
  pick: fc.nat(),
  player1Wins: fc.boolean(),
  fullRace: fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(false), weight: 4 },
    { arbitrary: fc.constant(true), weight: 6 },
  ),
  winnerScore: fc.nat(),
  loserScore: fc.nat(),
  scores: fc.constantFrom("none", "nulls", "player1", "player2", "both"),
});
type Evening = { raceTo: number | null; moves: Move[] };
/** An evening of up to a move for each of `matches` matches. */
const eveningOf = (matches: number): fc.Arbitrary<Evening> =>
  fc.record({
    raceTo: fc.oneof(
      { arbitrary: fc.constant(null), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 15 }), weight: 7 },
    ),
    moves: fc.array(move, { minLength: 1, maxLength: Math.max(1, matches) }),
  });

// Random winner and random valid scores: sometimes none, sometimes one,
// sometimes both, within the race when one is set.
function randomResult(drawn: Move, match: BracketMatch, raceTo: number | null): ResultInput {
  const winnerId = (drawn.player1Wins ? match.player1Id : match.player2Id) as string;
  const cap = raceTo ?? 20;
  const winnerScore = drawn.fullRace ? cap : drawn.winnerScore % (cap + 1);
  const loserScore = drawn.loserScore % (winnerScore + 1);
  const winnerIs1 = winnerId === match.player1Id;
  const both = winnerIs1
    ? { player1Score: winnerScore, player2Score: loserScore }
    : { player1Score: loserScore, player2Score: winnerScore };
  switch (drawn.scores) {
    case "none":
      return { winnerId };
    case "nulls":
      return { winnerId, player1Score: null, player2Score: null };
    case "player1":
      return { winnerId, player1Score: both.player1Score };
    case "player2":
      return { winnerId, player2Score: both.player2Score };
    case "both":
      return { winnerId, ...both };
  }
}

type Played = {
  matches: BracketMatch[];
  log: { round: number; matchNumber: number; winnerId: string; winnerSlot: Slot }[];
};

// Invariant checks over hundreds of matches collect their failures and assert
// once: an expect() per match would make the exhaustive tests several times
// slower without saying more when they fail.
type Problems = string[];
function check(problems: Problems, ok: boolean, message: () => string): void {
  if (!ok) problems.push(message());
}

// Plays a bracket to the end, always picking a random playable match so the
// order of play varies, and checks each step returns exactly the rows that
// change: this match, and the empty slot of the next one.
function playToEnd(start: BracketMatch[], { raceTo, moves }: Evening): Played {
  const problems: Problems = [];
  let matches = start;
  const log: Played["log"] = [];
  let steps = 0;
  while (champion(matches) === null) {
    const playable = playableMatches(matches);
    if (playable.length === 0) throw new Error("no playable match before a champion");
    const next = moves[steps % moves.length] as Move;
    const match = playable[next.pick % playable.length] as BracketMatch;
    const result = randomResult(next, match, raceTo);
    const changes = applyResult(matches, match.id, result, { raceTo, now: NOW + ++steps });
    const expected: MatchChange[] = [
      {
        id: match.id,
        set: {
          player1Score: result.player1Score ?? 0,
          player2Score: result.player2Score ?? 0,
          winnerId: result.winnerId,
          status: "completed",
          completedAt: NOW + steps,
        },
      },
    ];
    if (match.nextMatchId !== null) {
      expected.push({
        id: match.nextMatchId,
        set: match.nextSlot === 1 ? { player1Id: result.winnerId } : { player2Id: result.winnerId },
      });
      // The slot was empty: a result never overwrites a player.
      const next = byId(matches, match.nextMatchId);
      const occupant = match.nextSlot === 1 ? next.player1Id : next.player2Id;
      check(problems, occupant === null, () => `${match.id} overwrote ${occupant}`);
    }
    check(problems, isDeepStrictEqual(changes, expected), () => `${match.id}: ${JSON.stringify(changes)}`);
    matches = withChanges(matches, changes);
    const winnerSlot: Slot = result.winnerId === match.player1Id ? 1 : 2;
    log.push({ round: match.round, matchNumber: match.matchNumber, winnerId: result.winnerId as string, winnerSlot });
  }
  expect(problems).toEqual([]);
  return { matches, log };
}

// ---- every field size, played to the end ---------------------------------

function checkGenerated(n: number, matches: readonly BracketMatch[]): void {
  const size = bracketSize(n);
  const rounds = Math.log2(size);
  const players = playerIds(n);
  const problems: Problems = [];
  const index = new Map(matches.map((m) => [m.id, m]));
  expect(matches).toHaveLength(size - 1);
  expect(index.size).toBe(size - 1);
  expect(totalRounds(matches)).toBe(rounds);
  expect(matches.map((m) => `${m.round}/${m.matchNumber}`)).toEqual(
    Array.from({ length: rounds }, (_, r) =>
      Array.from({ length: size / 2 ** (r + 1) }, (_, k) => `${r + 1}/${k + 1}`),
    ).flat(),
  );

  // Byes: size - n of them, round 1 only, never bye v bye, to seeds 1..size-n,
  // completed at once with the winner already in the next match.
  const byes = matches.filter((m) => m.isBye);
  expect(byes).toHaveLength(size - n);
  expect(byes.map((b) => b.player1Id).sort()).toEqual(players.slice(0, size - n).sort());
  for (const bye of byes) {
    const next = index.get(bye.nextMatchId ?? "");
    check(
      problems,
      bye.round === 1 &&
        bye.player1Id !== null &&
        bye.player2Id === null &&
        bye.status === "completed" &&
        bye.winnerId === bye.player1Id &&
        bye.player1Score === 0 &&
        bye.player2Score === 0 &&
        bye.completedAt === NOW &&
        (bye.nextSlot === 1 ? next?.player1Id : next?.player2Id) === bye.player1Id,
      () => `bad bye ${JSON.stringify(bye)}`,
    );
  }

  // Round 1 holds every player exactly once; no match is empty, and every
  // match without a bye waits to be played.
  const round1 = matches.filter((m) => m.round === 1);
  expect(round1).toHaveLength(size / 2);
  const seated = round1.flatMap((m) => [m.player1Id, m.player2Id]).filter((p) => p !== null);
  expect([...seated].sort()).toEqual([...players].sort());
  for (const match of round1) {
    check(problems, match.player1Id !== null, () => `${match.id} has no player 1`);
    if (!match.isBye) {
      check(problems, match.player2Id !== null && match.status === "pending", () => `${match.id} not ready`);
    }
  }

  // Links: match k of round r feeds match ceil(k/2) of round r+1, slot by
  // parity; each later slot is fed by exactly one match.
  const feeders = new Map<string, number>();
  for (const match of matches) {
    if (match.round === rounds) {
      check(problems, match.nextMatchId === null && match.nextSlot === null, () => `final ${match.id} links on`);
      continue;
    }
    const next = index.get(match.nextMatchId ?? "");
    check(
      problems,
      next !== undefined &&
        next.round === match.round + 1 &&
        next.matchNumber === Math.ceil(match.matchNumber / 2) &&
        match.nextSlot === (match.matchNumber % 2 === 1 ? 1 : 2),
      () => `${match.id} links to ${match.nextMatchId}/${match.nextSlot}`,
    );
    const key = `${match.nextMatchId}/${match.nextSlot}`;
    feeders.set(key, (feeders.get(key) ?? 0) + 1);
  }
  const laterRounds = matches.filter((m) => m.round > 1);
  expect(feeders.size).toBe(laterRounds.length * 2);
  expect([...feeders.values()].every((count) => count === 1)).toBe(true);

  // Later rounds start pending, holding only players who had a bye.
  const byePlayers = new Set(byes.map((b) => b.player1Id));
  for (const match of laterRounds) {
    check(
      problems,
      match.status === "pending" &&
        match.winnerId === null &&
        !match.isBye &&
        match.completedAt === null &&
        [match.player1Id, match.player2Id].every((p) => p === null || byePlayers.has(p)),
      () => `later match ${JSON.stringify(match)}`,
    );
  }
  expect(problems).toEqual([]);
}

function checkFinished(n: number, start: readonly BracketMatch[], end: readonly BracketMatch[]): void {
  const rounds = totalRounds(end);
  const players = playerIds(n);
  const nonByes = end.filter((m) => !m.isBye);
  const problems: Problems = [];
  const startIndex = new Map(start.map((m) => [m.id, m]));
  const endIndex = new Map(end.map((m) => [m.id, m]));

  // Every match was reached and played, and the structure did not move.
  for (const match of end) {
    const before = startIndex.get(match.id);
    check(
      problems,
      before !== undefined &&
        before.round === match.round &&
        before.matchNumber === match.matchNumber &&
        before.nextMatchId === match.nextMatchId &&
        before.nextSlot === match.nextSlot &&
        before.isBye === match.isBye,
      () => `${match.id} moved`,
    );
    check(
      problems,
      match.status === "completed" &&
        match.winnerId !== null &&
        (match.isBye ||
          (match.player1Id !== null &&
            match.player2Id !== null &&
            (match.winnerId === match.player1Id || match.winnerId === match.player2Id))),
      () => `${match.id} not played: ${JSON.stringify(match)}`,
    );
    if (match.nextMatchId !== null) {
      const next = endIndex.get(match.nextMatchId);
      check(
        problems,
        (match.nextSlot === 1 ? next?.player1Id : next?.player2Id) === match.winnerId,
        () => `${match.id}'s winner did not move on`,
      );
    }
  }
  expect(problems).toEqual([]);
  expect(playableMatches(end)).toEqual([]);

  // One champion: the final's winner, unbeaten.
  const winner = champion(end);
  const final = end.find((m) => m.round === rounds) as BracketMatch;
  expect(winner).toBe(final.winnerId);
  expect(players).toContain(winner);
  const championsMatches = nonByes.filter((m) => m.player1Id === winner || m.player2Id === winner);
  expect(championsMatches.every((m) => m.winnerId === winner)).toBe(true);

  // The one match each player lost (the champion none).
  const lostIn = new Map<string, number[]>();
  for (const match of nonByes) {
    const loser = match.winnerId === match.player1Id ? match.player2Id : match.player1Id;
    lostIn.set(loser as string, [...(lostIn.get(loser as string) ?? []), match.round]);
  }
  expect(lostIn.size).toBe(n - 1);
  expect(lostIn.has(winner as string)).toBe(false);

  // Places: every player once; the champion 1st; the losers of round r share
  // the places after everyone who went further, as many as the round's real matches.
  const table = places(end);
  expect([...table.keys()].sort()).toEqual([...players].sort());
  expect(table.get(winner as string)).toEqual({ from: 1, to: 1 });
  for (let round = 1; round <= rounds; round++) {
    const width = nonByes.filter((m) => m.round === round).length;
    const from = 2 + nonByes.filter((m) => m.round > round).length;
    const losers = [...lostIn].filter(([, lost]) => lost[0] === round).map(([playerId]) => playerId);
    check(problems, losers.length === width && width <= 2 ** (rounds - round), () => `${width} lost in round ${round}`);
    for (const loser of losers) {
      const place = table.get(loser);
      check(
        problems,
        place?.from === from && place.to === from + width - 1,
        () => `${loser}: ${JSON.stringify(place)}`,
      );
    }
  }

  // Statistics: byes count in none.
  const stats = new Map([...matchStats(end)].map(([p, { played, won }]) => [p, { played, won }]));
  expect([...stats.keys()].sort()).toEqual([...players].sort());
  const expectedStats = new Map(players.map((p) => [p, { played: 0, won: 0 }]));
  for (const match of nonByes) {
    for (const p of [match.player1Id, match.player2Id]) {
      const entry = expectedStats.get(p as string) as { played: number; won: number };
      entry.played += 1;
      if (p === match.winnerId) entry.won += 1;
    }
  }
  expect(stats).toEqual(expectedStats);
  const totals = [...stats.values()].reduce((sum, s) => ({ played: sum.played + s.played, won: sum.won + s.won }), {
    played: 0,
    won: 0,
  });
  expect(totals).toEqual({ played: 2 * nonByes.length, won: nonByes.length });
  expect(nonByes).toHaveLength(n - 1);
  const hadBye = end.some((m) => m.isBye && m.player1Id === winner);
  const championRounds = hadBye ? rounds - 1 : rounds;
  expect(stats.get(winner as string)).toEqual({ played: championRounds, won: championRounds });
  expect(problems).toEqual([]);
}

const fieldSizes = [...Array.from({ length: 129 }, (_, i) => i + 2), 256, 512];

for (const n of fieldSizes) {
  test(`a field of ${n} is generated correctly and plays to one champion`, () => {
    const start = bracketOf(n);
    checkGenerated(n, start);
    // One evening a size, as before: the sizes are the breadth.
    fc.assert(
      fc.property(eveningOf(start.length), (evening) => {
        const { matches } = playToEnd(start, evening);
        checkFinished(n, start, matches);
      }),
      { numRuns: 1 },
    );
  });
}

// ---- reading the bracket -------------------------------------------------

test("playable matches: both players present and no result, in round order", () => {
  let matches = bracketOf(5);
  expect(playableMatches(matches).map((m) => m.id)).toEqual(["m2", "m6"]);
  matches = record(matches, 2, 2, { winnerId: "p2" });
  expect(playableMatches(matches).map((m) => m.id)).toEqual(["m2"]);
  matches = record(matches, 1, 2, { winnerId: "p5" });
  expect(playableMatches(matches).map((m) => m.id)).toEqual(["m5"]);
});

test("withChanges returns a new list and leaves the input and untouched rows alone", () => {
  const matches = bracketOf(4);
  const snapshot = structuredClone(matches);
  const changes: MatchChange[] = [
    { id: "m1", set: { status: "in_progress" } },
    { id: "m1", set: { player1Score: 2 } },
  ];
  const after = withChanges(matches, changes);
  expect(matches).toEqual(snapshot);
  expect(after).not.toBe(matches);
  expect(byId(after, "m1")).toMatchObject({ status: "in_progress", player1Score: 2 });
  expect(after[1]).toBe(matches[1]);
  expect(() => withChanges(matches, [{ id: "zz", set: {} }])).toThrow(RangeError);
});

// ---- brackets-manager as an oracle ---------------------------------------
//
// Configuration: the n participants as seeding, settings.size = our bracket
// size (brackets-manager pads the seeding with BYEs up to it, so seeds n+1..
// size are the BYEs, as in ours), seedOrdering ["inner_outer"] (its standard
// 1 v N order) and balanceByes false (balancing would move the BYEs away
// from the top seeds).
//
// Differences in convention, not bent away from DESIGN §5:
//  - its standings are dense ranks (1, 2, 3, 4, …) by round lost; ours are
//    place ranges ("3rd-4th", "5th-8th", …). Every round has at least one
//    real loser (n > size / 2 guarantees a real round-1 match), so rank k is
//    our k-th tier and the groups compare one to one.
//  - it does not store a BYE as a completed match with a winner in the same
//    shape (opponent2 is null, the match "locked"); we compare occupants only.
//  - scores are not compared: it refuses tied scores, which DESIGN allows.

type OracleMatch = {
  id: number | string;
  number: number;
  round_id: number | string;
  opponent1: { id: number | string | null } | null;
  opponent2: { id: number | string | null } | null;
};

for (let n = 2; n <= 128; n++) {
  test(`brackets-manager agrees on the first round, every slot and the standings for ${n} players`, async () => {
    type Seats = { round: number; matchNumber: number; player1Id: string | null; player2Id: string | null };
    const occupants = (list: Seats[]) =>
      list.map((m) => `${m.round}/${m.matchNumber}: ${m.player1Id ?? "-"} v ${m.player2Id ?? "-"}`).sort();
    // First-round pairings as sets of seed pairs, a bye as null.
    const ours = bracketOf(n);
    const seed = (p: string | null) => (p === null ? null : Number(p.slice(1)));
    const pairs = (list: { round: number; player1Id: string | null; player2Id: string | null }[]) =>
      list
        .filter((m) => m.round === 1)
        .map((m) => JSON.stringify([seed(m.player1Id), seed(m.player2Id)].sort((a, b) => (a ?? 1e9) - (b ?? 1e9))))
        .sort();

    // One evening a size, as before, in a fresh brackets-manager stage each time fast-check plays one.
    await fc.assert(
      fc.asyncProperty(eveningOf(ours.length), async (evening) => {
        const size = bracketSize(n);
        const manager = new BracketsManager(new InMemoryDatabase());
        const stage = await manager.create.stage({
          tournamentId: 0,
          name: "oracle",
          type: "single_elimination",
          seeding: playerIds(n),
          settings: { size, seedOrdering: ["inner_outer"], balanceByes: false },
        });

        const load = async () => {
          const data = await manager.get.stageData(stage.id);
          const nameOf = new Map(data.participant.map((p) => [p.id, p.name]));
          const roundNumber = new Map(data.round.map((r) => [r.id, r.number]));
          const who = (opponent: OracleMatch["opponent1"]) =>
            opponent === null || opponent.id === null ? null : (nameOf.get(opponent.id) ?? "?");
          const matches = (data.match as OracleMatch[]).map((m) => ({
            id: m.id,
            round: roundNumber.get(m.round_id) as number,
            matchNumber: m.number,
            player1Id: who(m.opponent1),
            player2Id: who(m.opponent2),
          }));
          return { matches, nameOf, participants: data.participant };
        };

        const initial = await load();
        expect(pairs(initial.matches)).toEqual(pairs(ours));
        // Byes already advanced identically, so every slot of every round agrees.
        expect(occupants(initial.matches)).toEqual(occupants(ours));

        // Play the same results in the same order in both.
        const { matches: finished, log } = playToEnd(ours, evening);
        const idOf = new Map(initial.matches.map((m) => [`${m.round}/${m.matchNumber}`, m.id]));
        // The winner's slot comes from our bracket: the occupants were equal before
        // and are compared again after, so a divergence cannot go unnoticed.
        for (const step of log) {
          await manager.update.match({
            id: idOf.get(`${step.round}/${step.matchNumber}`) as number,
            ...(step.winnerSlot === 1 ? { opponent1: { result: "win" } } : { opponent2: { result: "win" } }),
          });
        }
        expect(occupants((await load()).matches)).toEqual(occupants(finished));

        // Standings: the same groups in the same order.
        const theirs = await manager.get.finalStandings(stage.id);
        const nameOf = initial.nameOf;
        const theirRank = new Map(theirs.map((s) => [nameOf.get(s.id) ?? "?", s.rank]));
        const placed = [...places(finished)].map(([playerId, place]) => ({ playerId, from: place?.from ?? 0 }));
        const froms = [...new Set(placed.map((p) => p.from))].sort((a, b) => a - b);
        const ourRank = new Map(placed.map((p) => [p.playerId, froms.indexOf(p.from) + 1]));
        expect(Object.fromEntries(ourRank)).toEqual(Object.fromEntries(theirRank));
      }),
      { numRuns: 1 },
    );
  });
}
