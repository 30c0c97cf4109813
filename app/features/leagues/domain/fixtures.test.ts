// The fixture generator's rules over random leagues (each list it gives keeps every hard rule, or it refuses
// with a reason), a realistic league, its refusals and why a four-team double round robin must have runs.
import fc from "fast-check";
import { expect, test } from "vitest";
import {
  type FixtureList,
  generateFixtures,
  type LeagueDivision,
  type LeagueFixture,
  type LeagueTeam,
  type Season,
  venueKey,
} from "./fixtures.ts";
import { NIGHTS, nightOf } from "./season-weeks.ts";

type Ok = Extract<FixtureList, { ok: true }>;

const SHARED_PUBS = [
  "The Red Lion",
  "The Crown",
  "Kings Arms",
  "Café Royal",
  "The Plough",
  "The Swan",
  "Rose & Crown",
  "The Bell",
  "The George",
  "The Anchor",
];
/** The same pub as different people type it. */
const spellings = (pub: string) => [
  pub,
  ` ${pub.toUpperCase()} `,
  pub.toLowerCase().replace(" ", "  "),
  pub.normalize("NFD"),
];

const DAY = 86_400_000;
const dateAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * A league: 1–4 divisions of 2–16 teams, each at its own pub but for a few pairs sent to a shared one (two pairs
 * sent to the same pub, or a team sent twice, make three or four venue-mates), spelt as different people would.
 */
const league = (share: boolean) =>
  fc
    .record({
      legs: fc.constantFrom<1 | 2>(1, 2),
      startOffset: fc.integer({ min: 0, max: 3000 }),
      blackoutWeeks: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 6 }),
      strayBlackouts: fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 3 }),
      sizes: fc.array(fc.integer({ min: 2, max: 16 }), { minLength: 1, maxLength: 4 }),
      pairs: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(SHARED_PUBS.length - 1), fc.nat(3), fc.nat(3)), {
        maxLength: share ? 4 : 0,
      }),
    })
    .map(({ legs, startOffset, blackoutWeeks, strayBlackouts, sizes, pairs }) => {
      const startDate = dateAfter("2026-01-01", startOffset);
      const season: Season = {
        night: nightOf(startDate),
        startDate,
        legs,
        blackoutDates: [
          ...blackoutWeeks.map((week) => dateAfter(startDate, week * 7)),
          ...strayBlackouts.map((days) => dateAfter(startDate, days)),
        ],
      };
      const teams = sizes.flatMap((size, d) =>
        Array.from({ length: size }, (_, t) => ({
          d,
          team: { id: `d${d}t${t}`, name: `Team ${d}.${t}`, venue: `Pub ${d}.${t}` },
        })),
      );
      for (const [one, two, pub, spelt1, spelt2] of pairs) {
        const names = spellings(SHARED_PUBS[pub] as string);
        (teams[one % teams.length] as (typeof teams)[number]).team.venue = names[spelt1] as string;
        (teams[two % teams.length] as (typeof teams)[number]).team.venue = names[spelt2] as string;
      }
      const divisions: LeagueDivision[] = sizes.map((_, d) => ({
        id: `div${d}`,
        name: `Division ${d + 1}`,
        teams: teams.filter((t) => t.d === d).map((t) => t.team),
      }));
      return { season, divisions };
    });

const weeksOf = (teams: number, legs: number) => legs * (teams + (teams % 2) - 1);

/** A team's weeks: home, away or resting. */
function teamWeeks(fixtures: readonly LeagueFixture[], teamId: string, weeks: number): string {
  const byWeek = new Map<number, string>();
  for (const f of fixtures) {
    if (f.homeTeamId === teamId) byWeek.set(f.week, "H");
    if (f.awayTeamId === teamId) byWeek.set(f.week, "A");
  }
  return Array.from({ length: weeks }, (_, i) => byWeek.get(i + 1) ?? "R").join("");
}

