// A division's round robin as seats (Berger tables): who meets whom at whose home each week, before teams
// are given seats. The fixture generator picks one of these tables and gives its seats to teams.

/** One week's matches between seats: `[home, away]`. */
export type SeatRound = readonly (readonly [number, number])[];

/** Home, away or resting, a week at a time. */
export type Pattern = readonly ("H" | "A" | "R")[];

/**
 * The circle method on an even number of seats: seat 0 stays put while the others rotate one place a week.
 * Its homes alternate so that each seat has at most one break (two homes or two aways running) in a leg;
 * seats 2k and 2k + 1 are complementary (one at home whenever the other is away).
 */
function circle(seats: number): SeatRound[] {
  let order = Array.from({ length: seats }, (_, i) => i);
  const rounds: SeatRound[] = [];
  for (let round = 0; round < seats - 1; round++) {
    const matches: (readonly [number, number])[] = [];
    for (let board = 0; board < seats / 2; board++) {
      const one = order[board] as number;
      const two = order[seats - 1 - board] as number;
      const swap = board === 0 ? round % 2 === 1 : board % 2 === 1;
      matches.push(swap ? [two, one] : [one, two]);
    }
    rounds.push(matches);
    order = [order[0] as number, order[seats - 1] as number, ...order.slice(1, seats - 1)];
  }
  return rounds;
}

/** Every week of a round robin read from week `shift` of the circle, with two legs the second with homes swapped. */
function shifted(circleRounds: readonly SeatRound[], legs: 1 | 2, shift: number): SeatRound[] {
  const leg = [...circleRounds.slice(shift), ...circleRounds.slice(0, shift)];
  if (legs === 1) return leg;
  return [...leg, ...leg.map((matches) => matches.map(([home, away]) => [away, home] as const))];
}

/** The same schedule read backwards in time and/or with every home and away swapped: runs and meetings are kept. */
function oriented(rounds: readonly SeatRound[], variant: number): SeatRound[] {
  const ordered = variant & 1 ? [...rounds].reverse() : [...rounds];
  if (!(variant & 2)) return ordered;
  return ordered.map((matches) => matches.map(([home, away]) => [away, home] as const));
}

/** A seat's weeks; the seat that meets `rest` (the empty seat of an odd division, or -1) rests. */
export function seatPattern(rounds: readonly SeatRound[], seat: number, rest: number): Pattern {
  return rounds.map((matches) => {
    const match = matches.find(([home, away]) => home === seat || away === seat);
    if (!match || match[0] === rest || match[1] === rest) return "R";
    return match[0] === seat ? "H" : "A";
  });
}

/** A division's weeks between seats, and its empty seat (-1 when its count is even). */
export type Table = { rounds: SeatRound[]; rest: number };

/** Whether no team is at home (or away) three weeks running with `rest` the empty seat (or -1); a rest ends a run. */
function runFree(rounds: readonly SeatRound[], seats: number, rest: number): boolean {
  const longest = Array.from({ length: seats }, () => 0);
  const run = Array.from({ length: seats }, () => 0);
  const last: ("H" | "A" | "R")[] = Array.from({ length: seats }, () => "R");
  for (const matches of rounds) {
    for (const [home, away] of matches) {
      const resting = home === rest || away === rest;
      for (const [seat, side] of [
        [home, "H"],
        [away, "A"],
      ] as const) {
        const now = resting ? "R" : side;
        run[seat] = now !== "R" && now === last[seat] ? (run[seat] ?? 0) + 1 : 1;
        last[seat] = now;
        if (now !== "R") longest[seat] = Math.max(longest[seat] ?? 0, run[seat] ?? 0);
      }
    }
  }
  return longest.every((length) => length < 3);
}

const known = new Map<string, Table[]>();

/**
 * Every table a division of `teams` may be given: the circle started at each week, read forwards or backwards,
 * homes as drawn or swapped, with each seat empty when the count is odd — those where no team is at home (or
 * away) three weeks running. Each seat has at most one break (two homes or two aways running) a leg, so one leg
 * never has such a run; with two legs the breaks must fall on neither a leg's second week nor its last, which
 * some starting weeks give and no schedule of four teams does (the tests try every one): those get them all.
 */
export function divisionTables(teams: number, legs: 1 | 2): Table[] {
  const key = `${teams} ${legs}`;
  const cached = known.get(key);
  if (cached) return cached;
  const seats = teams + (teams % 2);
  const circleRounds = circle(seats);
  const rests = seats === teams ? [-1] : Array.from({ length: seats }, (_, seat) => seat);
  const all = circleRounds.flatMap((_, shift) =>
    Array.from({ length: 4 }, (_, variant) => oriented(shifted(circleRounds, legs, shift), variant)),
  );
  // A rest only ends runs, so empty seats need a look only where every start has runs (four teams, or three).
  const fine = all.filter((rounds) => runFree(rounds, seats, -1));
  const withRests = (fine.length > 0 ? fine : all).flatMap((rounds) => rests.map((rest) => ({ rounds, rest })));
  const runFreeRests =
    fine.length > 0 ? withRests : withRests.filter(({ rounds, rest }) => runFree(rounds, seats, rest));
  const chosen = runFreeRests.length > 0 ? runFreeRests : withRests;
  known.set(key, chosen);
  return chosen;
}
