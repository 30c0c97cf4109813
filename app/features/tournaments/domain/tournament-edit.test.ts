// The edit's locks, its guards, the merge of what was sent over what is stored, and a copy's date.
import fc from "fast-check";
import { expect, test } from "vitest";
import { tournamentStartInstant } from "../../../domain/dates.ts";
import {
  changedFields,
  editFields,
  editGuards,
  editRefusal,
  fieldLocks,
  mergeEdit,
  parseStartsAt,
  runAgainDates,
  runAgainName,
  storedFields,
  type EditFacts,
  type TournamentSettings,
} from "./tournament-edit.ts";
import { CreateTournamentSchema, editTournamentSchema } from "./tournament-schema.ts";

const DAY = 86_400_000;
const future = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
const stored: TournamentSettings = CreateTournamentSchema.parse({
  name: "Thursday 8-Ball",
  venue: "The Red Lion",
  date: future,
  time: "19:30",
  entryFee: "5.00",
  siteFee: "1.00",
  rakeType: "fixed",
  rakeValue: "1.00",
  maxPlayers: "16",
  payoutStructure: "winner_ru",
  raceTo: "3",
});

const open: EditFacts = { status: "open", matchType: "1v1", paid: 0, paying: 0, entered: 0 };
const edit = (sent: Record<string, unknown>, t: TournamentSettings = stored) =>
  editTournamentSchema(t).parse(mergeEdit(storedFields(t), sent));

test("nothing is locked before anyone enters; the table-scoring settings never are; the series until finished", () => {
  expect(fieldLocks(open)).toEqual({});
  const started = fieldLocks({ ...open, status: "in_progress", paid: 8, entered: 8 });
  expect(Object.keys(started).sort()).toEqual(
    editFields.filter((f) => f !== "resultsFromTables" && f !== "breakRule" && f !== "seriesId").sort(),
  );
  expect(fieldLocks({ ...open, status: "finished" }).seriesId).toBe(
    "The series can't change: the tournament is finished",
  );
  expect(started.name).toBe("The name can't change: the tournament has started");
  expect(fieldLocks({ ...open, status: "finished" }).date).toBe("The date can't change: the tournament is finished");
});

test("a payment locks the fees, the rake and the payouts; an entry the format; the night stays editable", () => {
  const paid = fieldLocks({ ...open, paid: 3, entered: 3 });
  expect(paid.entryFee).toBe("The entry fee can't change: players have already paid");
  expect(paid.rakeValue).toBe("The rake can't change: players have already paid");
  expect(paid.payoutStructure).toBe("The payout structure can't change: players have already paid");
  expect(paid.tournamentType).toBe("The tournament type can't change: players have entered");
  expect(paid.matchType).toBe("The match type can't change: players have entered");
  for (const field of ["name", "venue", "date", "time", "registrationDeadline", "rules", "raceTo", "maxPlayers"]) {
    expect(paid[field as keyof typeof paid]).toBeUndefined();
  }
});

test("a player paying locks what they pay, not the split; an expired hold or a reserve only the format", () => {
  const paying = fieldLocks({ ...open, paying: 1, entered: 1 });
  expect(paying.entryFee).toBe("The entry fee can't change: 1 player is paying now");
  expect(paying.siteFee).toBe("The site fee can't change: 1 player is paying now");
  expect(paying.rakeValue).toBeUndefined();
  expect(paying.payoutStructure).toBeUndefined();
  const lingering = fieldLocks({ ...open, entered: 1 });
  expect(Object.keys(lingering).sort()).toEqual(
    ["advancePerGroup", "grandFinal", "groupSize", "matchType", "maxRating", "seeding", "tournamentType"].sort(),
  );
});

test("team events speak of teams", () => {
  const teams = fieldLocks({ ...open, matchType: "2v2", paid: 2, entered: 2 });
  expect(teams.entryFee).toBe("The entry fee can't change: teams have already paid");
  expect(teams.seeding).toBe("The seeding can't change: teams have entered");
  const refusal = editRefusal(stored, { ...stored, maxPlayers: 1 }, { ...open, matchType: "2v2", paid: 2 });
  expect(refusal).toEqual({ field: "maxPlayers", message: "Max teams can't go below 2: 2 teams have paid" });
});

test("max players goes down to the places taken, and says which", () => {
  const facts = { ...open, paid: 5, paying: 2, entered: 7 };
  expect(editRefusal(stored, { ...stored, maxPlayers: 7 }, facts)).toBeNull();
  expect(editRefusal(stored, { ...stored, maxPlayers: 6 }, facts)).toEqual({
    field: "maxPlayers",
    message: "Max players can't go below 7: 5 players have paid and 2 are paying now",
  });
  expect(editRefusal(stored, { ...stored, maxPlayers: 2 }, { ...open, paying: 3, entered: 3 })?.message).toBe(
    "Max players can't go below 3: 3 players are paying now",
  );
  expect(editRefusal(stored, { ...stored, maxPlayers: 32 }, facts)).toBeNull();
});

