// A league (DESIGN §11), its seasons and their divisions as a secretary makes them: the request bodies' checks and
// the rules they carry. Pure: the service stores what these return.
import { isValidDate } from "../../../domain/dates.ts";
import { nameField } from "../../../domain/text.ts";
import { z } from "../../../domain/zod.ts";
import { NIGHTS, seasonDatesProblem } from "./season-weeks.ts";

/** A season is made as a draft; it goes live once its fixtures are out, and is finished when its last night is. */
export const seasonStatuses = ["draft", "active", "finished"] as const;

/** Teams meet once or twice a season. */
export const LEGS = [1, 2] as const;

/** A season has at most a year of weeks; more blackout dates than that are a mistake, not a calendar. */
const MAX_BLACKOUT_DATES = 52;

/** `POST /api/leagues`. */
export const CreateLeagueSchema = z.object({ name: nameField("League name") });

const DATE_MESSAGE = "must be a date (YYYY-MM-DD)";
const dateField = (label: string) =>
  z.string({ error: `${label} ${DATE_MESSAGE}` }).check(z.refine(isValidDate, `${label} ${DATE_MESSAGE}`));

/**
 * `POST /api/leagues/{id}/seasons`: a name, the league night, the first date (on that night), the legs (2 unless
 * said) and the blackout dates (none unless said; stored sorted, once each).
 */
export const CreateSeasonSchema = z.pipe(
  z
    .object({
      name: nameField("Season name"),
      night: z.enum(NIGHTS, { error: `The league night must be a day of the week: ${NIGHTS.join(", ")}` }),
      startDate: dateField("The first date"),
      legs: z.optional(z.literal(LEGS, { error: "Teams meet once or twice a season (legs 1 or 2)" })),
      blackoutDates: z.optional(
        z
          .array(dateField("A blackout date"), { error: "Blackout dates must be a list of dates (YYYY-MM-DD)" })
          .check(z.maxLength(MAX_BLACKOUT_DATES, `A season has at most ${MAX_BLACKOUT_DATES} blackout dates`)),
      ),
    })
    .check(
      z.superRefine((input, ctx) => {
        // The fields are each valid here, so the one problem left is the first date's weekday.
        const problem = seasonDatesProblem(input.night, input.startDate, input.blackoutDates ?? []);
        if (problem) ctx.addIssue({ code: "custom", path: ["startDate"], message: problem });
      }),
    ),
  z.transform((input) => ({
    name: input.name,
    night: input.night,
    startDate: input.startDate,
    legs: input.legs ?? 2,
    blackoutDates: [...new Set(input.blackoutDates ?? [])].sort(),
  })),
);
export type SeasonInput = z.output<typeof CreateSeasonSchema>;

/** `POST /api/seasons/{id}/divisions`. */
export const CreateDivisionSchema = z.object({ name: nameField("Division name") });

/**
 * What division names are compared by, as team names are: composed (NFC) and in lower case in every script (SQLite's
 * lower() folds ASCII only), so "Premier", "PREMIER" and "premier" are one division.
 */
export const divisionNameKey = (name: string): string => name.normalize("NFC").toLowerCase().normalize("NFC");

export const LEAGUE_MESSAGES = {
  leagueNotFound: "League not found",
  seasonNotFound: "Season not found",
  notYourLeague: "Only the league's secretary can do that",
  divisionNameTaken: "A division with that name is already in this season",
} as const;
