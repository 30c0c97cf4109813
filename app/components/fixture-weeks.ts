// A league season's fixtures as the secretary's page and its printed list show them: week by week, each week under
// the date most of its fixtures are on, each fixture with its own date where it was moved off it, or "Postponed".
import { formatDate } from "~/domain/dates.ts";
import { UNPLAYED_STATUSES } from "~/features/leagues/domain/leagues.ts";

type Fixture = {
  id: string;
  divisionId: string;
  week: number;
  date: string | null;
  home: string;
  away: string;
  venue: string;
  status: string;
};

const statusText: Record<string, string> = {
  scheduled: "Scheduled",
  postponed: "Postponed",
  in_progress: "In progress",
  disputed: "Disputed",
  played: "Played",
  awarded: "Awarded",
};

/** The date most of a week's fixtures are on (the earliest of equals), or null when all are postponed. */
function weekDate(fixtures: readonly Fixture[]): string | null {
  const counts = new Map<string, number>();
  for (const f of fixtures) if (f.date) counts.set(f.date, (counts.get(f.date) ?? 0) + 1);
  let best: string | null = null;
  for (const [date, n] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    if (best === null || n > (counts.get(best) ?? 0)) best = date;
  }
  return best;
}

/** The fixtures by week; `divisions` names each fixture's division (none: a season of one division). */
export function weeksOf(fixtures: readonly Fixture[], divisions: readonly { id: string; name: string }[]) {
  const byWeek = new Map<number, Fixture[]>();
  for (const f of fixtures) byWeek.set(f.week, [...(byWeek.get(f.week) ?? []), f]);
  return [...byWeek].map(([week, list]) => {
    const date = weekDate(list);
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
        statusText: statusText[f.status] ?? f.status,
        date: f.date,
        /** The fixture's own date when it is not the week's. */
        movedTo: f.date && f.date !== date ? formatDate(f.date) : null,
        division: divisions.find((d) => d.id === f.divisionId)?.name ?? null,
        movable: (UNPLAYED_STATUSES as readonly string[]).includes(f.status),
      })),
    };
  });
}
export type FixtureWeek = ReturnType<typeof weeksOf>[number];
