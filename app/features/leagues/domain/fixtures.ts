// A season's fixture list, generated in one go from its divisions and its calendar.
//
// Each division plays a round robin on the circle method (Berger tables, berger.ts), with an empty seat when its
// count is odd (whoever meets it rests that week); with two legs the second is the first with homes swapped.
// Weeks are the league's, shared by every division: week 1 is the same night for all. Which table a division
// plays (the circle started at any week, read forwards or backwards, homes as drawn or swapped, the empty seat
// anywhere) and which team takes which seat are searched in a fixed order, within a bounded number of steps, so
// that teams sharing a venue (in any division: they share its tables) are never both at home the same week
// (venue-seats.ts). Teams with no venue-mate take the seats left in the order they are listed.
//
// Hard rules, true of every list this returns (else it refuses, saying why): every pair meets `legs` times, with
// two legs once at each home; nobody plays twice in a week; in an odd division exactly one team rests each week;
// the dates are the weeknight from the first date on, skipping blackouts; venue-mates are never both at home.
// No team is at home (or away) three weeks running either — a rest week ends a run — except in a division of
// four teams playing two legs, where no schedule avoids it for two of them (the tests try them all).
// The same input always gives the same list: nothing depends on the clock, chance or the order of object keys.
// Bound to these tables, it may refuse a league some other schedule would fit: venue-mates in two-leg divisions
// of quite different sizes (one of 13–15 teams, the other of 9–14) are the cases found.
import { type Night, seasonDatesProblem, weekDates } from "./season-weeks.ts";
import { type Member, type Seating, seatTeams } from "./venue-seats.ts";

export type Season = { night: Night; startDate: string; legs: 1 | 2; blackoutDates: readonly string[] };
export type LeagueTeam = { id: string; name: string; venue: string };
export type LeagueDivision = { id: string; name: string; teams: readonly LeagueTeam[] };

export type LeagueFixture = {
  divisionId: string;
  week: number;
  date: string;
  homeTeamId: string;
  awayTeamId: string;
  venue: string;
};

type SeasonWeek = { week: number; date: string };

/** The list, or why the season's constraints can't all be met (the route answers 409 with the reason). */
export type FixtureList = { ok: true; fixtures: LeagueFixture[]; weeks: SeasonWeek[] } | { ok: false; reason: string };

/** A venue as the same pub whatever its spelling's case, spacing or Unicode form. */
export function venueKey(venue: string): string {
  return venue.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

function inputProblem(season: Season, divisions: readonly LeagueDivision[]): string | null {
  const dates = seasonDatesProblem(season.night, season.startDate, season.blackoutDates);
  if (dates) return dates;
  if (season.legs !== 1 && season.legs !== 2) return "Teams meet once or twice a season (legs 1 or 2).";
  if (divisions.length === 0) return "A league needs at least one division.";
  const divisionIds = new Set<string>();
  const teamIds = new Set<string>();
  for (const division of divisions) {
    if (divisionIds.has(division.id)) return `Two divisions share the id "${division.id}".`;
    divisionIds.add(division.id);
    if (division.teams.length < 2) return `${division.name} needs at least two teams to play.`;
    for (const team of division.teams) {
      if (teamIds.has(team.id)) return `Two teams share the id "${team.id}".`;
      teamIds.add(team.id);
      if (venueKey(team.venue) === "") return `${team.name} has no venue.`;
    }
  }
  return null;
}

/** Teams that share a venue, two or more, in the order the league lists them. */
function venueGroups(divisions: readonly LeagueDivision[]): Member[][] {
  const byVenue = new Map<string, Member[]>();
  divisions.forEach((division, d) => {
    division.teams.forEach((team, t) => {
      const key = venueKey(team.venue);
      byVenue.set(key, [...(byVenue.get(key) ?? []), { division: d, team: t }]);
    });
  });
  return [...byVenue.values()].filter((members) => members.length > 1);
}

const teamOf = (divisions: readonly LeagueDivision[], m: Member) =>
  (divisions[m.division] as LeagueDivision).teams[m.team] as LeagueTeam;

/** "A and B both play at The Crown", "A, B and C all play at The Crown". */
function sharing(divisions: readonly LeagueDivision[], members: readonly Member[]): string {
  const names = members.map((m) => teamOf(divisions, m).name);
  const venue = teamOf(divisions, members[0] as Member).venue.trim();
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)} ${names.length === 2 ? "both" : "all"} play at ${venue}`;
}

const weeksOf = (teams: number, legs: 1 | 2) => legs * (teams + (teams % 2) - 1);

/**
 * With two legs every team has exactly one home match per opponent, so venue-mates need a week each for all
 * their home matches: more home matches than weeks can't be kept apart, whatever the draw.
 */
function tooManyHomes(season: Season, divisions: readonly LeagueDivision[], groups: Member[][]): string | null {
  if (season.legs !== 2) return null;
  for (const members of groups) {
    const counts = members.map((m) => (divisions[m.division] as LeagueDivision).teams.length);
    const homes = counts.reduce((sum, teams) => sum + teams - 1, 0);
    const weeks = Math.max(...counts.map((teams) => weeksOf(teams, 2)));
    if (homes > weeks) {
      return (
        `${sharing(divisions, members)}: ${homes} home matches between them, but the ` +
        `season has only ${weeks} weeks, so two of them would be at home the same week.`
      );
    }
  }
  return null;
}

/** Every division's matches, week by week, then division by division, then board by board. */
function fixturesOf(divisions: readonly LeagueDivision[], seatings: readonly Seating[], dates: readonly string[]) {
  const fixtures: LeagueFixture[] = [];
  dates.forEach((date, w) => {
    divisions.forEach((division, d) => {
      const { rounds, rest, seatOf } = seatings[d] as Seating;
      const teamAt = new Map(seatOf.map((seat, t) => [seat, division.teams[t] as LeagueTeam]));
      for (const [homeSeat, awaySeat] of rounds[w] ?? []) {
        const home = teamAt.get(homeSeat);
        const away = teamAt.get(awaySeat);
        if (!home || !away || homeSeat === rest || awaySeat === rest) continue;
        fixtures.push({
          divisionId: division.id,
          week: w + 1,
          date,
          homeTeamId: home.id,
          awayTeamId: away.id,
          venue: home.venue,
        });
      }
    });
  });
  return fixtures;
}

/** The season's fixture list, or the constraint that can't be met. */
export function generateFixtures(season: Season, divisions: readonly LeagueDivision[]): FixtureList {
  const problem = inputProblem(season, divisions);
  if (problem) return { ok: false, reason: problem };
  const groups = venueGroups(divisions);
  const crowded = tooManyHomes(season, divisions, groups);
  if (crowded) return { ok: false, reason: crowded };
  const seated = seatTeams(
    divisions.map((division) => division.teams.length),
    season.legs,
    groups,
  );
  if (!seated.ok) {
    const members = groups[seated.group] as Member[];
    return {
      ok: false,
      reason:
        `${sharing(divisions, members)}, and no fixture list the generator can draw keeps them from being at ` +
        "home the same week without a team at home (or away) three weeks running.",
    };
  }
  const count = Math.max(...divisions.map((division) => weeksOf(division.teams.length, season.legs)));
  const dates = weekDates(season.startDate, season.blackoutDates, count);
  return {
    ok: true,
    fixtures: fixturesOf(divisions, seated.seatings, dates),
    weeks: dates.map((date, i) => ({ week: i + 1, date })),
  };
}
