// Ratings (decision 027): one number per player on a scale where a gap of 100 points means the stronger
// player wins two racks for every one. Every rack of a singles result moves both players the moment it is recorded;
// a rating is a pure function of the results (and of the starting ratings directors set), replayed in order, so a
// correction is the same replay with the corrected result. Pure: no I/O.

/** Every player starts here. */
export const START_RATING = 500;
/** Until this many racks a rating is provisional: it moves faster, and a director may set where it starts. */
export const PROVISIONAL_RACKS = 100;
/** A rating cap's range (decision 027): a rating on this scale. */
export const MAX_RATING_RANGE = { min: 100, max: 1000 } as const;
/** Rating points per rack of surprise for an established player … */
const K_ESTABLISHED = 4;
/** … and for a player's first rack, falling in a straight line to K_ESTABLISHED at PROVISIONAL_RACKS. */
const K_NEW = 16;

/** The per-rack chance of the player rated `gap` points above the other (negative: below). */
export function rackChance(gap: number): number {
  return 1 / (1 + 2 ** (-gap / 100));
}

/** How far one rack of surprise moves a player who has played `racks` racks. */
export function kFactor(racks: number): number {
  if (racks >= PROVISIONAL_RACKS) return K_ESTABLISHED;
  return K_ESTABLISHED + (K_NEW - K_ESTABLISHED) * (1 - racks / PROVISIONAL_RACKS);
}

export const isProvisional = (racks: number) => racks < PROVISIONAL_RACKS;

/** A singles result that counts: both players, the racks each won, when it was recorded. */
export type RatedResult = {
  matchId: string;
  /** When the result was recorded (ms). */
  at: number;
  player1Id: string;
  player2Id: string;
  racks1: number;
  racks2: number;
};

/** A starting rating a director set for a provisional player (decision 027). */
export type StartingRating = { playerId: string; at: number; rating: number; setBy: string };

/** A player's rating: exact (not rounded), the racks it rests on, who set where it started, and its history. */
export type PlayerRating = {
  rating: number;
  racks: number;
  /** The director who set the starting rating, if one did. */
  setBy: string | null;
  history: { at: number; rating: number; matchId: string }[];
};

const fresh = (): PlayerRating => ({ rating: START_RATING, racks: 0, setBy: null, history: [] });

/**
 * The racks a played result counts: its score, or for a result recorded without one (a winner, no racks) one rack to
 * the winner. Walkovers, double forfeits, byes and team events count nothing: the reads leave them out.
 */
export function ratedRacks(score1: number, score2: number, winner: 1 | 2): [number, number] {
  if (score1 + score2 > 0) return [score1, score2];
  return winner === 1 ? [1, 0] : [0, 1];
}

/** Where a player stands: the exact rating and the racks it rests on. */
export type Standing = { rating: number; racks: number };

/**
 * One result applied to both players as they stood before it: each moves by their own k times the racks they won
 * above those the ratings expected (a step up the likelihood of the racks, decision 027). What a recorded result
 * does to the two stored ratings, and each step of the replay.
 */
export function rateResult(
  one: Standing,
  two: Standing,
  { racks1, racks2 }: Pick<RatedResult, "racks1" | "racks2">,
): [Standing, Standing] {
  const racks = racks1 + racks2;
  const surprise = racks1 - racks * rackChance(one.rating - two.rating);
  return [
    { rating: one.rating + kFactor(one.racks) * surprise, racks: one.racks + racks },
    { rating: two.rating - kFactor(two.racks) * surprise, racks: two.racks + racks },
  ];
}

type Event = { at: number; order: 0 | 1; id: string } & (
  | { kind: "start"; start: StartingRating }
  | { kind: "result"; result: RatedResult }
);

/**
 * Every player's rating from the results and starting ratings, applied in a fixed order: by time, a starting rating
 * before a result at the same instant, then by id — so results recorded in the same millisecond (a batch, a
 * replay) always come out the same.
 */
export function replayRatings(
  results: readonly RatedResult[],
  starts: readonly StartingRating[] = [],
): Map<string, PlayerRating> {
  const events: Event[] = [
    // Two starts of one player at the same instant (two directors at once) are ordered by what they set, not by
    // the order they were read in.
    ...starts.map(
      (start): Event => ({
        at: start.at,
        order: 0,
        id: `${start.playerId} ${start.setBy} ${start.rating}`,
        kind: "start",
        start,
      }),
    ),
    ...results.map((result): Event => ({ at: result.at, order: 1, id: result.matchId, kind: "result", result })),
  ];
  events.sort((a, b) => a.at - b.at || a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const players = new Map<string, PlayerRating>();
  const of = (id: string) => players.get(id) ?? fresh();
  for (const event of events) {
    if (event.kind === "start") {
      const before = of(event.start.playerId);
      // Only a provisional rating is the director's to set; results take over from there.
      if (!isProvisional(before.racks)) continue;
      players.set(event.start.playerId, { ...before, rating: event.start.rating, setBy: event.start.setBy });
      continue;
    }
    const { result } = event;
    if (result.player1Id === result.player2Id) continue;
    const sides = [of(result.player1Id), of(result.player2Id)] as const;
    const after = rateResult(sides[0], sides[1], result);
    sides.forEach((side, i) => {
      const { rating, racks } = after[i] as Standing;
      // The replay's own objects: the history grows in place (a copy per result would make it quadratic).
      side.history.push({ at: result.at, rating, matchId: result.matchId });
      players.set(i === 0 ? result.player1Id : result.player2Id, { ...side, rating, racks });
    });
  }
  return players;
}

/** A rating as the pages and the API show it: a whole number. */
export const shownRating = (rating: number) => Math.round(rating);

/** A match slot's rating as shown, from the stored one (none stored: a new player's start); null for an empty slot. */
export const slotRating = (playerId: string | null, stored: number | null | undefined): number | null =>
  playerId === null ? null : shownRating(stored ?? START_RATING);

/**
 * The chance that a player winning each rack with chance `q` reaches `n` racks before the other reaches `m`:
 * Σ_{k=0}^{m−1} C(n−1+k, k) qⁿ (1−q)ᵏ.
 */
export function raceWinChance(q: number, n: number, m: number): number {
  let total = 0;
  // C(n−1+k, k) (1−q)^k, built up term by term.
  let term = q ** n;
  for (let k = 0; k < m; k++) {
    if (k > 0) term *= ((n - 1 + k) / k) * (1 - q);
    total += term;
  }
  return total;
}

/**
 * Each player's race in a handicapped match (decision 028): the higher-rated player races to `raceTo`; the other
 * to the n in 1..raceTo whose chance of winning is nearest 50%, the smaller n on a tie. Equal ratings race level.
 */
export function handicapRaces(rating1: number, rating2: number, raceTo: number): { race1: number; race2: number } {
  if (shownRating(rating1) === shownRating(rating2)) return { race1: raceTo, race2: raceTo };
  const weakerIsOne = rating1 < rating2;
  const q = rackChance(weakerIsOne ? rating1 - rating2 : rating2 - rating1);
  let best = raceTo;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let n = 1; n <= raceTo; n++) {
    const gap = Math.abs(raceWinChance(q, n, raceTo) - 0.5);
    // Strictly nearer only: on a tie the smaller n, found first, stays.
    if (gap < bestGap - 1e-12) {
      best = n;
      bestGap = gap;
    }
  }
  return weakerIsOne ? { race1: best, race2: raceTo } : { race1: raceTo, race2: best };
}
