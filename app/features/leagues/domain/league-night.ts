// A league night on a pub's TV (DESIGN §11): which night it shows — tonight's fixtures, else the season's next night,
// else its last — at one venue or all, the divisions they are in, and how much the screen's two columns must shrink
// to fit. Pure: the TV's route reads the season and hands it here.
import { dateInZone } from "../../../domain/dates.ts";
import { TV_BODY } from "../../screens/domain/tv.ts";

/** A night's fixtures run past midnight: until 6am the TV still shows the night before. */
const NIGHT_ENDS_HOURS = 6;

/** The league night an instant belongs to (YYYY-MM-DD in the UK): before 6am, the day before's. */
export const nightOf = (now: number): string => dateInZone(now - NIGHT_ENDS_HOURS * 3_600_000);

/** What venues are compared by: as typed by a secretary, so case, spacing and composition aside. */
const venueKey = (venue: string): string => venue.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

type Dated = { date: string | null; venue: string };

/** Which night the TV shows: tonight's, the season's next (none tonight), its last (none to come), or none at all. */
type NightKind = "tonight" | "next" | "last" | "none";

export type LeagueNight<Fixture> = { kind: NightKind; date: string | null; fixtures: Fixture[] };

/**
 * The night shown for `today` at `venue` (null: every venue): tonight's fixtures there, else those of the next date
 * with any, else of the last date with any (a finished season's final night). A postponed fixture has no date and
 * is on no night.
 */
export function leagueNight<Fixture extends Dated>(
  fixtures: readonly Fixture[],
  { today, venue }: { today: string; venue: string | null },
): LeagueNight<Fixture> {
  const key = venue === null ? null : venueKey(venue);
  const here = fixtures.filter((f) => f.date !== null && (key === null || venueKey(f.venue) === key));
  const dates = [...new Set(here.map((f) => f.date as string))].sort();
  const next = dates.find((d) => d >= today);
  const date = next ?? dates.at(-1) ?? null;
  if (date === null) return { kind: "none", date: null, fixtures: [] };
  const kind = date === today ? "tonight" : next !== undefined ? "next" : "last";
  return { kind, date, fixtures: here.filter((f) => f.date === date) };
}

type Division = { id: string; teams: readonly { venue: string }[] };

/**
 * The divisions whose tables the TV shows, in the season's order: those of the night's fixtures; with none, those
 * with a team at the venue (every division when no venue is named, or none is at it).
 */
export function divisionsOfNight<D extends Division>(
  divisions: readonly D[],
  night: readonly { divisionId: string }[],
  venue: string | null,
): D[] {
  const playing = new Set(night.map((f) => f.divisionId));
  if (playing.size > 0) return divisions.filter((d) => playing.has(d.id));
  const key = venue === null ? null : venueKey(venue);
  const atVenue = divisions.filter((d) => d.teams.some((t) => key !== null && venueKey(t.venue) === key));
  return atVenue.length > 0 ? atVenue : [...divisions];
}

/** The TV's layout (rem, on the 1920×1080 page of decision 023): the two columns and each thing's height in them. */
export const LEAGUE_TV = {
  fixturesWidth: 46,
  tablesWidth: 66,
  fixture: 8.5,
  fixturesHeading: 3.5,
  tableHeading: 3.5,
  tableHead: 3,
  tableRow: 3.75,
  tableGap: 2,
  averagesHeading: 5.5,
  averagesRow: 3.5,
} as const;

/** The most of the merit table's top the TV shows under the night's fixtures; fewer than the least, none. */
const TV_AVERAGES = { most: 5, least: 3 } as const;

/** How much a column `height` rem tall must shrink to fit the TV's body (1 when it fits), to the hundredth. */
const scaleFor = (height: number) => Math.floor(Math.min(1, TV_BODY.height / height) * 100) / 100;

/**
 * How many of the merit table's top fit under the night's fixtures without shrinking them (at most five, of the
 * `qualified` players there are): none when fewer than three would — a busy night's screen is its fixtures.
 */
export function meritRowsThatFit(fixtures: number, qualified: number): number {
  const t = LEAGUE_TV;
  const room = TV_BODY.height - t.fixturesHeading - Math.max(1, fixtures) * t.fixture - t.averagesHeading;
  const rows = Math.min(TV_AVERAGES.most, qualified, Math.floor(room / t.averagesRow));
  return rows >= Math.min(TV_AVERAGES.least, qualified) && rows > 0 ? rows : 0;
}

/**
 * Each column's scale: the night's fixtures (and under them the merit table's top, `averages` rows), and the tables
 * (each its heading, its head and a row a team).
 */
export function leagueTvScale(fixtures: number, tables: readonly number[], averages = 0) {
  const t = LEAGUE_TV;
  const tablesHeight =
    tables.reduce((sum, rows) => sum + t.tableHeading + t.tableHead + rows * t.tableRow, 0) +
    Math.max(0, tables.length - 1) * t.tableGap;
  return {
    fixtures: scaleFor(
      t.fixturesHeading +
        Math.max(1, fixtures) * t.fixture +
        (averages > 0 ? t.averagesHeading + averages * t.averagesRow : 0),
    ),
    tables: scaleFor(tablesHeight),
  };
}

/** A table's points as the TV shows them, a penalty beside them: "12", "12 (−2)", "−1 (−3)" (a minus sign). */
export const pointsWithPenalty = (points: number, penalty: number): string => {
  const shown = points < 0 ? `−${-points}` : String(points);
  return penalty > 0 ? `${shown} (−${penalty})` : shown;
};

/** A frame difference signed: "+5", "−3" (a minus sign), "0". */
export const signedDifference = (difference: number): string =>
  difference > 0 ? `+${difference}` : difference < 0 ? `−${-difference}` : "0";
