// Types of calendar.js: a calendar file read back for the tests.

export type ReadEvent = {
  uid: string;
  /** The start and end as instants (ISO, UTC), and the zone they were written in. */
  start: string;
  end: string;
  tzid: string | null;
  summary: string;
  location: string;
  description: string;
  url: string;
  status: string;
};

/** The file's zones (its VTIMEZONE blocks) and its events, times resolved by those blocks alone. */
export declare function readCalendar(text: string): { zones: string[]; events: ReadEvent[] };
