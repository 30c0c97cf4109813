// Dates and times as a UK pub sees them. Tournament `date` and `time` are
// text (YYYY-MM-DD, HH:MM, the venue's local time); deadlines are instants.
export const UK_TIME_ZONE = "Europe/London";

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const LOCAL_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

export function isValidDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isValidTime(text: string): boolean {
  return TIME_PATTERN.test(text);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) at `instant` in a time zone. */
export function dateInZone(instant: number, timeZone: string = UK_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The time of day (HH:MM, 24-hour) at `instant` in a time zone: what a clock at the venue shows. */
export function timeInZone(instant: number, timeZone: string = UK_TIME_ZONE): string {
  const { hour, minute } = wallClock(instant, timeZone);
  return `${hour}:${minute}`;
}

type WallClock = Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;

/** The wall-clock fields of `instant` in `timeZone`, 24-hour and zero-padded: "2025", "12", "06", "19", "30", "00". */
function wallClock(instant: number, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: keyof WallClock) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** Minutes the zone is ahead of UTC at `instant` (BST: 60). */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const t = wallClock(instant, timeZone);
  const asUtc = Date.UTC(+t.year, +t.month - 1, +t.day, +t.hour, +t.minute, +t.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * "2025-12-06T19:30" as wall-clock time in `timeZone` → epoch ms, or null if
 * malformed. In the hour skipped by a clock change the later offset applies.
 */
export function localDateTimeToInstant(text: string, timeZone: string = UK_TIME_ZONE): number | null {
  const match = LOCAL_DATE_TIME_PATTERN.exec(text);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isValidDate(`${match[1]}-${match[2]}-${match[3]}`)) return null;
  const wallAsUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  // Two passes settle the offset around clock changes.
  let instant = wallAsUtc - zoneOffsetMinutes(wallAsUtc, timeZone) * 60_000;
  instant = wallAsUtc - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return instant;
}

/** The instant a tournament starts: its date and time in the UK. */
export function tournamentStartInstant(date: string, time: string): number | null {
  return localDateTimeToInstant(`${date}T${time}`, UK_TIME_ZONE);
}

/** 'Sat 6 Dec 2025' */
export function formatDate(date: string): string {
  if (!isValidDate(date)) return date;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  })
    .format(Date.UTC(y, m - 1, d))
    .replace(/,/g, "");
}

/** 'Tue 1 Sep': a league night, whose season says the year (three letters a month: ICU's en-GB writes "Sept"). */
export function formatShortDate(date: string): string {
  if (!isValidDate(date)) return date;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" })
    .format(Date.UTC(y, m - 1, d))
    .replace(/,/g, "")
    .replace("Sept", "Sep");
}

/** '6 Dec 2025, 18:00' in the given zone (the viewer's, or the UK's on the server). */
export function formatDateTime(instant: number, timeZone: string = UK_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(instant);
}

/** '19:42' in the given zone (the viewer's, or the UK's on the server). */
export function formatTime(instant: number, timeZone: string = UK_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(
    instant,
  );
}

/** "7:30pm", "7:05pm", on the hour "7pm", noon "12pm", midnight "12am": a time of day (HH:MM) as a person writes it. */
function spokenTime(time: string): string {
  const match = TIME_PATTERN.exec(time);
  if (!match) return time;
  const hour = Number(match[1]);
  const minutes = match[2] === "00" ? "" : `:${match[2]}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}${minutes}${hour < 12 ? "am" : "pm"}`;
}

/**
 * When, as every e-mail writes it: "Thursday 3 December, 7:30pm" — a tournament's date and time (the venue's, in the
 * UK), or an instant in UK time (an e-mail has no browser to tell the reader's zone). No year: the weekday and the
 * month say which day.
 */
export function emailDateTime(when: { date: string; time: string } | number): string {
  const { date, time } = typeof when === "number" ? { date: dateInZone(when), time: timeInZone(when) } : when;
  if (!isValidDate(date)) return `${date}, ${spokenTime(time)}`;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const day = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" })
    .format(Date.UTC(y, m - 1, d))
    .replace(/,/g, "");
  return `${day}, ${spokenTime(time)}`;
}

/** The time alone at an instant, as `emailDateTime` writes it (UK time): "7:45pm", for a moment later today. */
export function emailTime(instant: number): string {
  return spokenTime(timeInZone(instant));
}

/** Epoch ms → the value of an <input type="datetime-local"> in a zone. */
export function instantToLocalInput(instant: number, timeZone: string = UK_TIME_ZONE): string {
  const t = wallClock(instant, timeZone);
  return `${t.year}-${t.month}-${t.day}T${t.hour}:${t.minute}`;
}
