// The creation schema, shared by the form action and the JSON API, and the
// same schema for an edit (tournament-edit.ts: what may still change). The form
// page asks its action to check the fields as the director goes (decision 009:
// no Zod in the browser); the live prize preview is creation-preview.ts.
import { z } from "../../../domain/zod.ts";
import { nameField } from "../../../domain/text.ts";
import { grandFinals } from "../../play/domain/double-elimination.ts";
import { MAX_ROUND_ROBIN_PLAYERS } from "../../play/domain/round-robin.ts";
import {
  ADVANCE_PER_GROUP,
  GROUP_SIZE,
  MAX_GROUPS_PLAYERS,
  MIN_GROUPS_PLAYERS,
} from "../../play/domain/group-sizes.ts";
import {
  dateInZone,
  isValidDate,
  isValidTime,
  isValidTimeZone,
  localDateTimeToInstant,
  tournamentStartInstant,
  UK_TIME_ZONE,
} from "../../../domain/dates.ts";
import {
  payoutStructureIds,
  payoutStructures,
  payoutWording,
  rakeError,
  rakeTypes,
  structuresForFieldSize,
} from "../../money/domain/money.ts";
import { ratingSettingsError } from "../../ratings/domain/handicap.ts";
import { MAX_RATING_RANGE } from "../../ratings/domain/ratings.ts";
import { breakRules, resultsFromTablesModes } from "../../floor/domain/table-scoring.ts";
import { parsePence } from "../../../domain/pence.ts";
import {
  DEFAULT_FORMAT,
  matchTypeOptions,
  matchTypes,
  handicaps,
  seedings,
  tournamentStatuses,
  tournamentTypeOptions,
  tournamentTypes,
} from "../../../domain/tournaments.ts";

function optionalText(label: string, max: number) {
  return z.pipe(
    z.optional(
      z
        .string({ error: `${label} must be text` })
        .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
    ),
    z.transform((value) => (value ? value : null)),
  );
}

/** JSON may send numbers; forms send strings. Both become strings here. */
const numberOrString = <T extends z.core.$ZodType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown): unknown =>
      typeof value === "number" && Number.isFinite(value) ? String(value) : value,
    ),
    schema,
  );

/** A value given when the field is left out (forms leave empty fields out). */
const orDefault = <T extends z.core.$ZodType>(fallback: string, schema: T) =>
  z.pipe(
    z.transform((value: unknown): unknown => (value === undefined ? fallback : value)),
    schema,
  );

function moneyText(label: string, required: boolean) {
  const message = `${label} must be an amount like 10.00 (not negative, at most 2 decimals)`;
  return z.pipe(
    z
      .string({ error: required ? `${label} is required` : message })
      .check(z.refine((text) => parsePence(text) !== null, message)),
    z.transform((text) => parsePence(text) ?? 0),
  );
}
const money = (label: string) => numberOrString(moneyText(label, true));
const optionalMoney = (label: string) => numberOrString(z.optional(moneyText(label, false)));

function wholeNumber(messages: { type: string; min: [number, string]; max: [number, string] }) {
  return numberOrString(
    z.pipe(
      z.pipe(
        z.string({ error: messages.type }).check(z.trim(), z.regex(/^-?\d+$/, messages.type)),
        z.transform(Number),
      ),
      z
        .number()
        .check(
          z.int(messages.type),
          z.minimum(messages.min[0], messages.min[1]),
          z.maximum(messages.max[0], messages.max[1]),
        ),
    ),
  );
}

const maxPlayersField = wholeNumber({
  type: "Max players must be a whole number",
  min: [2, "Minimum 2 players"],
  max: [512, "Maximum 512 players"],
});

const groupSizeField = wholeNumber({
  type: "Group size must be a whole number",
  min: [GROUP_SIZE.min, `Groups have at least ${GROUP_SIZE.min} players`],
  max: [GROUP_SIZE.max, `Groups have at most ${GROUP_SIZE.max} players`],
});

