// Tournaments: the creation schema (shared by the browser, the form action
// and the JSON API), the types SPEC lists and which of them can be played.
import { teamSize } from "./teams.ts";
import { z } from "zod";
import { breakRules, resultsFromTablesModes } from "./table-scoring.ts";
import { nameField } from "./text.ts";
import { grandFinals, type GrandFinal } from "./double-elimination.ts";
import { MAX_ROUND_ROBIN_PLAYERS } from "./round-robin.ts";
import { ADVANCE_PER_GROUP, GROUP_SIZE, MAX_GROUPS_PLAYERS, MIN_GROUPS_PLAYERS } from "./groups.ts";
import {
  dateInZone,
  isValidDate,
  isValidTime,
  isValidTimeZone,
  localDateTimeToInstant,
  tournamentStartInstant,
  UK_TIME_ZONE,
} from "./dates.ts";
import {
  parsePence,
  payoutStructureIds,
  payoutStructures,
  prizePreview,
  rakeError,
  rakeTypes,
  structuresForFieldSize,
  type PrizePreview,
} from "./money.ts";

export const tournamentStatuses = ["open", "in_progress", "finished"] as const;
export type TournamentStatus = (typeof tournamentStatuses)[number];

export const tournamentTypes = ["single_elimination", "double_elimination", "round_robin", "round_robin_tier"] as const;
export type TournamentType = (typeof tournamentTypes)[number];

/** How the entries are placed: a random draw, or the director's order. */
export const seedings = ["random", "manual"] as const;

export const matchTypes = ["1v1", "2v2", "3v3", "4v4"] as const;
export type MatchType = (typeof matchTypes)[number];

/** Every SPEC type is listed; those not yet playable say why (DESIGN §5). */
export const tournamentTypeOptions: { value: TournamentType; label: string; unavailable?: string }[] = [
  { value: "single_elimination", label: "Single elimination" },
  { value: "double_elimination", label: "Double elimination" },
  { value: "round_robin", label: "Round robin" },
  { value: "round_robin_tier", label: "Round-robin groups, then knockout" },
];

export const matchTypeOptions: { value: MatchType; label: string; unavailable?: string }[] = [
  { value: "1v1", label: "Singles (1v1)" },
  { value: "2v2", label: "Doubles (2v2)" },
  { value: "3v3", label: "Teams of 3 (3v3)" },
  { value: "4v4", label: "Teams of 4 (4v4)" },
];

export const statusLabels: Record<TournamentStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  finished: "Finished",
};

export const DEFAULT_FORMAT = "8-ball knockout";
export const LIST_FORMAT_LABEL = "Pool Tournament";

/** Form defaults (SPEC §2, §9). */
export const creationDefaults = {
  format: DEFAULT_FORMAT,
  maxPlayers: "16",
  entryFee: "10.00",
  siteFee: "1.00",
  rakeType: "fixed",
  rakeValue: "1.00",
  tournamentType: "single_elimination",
  matchType: "1v1",
  grandFinal: "reset",
  groupSize: String(GROUP_SIZE.default),
  advancePerGroup: String(ADVANCE_PER_GROUP.default),
  seeding: "random",
  resultsFromTables: "record",
  breakRule: "winner",
  payoutStructure: "winner_ru",
} as const;

/** How the entries are placed in the draw. */
export const seedingOptions: { value: (typeof seedings)[number]; label: string }[] = [
  { value: "random", label: "Random draw" },
  { value: "manual", label: "My order (set on the tournament page before the start)" },
];

/** The grand final choices of a double elimination. */
export const grandFinalOptions: { value: GrandFinal; label: string }[] = [
  { value: "reset", label: "Reset: an unbeaten finalist who loses gets a second match" },
  { value: "single", label: "Single match" },
];

function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));
}

/** JSON may send numbers; forms send strings. Both become strings here. */
const numberOrString = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value), schema);

