// A season's match format changed in-process: by its secretary, until a frame of the season has a winner — a frame
// named but unplayed doesn't lock it — and every refusal, with nothing written by one. The HTTP contract is
// tests/league-format.test.ts's; the page form's rows are checked in domain here too.
import { expect, test } from "vitest";
import { uniqueEmail } from "../../../../test-support/accounts.ts";
import { type Account, answered, bodyChecked, useServiceDb } from "../../../../test-support/services.ts";
import { buildLeague } from "../../../../test-support/leagues.ts";
import { CreateSeasonSchema, LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { CARD_MESSAGES, DEFAULT_FORMAT, type MatchFormat } from "~/features/leagues/domain/match-card.ts";
import {
  ChangeSeasonSchema,
  describeFormat,
  formatFromForm,
  type SeasonChanges,
  tableSettingsFromForm,
} from "~/features/leagues/domain/season-format.ts";
import { DEFAULT_POINTS } from "~/features/leagues/domain/standings.ts";
import { fixtureInputQuery } from "./fixtures.server.ts";
import { leagueOwnerQuery, seasonJson, seasonOwnerQuery } from "./leagues.server.ts";
import { seasonLocksQuery } from "./season-format.server.ts";
import { changeSeason, createSeason, makeFixtures } from "./use-cases.server.ts";

const s = useServiceDb();

const organiser = async (name?: string) => s.organiser(name);

/** A secretary's season with one division of `teams` teams (captains invited by e-mail), made as the routes do. */
const seasonOf = (secretary: Account, teams = 0) =>
  buildLeague(s, secretary, {
    season: { name: "Winter 2026" },
    divisions: [
      [
        "Premier",
        Array.from({ length: teams }, (_, t) => ({
          name: `Team ${t + 1}`,
          venue: `Inn ${t + 1}`,
          captain: { email: uniqueEmail("c") },
        })),
      ],
    ],
    fixtures: false,
  });

/** PATCH /api/seasons/{id} as its route runs it: the season read by id, the body as the route checks it. */
async function change(by: Account, seasonId: string, body: unknown) {
  const changes = ChangeSeasonSchema.parse(body) as SeasonChanges;
  const season = await s.sender.send(seasonOwnerQuery(seasonId));
  return seasonJson(await s.perform(changeSeason, { organiserId: by.id, season, changes }));
}

const stored = async (seasonId: string) =>
  (await s.rows<{ format: string | null }>("select format from seasons where id = ?", [seasonId]))[0]?.format;

const sevenAndTwo: MatchFormat = {
  sections: [
    { name: "Singles", frames: 7, players: 1 },
    { name: "Doubles", frames: 2, players: 2 },
  ],
  maxSinglesPerPlayer: 1,
};

test("the secretary changes the format: stored, answered as the season, and read back", async () => {
  const secretary = await organiser();
  const { season } = await seasonOf(secretary);
  expect(season.format).toEqual(DEFAULT_FORMAT);
  const changed = await change(secretary, season.id, { format: sevenAndTwo });
  expect(changed).toEqual({ ...season, format: sevenAndTwo });
  expect(JSON.parse((await stored(season.id)) ?? "null")).toEqual(sevenAndTwo);
  // Names are trimmed as the schema trims them.
  const padded = { ...sevenAndTwo, sections: [{ name: "  Round one ", frames: 4, players: 1 }] };
  expect((await change(secretary, season.id, { format: padded })).format.sections[0]?.name).toBe("Round one");
});

test("refusals: no season, another's league, and a played frame — nothing written by one", async () => {
  const secretary = await organiser();
  const rival = await organiser("Rita Rival");
  const { season } = await seasonOf(secretary, 2);
  const before = await stored(season.id);
  expect(await answered(change(rival, season.id, { format: sevenAndTwo }))).toEqual({
    status: 403,
    message: LEAGUE_MESSAGES.notYourLeague,
  });
  expect(await answered(change(secretary, "no-such-season", { format: sevenAndTwo }))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.seasonNotFound,
  });
  expect(await answered(change(secretary, "x".repeat(200), { format: sevenAndTwo }))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.seasonNotFound,
  });
  expect(await stored(season.id)).toBe(before);

  // Fixtures made, a frame's players named but no winner: the format can still change.
  const input = await s.sender.send(fixtureInputQuery(season.id));
  const { fixtures } = await s.perform(makeFixtures, { organiserId: secretary.id, input });
  const fixtureId = fixtures[0]?.id ?? "";
  await s.rows("insert into league_frames (fixture_id, number) values (?, 1)", [fixtureId]);
  expect(await s.sender.send(seasonLocksQuery(season.slug))).toEqual({ format: false, points: false });
  expect((await change(secretary, season.id, { format: sevenAndTwo })).format).toEqual(sevenAndTwo);

  // Once a frame has a winner, it can't.
  await s.rows("update league_frames set winner = 'home' where fixture_id = ? and number = 1", [fixtureId]);
  expect(await s.sender.send(seasonLocksQuery(season.slug))).toEqual({ format: true, points: false });
  expect(await answered(change(secretary, season.id, { format: DEFAULT_FORMAT }))).toEqual({
    status: 409,
    message: CARD_MESSAGES.formatLocked,
  });
  expect(JSON.parse((await stored(season.id)) ?? "null")).toEqual(sevenAndTwo);

  // Another season's played frame locks only its own season.
  const other = await seasonOf(secretary);
  expect(await s.sender.send(seasonLocksQuery(other.season.slug))).toEqual({ format: false, points: false });
  expect((await change(secretary, other.season.id, { format: sevenAndTwo })).format).toEqual(sevenAndTwo);
});