const advancePerGroupField = wholeNumber({
  type: "Players going through must be a whole number",
  min: [ADVANCE_PER_GROUP.min, `At least ${ADVANCE_PER_GROUP.min} player goes through from each group`],
  max: [ADVANCE_PER_GROUP.max, `At most ${ADVANCE_PER_GROUP.max} players go through from each group`],
});

const maxRatingField = wholeNumber({
  type: "The rating cap must be a whole number",
  min: [MAX_RATING_RANGE.min, `The rating cap must be at least ${MAX_RATING_RANGE.min}`],
  max: [MAX_RATING_RANGE.max, `The rating cap must be at most ${MAX_RATING_RANGE.max}`],
});

const raceToField = wholeNumber({
  type: "Race to must be a whole number",
  min: [1, "Minimum race to 1"],
  max: [50, "Maximum race to 50"],
});

/** A choice among `values`, `fallback` when left out, refused while `unavailable`. */
function choice<const T extends readonly string[]>(
  values: T,
  error: string,
  fallback: T[number],
  options?: { value: string; unavailable?: string }[],
  unavailableMessage?: string,
) {
  const schema = z._default(z.enum(values, { error }), fallback as never);
  if (!options) return schema;
  return schema.check(
    z.refine((value) => !options.find((o) => o.value === value)?.unavailable, unavailableMessage ?? error),
  );
}

/**
 * A check that runs once the named fields are valid, even while others are not
 * (never when the body is not an object).
 */
function whenValid(...fields: string[]) {
  return {
    when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0]))),
  };
}

/** The zone the director typed the deadline in (their browser's), else the UK's. */
const deadlineZone = (timeZone: string | undefined) =>
  timeZone && isValidTimeZone(timeZone) ? timeZone : UK_TIME_ZONE;

/** An ISO instant with an offset ("…Z", "…+01:00"), or wall-clock time in `timeZone`. */
function parseDeadline(text: string, timeZone: string): number | null {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const instant = Date.parse(text);
    return Number.isNaN(instant) ? null : instant;
  }
  return localDateTimeToInstant(text.slice(0, 19), timeZone);
}

const CreateTournamentFields = z.object({
  name: nameField("Tournament name"),
  venue: nameField("Venue"),
  date: z.string({ error: "Date is required" }).check(z.trim(), z.refine(isValidDate, "Enter a date like 2025-12-06")),
  time: z.string({ error: "Start time is required" }).check(z.trim(), z.refine(isValidTime, "Enter a time like 19:30")),
  registrationDeadline: z.optional(
    z.string().check(z.trim(), z.maxLength(40, "Enter a date and time for the deadline")),
  ),
  /** The browser's time zone, so the deadline means what the director typed. */
  timeZone: z.optional(z.string().check(z.maxLength(64))),
  rules: optionalText("Rules", 2000),
  format: z.pipe(
    optionalText("Format", 100),
    z.transform((value) => value ?? DEFAULT_FORMAT),
  ),
  maxPlayers: orDefault("16", maxPlayersField),
  tournamentType: choice(
    tournamentTypes,
    "Choose a tournament type",
    "single_elimination",
    tournamentTypeOptions,
    "That tournament type is not available yet",
  ),
  matchType: choice(matchTypes, "Choose a match type", "1v1", matchTypeOptions, "That match type is not available yet"),
  grandFinal: choice(grandFinals, "Choose how the grand final is played", "reset"),
  groupSize: orDefault(String(GROUP_SIZE.default), groupSizeField),
  advancePerGroup: orDefault(String(ADVANCE_PER_GROUP.default), advancePerGroupField),
  seeding: choice(seedings, "Seeding must be random, manual or rating", "random"),
  handicap: choice(handicaps, "Handicap must be none or race", "none"),
  maxRating: z.optional(maxRatingField),
  resultsFromTables: choice(resultsFromTablesModes, "Results from tables must be record or approve", "record"),
  breakRule: choice(breakRules, "The break rule must be winner or alternate", "winner"),
  raceTo: z.optional(raceToField),
  entryFee: money("Entry fee"),
  siteFee: optionalMoney("Site fee"),
  rakeType: choice(rakeTypes, "Choose a fixed amount or a percentage", "fixed"),
  rakeValue: optionalMoney("Rake"),
  payoutStructure: z.enum(payoutStructureIds, { error: "Choose a payout structure" }),
  // The series the night counts in (decision 029): the director's own, checked by the service; none when left out.
  seriesId: optionalText("Series", 64),
});
type Fields = z.output<typeof CreateTournamentFields>;