function expectPairsMeet(list: Ok, division: LeagueDivision, legs: 1 | 2) {
  const own = list.fixtures.filter((f) => f.divisionId === division.id);
  const n = division.teams.length;
  expect(own).toHaveLength((legs * n * (n - 1)) / 2);
  const meetings = new Map<string, number>();
  for (const f of own) {
    const key = legs === 2 ? `${f.homeTeamId}>${f.awayTeamId}` : [f.homeTeamId, f.awayTeamId].sort().join("-");
    meetings.set(key, (meetings.get(key) ?? 0) + 1);
    const home = division.teams.find((t) => t.id === f.homeTeamId);
    expect(division.teams.some((t) => t.id === f.awayTeamId)).toBe(true);
    expect(f.venue).toBe(home?.venue);
  }
  // Every pair (ordered with two legs: once at each home) exactly once.
  expect(meetings.size).toBe(legs === 2 ? n * (n - 1) : (n * (n - 1)) / 2);
  expect([...meetings.values()].every((count) => count === 1)).toBe(true);
}

function expectWeeksAndRests(list: Ok, division: LeagueDivision, legs: 1 | 2) {
  const n = division.teams.length;
  const weeks = weeksOf(n, legs);
  for (let week = 1; week <= list.weeks.length; week++) {
    const playing = list.fixtures
      .filter((f) => f.divisionId === division.id && f.week === week)
      .flatMap((f) => [f.homeTeamId, f.awayTeamId]);
    expect(new Set(playing).size).toBe(playing.length);
    const expected = week > weeks ? 0 : n % 2 === 0 ? n : n - 1;
    expect(playing).toHaveLength(expected);
  }
  for (const team of division.teams) {
    const pattern = teamWeeks(list.fixtures, team.id, weeks);
    if (legs === 1 || n !== 4) expect(pattern).not.toMatch(/HHH|AAA/);
  }
}

function expectCalendar(list: Ok, season: Season) {
  const blackouts = new Set(season.blackoutDates);
  const dates = list.weeks.map((w) => w.date);
  expect(list.weeks.map((w) => w.week)).toEqual(dates.map((_, i) => i + 1));
  expect(dates[0]! >= season.startDate).toBe(true);
  let expected = season.startDate;
  for (const date of dates) {
    while (blackouts.has(expected)) expected = dateAfter(expected, 7);
    expect(date).toBe(expected);
    expect(nightOf(date)).toBe(season.night);
    expected = dateAfter(expected, 7);
  }
  for (const f of list.fixtures) expect(f.date).toBe(dates[f.week - 1]);
}

function expectVenuesApart(list: Ok) {
  for (const week of list.weeks) {
    const homes = list.fixtures.filter((f) => f.week === week.week).map((f) => venueKey(f.venue));
    expect(new Set(homes).size).toBe(homes.length);
  }
}

function expectSorted(list: Ok, divisions: readonly LeagueDivision[]) {
  const rank = (f: LeagueFixture) => f.week * 100 + divisions.findIndex((d) => d.id === f.divisionId);
  const ranks = list.fixtures.map(rank);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
}

function expectHardRules(list: Ok, season: Season, divisions: readonly LeagueDivision[]) {
  expect(list.weeks).toHaveLength(Math.max(...divisions.map((d) => weeksOf(d.teams.length, season.legs))));
  for (const division of divisions) {
    expectPairsMeet(list, division, season.legs);
    expectWeeksAndRests(list, division, season.legs);
  }
  expectCalendar(list, season);
  expectVenuesApart(list);
  expectSorted(list, divisions);
}

test("a league where no two teams share a pub always gets a list that keeps every rule", () => {
  fc.assert(
    fc.property(league(false), ({ season, divisions }) => {
      const list = generateFixtures(season, divisions);
      if (!list.ok) throw new Error(list.reason);
      expectHardRules(list, season, divisions);
    }),
    { numRuns: 80 },
  );
});

/** Whether two of a league's teams play at the same pub. */
const sharesAPub = (divisions: readonly LeagueDivision[]) => {
  const venues = divisions.flatMap((d) => d.teams.map((t) => venueKey(t.venue)));
  return new Set(venues).size < venues.length;
};

test("with shared pubs the list keeps every rule, venue-mates never both at home, or it refuses saying who", () => {
  let keptApart = 0;
  fc.assert(
    fc.property(league(true), ({ season, divisions }) => {
      const list = generateFixtures(season, divisions);
      if (!list.ok) {
        expect(list.reason).toMatch(/^.+ and .+ (both|all) play at .+/);
        return;
      }
      if (sharesAPub(divisions)) keptApart++;
      expectHardRules(list, season, divisions);
    }),
    { numRuns: 150 },
  );
  // Most leagues with venue-mates get a list: the search is doing the work, not refusing it.
  expect(keptApart).toBeGreaterThan(40);
});

