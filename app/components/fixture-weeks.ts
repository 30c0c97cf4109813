// A league season's fixtures as the secretary's page and its printed list show them: week by week, each week under
// its league night in the season's calendar, each fixture with its own date where it was moved off it.
import { formatDate, isValidDate } from "~/domain/dates.ts";
import { fixtureStatusText, UNPLAYED_STATUSES } from "~/features/leagues/domain/leagues.ts";
import { weekDates } from "~/features/leagues/domain/season-weeks.ts";
import type { FixtureView } from "./league-fixtures.tsx";

/** A fixture as the public list has it, with its division. */
type Fixture = Pick<FixtureView, "id" | "week" | "date" | "home" | "away" | "venue" | "status"> & {
  divisionId: string;
};

/** Fixtures grouped by week, in order of weeks. */
export function byWeek<F extends { week: number }>(fixtures: readonly F[]): [number, F[]][] {
  const weeks = new Map<number, F[]>();
  for (const f of fixtures) weeks.set(f.week, [...(weeks.get(f.week) ?? []), f]);
  return [...weeks.entries()].sort(([a], [b]) => a - b);
}

/**
 * The fixtures by week, each week's date the season's calendar gives it (its first date and blackout dates);
 * `divisions` names each fixture's division (none: a season of one division).
 */
export function fixtureWeeks(
  fixtures: readonly Fixture[],
  season: { startDate: string; blackoutDates: readonly string[] },
  divisions: readonly { id: string; name: string }[],
) {
  const grouped = byWeek(fixtures);
  const weeks = Math.max(0, ...grouped.map(([week]) => week));
  const calendar = isValidDate(season.startDate) ? weekDates(season.startDate, season.blackoutDates, weeks) : [];
  return grouped.map(([week, list]) => {
    const date = calendar[week - 1] ?? null;
    return {
      week,
      date,
      dateText: date ? formatDate(date) : "Date to be set",
      fixtures: list.map((f) => ({
        id: f.id,
        home: f.home,
        away: f.away,
        venue: f.venue,
        status: f.status,
        statusText: fixtureStatusText(f.status),
        date: f.date,
        /** The fixture's own date when it is not the week's. */
        movedTo: f.date && f.date !== date ? formatDate(f.date) : null,
        division: divisions.find((d) => d.id === f.divisionId)?.name ?? null,
        movable: (UNPLAYED_STATUSES as readonly string[]).includes(f.status),
      })),
    };
  });
}
export type FixtureWeek = ReturnType<typeof fixtureWeeks>[number];