function moneyText(label: string, required: boolean) {
  const message = `${label} must be an amount like 10.00 (not negative, at most 2 decimals)`;
  return z.string({ error: required ? `${label} is required` : message }).transform((text, ctx) => {
    const pence = parsePence(text);
    if (pence === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return pence;
  });
}
const money = (label: string) => numberOrString(moneyText(label, true));
const optionalMoney = (label: string) => numberOrString(moneyText(label, false).optional());

function wholeNumber(messages: { type: string; min: [number, string]; max: [number, string] }) {
  return numberOrString(
    z
      .string({ error: messages.type })
      .trim()
      .regex(/^-?\d+$/, messages.type)
      .transform(Number)
      .pipe(z.number().int(messages.type).min(messages.min[0], messages.min[1]).max(messages.max[0], messages.max[1])),
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

const raceToField = wholeNumber({
  type: "Race to must be a whole number",
  min: [1, "Minimum race to 1"],
  max: [50, "Maximum race to 50"],
});

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

export const CreateTournamentSchema = z
  .object({
    name: nameField("Tournament name"),
    venue: nameField("Venue"),
    date: z.string({ error: "Date is required" }).trim().refine(isValidDate, "Enter a date like 2025-12-06"),
    time: z.string({ error: "Start time is required" }).trim().refine(isValidTime, "Enter a time like 19:30"),
    registrationDeadline: z.string().trim().max(40, "Enter a date and time for the deadline").optional(),
    /** The browser's time zone, so the deadline means what the director typed. */
    timeZone: z.string().max(64).optional(),
    rules: optionalText("Rules", 2000),
    format: optionalText("Format", 100).transform((value) => value ?? DEFAULT_FORMAT),
    maxPlayers: z.preprocess((value) => (value === undefined ? "16" : value), maxPlayersField),
    tournamentType: z
      .enum(tournamentTypes, { error: "Choose a tournament type" })
      .default("single_elimination")
      .refine(
        (value) => !tournamentTypeOptions.find((o) => o.value === value)?.unavailable,
        "That tournament type is not available yet",
      ),
    matchType: z
      .enum(matchTypes, { error: "Choose a match type" })
      .default("1v1")
      .refine(
        (value) => !matchTypeOptions.find((o) => o.value === value)?.unavailable,
        "That match type is not available yet",
      ),
    grandFinal: z.enum(grandFinals, { error: "Choose how the grand final is played" }).default("reset"),
    groupSize: z.preprocess((value) => (value === undefined ? String(GROUP_SIZE.default) : value), groupSizeField),
    advancePerGroup: z.preprocess(
      (value) => (value === undefined ? String(ADVANCE_PER_GROUP.default) : value),
      advancePerGroupField,
    ),
    seeding: z.enum(seedings, { error: "Seeding must be random or manual" }).default("random"),
    resultsFromTables: z
      .enum(resultsFromTablesModes, { error: "Results from tables must be record or approve" })
      .default("record"),
    breakRule: z.enum(breakRules, { error: "The break rule must be winner or alternate" }).default("winner"),
    raceTo: raceToField.optional(),
    entryFee: money("Entry fee"),
    siteFee: optionalMoney("Site fee"),
    rakeType: z.enum(rakeTypes, { error: "Choose a fixed amount or a percentage" }).default("fixed"),
    rakeValue: optionalMoney("Rake"),
    payoutStructure: z.enum(payoutStructureIds, { error: "Choose a payout structure" }),
  })
  // Each cross-field check runs once its own fields are valid, whatever
  // else is wrong, so the director sees every problem at once.
  .superRefine((input, ctx) => {
    if (input.date < dateInZone(Date.now(), UK_TIME_ZONE)) {
      ctx.addIssue({ code: "custom", path: ["date"], message: "The date can't be in the past" });
    }
  }, whenValid("date"))
  .superRefine(
    (input, ctx) => {
      const rakeProblem = rakeError(input.entryFee, input.rakeType, input.rakeValue ?? 0);
      if (rakeProblem) ctx.addIssue({ code: "custom", path: ["rakeValue"], message: rakeProblem });
    },
    whenValid("entryFee", "rakeType", "rakeValue"),
  )
  .superRefine(
    (input, ctx) => {
      if (input.tournamentType === "round_robin" && input.maxPlayers > MAX_ROUND_ROBIN_PLAYERS) {
        const message = `A round robin takes at most ${MAX_ROUND_ROBIN_PLAYERS} players`;
        ctx.addIssue({ code: "custom", path: ["maxPlayers"], message });
      }
    },
    whenValid("tournamentType", "maxPlayers"),
  )
  .superRefine(
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
  )
  .superRefine(
    (input, ctx) => {
      if (!structuresForFieldSize(input.maxPlayers).some((s) => s.id === input.payoutStructure)) {
        const structure = payoutStructures[input.payoutStructure];
        ctx.addIssue({
          code: "custom",
          path: ["payoutStructure"],
          message: `${structure.label} needs at least ${structure.paidPlaces} players`,
        });
      }
    },
    whenValid("maxPlayers", "payoutStructure"),
  )
  .superRefine(
    (input, ctx) => {
      if (!input.registrationDeadline) return;
      const deadline = parseDeadline(input.registrationDeadline, deadlineZone(input.timeZone));
      const start = tournamentStartInstant(input.date, input.time);
      const message =
        deadline === null
          ? "Enter a date and time for the deadline"
          : deadline <= Date.now()
            ? "The registration deadline must be in the future"
            : start !== null && deadline > start
              ? "The registration deadline must be before the tournament starts"
              : null;
      if (message) ctx.addIssue({ code: "custom", path: ["registrationDeadline"], message });
    },
    whenValid("registrationDeadline", "timeZone", "date", "time"),
  )
  .transform((input) => {
    const rakeValue = input.rakeValue ?? 0;
    const registrationDeadline = input.registrationDeadline
      ? parseDeadline(input.registrationDeadline, deadlineZone(input.timeZone))
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
      resultsFromTables: input.resultsFromTables,
      breakRule: input.breakRule,
      raceTo: input.raceTo ?? null,
      entryFeePence: input.entryFee,
      siteFeePence: input.siteFee ?? 100,
      rakeType: input.rakeType,
      rakeValue,
      payoutStructure: input.payoutStructure,
    };
  });

export type CreateTournamentInput = z.output<typeof CreateTournamentSchema>;

/** The creation form's fields as the browser holds them: all text. */
export type CreateTournamentForm = Record<
  | "name"
  | "venue"
  | "date"
  | "time"
  | "registrationDeadline"
  | "timeZone"
  | "rules"
  | "format"
  | "maxPlayers"
  | "tournamentType"
  | "matchType"
  | "grandFinal"
  | "groupSize"
  | "advancePerGroup"
  | "seeding"
  | "resultsFromTables"
  | "breakRule"
  | "raceTo"
  | "entryFee"
  | "siteFee"
  | "rakeType"
  | "rakeValue"
  | "payoutStructure",
  string
>;

/** An ISO instant with an offset ("…Z", "…+01:00"), or wall-clock time in `timeZone`. */
function parseDeadline(text: string, timeZone: string): number | null {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const instant = Date.parse(text);
    return Number.isNaN(instant) ? null : instant;
  }
  return localDateTimeToInstant(text.slice(0, 19), timeZone);
}

export const StatusChangeSchema = z.object({
  status: z.enum(tournamentStatuses, { error: "Status must be open, in_progress or finished" }),
});

/** Readable slug from the name plus a short random part: "friday-8-ball-k3x9qa". */
export function makeSlug(name: string, random: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/g, "");
  return base ? `${base}-${random}` : random;
}

