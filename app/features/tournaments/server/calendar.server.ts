// Calendar files (decision 030): "Add to calendar" on a tournament, and a series' subscription feed, as iCalendar
// (RFC 5545) written by ical-generator. Server-only: the library never reaches a page's bundle.
import { ICalCalendarMethod, ICalEventStatus, default as ical } from "ical-generator";
import { instantToLocalInput, tournamentStartInstant, UK_TIME_ZONE } from "~/domain/dates.ts";
import { headlinePrice } from "~/features/money/domain/headline-price.ts";
import {
  DEFAULT_FORMAT,
  type MatchType,
  matchTypeOptions,
  type TournamentType,
  tournamentTypeOptions,
} from "~/domain/tournaments.ts";

/** How long a night is put in the calendar for: a tournament has a start time but no end. */
const EVENT_HOURS = 4;

/** One event: `start` and `end` are wall-clock times at the venue ("2026-12-03T19:30"), in Europe/London. */
export type CalendarEvent = {
  /** Stable across downloads, so a calendar that has the event updates it rather than adding another. */
  uid: string;
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  url: string;
  cancelled?: boolean;
};

/**
 * Europe/London for the file's VTIMEZONE (ical-generator writes TZID on each time and leaves the block to a
 * generator): the EU rule the UK keeps, BST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last
 * Sunday of October. Written here rather than taken from a zone-data package: those read their files from disk
 * (not in a Worker) or carry every zone in the world for this one.
 */
const EUROPE_LONDON = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/London",
  "X-LIC-LOCATION:Europe/London",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19700329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

const vtimezone = (zone: string): string | null => (zone === UK_TIME_ZONE ? EUROPE_LONDON : null);

/**
 * The iCalendar text of `events`; `name` names a feed (a series), a single event's file goes without; `refreshSeconds`
 * tells a subscribed calendar how often to fetch a feed again (REFRESH-INTERVAL and X-PUBLISHED-TTL).
 */
export function calendarFile(
  events: CalendarEvent[],
  { name, stamp = new Date(), refreshSeconds }: { name?: string; stamp?: Date; refreshSeconds?: number } = {},
) {
  const calendar = ical({
    ...(refreshSeconds ? { ttl: refreshSeconds } : {}),
    prodId: { company: "Break & Run", product: "Tournaments" },
    method: ICalCalendarMethod.PUBLISH,
    // The zone's block for the events' TZID; no calendar-wide zone, or ical-generator writes DTSTAMP (which must be
    // UTC) as a wall-clock time.
    timezone: { name: null, generator: vtimezone },
    ...(name ? { name } : {}),
  });
  for (const e of events) {
    // With a time zone set, ical-generator writes a time as given: the wall clock, under TZID=Europe/London.
    calendar.createEvent({
      id: e.uid,
      stamp,
      start: `${e.start}:00`,
      end: `${e.end}:00`,
      timezone: UK_TIME_ZONE,
      summary: e.summary,
      location: e.location,
      description: e.description,
      url: e.url,
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** The answer carrying a calendar file: downloaded as `{filename}.ics`; not cached unless `cacheControl` says so. */
export function calendarResponse(body: string, filename: string, cacheControl?: string): Response {
  return new Response(body, {
    headers: {
      ...(cacheControl ? { "Cache-Control": cacheControl } : {}),
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "-")}.ics"`,
    },
  });
}

export type CalendarTournament = {
  id: string;
  slug: string;
  name: string;
  venue: string;
  date: string;
  time: string;
  format: string | null;
  tournamentType: TournamentType;
  matchType: MatchType;
  entryFeePence: number;
  siteFeePence: number;
};

/** A tournament as an event: from its start (the venue's date and time) for EVENT_HOURS, null if they are malformed. */
export function tournamentEvent(t: CalendarTournament, appUrl: string): CalendarEvent | null {
  const startsAt = tournamentStartInstant(t.date, t.time);
  if (startsAt === null) return null;
  const url = `${appUrl.replace(/\/+$/, "")}/tournament/${t.slug}`;
  const type = tournamentTypeOptions.find((o) => o.value === t.tournamentType)?.label ?? t.tournamentType;
  const match = matchTypeOptions.find((o) => o.value === t.matchType)?.label ?? t.matchType;
  return {
    uid: `tournament-${t.id}@breakandrun`,
    start: `${t.date}T${t.time}`,
    end: instantToLocalInput(startsAt + EVENT_HOURS * 3_600_000, UK_TIME_ZONE),
    summary: t.name,
    location: t.venue,
    description: [`${t.format || DEFAULT_FORMAT} · ${type} · ${match}`, `Entry: ${headlinePrice(t).text}`, url].join(
      "\n",
    ),
    url,
  };
}
