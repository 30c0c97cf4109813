// The season's match nights: one a week on its weeknight from the first date, stepping over blackout dates.
// Dates are YYYY-MM-DD text; the arithmetic is on UTC days, so no time zone can move a night.
import { isValidDate } from "../../../domain/dates.ts";

export const NIGHTS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Night = (typeof NIGHTS)[number];

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The weeknight a valid date falls on. */
export function nightOf(date: string): Night {
  // Day 0 (1970-01-01) was a Thursday.
  return NIGHTS[(((dayNumber(date) + 3) % 7) + 7) % 7] as Night;
}

/** Why a season's dates can't be used, or null. */
export function seasonDatesProblem(night: Night, startDate: string, blackoutDates: readonly string[]): string | null {
  if (!NIGHTS.includes(night)) return `The league night must be a day of the week, not "${night}".`;
  if (!isValidDate(startDate)) return `The first date must be a date (YYYY-MM-DD), not "${startDate}".`;
  if (nightOf(startDate) !== night) {
    return `The first date, ${startDate}, is a ${capitalised(nightOf(startDate))}, not a ${capitalised(night)}.`;
  }
  const bad = blackoutDates.find((date) => !isValidDate(date));
  return bad === undefined ? null : `A blackout date must be a date (YYYY-MM-DD), not "${bad}".`;
}

const capitalised = (night: Night) => night.charAt(0).toUpperCase() + night.slice(1);

/** The dates of `count` weeks from a valid start: every seventh day that is not a blackout. */
export function weekDates(startDate: string, blackoutDates: readonly string[], count: number): string[] {
  const blackouts = new Set(blackoutDates);
  const dates: string[] = [];
  for (let day = dayNumber(startDate); dates.length < count; day += 7) {
    const date = dateOf(day);
    if (!blackouts.has(date)) dates.push(date);
  }
  return dates;
}
