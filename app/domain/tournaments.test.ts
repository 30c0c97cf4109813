// The creation form's cross-field checks appear together with every other
// problem, not only once the rest of the form is valid.
import { describe, expect, test } from "vitest";
import { FINAL_PLAYED, statusChangeError } from "./tournaments.ts";
import { CreateTournamentSchema } from "../features/tournaments/domain/tournament-schema.ts";
import { previewFromValues } from "../features/tournaments/domain/creation-preview.ts";

const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const valid = {
  name: "Friday 8-Ball Knockout",
  venue: "The Red Lion, Leeds",
  date: future,
  time: "19:30",
  entryFee: "10.00",
  siteFee: "1.00",
  rakeType: "fixed",
  rakeValue: "1.00",
  maxPlayers: "16",
  payoutStructure: "winner_ru",
};

function errors(input: Record<string, unknown>): Record<string, string[]> {
  const result = CreateTournamentSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

describe("CreateTournamentSchema", () => {
  test("a valid form parses to pence and a deadline instant", () => {
    const result = CreateTournamentSchema.safeParse({
      ...valid,
      registrationDeadline: `${future}T18:00`,
      timeZone: "Europe/London",
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      entryFeePence: 1000,
      siteFeePence: 100,
      rakeValue: 100,
      maxPlayers: 16,
      payoutStructure: "winner_ru",
    });
    expect(typeof result.data?.registrationDeadline).toBe("number");
  });

  test.each([
    [{ rakeValue: "11.00" }, "rakeValue", "Rake can't be more than the entry fee"],
    [{ maxPlayers: "4", payoutStructure: "winner_ru_semi_quarters" }, "payoutStructure", "needs at least"],
    [{ date: "2020-01-01" }, "date", "The date can't be in the past"],
    [
      { registrationDeadline: "2020-01-01T10:00" },
      "registrationDeadline",
      "The registration deadline must be in the future",
    ],
    [
      { registrationDeadline: `${future}T20:00` },
      "registrationDeadline",
      "The registration deadline must be before the tournament starts",
    ],
  ])("%o is reported on %s even while the name and venue are missing", (change, field, message) => {
    const found = errors({ ...valid, name: "", venue: undefined, ...change });
    expect(found.name).toEqual(["Tournament name is required"]);
    expect(found.venue).toEqual(["Venue is required"]);
    expect(found[field]?.join(" ")).toContain(message);
  });

  test("a cross-field check waits for its own fields: an invalid entry fee gives no rake message", () => {
    const found = errors({ ...valid, entryFee: "abc", rakeValue: "11.00" });
    expect(found.entryFee?.length).toBe(1);
    expect(found.rakeValue).toBeUndefined();
  });

  test("a body that is not an object is refused, not checked", () => {
    for (const junk of [null, [], "x", 3]) expect(CreateTournamentSchema.safeParse(junk).success).toBe(false);
  });

  test("an invalid time leaves the deadline unchecked against the start", () => {
    const found = errors({ ...valid, time: "25:00", registrationDeadline: `${future}T20:00` });
    expect(found.time).toEqual(["Enter a time like 19:30"]);
    expect(found.registrationDeadline).toBeUndefined();
  });
});

test("archive is refused once the final has a result; restore only an archived, unpaid tournament", () => {
  const none = { finalized: false, finalPlayed: false };
  expect(statusChangeError("in_progress", "finished", none)).toBeNull();
  expect(statusChangeError("in_progress", "finished", { ...none, finalPlayed: true })).toBe(FINAL_PLAYED);
  expect(statusChangeError("open", "finished", none)).toBe("Only a tournament in progress can be archived");
  expect(statusChangeError("finished", "open", none)).toBeNull();
  expect(statusChangeError("finished", "open", { ...none, finalized: true })).toBe(
    "A finalized tournament has paid out and cannot be restored",
  );
  expect(statusChangeError("in_progress", "open", none)).toBe("Only an archived tournament can be restored");
  expect(statusChangeError("open", "in_progress", none)).toBe("Start a tournament from its page");
});

test("the creation preview counts every member of a team into the pool; positions count teams", () => {
  const values = {
    entryFee: "10.00",
    siteFee: "1.00",
    rakeType: "fixed",
    rakeValue: "1.00",
    maxPlayers: "8",
    payoutStructure: "winner_ru",
  };
  const singles = previewFromValues(values);
  const doubles = previewFromValues({ ...values, matchType: "2v2" });
  expect(singles?.poolIfFullPence).toBe(7200);
  expect(doubles?.poolIfFullPence).toBe(14_400);
  expect(doubles?.rakeIfFullPence).toBe(1600);
  expect(doubles?.teamSize).toBe(2);
  expect(doubles?.playerPaysPence).toBe(1100);
  expect(doubles?.payouts.map((p) => [p.position, p.players, p.totalPence])).toEqual([
    ["1st", 1, 10_080],
    ["2nd", 1, 4320],
  ]);
  expect(previewFromValues({ ...values, matchType: "4v4" })?.poolIfFullPence).toBe(28_800);
});
