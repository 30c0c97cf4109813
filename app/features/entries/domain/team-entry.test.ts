import { expect, test } from "vitest";
import { checkTeamEntry, nameFromEmail, teammateName } from "./team-entry.ts";

const refused = (teammates: unknown, size: number) => checkTeamEntry({ teamName: "T", teammates }, size, "s@x.io");

test("a team entry is cleaned up: name trimmed, e-mails trimmed and lower-cased, names from the e-mails", () => {
  expect(
    checkTeamEntry({ teamName: "  Cue Balls ", teammates: [" Ann@Example.com ", "bo@example.com"] }, 3, "s@x.io"),
  ).toEqual({
    ok: true,
    entry: {
      teamName: "Cue Balls",
      teammates: [
        { email: "ann@example.com", name: "ann" },
        { email: "bo@example.com", name: "bo" },
      ],
    },
  });
});

test("a teammate may be named: { email, name } beside plain e-mails; a blank name is no name", () => {
  const entry = checkTeamEntry(
    {
      teamName: "Pot Luck",
      teammates: [
        { email: " Kim.Smith@Example.com", name: "  Kim Smith " },
        { email: "jo@example.com", name: "" },
        { email: "al@example.com", name: null },
        { email: "ed@example.com" },
      ],
    },
    5,
    "s@x.io",
  );
  expect(entry).toEqual({
    ok: true,
    entry: {
      teamName: "Pot Luck",
      teammates: [
        { email: "kim.smith@example.com", name: "Kim Smith" },
        { email: "jo@example.com", name: "jo" },
        { email: "al@example.com", name: "al" },
        { email: "ed@example.com", name: "ed" },
      ],
    },
  });
  // The form's rows: a blank e-mail is no teammate, whatever its name says.
  expect(
    refused(
      [
        { email: "a@b.co", name: "A" },
        { email: " ", name: "Ghost" },
      ],
      3,
    ),
  ).toEqual({
    ok: false,
    field: "teammates",
    message: "Add 2 teammates",
  });
});

test("the name an invited account gets without one: the e-mail's local part", () => {
  expect(nameFromEmail("kim.smith@example.com")).toBe("kim.smith");
  expect(nameFromEmail("x+pool@y.z")).toBe("x+pool");
  expect(nameFromEmail(`${"a".repeat(150)}@y.z`)).toHaveLength(100);
});

test("a teammate's name is a name: not too long, nothing invisible, a string", () => {
  expect(refused([{ email: "a@b.co", name: "x".repeat(101) }], 2)).toEqual({
    ok: false,
    field: "teammates",
    message: "Teammate's name must be at most 100 characters",
  });
  expect(refused([{ email: "a@b.co", name: "Kim\u202eSmith" }], 2)).toEqual({
    ok: false,
    field: "teammates",
    message: "Teammate's name can't contain invisible or text-direction characters",
  });
  expect(refused([{ email: "a@b.co", name: 7 }], 2)).toMatchObject({ ok: false, field: "teammates" });
});

test("a team entry needs a name", () => {
  for (const teamName of [undefined, "", "   ", 7]) {
    expect(checkTeamEntry({ teamName, teammates: ["a@b.co"] }, 2, "s@x.io")).toEqual({
      ok: false,
      field: "teamName",
      message: "Team name is required",
    });
  }
  const long = checkTeamEntry({ teamName: "x".repeat(61), teammates: ["a@b.co"] }, 2, "s@x.io");
  expect(long).toMatchObject({ ok: false, field: "teamName" });
  const hidden = checkTeamEntry({ teamName: "Cue\u200bBalls", teammates: ["a@b.co"] }, 2, "s@x.io");
  expect(hidden).toMatchObject({ ok: false, field: "teamName" });
});

test("a team entry names exactly the other members, each once", () => {
  const addTwo = { ok: false, field: "teammates", message: "Add 2 teammates" };
  expect(refused([], 3)).toEqual(addTwo);
  expect(refused(["a@b.co"], 3)).toEqual(addTwo);
  expect(refused(["a@b.co", "A@b.co "], 3)).toEqual(addTwo);
  expect(refused(["a@b.co", { email: "A@B.co", name: "Other" }], 3)).toEqual(addTwo);
  expect(refused(["a@b.co", "c@d.co", "e@f.co"], 3)).toEqual(addTwo);
  expect(refused(["a@b.co", ""], 3)).toEqual(addTwo);
  expect(refused("a@b.co", 2)).toEqual({ ok: false, field: "teammates", message: "Add 1 teammate" });
  for (const odd of [3, null, ["a@b.co"], { name: "No e-mail" }, { email: 5 }]) {
    expect(refused([odd], 2)).toEqual({ ok: false, field: "teammates", message: "Add 1 teammate" });
  }
  // The captain is in the team already.
  expect(refused(["S@x.io"], 2)).toEqual({
    ok: false,
    field: "teammates",
    message: "s@x.io is already in this tournament",
  });
  expect(refused([{ email: "s@x.io", name: "Me again" }], 2)).toMatchObject({
    message: "s@x.io is already in this tournament",
  });
});

test("an e-mail nobody can receive is refused: it can have no account, nor be sent an invitation", () => {
  for (const email of ["not-an-email", "a@b", `${"a".repeat(250)}@b.co`, "guest-1234@guests.invalid"]) {
    expect(refused([email], 2)).toEqual({ ok: false, field: "teammates", message: `No player account for ${email}` });
  }
});

test("a replacement's name on its own: blank is the e-mail's, else checked as a name", () => {
  expect(teammateName(undefined, "nia@x.io")).toEqual({ ok: true, name: "nia" });
  expect(teammateName("  ", "nia@x.io")).toEqual({ ok: true, name: "nia" });
  expect(teammateName(" Nia New ", "nia@x.io")).toEqual({ ok: true, name: "Nia New" });
  expect(teammateName(["Nia"], "nia@x.io")).toMatchObject({ ok: false });
  expect(teammateName("\u200bNia", "nia@x.io")).toEqual({
    ok: false,
    message: "Teammate's name can't contain invisible or text-direction characters",
  });
});
