// A league (DESIGN §11), its seasons and their divisions as a secretary makes them: the request bodies' checks and
// the rules they carry. Pure: the service stores what these return.
import { emailField } from "../../../domain/accounts.ts";
import { isValidDate } from "../../../domain/dates.ts";
import { nameField } from "../../../domain/text.ts";
import { z } from "../../../domain/zod.ts";
import { DEFAULT_FORMAT, type MatchFormat, MatchFormatSchema } from "./match-card.ts";
import { DEFAULT_PROMOTED, DEFAULT_RELEGATED } from "./promotion.ts";
import { NIGHTS, type Night, seasonDatesProblem } from "./season-weeks.ts";
import { DEFAULT_POINTS, MeritMinFramesSchema, type Points, PointsSchema } from "./standings.ts";

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

/** A season's fields as `POST /api/leagues/{id}/seasons` takes them. */
const seasonFields = {
  name: nameField("Season name"),
  night: z.enum(NIGHTS, { error: `The league night must be a day of the week: ${NIGHTS.join(", ")}` }),
  startDate: dateField("The first date"),
  legs: z.optional(z.literal(LEGS, { error: "Teams meet once or twice a season (legs 1 or 2)" })),
  format: z.optional(MatchFormatSchema),
  points: z.optional(PointsSchema),
  meritMinFrames: z.optional(MeritMinFramesSchema),
  blackoutDates: z.optional(
    z
      .array(dateField("A blackout date"), { error: "Blackout dates must be a list of dates (YYYY-MM-DD)" })
      .check(z.maxLength(MAX_BLACKOUT_DATES, `A season has at most ${MAX_BLACKOUT_DATES} blackout dates`)),
  ),
};
type SeasonFields = {
  name: string;
  night: Night;
  startDate: string;
  legs?: (typeof LEGS)[number];
  format?: z.output<typeof MatchFormatSchema>;
  points?: Points;
  meritMinFrames?: number;
  blackoutDates?: string[];
};

// The fields are each valid here, so the one problem left is the first date's weekday.
const firstDateOnItsNight = z.superRefine((input: SeasonFields, ctx) => {
  const problem = seasonDatesProblem(input.night, input.startDate, input.blackoutDates ?? []);
  if (problem) ctx.addIssue({ code: "custom", path: ["startDate"], message: problem });
});

/** A season's fields with what was not said: two legs, no blackout dates, the usual format and points. */
const seasonInputOf = (input: SeasonFields) => ({
  name: input.name,
  night: input.night,
  startDate: input.startDate,
  legs: input.legs ?? 2,
  blackoutDates: [...new Set(input.blackoutDates ?? [])].sort(),
  format: (input.format ?? DEFAULT_FORMAT) as MatchFormat,
  points: input.points ?? DEFAULT_POINTS,
  meritMinFrames: input.meritMinFrames ?? 0,
});

/**
 * `POST /api/leagues/{id}/seasons`: a name, the league night, the first date (on that night), the legs (2 unless
 * said) and the blackout dates (none unless said; stored sorted, once each).
 */
export const CreateSeasonSchema = z.pipe(z.object(seasonFields).check(firstDateOnItsNight), z.transform(seasonInputOf));
export type SeasonInput = z.output<typeof CreateSeasonSchema>;

