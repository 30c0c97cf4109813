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

const hasRunOfThree = (rounds: readonly SeatRound[], seats: number) =>
  Array.from({ length: seats }, (_, seat) => seatPattern(rounds, seat, -1).join("")).some((p) => /HHH|AAA/.test(p));

const tables = new Map<string, SeatRound[][]>();

/**
 * Every schedule a division on `seats` (even) seats may be given: the circle started at each week, read forwards
 * or backwards, homes as drawn or swapped — those where no seat is at home (or away) three weeks running. Each
 * seat has at most one break (two homes or two aways running) a leg, so one leg never has such a run; with two
 * legs the breaks must fall on neither a leg's second week nor its last, which some starting weeks give and no
 * schedule on four seats does (the tests try every one): those get the circle as it is.
 */
export function divisionTables(seats: number, legs: 1 | 2): SeatRound[][] {
  const key = `${seats} ${legs}`;
  const known = tables.get(key);
  if (known) return known;
  const circleRounds = circle(seats);
  const starts = circleRounds.map((_, shift) => shifted(circleRounds, legs, shift));
  const fine = starts.filter((rounds) => !hasRunOfThree(rounds, seats));
  const chosen = (fine.length > 0 ? fine : starts.slice(0, 1)).flatMap((rounds) =>
    Array.from({ length: 4 }, (_, variant) => oriented(rounds, variant)),
  );
  tables.set(key, chosen);
  return chosen;
}

/** A seat's weeks; the seat that meets `rest` (the empty seat of an odd division, or -1) rests. */
export function seatPattern(rounds: readonly SeatRound[], seat: number, rest: number): Pattern {
  return rounds.map((matches) => {
    const match = matches.find(([home, away]) => home === seat || away === seat);
    if (!match || match[0] === rest || match[1] === rest) return "R";
    return match[0] === seat ? "H" : "A";
  });
}