/** What an edit keeps as it was: a date already past and a deadline already passed are not refused when unchanged. */
type Kept = { date: string; registrationDeadline: number | null };

/** A deadline sent back as the form shows it (to the minute) is the one stored: kept to the millisecond. */
const sameMinute = (a: number, b: number) => Math.floor(a / 60_000) === Math.floor(b / 60_000);
const keptDeadline = (deadline: number | null, kept: Kept | undefined) =>
  deadline !== null && kept?.registrationDeadline != null && sameMinute(deadline, kept.registrationDeadline)
    ? kept.registrationDeadline
    : deadline;

// Each cross-field check runs once its own fields are valid, whatever else is wrong, so the director sees every
// problem at once. A function each: every schema gets checks of its own.

/** A date in the past, unless an edit keeps the one stored. */
const dateCheck = (kept: Kept | undefined) =>
  z.superRefine<Fields>((input, ctx) => {
    if (input.date !== kept?.date && input.date < dateInZone(Date.now(), UK_TIME_ZONE)) {
      ctx.addIssue({ code: "custom", path: ["date"], message: "The date can't be in the past" });
    }
  }, whenValid("date"));

const rakeCheck = () =>
  z.superRefine<Fields>(
    (input, ctx) => {
      const rakeProblem = rakeError(input.entryFee, input.rakeType, input.rakeValue ?? 0);
      if (rakeProblem) ctx.addIssue({ code: "custom", path: ["rakeValue"], message: rakeProblem });
    },
    whenValid("entryFee", "rakeType", "rakeValue"),
  );

const roundRobinCheck = () =>
  z.superRefine<Fields>(
    (input, ctx) => {
      if (input.tournamentType === "round_robin" && input.maxPlayers > MAX_ROUND_ROBIN_PLAYERS) {
        const message = `A round robin takes at most ${MAX_ROUND_ROBIN_PLAYERS} players`;
        ctx.addIssue({ code: "custom", path: ["maxPlayers"], message });
      }
    },
    whenValid("tournamentType", "maxPlayers"),
  );

const groupsCheck = () =>
  z.superRefine<Fields>(
    (input, ctx) => {
      if (input.tournamentType !== "round_robin_tier") return;
      if (input.maxPlayers < MIN_GROUPS_PLAYERS || input.maxPlayers > MAX_GROUPS_PLAYERS) {
        const message = `Groups into a knockout take ${MIN_GROUPS_PLAYERS} to ${MAX_GROUPS_PLAYERS} players`;
        ctx.addIssue({ code: "custom", path: ["maxPlayers"], message });
        return;
      }
      const message =
        input.advancePerGroup >= input.groupSize
          ? "Fewer must go through from a group than play in it"
          : Math.ceil(input.maxPlayers / input.groupSize) * input.advancePerGroup < 2
            ? "At least 2 players must reach the knockout: smaller groups, or more going through"
            : null;
      if (message) ctx.addIssue({ code: "custom", path: ["advancePerGroup"], message });
    },
    whenValid("tournamentType", "maxPlayers", "groupSize", "advancePerGroup"),
  );

const ratingCheck = () =>
  z.superRefine<Fields>(
    (input, ctx) => {
      const problem = ratingSettingsError({
        ...input,
        maxRating: input.maxRating ?? null,
        raceTo: input.raceTo ?? null,
      });
      if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
    },
    whenValid("matchType", "handicap", "maxRating", "seeding", "raceTo"),
  );