/** Nobody moves more teams than a division holds; a bigger number is a typing slip. */
const MAX_MOVED = 20;
const movedField = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of teams, 0 or more` })
    .check(
      z.refine(Number.isInteger, `${label} must be a whole number of teams, 0 or more`),
      z.gte(0, `${label} must be a whole number of teams, 0 or more`),
      z.lte(MAX_MOVED, `${label} can be at most ${MAX_MOVED} teams`),
    );

/**
 * `POST /api/leagues/{id}/seasons` whole: a season as `CreateSeasonSchema` makes it, or with `from` (a finished season
 * of the league) the next one — its divisions and teams carried over, `promote` teams up from each lower division and
 * `relegate` down from each higher one (2 unless said), its legs, format, points and merit minimum the finished
 * season's unless given.
 */
export const NewSeasonSchema = z.pipe(
  z
    .object({
      ...seasonFields,
      from: z.optional(
        z
          .string({ error: "from must be the id of the finished season to carry on from" })
          .check(z.minLength(1, "from must be the id of the finished season to carry on from")),
      ),
      promote: z.optional(movedField("Teams promoted")),
      relegate: z.optional(movedField("Teams relegated")),
    })
    .check(
      firstDateOnItsNight,
      z.superRefine((input, ctx) => {
        if (input.from !== undefined) return;
        for (const key of ["promote", "relegate"] as const) {
          if (input[key] === undefined) continue;
          const message = "Teams move between divisions only in a season made from a finished one (from)";
          ctx.addIssue({ code: "custom", path: [key], message });
        }
      }),
    ),
  z.transform((input) => ({
    fields: seasonInputOf(input),
    next:
      input.from === undefined
        ? null
        : {
            from: input.from,
            promote: input.promote ?? DEFAULT_PROMOTED,
            relegate: input.relegate ?? DEFAULT_RELEGATED,
            /** The rules the request gave: the others are the finished season's. */
            given: {
              legs: input.legs !== undefined,
              format: input.format !== undefined,
              points: input.points !== undefined,
              meritMinFrames: input.meritMinFrames !== undefined,
            },
          },
  })),
);
type NewSeasonInput = z.output<typeof NewSeasonSchema>;
export type NextSeasonInput = NonNullable<NewSeasonInput["next"]>;

/** `POST /api/seasons/{id}/divisions`. */
export const CreateDivisionSchema = z.object({ name: nameField("Division name") });

/**
 * What division names are compared by, as team names are: composed (NFC) and in lower case in every script (SQLite's
 * lower() folds ASCII only), so "Premier", "PREMIER" and "premier" are one division.
 */
export const divisionNameKey = (name: string): string => name.normalize("NFC").toLowerCase().normalize("NFC");

/**
 * A fixture's life: `scheduled` (or `postponed`, with no date) until its card is started; then in progress, and
 * played once both captains confirm (or disputed until the secretary resolves it, or awarded by them); voided by the
 * secretary when it will never count (a team withdrawn).
 */
export const fixtureStatuses = [
  "scheduled",
  "postponed",
  "in_progress",
  "disputed",
  "played",
  "awarded",
  "voided",
] as const;
export type FixtureStatus = (typeof fixtureStatuses)[number];

/** Where a fixture stands, in words, as every page says it. */
const FIXTURE_STATUS_TEXT: Record<FixtureStatus, string> = {
  scheduled: "Scheduled",
  postponed: "Postponed",
  in_progress: "In progress",
  disputed: "Disputed",
  played: "Played",
  awarded: "Awarded",
  voided: "Voided",
};
/** A status in words (one we don't know, as it is). */
export const fixtureStatusText = (status: string): string =>
  (FIXTURE_STATUS_TEXT as Record<string, string | undefined>)[status] ?? status;

/** The statuses of a fixture whose card is closed: its result stands (or it counts for nothing), final. */
export const CLOSED_STATUSES = ["played", "awarded", "voided"] as const satisfies readonly FixtureStatus[];
export const isClosedStatus = (status: string): boolean => (CLOSED_STATUSES as readonly string[]).includes(status);

/** The statuses of a fixture nobody has started: a season whose fixtures are all so may have them made again. */
export const UNPLAYED_STATUSES = ["scheduled", "postponed"] as const satisfies readonly FixtureStatus[];

/** A team's name, as long as a tournament team's may be. */
const TEAM_NAME_MAX = 60;
/** A roster is a pub's players for a season: more than this in one go is a mistake. */
const MAX_ROSTER = 40;

/** An optional field a form sends empty: "" (or spaces) is no value; `error` is for a value of another type. */
const blankOr = <T extends z.ZodMiniType<unknown, unknown>>(field: T, error: string) =>
  z.union(
    [
      z.pipe(
        z.string().check(z.trim(), z.maxLength(0)),
        z.transform(() => undefined),
      ),
      field,
    ],
    { error },
  );

/** A player on a roster: by e-mail (an account, made if new), or a guest of the league by name alone. */
export const RosterPlayerSchema = z.object({
  name: nameField("Player's name"),
  email: z.optional(blankOr(emailField, "Invalid email address")),
});
export type RosterPlayer = z.output<typeof RosterPlayerSchema>;

/**
 * `POST /api/seasons/{id}/teams`: a name, a division of the season, the home venue, the captain by e-mail (named for
 * a new account) and the players registered with them.
 */
export const CreateTeamSchema = z.object({
  name: nameField("Team name", { max: TEAM_NAME_MAX }),
  divisionId: z.string({ error: "Choose the team's division" }).check(z.minLength(1, "Choose the team's division")),
  venue: nameField("Home venue"),
  captain: z.object(
    {
      email: emailField,
      name: z.optional(blankOr(nameField("Captain's name"), "Captain's name is required")),
    },
    { error: "The captain's e-mail is required" },
  ),
  players: z.optional(
    z
      .array(RosterPlayerSchema, { error: "Players must be a list of names (and e-mails)" })
      .check(z.maxLength(MAX_ROSTER, `A team registers at most ${MAX_ROSTER} players at once`)),
  ),
});
export type TeamInput = z.output<typeof CreateTeamSchema>;

/** `PATCH /api/fixtures/{id}`: the new date, or null for postponed. */
export const MoveFixtureSchema = z.object({
  date: z.union([z.null(), dateField("The date")], { error: `The date ${DATE_MESSAGE}, or null for postponed` }),
});

/** What team names are compared by: as divisions' are. */
export const teamNameKey = (name: string): string => divisionNameKey(name);

export const LEAGUE_MESSAGES = {
  leagueNotFound: "League not found",
  seasonNotFound: "Season not found",
  teamNotFound: "Team not found",
  fixtureNotFound: "Fixture not found",
  notYourLeague: "Only the league's secretary can do that",
  notYourTeam: "Only the league's secretary or the team's captain can do that",
  divisionNameTaken: "A division with that name is already in this season",
  teamNameTaken: "A team with that name is already in this season",
  divisionNotInSeason: "Choose a division of this season",
  seasonFinished: "This season is finished",
  alreadyFinished: "This season is already finished",
  notStarted: "This season hasn't started: make its fixtures, play them, then finish it",
  unplayed: (fixtures: readonly { home: string; away: string; week: number }[]) => {
    const n = fixtures.length;
    const named = fixtures.slice(0, 3).map((f) => `${f.home} v ${f.away} (week ${f.week})`);
    const more = n > named.length ? ` and ${n - named.length} more` : "";
    return `${n} ${n === 1 ? "fixture isn't" : "fixtures aren't"} played yet: ${named.join(", ")}${more}`;
  },
  resultsChanged: "A result of this season changed meanwhile, please try again",
  fromNotFound: "The season to carry on from was not found",
  fromOtherLeague: "The season to carry on from must be one of this league's",
  fromNotFinished: "The season to carry on from isn't finished yet: finish it first",
  undeliverable: (email: string) => `No e-mail can reach ${email}: give another address, or none for a guest`,
  sameEmailTwice: "Each player's e-mail can be given once",
  alreadyOnTeam: (name: string, team: string) => `${name} is already on ${team} this season`,
  noTeams: "No team is in the season's divisions yet: add the teams, then make the fixtures",
  fixturesPlayed: "A fixture of this season has been played: its fixtures can no longer be made again",
  fixturePlayed: "This fixture has been played: it can no longer be moved",
  pointsLocked: "A fixture of this season has been played: its points can no longer change",
  teamsChanged: "The season's teams changed meanwhile, please try again",
  rosterChanged: "The team changed meanwhile, please try again",
} as const;