test("the same league gives the same list, whatever order its objects' keys were written in", () => {
  fc.assert(
    fc.property(league(true), ({ season, divisions }) => {
      const rewritten = divisions.map(({ teams, name, id }) => ({
        teams: teams.map(({ venue, name, id }) => ({ venue, name, id })),
        name,
        id,
      }));
      const { blackoutDates, legs, startDate, night } = season;
      expect(generateFixtures({ blackoutDates, legs, startDate, night }, rewritten)).toEqual(
        generateFixtures(season, divisions),
      );
    }),
    { numRuns: 25 },
  );
});

test("a date's weeknight, Monday to Sunday", () => {
  expect(NIGHTS.map((_, i) => nightOf(dateAfter("2026-08-24", i)))).toEqual([...NIGHTS]);
  expect(nightOf("2026-12-25")).toBe("friday");
});

test("a venue is the same pub whatever its case, spacing or Unicode form", () => {
  expect(venueKey("The Red Lion ")).toBe(venueKey("the red lion"));
  expect(venueKey("  THE  RED\tLION")).toBe(venueKey("the red lion"));
  expect(venueKey("Cafe\u0301 Royal")).toBe(venueKey("Café Royal"));
  expect(venueKey("The Red Lion")).not.toBe(venueKey("The Red Lyon"));
});

const team = (id: string, venue: string): LeagueTeam => ({ id, name: id.replace(/-/g, " "), venue });

/** Monday nights from the end of August, with the summer bank holiday and the Boxing Day holiday off. */
const MONDAYS: Season = {
  night: "monday",
  startDate: "2026-08-24",
  legs: 2,
  blackoutDates: ["2026-08-31", "2026-12-28"],
};

const TWO_DIVISIONS: LeagueDivision[] = [
  {
    id: "premier",
    name: "Premier",
    teams: [
      team("Lion-A", "The Red Lion"),
      team("Crown", "The Crown"),
      team("Swan", "The Swan"),
      team("Bell", "The Bell"),
      team("George", "The George"),
      team("Anchor", "The Anchor"),
      team("Plough", "The Plough"),
      team("Crown-B", "The Crown"),
    ],
  },
  {
    id: "one",
    name: "Division One",
    teams: [
      team("Lion-B", "the red lion "),
      team("Rose", "Rose & Crown"),
      team("Fox", "The Fox"),
      team("Star", "The Star"),
      team("Oak", "Royal Oak"),
      team("Ship", "The Ship"),
      team("Hare", "Hare and Hounds"),
    ],
  },
];

test("a two-division Monday league, with a pub in both and a pub with two teams, and bank holidays off", () => {
  const list = generateFixtures(MONDAYS, TWO_DIVISIONS);
  if (!list.ok) throw new Error(list.reason);
  expectHardRules(list, MONDAYS, TWO_DIVISIONS);
  // Eight teams twice round: 14 weeks; seven teams (one resting each week) twice round: 14 weeks too.
  expect(list.weeks).toHaveLength(14);
  expect(list.fixtures).toHaveLength(56 + 42);
  expect(list.weeks.slice(0, 3)).toEqual([
    { week: 1, date: "2026-08-24" },
    { week: 2, date: "2026-09-07" },
    { week: 3, date: "2026-09-14" },
  ]);
  expect(list.weeks.map((w) => w.date)).not.toContain("2026-12-28");
  expect(list.weeks.at(-1)?.date).toBe("2026-11-30");
  const lionAtHome = list.fixtures.filter((f) => f.homeTeamId === "Lion-A" || f.homeTeamId === "Lion-B");
  expect(new Set(lionAtHome.map((f) => f.week)).size).toBe(lionAtHome.length);
  expect(lionAtHome.find((f) => f.homeTeamId === "Lion-B")?.venue).toBe("the red lion ");
  const crownAtHome = list.fixtures.filter((f) => f.venue === "The Crown");
  expect(crownAtHome).toHaveLength(14);
  expect(new Set(crownAtHome.map((f) => f.week)).size).toBe(14);
  expect(generateFixtures(MONDAYS, TWO_DIVISIONS)).toEqual(list);
});