test("the points change until a fixture is played; the merit table's minimum at any time", async () => {
  const secretary = await organiser();
  const { season } = await seasonOf(secretary, 2);
  expect(season.points).toEqual({ win: 2, draw: 1, loss: 0, frame: 0 });
  expect(season.meritMinFrames).toBe(0);
  const frameAndMatch = { win: 2, draw: 1, loss: 0, frame: 1 };
  const changed = await change(secretary, season.id, { points: frameAndMatch, meritMinFrames: 6 });
  expect([changed.points, changed.meritMinFrames, changed.format]).toEqual([frameAndMatch, 6, DEFAULT_FORMAT]);
  expect(await answered(change(await organiser(), season.id, { points: DEFAULT_POINTS }))).toEqual({
    status: 403,
    message: LEAGUE_MESSAGES.notYourLeague,
  });

  // A frame played doesn't lock the points; a fixture played (or awarded) does — but not the minimum.
  const { fixtures } = await s.perform(makeFixtures, {
    organiserId: secretary.id,
    input: await s.sender.send(fixtureInputQuery(season.id)),
  });
  const fixtureId = fixtures[0]?.id ?? "";
  await s.rows("insert into league_frames (fixture_id, number, winner) values (?, 1, 'home')", [fixtureId]);
  expect((await change(secretary, season.id, { points: DEFAULT_POINTS })).points).toEqual(DEFAULT_POINTS);
  await s.rows("update league_fixtures set status = 'awarded', home_score = 9, away_score = 0 where id = ?", [
    fixtureId,
  ]);
  expect(await s.sender.send(seasonLocksQuery(season.slug))).toEqual({ format: true, points: true });
  expect(await answered(change(secretary, season.id, { points: frameAndMatch }))).toEqual({
    status: 409,
    message: LEAGUE_MESSAGES.pointsLocked,
  });
  // Both locked: the format's refusal is the one said; nothing of the body is written.
  expect(await answered(change(secretary, season.id, { format: sevenAndTwo, meritMinFrames: 3 }))).toEqual({
    status: 409,
    message: CARD_MESSAGES.formatLocked,
  });
  const after = await change(secretary, season.id, { meritMinFrames: 4 });
  expect([after.points, after.meritMinFrames]).toEqual([DEFAULT_POINTS, 4]);

  // Made with its points and minimum.
  const made = seasonJson(
    await s.perform(createSeason, {
      organiserId: secretary.id,
      league: await s.sender.send(leagueOwnerQuery(season.leagueId)),
      fields: CreateSeasonSchema.parse({
        name: "Spring 2027",
        night: "tuesday",
        startDate: "2027-03-02",
        points: frameAndMatch,
        meritMinFrames: 5,
      }),
    }),
  );
  expect([made.points, made.meritMinFrames]).toEqual([frameAndMatch, 5]);
});

test("the page's points form: each field's message, the points left out once locked", () => {
  const values = { win: "3", draw: "1", loss: "0", frame: "1", meritMinFrames: "4" };
  expect(tableSettingsFromForm(values, false)).toEqual({
    ok: true,
    changes: { points: { win: 3, draw: 1, loss: 0, frame: 1 }, meritMinFrames: 4 },
  });
  expect(tableSettingsFromForm({ ...values, win: "two" }, true)).toEqual({ ok: true, changes: { meritMinFrames: 4 } });
  expect(tableSettingsFromForm({ ...values, draw: "-1", meritMinFrames: "x" }, false)).toEqual({
    ok: false,
    errors: {
      draw: "A draw must be a whole number of points, 0 or more",
      meritMinFrames: "The merit table's minimum must be a whole number of frames, 0 or more",
    },
  });
});

