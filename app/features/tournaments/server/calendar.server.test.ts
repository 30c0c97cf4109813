import { expect, test } from "vitest";
import { readCalendar } from "../../../../test-support/calendar.js";
import { type CalendarTournament, calendarFile, calendarResponse, tournamentEvent } from "./calendar.server.ts";

const night: CalendarTournament = {
  id: "t1",
  slug: "thursday-8-ball-abc123",
  name: "Thursday 8-Ball",
  venue: "The Red Lion, Leeds",
  date: "2026-12-03",
  time: "19:30",
  format: null,
  tournamentType: "single_elimination",
  matchType: "1v1",
  entryFeePence: 1000,
  siteFeePence: 100,
};

const read = (t: CalendarTournament) => {
  const event = tournamentEvent(t, "https://breakandrun.test/");
  if (!event) throw new Error("no event");
  return readCalendar(calendarFile([event]));
};

test("a winter night: 19:30 GMT for four hours, in Europe/London, with what a player needs to know", () => {
  const { zones, events } = read(night);
  expect(zones).toEqual(["Europe/London"]);
  expect(events).toEqual([
    {
      uid: "tournament-t1@breakandrun",
      start: "2026-12-03T19:30:00.000Z",
      end: "2026-12-03T23:30:00.000Z",
      tzid: "Europe/London",
      summary: "Thursday 8-Ball",
      location: "The Red Lion, Leeds",
      description:
        "8-ball knockout · Single elimination · Singles (1v1)\n" +
        "Entry: £11.00 — £10.00 entry + £1.00 booking fee\n" +
        "https://breakandrun.test/tournament/thursday-8-ball-abc123",
      url: "https://breakandrun.test/tournament/thursday-8-ball-abc123",
      status: "CONFIRMED",
    },
  ]);
});

test("summer is BST; over the October clock change a night still lasts four hours; a team's price is per team", () => {
  const summer = read({ ...night, date: "2027-06-10", time: "19:30" }).events[0]!;
  expect([summer.start, summer.end]).toEqual(["2027-06-10T18:30:00.000Z", "2027-06-10T22:30:00.000Z"]);
  // Sunday 25 Oct 2026: BST ends at 02:00; 22:00 BST (21:00Z) + 4 h = 01:00Z, 01:00 GMT.
  const late = read({ ...night, date: "2026-10-24", time: "22:00" }).events[0]!;
  expect([late.start, late.end]).toEqual(["2026-10-24T21:00:00.000Z", "2026-10-25T01:00:00.000Z"]);
  const doubles = read({ ...night, matchType: "2v2", format: "Scotch doubles", entryFeePence: 500, siteFeePence: 0 });
  expect(doubles.events[0]!.description.split("\n").slice(0, 2)).toEqual([
    "Scotch doubles · Single elimination · Doubles (2v2)",
    "Entry: £10.00 per team of 2",
  ]);
  expect(read({ ...night, entryFeePence: 0, siteFeePence: 0 }).events[0]!.description).toContain("Entry: Free\n");
});

test("no event for a malformed date; a cancelled event says so; DTSTAMP in UTC; the file named and typed", () => {
  expect(tournamentEvent({ ...night, date: "2026-02-30" }, "https://x.test")).toBeNull();
  const event = tournamentEvent(night, "https://x.test")!;
  const stamp = new Date("2026-11-27T12:00:00Z");
  const text = calendarFile([event, { ...event, uid: "other@breakandrun", cancelled: true }], {
    name: "Season",
    stamp,
  });
  expect(text).toContain("X-WR-CALNAME:Season");
  // DTSTAMP is UTC, whatever the events' zone.
  expect(text).toContain("\r\nDTSTAMP:20261127T120000Z\r\n");
  expect(readCalendar(text).events.map((e) => e.status)).toEqual(["CONFIRMED", "CANCELLED"]);
  const response = calendarResponse(text, "thursday-8-ball-abc123");
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="thursday-8-ball-abc123.ics"');
});