/** Registration rules of SPEC §4 and DESIGN §4, for badges and the join button. */
export type RegistrationState = "registered" | "pending" | "full" | "closed" | "started" | "open";

export function registrationState(t: {
  status: TournamentStatus;
  registrationDeadline: number | null;
  playerCount: number;
  maxPlayers: number;
  registered: boolean;
  pending?: boolean;
  now: number;
}): RegistrationState {
  if (t.registered) return "registered";
  if (t.status !== "open") return "started";
  if (t.registrationDeadline !== null && t.registrationDeadline <= t.now) return "closed";
  if (t.pending) return "pending";
  if (t.playerCount >= t.maxPlayers) return "full";
  return "open";
}

export type Headline = {
  id: string;
  slug: string;
  name: string;
  venue: string;
  date: string;
  time: string;
  entryFeePence: number;
  siteFeePence: number;
};

/** What every screen about one tournament shows of it: which, where, when and what it costs. */
export function headline(t: Headline): Headline {
  const { id, slug, name, venue, date, time, entryFeePence, siteFeePence } = t;
  return { id, slug, name, venue, date, time, entryFeePence, siteFeePence };
}

/** Why a join was refused, in words a player understands. */
export const joinRefusals: Record<RegistrationState, string> = {
  registered: "You are already registered for this tournament",
  started: "Registration has closed: the tournament has started",
  closed: "Registration Closed: the deadline has passed",
  full: "This tournament is full",
  pending: "Your payment is still pending",
  open: "Could not reserve a place, please try again",
};