test("the season read before a played frame: the update's own check refuses it", async () => {
  const secretary = await organiser();
  const { season } = await seasonOf(secretary, 2);
  const { fixtures } = await s.perform(makeFixtures, {
    organiserId: secretary.id,
    input: await s.sender.send(fixtureInputQuery(season.id)),
  });
  const owner = await s.sender.send(seasonOwnerQuery(season.id));
  // A frame recorded between the route's read and its write.
  await s.rows("insert into league_frames (fixture_id, number, winner) values (?, 3, 'away')", [fixtures[0]?.id ?? ""]);
  expect(
    await answered(
      s.perform(changeSeason, { organiserId: secretary.id, season: owner, changes: { format: sevenAndTwo } }),
    ),
  ).toEqual({ status: 409, message: CARD_MESSAGES.formatLocked });
  expect(await stored(season.id)).toBe(JSON.stringify(DEFAULT_FORMAT));
  // And a season gone meanwhile is a 404, not a 409.
  await s.rows("delete from seasons where id = ?", [season.id]);
  expect(
    await answered(
      s.perform(changeSeason, { organiserId: secretary.id, season: owner, changes: { format: sevenAndTwo } }),
    ),
  ).toEqual({ status: 404, message: LEAGUE_MESSAGES.seasonNotFound });
});

test("the body: each of MatchFormatSchema's messages as the route answers it", async () => {
  const ok = await bodyChecked(ChangeSeasonSchema, { format: sevenAndTwo });
  expect(ok).toEqual({ status: 200, message: null });
  const refused = async (format: unknown) => (await bodyChecked(ChangeSeasonSchema, { format })).message;
  const section = { name: "Singles", frames: 8, players: 1 };
  expect(await refused(undefined)).toBe("Give the season's format, points or meritMinFrames to change");
  expect(await refused(null)).toBe("The format is { sections, maxSinglesPerPlayer }");
  expect(await refused({ sections: [], maxSinglesPerPlayer: 2 })).toBe("A format needs at least one section");
  expect(await refused({ sections: [{ ...section, name: " " }], maxSinglesPerPlayer: 2 })).toBe(
    "A section needs a name",
  );
  expect(await refused({ sections: [{ ...section, frames: 0 }], maxSinglesPerPlayer: 2 })).toBe(
    "A section's frames must be a whole number from 1",
  );
  expect(await refused({ sections: [{ ...section, players: 3 }], maxSinglesPerPlayer: 2 })).toBe(
    "A section is singles (players 1) or doubles (players 2)",
  );
  expect(await refused({ sections: [section, { ...section, frames: 33 }], maxSinglesPerPlayer: 2 })).toBe(
    "A card has at most 40 frames",
  );
  expect(await refused({ sections: [section], maxSinglesPerPlayer: 0 })).toBe(
    "The singles frames a player may play must be a whole number from 1",
  );
});

test("the page's form: rows read into the format, blank rows left out, each message keyed by its field", () => {
  const values = {
    "name-0": "Singles",
    "frames-0": "8",
    "players-0": "1",
    "name-1": "",
    "frames-1": "",
    "players-1": "1",
    "name-2": "Doubles",
    "frames-2": " 1 ",
    "players-2": "2",
    maxSingles: "2",
  };
  expect(formatFromForm(values)).toEqual({ ok: true, format: DEFAULT_FORMAT });
  expect(describeFormat(DEFAULT_FORMAT)).toBe("8 singles, then 1 doubles; at most 2 singles frames each");
  expect(describeFormat({ ...sevenAndTwo, sections: [{ name: "Round one", frames: 4, players: 1 }] })).toBe(
    "Round one: 4 singles; at most 1 singles frame each",
  );
  expect(formatFromForm({ ...values, "frames-2": "two", maxSingles: "" })).toEqual({
    ok: false,
    errors: {
      "frames-2": "A section's frames must be a whole number from 1",
      maxSingles: "The singles frames a player may play must be a whole number from 1",
    },
  });
  expect(formatFromForm({ ...values, "name-2": "", "frames-2": "3" })).toEqual({
    ok: false,
    errors: { "name-2": "A section needs a name" },
  });
  expect(formatFromForm({ maxSingles: "2" })).toEqual({
    ok: false,
    errors: { form: "A format needs at least one section" },
  });
});