const payoutCheck = () =>
  z.superRefine<Fields>(
    (input, ctx) => {
      if (!structuresForFieldSize(input.maxPlayers).some((s) => s.id === input.payoutStructure)) {
        const { label } = payoutWording(input.payoutStructure, input.tournamentType);
        ctx.addIssue({
          code: "custom",
          path: ["payoutStructure"],
          message: `${label} needs at least ${payoutStructures[input.payoutStructure].paidPlaces} players`,
        });
      }
    },
    whenValid("maxPlayers", "payoutStructure"),
  );

/** A deadline in the future (unless an edit keeps the one stored) and before the start. */
const deadlineCheck = (kept: Kept | undefined) =>
  z.superRefine<Fields>(
    (input, ctx) => {
      if (!input.registrationDeadline) return;
      const parsed = parseDeadline(input.registrationDeadline, deadlineZone(input.timeZone));
      const deadline = keptDeadline(parsed, kept);
      const start = tournamentStartInstant(input.date, input.time);
      const message =
        deadline === null
          ? "Enter a date and time for the deadline"
          : deadline <= Date.now() && deadline !== kept?.registrationDeadline
            ? "The registration deadline must be in the future"
            : start !== null && deadline > start
              ? "The registration deadline must be before the tournament starts"
              : null;
      if (message) ctx.addIssue({ code: "custom", path: ["registrationDeadline"], message });
    },
    whenValid("registrationDeadline", "timeZone", "date", "time"),
  );

/** The fields as a tournament row has them: money in pence, the deadline an instant, groups only for groups. */
const asTournament = (kept: Kept | undefined) => (input: Fields) => {
  const rakeValue = input.rakeValue ?? 0;
  const registrationDeadline = input.registrationDeadline
    ? keptDeadline(parseDeadline(input.registrationDeadline, deadlineZone(input.timeZone)), kept)
    : null;
  return {
    name: input.name,
    venue: input.venue,
    date: input.date,
    time: input.time,
    registrationDeadline,
    rules: input.rules,
    format: input.format,
    maxPlayers: input.maxPlayers,
    tournamentType: input.tournamentType,
    matchType: input.matchType,
    grandFinal: input.grandFinal,
    // Only groups into a knockout has groups.
    groupSize: input.tournamentType === "round_robin_tier" ? input.groupSize : null,
    advancePerGroup: input.tournamentType === "round_robin_tier" ? input.advancePerGroup : null,
    seeding: input.seeding,
    handicap: input.handicap,
    maxRating: input.maxRating ?? null,
    resultsFromTables: input.resultsFromTables,
    breakRule: input.breakRule,
    raceTo: input.raceTo ?? null,
    entryFeePence: input.entryFee,
    siteFeePence: input.siteFee ?? 100,
    rakeType: input.rakeType,
    rakeValue,
    payoutStructure: input.payoutStructure,
    seriesId: input.seriesId,
  };
};

/** The creation fields with their checks; for an edit, `kept` is the tournament as stored. */
const tournamentSchema = (kept?: Kept) =>
  z.pipe(
    CreateTournamentFields.check(
      dateCheck(kept),
      rakeCheck(),
      roundRobinCheck(),
      groupsCheck(),
      ratingCheck(),
      payoutCheck(),
      deadlineCheck(kept),
    ),
    z.transform(asTournament(kept)),
  );

export const CreateTournamentSchema = tournamentSchema();

/** An edit's fields (the stored ones merged with those sent): the creation's checks, the past kept as it was. */
export const editTournamentSchema = (stored: Kept) => tournamentSchema(stored);

export type CreateTournamentInput = z.output<typeof CreateTournamentSchema>;

export const StatusChangeSchema = z.object({
  status: z.enum(tournamentStatuses, { error: "Status must be open, in_progress or finished" }),
});