/** Archive and restore from the director's list (SPEC §4, DESIGN §5). */
export const FINAL_PLAYED = "The final has been played: finalize the tournament to pay the prizes";

/**
 * Whether a tournament may move from `from` to `to`. Archiving stops an
 * evening without payouts, so once the final has a result it is refused:
 * the winners are owed their prizes, and finalize pays them.
 */
export function statusChangeError(
  from: TournamentStatus,
  to: TournamentStatus,
  { finalized, finalPlayed }: { finalized: boolean; finalPlayed: boolean },
): string | null {
  if (to === "finished") {
    if (from !== "in_progress") return "Only a tournament in progress can be archived";
    return finalPlayed ? FINAL_PLAYED : null;
  }
  if (to === "open") {
    if (from !== "finished") return "Only an archived tournament can be restored";
    return finalized ? "A finalized tournament has paid out and cannot be restored" : null;
  }
  return "Start a tournament from its page";
}

/**
 * The live preview from the form's raw values, or null while they do not
 * make a tournament yet. Runs in the browser as the director types and on
 * the server for the no-JavaScript Preview button.
 */
export function previewFromValues(values: Record<string, string | undefined>): PrizePreview | null {
  const entryFeePence = parsePence(values.entryFee ?? "");
  const siteFeePence = values.siteFee ? parsePence(values.siteFee) : 0;
  const rakeType = values.rakeType === "percent" ? "percent" : "fixed";
  const rakeValue = values.rakeValue ? parsePence(values.rakeValue) : 0;
  const maxPlayers = Number(values.maxPlayers ?? 16);
  const payoutStructure = payoutStructureIds.find((id) => id === values.payoutStructure);
  if (entryFeePence === null || siteFeePence === null || rakeValue === null || !payoutStructure) return null;
  if (!Number.isInteger(maxPlayers) || maxPlayers < 2 || maxPlayers > 512) return null;
  if (rakeError(entryFeePence, rakeType, rakeValue)) return null;
  if (!structuresForFieldSize(maxPlayers).some((s) => s.id === payoutStructure)) return null;
  // A team event: maxPlayers counts teams, and every member pays into the pool.
  const size = teamSize(matchTypes.find((m) => m === values.matchType) ?? "1v1");
  return prizePreview({
    entryFeePence,
    siteFeePence,
    rakeType,
    rakeValue,
    maxPlayers,
    payoutStructure,
    teamSize: size,
  });
}
