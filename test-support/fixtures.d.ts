// Types of fixtures.js (why it is JavaScript: see the top of that file).

/** The body POST /api/tournaments takes, as the suites send it. */
export type TournamentBody = {
  name: string;
  venue: string;
  date: string;
  time: string;
  entryFee: string;
  siteFee: string;
  rakeType: "fixed" | "percent";
  rakeValue: string;
  maxPlayers: number;
  payoutStructure: string;
};

/** The date `daysAhead` (default 30) days from now (UTC), as YYYY-MM-DD. */
export declare function futureDate(daysAhead?: number): string;

/**
 * SCENARIO's Friday knockout at the Red Lion: 16 players, £10.00 entry,
 * £1.00 site fee, a fixed £1.00 rake, winner and runner-up, 19:30 thirty
 * days from now. `overrides` replace fields or add others (raceTo, rules…).
 */
export declare function validTournament<O extends object = Record<never, never>>(
  overrides?: O,
): Omit<TournamentBody, keyof O> & O;

/** A seeded generator: the same seed, the same sequence. */
export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** An integer from `lo` to `hi`, both included. */
  int(lo: number, hi: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One of `xs` (which must not be empty). */
  pick<T>(xs: readonly T[]): T;
  /** A shuffled copy of `xs` (Fisher–Yates); `xs` is left as it was. */
  shuffle<T>(xs: readonly T[]): T[];
};

/** mulberry32 from `seed` (taken as an unsigned 32-bit integer). */
export declare function seededRandom(seed: number): Random;
