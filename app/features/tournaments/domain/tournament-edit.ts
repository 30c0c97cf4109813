// Editing a tournament after creating it, and running it again (decision 020): which of the creation fields may
// still change and why not, the conditions a guarded write re-checks, and the copy's date. Pure: the service reads
// the facts, asks here, and writes what this allows.
import {
  UK_TIME_ZONE,
  dateInZone,
  formatDate,
  localDateTimeToInstant,
  timeInZone,
  tournamentStartInstant,
} from "../../../domain/dates.ts";
import { penceToDecimal } from "../../../domain/pence.ts";
import { isTeamEvent } from "../../entries/domain/teams.ts";
import type { CreateTournamentInput } from "./tournament-schema.ts";
import { DEFAULT_FORMAT, type MatchType, type TournamentStatus } from "../../../domain/tournaments.ts";

/** A tournament's settings as stored: what the creation fields become. */
export type TournamentSettings = CreateTournamentInput;

/** The creation fields an edit takes, by their API names, in the order a refusal names the first locked one. */
export const editFields = [
  "name",
  "venue",
  "date",
  "time",
  "registrationDeadline",
  "rules",
  "format",
  "raceTo",
  "maxPlayers",
  "entryFee",
  "siteFee",
  "rakeType",
  "rakeValue",
  "payoutStructure",
  "tournamentType",
  "matchType",
  "grandFinal",
  "groupSize",
  "advancePerGroup",
  "seeding",
  "handicap",
  "maxRating",
  "resultsFromTables",
  "breakRule",
  "seriesId",
] as const;
export type EditField = (typeof editFields)[number];

/** What the locks depend on, read with the tournament. */
export type EditFacts = {
  status: TournamentStatus;
  matchType: MatchType;
  /** Paid entries (teams in a team event). */
  paid: number;
  /** Places held by players paying now (live holds). */
  paying: number;
  /** Registrations of any kind, expired holds and the reserve list included. */
  entered: number;
};

// The fields of the night itself (name, venue, date, time, deadline, rules, format, race-to) and max players
// change while the tournament is open.
/** What a player pays: not while anyone has paid or is paying (a payment is checked against the fees). */
const feeFields: readonly EditField[] = ["entryFee", "siteFee"];
/** How the pool is split: not once anyone has paid. */
const poolFields: readonly EditField[] = ["rakeType", "rakeValue", "payoutStructure"];
/** The format: not once anyone has entered. */
const formatFields: readonly EditField[] = [
  "tournamentType",
  "matchType",
  "grandFinal",
  "groupSize",
  "advancePerGroup",
  "seeding",
  // Who may enter: a lower cap would leave entries already in above it.
  "maxRating",
];

const labels: Record<EditField, string> = {
  name: "The name",
  venue: "The venue",
  date: "The date",
  time: "The start time",
  registrationDeadline: "The registration deadline",
  rules: "The rules",
  format: "The format",
  raceTo: "The race-to",
  maxPlayers: "Max players",
  entryFee: "The entry fee",
  siteFee: "The site fee",
  rakeType: "The rake",
  rakeValue: "The rake",
  payoutStructure: "The payout structure",
  tournamentType: "The tournament type",
  matchType: "The match type",
  grandFinal: "The grand final",
  groupSize: "The groups",
  advancePerGroup: "The groups",
  seeding: "The seeding",
  handicap: "The handicap",
  maxRating: "The rating cap",
  resultsFromTables: "Results from tables",
  breakRule: "The break rule",
  seriesId: "The series",
};

const label = (field: EditField, matchType: MatchType) =>
  field === "maxPlayers" && isTeamEvent(matchType) ? "Max teams" : labels[field];