test("an unchanged locked field is no refusal: only what changes is judged", () => {
  const started = { ...open, status: "in_progress" as const, paid: 8, entered: 8 };
  expect(editRefusal(stored, edit({ name: stored.name, entryFee: "5" }), started)).toBeNull();
  expect(editRefusal(stored, edit({ breakRule: "alternate" }), started)).toBeNull();
  expect(editRefusal(stored, edit({ entryFee: "6.00" }), started)).toEqual({
    field: "entryFee",
    message: "The entry fee can't change: the tournament has started",
  });
  // The grand final of a knockout is played nowhere: not a change.
  expect(changedFields(stored, edit({ grandFinal: "single" }))).toEqual([]);
});

test("refusals follow the fields' order, whatever the order they were sent in", () => {
  const facts = { ...open, paid: 2, entered: 2 };
  const next = edit({ tournamentType: "round_robin", entryFee: "7.00", name: "Renamed" });
  expect(changedFields(stored, next)).toEqual(["name", "entryFee", "tournamentType"]);
  expect(editRefusal(stored, next, facts)?.field).toBe("entryFee");
});

test("null or an empty value clears an optional field; a required one is then refused as on creation", () => {
  expect(edit({ raceTo: null, rules: "" })).toMatchObject({ raceTo: null, rules: null, name: stored.name });
  const result = editTournamentSchema(stored).safeParse(mergeEdit(storedFields(stored), { name: null }));
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]).toMatchObject({ path: ["name"], message: "Tournament name is required" });
});

test("an edit keeps a date and a deadline already past, but refuses moving to the past", () => {
  const past = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
  const lapsed = { ...stored, date: past, registrationDeadline: Date.now() - 3 * DAY + 12_345 };
  expect(edit({ name: "Renamed" }, lapsed)).toMatchObject({
    date: past,
    registrationDeadline: lapsed.registrationDeadline,
  });
  // The form sends the deadline to the minute: the stored one is kept to the millisecond.
  const shown = new Date(lapsed.registrationDeadline).toISOString().slice(0, 16);
  expect(edit({ registrationDeadline: `${shown}Z` }, lapsed).registrationDeadline).toBe(lapsed.registrationDeadline);
  const refused = editTournamentSchema(stored).safeParse(mergeEdit(storedFields(stored), { date: past }));
  expect(refused.error?.issues.map((i) => i.message)).toContain("The date can't be in the past");
  const deadline = editTournamentSchema(stored).safeParse(
    mergeEdit(storedFields(stored), { registrationDeadline: new Date(Date.now() - DAY).toISOString() }),
  );
  expect(deadline.error?.issues.map((i) => i.message)).toContain("The registration deadline must be in the future");
});

test("the write re-checks only the locks its changes depend on", () => {
  expect(editGuards(stored, ["breakRule"], stored)).toEqual({
    open: false,
    takenAtMost: null,
    nobodyPaid: false,
    nobodyPaying: false,
    nobodyEntered: false,
    notFinished: false,
  });
  // Joining a series during play: only "not finished" is re-checked.
  expect(editGuards(stored, ["seriesId"], { ...stored, seriesId: "s1" })).toEqual({
    open: false,
    takenAtMost: null,
    nobodyPaid: false,
    nobodyPaying: false,
    nobodyEntered: false,
    notFinished: true,
  });
  expect(editGuards(stored, ["name", "maxPlayers"], { ...stored, maxPlayers: 8 })).toMatchObject({
    open: true,
    takenAtMost: 8,
    nobodyPaid: false,
  });
  expect(editGuards(stored, ["maxPlayers"], { ...stored, maxPlayers: 32 }).takenAtMost).toBeNull();
  expect(editGuards(stored, ["rakeValue"], stored)).toMatchObject({ nobodyPaid: true, nobodyPaying: false });
  expect(editGuards(stored, ["siteFee"], stored)).toMatchObject({ nobodyPaid: true, nobodyPaying: true });
  expect(editGuards(stored, ["seeding"], stored)).toMatchObject({ nobodyEntered: true, nobodyPaid: false });
});

// A form's fields as the creation form sends them, over every format and team size.
const settingsForm = fc.record({
  night: fc.nat({ max: 199 }),
  hour: fc.integer({ min: 10, max: 23 }),
  minutes: fc.constantFrom("00", "15", "30", "45"),
  maxPlayers: fc.integer({ min: 8, max: 32 }),
  tournamentType: fc.constantFrom("single_elimination", "double_elimination", "round_robin", "round_robin_tier"),
  matchType: fc.constantFrom("1v1", "2v2", "3v3", "4v4"),
  grandFinal: fc.constantFrom("reset", "single"),
  entryFee: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom("00", "50", "99")),
  siteFee: fc.tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom("00", "25")),
  rakeValue: fc.tuple(fc.integer({ min: 0, max: 30 }), fc.constantFrom("0", "5")),
  payoutStructure: fc.constantFrom("winner_only", "winner_ru", "winner_ru_semi"),
  raceTo: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined, freq: 2 }),
  deadlineHour: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined, freq: 2 }),
});

