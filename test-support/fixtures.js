// Test data shared by every suite: the unit tests beside app/ code, the
// integration tests (tests/), the browser tests (e2e/) and the benchmarks
// (bench/). One "valid tournament" and one seeded random generator, so the
// suites cannot drift apart.
//
// Plain JavaScript with its types in fixtures.d.ts: the unit tests under app/
// also belong to tsconfig.cloudflare.json, whose projects must list every
// TypeScript source they import; a declaration file is exempt, so every
// project can import this module without knowing about the folder. The
// declarations are checked against this file (tsconfig.node.json includes
// it, and each export below is typed from them).

/**
 * The date `daysAhead` days from now (UTC), as YYYY-MM-DD.
 * @type {typeof import("./fixtures.d.ts").futureDate}
 */
export const futureDate = (daysAhead = 30) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

/**
 * SCENARIO's Friday knockout at the Red Lion, as POST /api/tournaments takes
 * it: 16 players, £10.00 entry, £1.00 site fee, a fixed £1.00 rake, winner and
 * runner-up paid, 19:30 on the day 30 days from now. `overrides` replace or
 * add fields.
 * @type {typeof import("./fixtures.d.ts").validTournament}
 */
export const validTournament = (overrides) => {
  /** @satisfies {import("./fixtures.d.ts").TournamentBody} */
  const body = {
    name: "Friday 8-Ball Knockout",
    venue: "The Red Lion, Leeds",
    date: futureDate(30),
    time: "19:30",
    entryFee: "10.00",
    siteFee: "1.00",
    rakeType: "fixed",
    rakeValue: "1.00",
    maxPlayers: 16,
    payoutStructure: "winner_ru",
  };
  return /** @type {any} */ ({ ...body, ...overrides });
};

/**
 * mulberry32: a small, fast seeded generator, good enough to pick who does
 * what. The same seed gives the same sequence on every run and machine.
 * @type {typeof import("./fixtures.d.ts").seededRandom}
 */
export const seededRandom = (seed) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (/** @type {number} */ lo, /** @type {number} */ hi) => lo + Math.floor(next() * (hi - lo + 1));
  /** @template T @param {readonly T[]} xs @returns {T} */
  const pick = (xs) => {
    if (xs.length === 0) throw new Error("pick from an empty list");
    return /** @type {T} */ (xs[Math.floor(next() * xs.length)]);
  };
  /** @template T @param {readonly T[]} xs @returns {T[]} */
  const shuffle = (xs) => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [/** @type {T} */ (out[j]), /** @type {T} */ (out[i])];
    }
    return out;
  };
  return { next, int, chance: (p) => next() < p, pick, shuffle };
};