/** "3 players" or "1 team": an entry is a team in a team event. */
function entries(n: number, matchType: MatchType): string {
  const noun = isTeamEvent(matchType) ? "team" : "player";
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** Why a field can no longer change, in the director's words; null while it can. */
function lockReason(field: EditField, facts: EditFacts): string | null {
  const who = isTeamEvent(facts.matchType) ? "teams" : "players";
  if (field === "resultsFromTables" || field === "breakRule") return null;
  // A night joins or leaves a series until it is finalized (its places then count in the ranking).
  if (field === "seriesId") return facts.status === "finished" ? "the tournament is finished" : null;
  if (facts.status === "in_progress") return "the tournament has started";
  if (facts.status === "finished") return "the tournament is finished";
  if (feeFields.includes(field) || poolFields.includes(field)) {
    if (facts.paid > 0) return `${who} have already paid`;
    if (feeFields.includes(field) && facts.paying > 0) {
      return `${entries(facts.paying, facts.matchType)} ${facts.paying === 1 ? "is" : "are"} paying now`;
    }
  }
  if (formatFields.includes(field) && facts.entered > 0) return `${who} have entered`;
  return null;
}

/** Each field that can no longer change, with the sentence that says why (the edit form shows it beside the field). */
export function fieldLocks(facts: EditFacts): Partial<Record<EditField, string>> {
  const locks: Partial<Record<EditField, string>> = {};
  for (const field of editFields) {
    const reason = lockReason(field, facts);
    if (reason) locks[field] = `${label(field, facts.matchType)} can't change: ${reason}`;
  }
  return locks;
}

/** The fewest entries max players may be set to: those taken (paid entries and places held by players paying). */
export const fewestMaxPlayers = (facts: EditFacts): number => facts.paid + facts.paying;

/** Why max players can't go as low as asked ("5 players have paid and 2 are paying now"), or null. */
function maxPlayersRefusal(next: number, facts: EditFacts): string | null {
  const fewest = fewestMaxPlayers(facts);
  if (next >= fewest) return null;
  const { paid, paying, matchType } = facts;
  const havePaid = `${entries(paid, matchType)} ${paid === 1 ? "has" : "have"} paid`;
  const arePaying = `${paying === 1 ? "is" : "are"} paying now`;
  const taken =
    paid > 0 && paying > 0
      ? `${havePaid} and ${paying} ${arePaying}`
      : paid > 0
        ? havePaid
        : `${entries(paying, matchType)} ${arePaying}`;
  return `${label("maxPlayers", matchType)} can't go below ${fewest}: ${taken}`;
}

/** The stored value a field stands for. */
function storedValue(t: TournamentSettings, field: EditField): unknown {
  if (field === "entryFee") return t.entryFeePence;
  if (field === "siteFee") return t.siteFeePence;
  if (field === "format") return t.format ?? DEFAULT_FORMAT;
  return t[field];
}

/** The fields whose value `next` changes. The grand final only counts where one is played. */
export function changedFields(current: TournamentSettings, next: TournamentSettings): EditField[] {
  return editFields.filter((field) => {
    if (field === "grandFinal" && next.tournamentType !== "double_elimination") return false;
    return storedValue(current, field) !== storedValue(next, field);
  });
}

export type EditRefusal = { field: EditField; message: string };

/** The first change that is no longer allowed, or null when every change may be written. */
export function editRefusal(current: TournamentSettings, next: TournamentSettings, facts: EditFacts) {
  const locks = fieldLocks(facts);
  for (const field of changedFields(current, next)) {
    const locked = locks[field];
    if (locked) return { field, message: locked } satisfies EditRefusal;
    const tooFew = field === "maxPlayers" ? maxPlayersRefusal(next.maxPlayers, facts) : null;
    if (tooFew) return { field, message: tooFew } satisfies EditRefusal;
  }
  return null;
}

/** What the write re-checks as it runs, so that a payment or an entry landing meanwhile cannot slip through. */
type EditGuards = {
  open: boolean;
  /** Paid entries plus live holds at most this many (max players lowered). */
  takenAtMost: number | null;
  nobodyPaid: boolean;
  nobodyPaying: boolean;
  nobodyEntered: boolean;
  /** Not finished (the series changed). */
  notFinished: boolean;
};

export function editGuards(current: TournamentSettings, changed: readonly EditField[], next: TournamentSettings) {
  const touches = (fields: readonly EditField[]) => changed.some((field) => fields.includes(field));
  return {
    open: changed.some((field) => field !== "resultsFromTables" && field !== "breakRule" && field !== "seriesId"),
    takenAtMost: changed.includes("maxPlayers") && next.maxPlayers < current.maxPlayers ? next.maxPlayers : null,
    nobodyPaid: touches(feeFields) || touches(poolFields),
    nobodyPaying: touches(feeFields),
    nobodyEntered: touches(formatFields),
    notFinished: changed.includes("seriesId"),
  } satisfies EditGuards;
}

/** The creation fields as the API and the form send them, for a stored tournament. */
export function storedFields(t: TournamentSettings): Record<EditField, string | undefined> {
  const text = (value: number | null) => (value === null ? undefined : String(value));
  return {
    name: t.name,
    venue: t.venue,
    date: t.date,
    time: t.time,
    registrationDeadline: t.registrationDeadline === null ? undefined : new Date(t.registrationDeadline).toISOString(),
    rules: t.rules ?? undefined,
    format: t.format ?? undefined,
    raceTo: text(t.raceTo),
    maxPlayers: String(t.maxPlayers),
    entryFee: penceToDecimal(t.entryFeePence),
    siteFee: penceToDecimal(t.siteFeePence),
    rakeType: t.rakeType,
    rakeValue: penceToDecimal(t.rakeValue),
    payoutStructure: t.payoutStructure,
    tournamentType: t.tournamentType,
    matchType: t.matchType,
    grandFinal: t.grandFinal,
    groupSize: text(t.groupSize),
    advancePerGroup: text(t.advancePerGroup),
    seeding: t.seeding,
    handicap: t.handicap,
    maxRating: text(t.maxRating),
    resultsFromTables: t.resultsFromTables,
    breakRule: t.breakRule,
    seriesId: t.seriesId ?? undefined,
  };
}

/**
 * The fields an edit is checked with: what is stored, with what was sent laid over it. A field sent as null or ""
 * is cleared (the race-to, the deadline, the rules; a required field is then refused as on creation).
 */
export function mergeEdit(stored: Record<string, string | undefined>, sent: Readonly<Record<string, unknown>>) {
  const merged: Record<string, unknown> = { ...stored };
  for (const [name, value] of Object.entries(sent)) merged[name] = value === null || value === "" ? undefined : value;
  return merged;
}

const DAY_MS = 86_400_000;

/** "2026-12-03" plus `days` days. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** When a copy starts and its deadline. */
export type RunAgainDates = { date: string; time: string; registrationDeadline: number | null };

/**
 * The copy's start: `startsAt` when given, else a week after the original at the same time of day (UK time), or the
 * first week after that still ahead. Its registration deadline keeps its distance from the start, and is dropped
 * when that would already be past.
 */
export function runAgainDates(
  t: Pick<TournamentSettings, "date" | "time" | "registrationDeadline">,
  now: number,
  startsAt?: { date: string; time: string },
): RunAgainDates {
  let next = startsAt ?? { date: addDays(t.date, 7), time: t.time };
  const startOf = (d: { date: string; time: string }) => tournamentStartInstant(d.date, d.time) ?? 0;
  // A week at a time until it is ahead (bounded: a stored date is always valid, but a loop must end).
  for (let weeks = 0; !startsAt && startOf(next) <= now && weeks < 5_000; weeks++) {
    next = { date: addDays(next.date, 7), time: next.time };
  }
  const from = tournamentStartInstant(t.date, t.time);
  const moved =
    t.registrationDeadline === null || from === null ? null : t.registrationDeadline + (startOf(next) - from);
  return { ...next, registrationDeadline: moved !== null && moved > now ? moved : null };
}

/** A name's longest (`nameField`'s limit). */
const NAME_MAX = 100;

/** The date a copy's name carries when it has no number to count on: "10 Dec 2026". */
const namedDate = (date: string) => formatDate(date).replace(/^\p{L}+ /u, "");

/**
 * The name suggested for a copy: the next number after "Week 1", "Night 3", "Round 9" or "#4" ("Week 2",
 * …); otherwise the name with the copy's date after a dash, in place of the date an earlier copy gave it — so a
 * director's nights never share a name unless they choose it.
 */
export function runAgainName(name: string, date: string): string {
  const numbered = /^(.*?(?:\b(?:week|wk|night|round|no\.?)\s*|#\s*))(\d{1,6})$/iu.exec(name);
  if (numbered) {
    const next = `${numbered[1]}${Number(numbered[2]) + 1}`;
    if (next.length <= NAME_MAX) return next;
  }
  const base = name.replace(/ — \d{1,2} \p{L}{3,9} \d{4}$/u, "");
  const suffix = ` — ${namedDate(date)}`;
  return `${base.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

/**
 * `startsAt` as the API takes it: an ISO instant with its offset ("…Z", "…+01:00"), or wall-clock time at the venue
 * ("2026-12-10T19:30", UK time). The venue's date and time, or a message.
 */
export function parseStartsAt(text: string, now: number): { date: string; time: string } | { error: string } {
  const withOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const instant = withOffset ? Date.parse(text) : localDateTimeToInstant(text.slice(0, 19), UK_TIME_ZONE);
  if (instant === null || Number.isNaN(instant)) return { error: START_FORMAT };
  if (instant <= now) return { error: START_IN_PAST };
  return { date: dateInZone(instant, UK_TIME_ZONE), time: timeInZone(instant, UK_TIME_ZONE) };
}

export const START_FORMAT = "Enter the new start like 2026-12-10T19:30";
const START_IN_PAST = "The new start must be in the future";