test("a stored tournament's fields parse back to the same settings, for random settings", () => {
  fc.assert(
    fc.property(settingsForm, (form) => {
      const t = CreateTournamentSchema.parse({
        name: `Night ${form.night}`,
        venue: "The Crown",
        date: future,
        time: `${form.hour}:${form.minutes}`,
        maxPlayers: String(form.maxPlayers),
        tournamentType: form.tournamentType,
        matchType: form.matchType,
        grandFinal: form.grandFinal,
        entryFee: form.entryFee.join("."),
        siteFee: form.siteFee.join("."),
        rakeType: "percent",
        rakeValue: form.rakeValue.join("."),
        payoutStructure: form.payoutStructure,
        raceTo: form.raceTo === undefined ? undefined : String(form.raceTo),
        registrationDeadline: form.deadlineHour === undefined ? undefined : `${future}T0${form.deadlineHour}:00Z`,
      });
      expect(changedFields(t, edit({}, t))).toEqual([]);
      expect(edit({}, t)).toEqual(t);
    }),
    { numRuns: 150 },
  );
});

test("run again: a week later at the same time, the deadline as far before the start", () => {
  const now = Date.UTC(2026, 10, 20, 12);
  const t = { date: "2026-11-26", time: "19:30", registrationDeadline: Date.UTC(2026, 10, 26, 18) };
  expect(runAgainDates(t, now)).toEqual({
    date: "2026-12-03",
    time: "19:30",
    registrationDeadline: Date.UTC(2026, 11, 3, 18),
  });
});

test("run again across the clock change keeps the time at the venue, and the deadline's distance", () => {
  // Thursday 22 October 2026 is BST; a week later, 29 October, is GMT.
  const t = { date: "2026-10-22", time: "19:30", registrationDeadline: Date.UTC(2026, 9, 22, 17, 30) };
  const copy = runAgainDates(t, Date.UTC(2026, 9, 1));
  expect(copy).toMatchObject({ date: "2026-10-29", time: "19:30" });
  const before = (tournamentStartInstant(t.date, t.time) ?? 0) - t.registrationDeadline;
  expect((tournamentStartInstant(copy.date, copy.time) ?? 0) - (copy.registrationDeadline ?? 0)).toBe(before);
});

test("run again of an old night: the first week still ahead; a deadline already past is dropped", () => {
  const now = Date.UTC(2026, 10, 20, 19);
  const t = { date: "2026-10-01", time: "19:30", registrationDeadline: Date.UTC(2026, 9, 1, 18) };
  const copy = runAgainDates(t, now);
  expect(copy.date).toBe("2026-11-26");
  const chosen = runAgainDates(t, now, { date: "2026-11-20", time: "19:30" });
  expect(chosen).toEqual({ date: "2026-11-20", time: "19:30", registrationDeadline: null });
});

test("startsAt: an instant with its offset, or the venue's wall-clock time; never the past", () => {
  const now = Date.UTC(2026, 5, 1);
  expect(parseStartsAt("2026-06-10T18:30:00Z", now)).toEqual({ date: "2026-06-10", time: "19:30" });
  expect(parseStartsAt("2026-12-10T19:30", now)).toEqual({ date: "2026-12-10", time: "19:30" });
  expect(parseStartsAt("2026-12-10T19:30+01:00", now)).toEqual({ date: "2026-12-10", time: "18:30" });
  expect(parseStartsAt("next Thursday", now)).toEqual({ error: "Enter the new start like 2026-12-10T19:30" });
  expect(parseStartsAt("2026-02-30T19:30", now)).toEqual({ error: "Enter the new start like 2026-12-10T19:30" });
  expect(parseStartsAt("2026-05-31T19:30", now)).toEqual({ error: "The new start must be in the future" });
});

test("a copy's suggested name: the next number after Week 1, else the new date in place of an earlier copy's", () => {
  expect(runAgainName("Friday 9-Ball Week 1", "2026-12-10")).toBe("Friday 9-Ball Week 2");
  expect(runAgainName("Week 9", "2026-12-10")).toBe("Week 10");
  expect(runAgainName("Red Lion night 3", "2026-12-10")).toBe("Red Lion night 4");
  expect(runAgainName("Open #41", "2026-12-10")).toBe("Open #42");
  expect(runAgainName("Friday 9-Ball", "2026-12-10")).toBe("Friday 9-Ball — 10 Dec 2026");
  // A copy of a copy: the date moves on, it does not pile up.
  expect(runAgainName("Friday 9-Ball — 10 Dec 2026", "2026-12-17")).toBe("Friday 9-Ball — 17 Dec 2026");
  // A number that is not a count stays (an 8-ball night), and the longest name still fits.
  expect(runAgainName("8-Ball", "2026-12-10")).toBe("8-Ball — 10 Dec 2026");
  const long = runAgainName("x".repeat(100), "2026-12-10");
  expect(long).toHaveLength(100);
  expect(long.endsWith(" — 10 Dec 2026")).toBe(true);
});
