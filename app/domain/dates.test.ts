import { expect, test } from "vitest";
import {
  dateInZone,
  emailDateTime,
  emailTime,
  formatDate,
  formatDateTime,
  formatShortDate,
  formatTime,
  instantToLocalInput,
  isValidDate,
  isValidTime,
  localDateTimeToInstant,
  timeInZone,
  tournamentStartInstant,
} from "./dates.ts";

test("dates and times are validated strictly", () => {
  expect(isValidDate("2025-12-06")).toBe(true);
  expect(isValidDate("2024-02-29")).toBe(true);
  for (const bad of ["2025-02-29", "2025-13-01", "2025-1-1", "06/12/2025", "", "2025-12-06T00:00"]) {
    expect(isValidDate(bad)).toBe(false);
  }
  expect(isValidTime("19:30")).toBe(true);
  expect(isValidTime("00:00")).toBe(true);
  for (const bad of ["24:00", "7:30", "19:60", "19:30:00", ""]) expect(isValidTime(bad)).toBe(false);
});

test("UK wall-clock times convert across GMT and BST", () => {
  expect(localDateTimeToInstant("2025-12-06T19:30")).toBe(Date.UTC(2025, 11, 6, 19, 30));
  expect(localDateTimeToInstant("2025-07-04T19:30")).toBe(Date.UTC(2025, 6, 4, 18, 30));
  // The clocks go forward at 01:00 GMT on 30 March 2025; 01:30 does not exist.
  expect(localDateTimeToInstant("2025-03-30T00:30")).toBe(Date.UTC(2025, 2, 30, 0, 30));
  expect(localDateTimeToInstant("2025-03-30T02:30")).toBe(Date.UTC(2025, 2, 30, 1, 30));
  expect(localDateTimeToInstant("2025-12-06T19:30", "America/New_York")).toBe(Date.UTC(2025, 11, 7, 0, 30));
  expect(localDateTimeToInstant("2025-02-30T10:00")).toBeNull();
  expect(localDateTimeToInstant("garbage")).toBeNull();
  expect(tournamentStartInstant("2025-07-04", "19:30")).toBe(Date.UTC(2025, 6, 4, 18, 30));
});

test("instants round-trip through the datetime-local input format", () => {
  const instant = Date.UTC(2025, 6, 4, 17, 0);
  expect(instantToLocalInput(instant)).toBe("2025-07-04T18:00");
  expect(localDateTimeToInstant(instantToLocalInput(instant))).toBe(instant);
});

test("dates are shown in en-GB", () => {
  expect(formatDate("2025-12-06")).toBe("Sat 6 Dec 2025");
  expect(formatDateTime(Date.UTC(2025, 11, 6, 18, 0))).toBe("6 Dec 2025, 18:00");
  expect(dateInZone(Date.UTC(2025, 6, 4, 23, 30))).toBe("2025-07-05");
  // A league night: no year, and September in three letters like every other month.
  expect(formatShortDate("2026-09-01")).toBe("Tue 1 Sep");
  expect(formatShortDate("2026-12-22")).toBe("Tue 22 Dec");
});

test("e-mails tell the time as the clock at the venue shows it: UK time, summer and winter", () => {
  expect(timeInZone(Date.UTC(2025, 6, 4, 19, 5))).toBe("20:05"); // BST
  expect(timeInZone(Date.UTC(2025, 11, 6, 19, 5))).toBe("19:05"); // GMT
  expect(timeInZone(Date.UTC(2025, 2, 30, 0, 59))).toBe("00:59"); // the last minute of GMT
  expect(timeInZone(Date.UTC(2025, 2, 30, 1, 0))).toBe("02:00"); // the clocks go forward
  expect(timeInZone(Date.UTC(2025, 6, 4, 23, 30))).toBe("00:30");
});

test("a time of day is shown on the 24-hour clock in the viewer's zone", () => {
  const instant = Date.UTC(2025, 11, 6, 19, 42, 30); // winter: the UK is on UTC
  expect(formatTime(instant)).toBe("19:42");
  expect(formatTime(Date.UTC(2025, 6, 4, 23, 5), "Europe/London")).toBe("00:05");
  expect(formatTime(instant, "America/New_York")).toBe("14:42");
});

test("e-mails write dates as a person would: 'Thursday 3 December, 7:30pm', UK time", () => {
  expect(emailDateTime({ date: "2026-12-03", time: "19:30" })).toBe("Thursday 3 December, 7:30pm");
  expect(emailDateTime({ date: "2026-12-03", time: "19:05" })).toBe("Thursday 3 December, 7:05pm");
  // On the hour, noon and midnight.
  expect(emailDateTime({ date: "2026-12-04", time: "19:00" })).toBe("Friday 4 December, 7pm");
  expect(emailDateTime({ date: "2026-12-05", time: "12:00" })).toBe("Saturday 5 December, 12pm");
  expect(emailDateTime({ date: "2026-12-05", time: "12:30" })).toBe("Saturday 5 December, 12:30pm");
  expect(emailDateTime({ date: "2026-12-06", time: "00:00" })).toBe("Sunday 6 December, 12am");
  expect(emailDateTime({ date: "2026-12-06", time: "00:15" })).toBe("Sunday 6 December, 12:15am");
  expect(emailDateTime({ date: "2026-12-06", time: "09:45" })).toBe("Sunday 6 December, 9:45am");
  // An instant, in UK time: summer (BST) and winter, and past midnight the next day.
  expect(emailDateTime(Date.UTC(2026, 6, 2, 18, 30))).toBe("Thursday 2 July, 7:30pm");
  expect(emailDateTime(Date.UTC(2026, 11, 3, 19, 30))).toBe("Thursday 3 December, 7:30pm");
  expect(emailDateTime(Date.UTC(2026, 6, 2, 23, 10))).toBe("Friday 3 July, 12:10am");
  expect(emailTime(Date.UTC(2026, 6, 2, 18, 45))).toBe("7:45pm");
  expect(emailTime(Date.UTC(2026, 11, 3, 21, 0))).toBe("9pm");
});