const FOUR_AT_THE_CROWN: LeagueDivision[] = [
  {
    id: "d",
    name: "Division Two",
    teams: [team("Ace", "The Crown"), team("Bee", "the crown"), team("Cue", "The Crown"), team("Dee", "The Bell")],
  },
];

test("three of four teams at one pub, twice round: more home matches than weeks, so it refuses", () => {
  expect(generateFixtures(MONDAYS, FOUR_AT_THE_CROWN)).toEqual({
    ok: false,
    reason:
      "Ace, Bee and Cue all play at The Crown: 9 home matches between them, but the season has only 6 weeks, " +
      "so two of them would be at home the same week.",
  });
});

test("three of four teams at one pub, once round: only Dee at home three weeks running would do, so it refuses", () => {
  expect(generateFixtures({ ...MONDAYS, legs: 1 }, FOUR_AT_THE_CROWN)).toEqual({
    ok: false,
    reason:
      "Ace, Bee and Cue all play at The Crown, and no fixture list the generator can draw keeps them from being " +
      "at home the same week without a team at home (or away) three weeks running.",
  });
});

test("a season it can't start refuses, saying why", () => {
  const refusal = (season: Partial<Season>, divisions = TWO_DIVISIONS) => {
    const list = generateFixtures({ ...MONDAYS, ...season }, divisions);
    return list.ok ? null : list.reason;
  };
  expect(refusal({ startDate: "2026-08-25" })).toBe("The first date, 2026-08-25, is a Tuesday, not a Monday.");
  expect(refusal({ startDate: "2026-02-30" })).toBe('The first date must be a date (YYYY-MM-DD), not "2026-02-30".');
  expect(refusal({ blackoutDates: ["31/08/2026"] })).toBe(
    'A blackout date must be a date (YYYY-MM-DD), not "31/08/2026".',
  );
  expect(refusal({}, [])).toBe("A league needs at least one division.");
  expect(refusal({}, [{ id: "x", name: "Division Three", teams: [team("Solo", "The Bell")] }])).toBe(
    "Division Three needs at least two teams to play.",
  );
  const twice = [TWO_DIVISIONS[0]!, { ...TWO_DIVISIONS[1]!, teams: [team("Crown", "Elsewhere"), team("X", "Y")] }];
  expect(refusal({}, twice)).toBe('Two teams share the id "Crown".');
  expect(refusal({}, [{ id: "x", name: "D", teams: [team("A", "The Bell"), team("B", "  ")] }])).toBe(
    "B has no venue.",
  );
});

test("a blackout on the first date moves week 1 to the next free weeknight; one on another day changes nothing", () => {
  const list = generateFixtures({ ...MONDAYS, blackoutDates: ["2026-08-24", "2026-08-25"] }, TWO_DIVISIONS);
  expect(list.ok && list.weeks.slice(0, 2)).toEqual([
    { week: 1, date: "2026-08-31" },
    { week: 2, date: "2026-09-07" },
  ]);
});

/** Every mirrored double round robin of four teams: each order of the three rounds, each home for each match. */
function everyFourTeamDouble(): string[][] {
  const rounds = [
    [
      [0, 1],
      [2, 3],
    ],
    [
      [0, 2],
      [1, 3],
    ],
    [
      [0, 3],
      [1, 2],
    ],
  ];
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  return orders.flatMap((order) =>
    Array.from({ length: 64 }, (_, homes) => {
      const weeks: string[][] = [[], [], [], []];
      order.forEach((r, i) => {
        rounds[r]!.forEach(([one, two], board) => {
          const swap = (homes >> (i * 2 + board)) & 1;
          weeks[swap ? two! : one!]!.push("H");
          weeks[swap ? one! : two!]!.push("A");
        });
      });
      return weeks.map((first) => first.join("") + first.map((w) => (w === "H" ? "A" : "H")).join(""));
    }),
  );
}

test("four teams twice round can't avoid three weeks running at home or away: two teams always have it", () => {
  const runs = everyFourTeamDouble().map((teams) => teams.filter((weeks) => /HHH|AAA/.test(weeks)).length);
  expect(runs).toHaveLength(384);
  expect(Math.min(...runs)).toBe(2);
});
