// Series (decision 029) in-process: a series made and its ranking from finalized nights with overlapping players, each
// player's seasons read from the same nights (a night not finalized counting for nothing), a night joining while in
// progress and counting once finalized, a finalized night's series fixed, the director's edits (the points locked
// once a night is finalized, the rest not), nights put in and taken out, and another director's series refused
// wherever a night could be put into it. Who may, the JSON, the pages and the forms are tests/series.test.ts's,
// tests/td-series.test.ts's and tests/season.test.ts's.
import { expect, test } from "vitest";
import { reads } from "~/db/batch.server.ts";
import { CreateSeriesSchema, POINTS_LOCKED, UpdateSeriesSchema } from "~/features/series/domain/series.ts";
import { CreateTournamentSchema } from "~/features/tournaments/domain/tournament-schema.ts";
import { createTournament } from "~/features/tournaments/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { validTournament } from "../../../../test-support/fixtures.js";
import { playerSeasonsQuery } from "~/features/ratings/server/player-seasons.server.ts";
import { organiserSeriesQuery, seriesJson, seriesPageJson, seriesPageQuery } from "./series.server.ts";
import { seriesByIdQuery, seriesChangeQuery } from "./series-edit.server.ts";
import { createSeries, editSeries, moveNight } from "./use-cases.server.ts";

const s = useServiceDb();

/** A series of the director's, its fields as POST /api/series checks them. */
const newSeries = (td: Account, body: Record<string, unknown>) =>
  perform(s.app, s.sender, createSeries, { organiserId: td.id, fields: CreateSeriesSchema.parse(body) });

/** PATCH /api/series/{id}: the row by id, the fields as the API checks them. */
async function edit(who: Account, id: string, body: Record<string, unknown>) {
  const row = await s.sender.send(seriesByIdQuery(id));
  const fields = UpdateSeriesSchema.parse(body);
  return seriesJson(await perform(s.app, s.sender, editSeries, { organiserId: who.id, row, fields }));
}

/** GET /api/series/{slug}'s answer. */
async function page(slug: string) {
  const read = await s.sender.send(seriesPageQuery(slug));
  if (!read) throw new Error("no such series");
  return seriesPageJson(read);
}

/** A player's seasons, as their dashboard and profile read them (ratings/server/player-seasons.server.ts). */
const seasons = (p: Account) => s.sender.send(playerSeasonsQuery(p.id));

/** The standings as [position, name, points, nights played, wins]. */
const ranking = async (slug: string) =>
  (await page(slug)).standings.map((row) => [row.position, row.name, row.points, row.played, row.wins]);

/** A night of the director's put into a series (`seriesId`) or taken out of `from`, as /td/series/{slug} does. */
async function move(td: Account, slug: string, tournamentId: string, to: { seriesId: string | null; from?: string }) {
  const now = Date.now();
  const { night } = await s.sender.send(reads(seriesChangeQuery(slug, tournamentId, now)));
  return perform(s.app, s.sender, moveNight, { organiserId: td.id, night, ...to, now });
}

test("the ranking and the seasons over nights with players in common; a night joining later counts", async () => {
  const td = await s.organiser();
  const series = seriesJson(await newSeries(td, { name: "Thursday 8-Ball", qualify: 2 }));
  expect(series).toEqual({
    id: expect.any(String),
    slug: expect.stringMatching(/^thursday-8-ball-/),
    name: "Thursday 8-Ball",
    points: { "1st": 25, "2nd": 18, "3rd-4th": 12, "5th-8th": 8, "9th-16th": 4, played: 2 },
    bestOf: null,
    qualify: 2,
  });
  expect((await page(series.slug)).standings).toEqual([]);

  const [ann, bob, cat, dan, eve] = await Promise.all(["Ann", "Bob", "Cat", "Dan", "Eve"].map((n) => s.player(n)));
  if (!ann || !bob || !cat || !dan || !eve) throw new Error("five players");
  // Night 1: Ann wins, Bob runner-up, Cat and Dan semi-finalists. Night 2: Cat, Eve, then Ann and Bob.
  const one = await s.knockout(td, [ann, bob, cat, dan], { seriesId: series.id, name: "Week 1" });
  expect(one.seriesId).toBe(series.id);
  await s.finalize(td, one);
  const two = await s.knockout(td, [cat, eve, ann, bob], { seriesId: series.id, name: "Week 2" });
  // Not finalized yet: the ranking is night 1's alone, and Eve (only in night 2) has no season yet.
  expect(await ranking(series.slug)).toEqual([
    [1, "Ann", 27, 1, 1],
    [2, "Bob", 20, 1, 0],
    [3, "Cat", 14, 1, 0],
    [3, "Dan", 14, 1, 0],
  ]);
  expect(await seasons(eve)).toEqual([]);
  await s.finalize(td, two);
  expect(await ranking(series.slug)).toEqual([
    [1, "Ann", 41, 2, 1],
    [1, "Cat", 41, 2, 1],
    [3, "Bob", 34, 2, 0],
    [4, "Eve", 20, 1, 0],
    [5, "Dan", 14, 1, 0],
  ]);
  // Each player's season, as their dashboard and profile read it: position of all ranked, points, nights and wins.
  // Another series where Ann has only entered a night not played yet scores nothing, so it is not listed.
  const monday = await newSeries(td, { name: "Monday Nines" });
  await s.enterAs(await s.tournament(td, { seriesId: monday.id, maxPlayers: 4 }), [ann]);
  const season = { slug: series.slug, name: "Thursday 8-Ball", of: 5 };
  expect(await seasons(ann)).toEqual([
    { ...season, positionText: "Joint 1st of 5", position: 1, points: 41, played: 2, wins: 1, qualifies: true },
  ]);
  expect(await seasons(bob)).toEqual([
    { ...season, positionText: "3rd of 5", position: 3, points: 34, played: 2, wins: 0, qualifies: false },
  ]);
  expect(await seasons(dan)).toEqual([
    { ...season, positionText: "5th of 5", position: 5, points: 14, played: 1, wins: 0, qualifies: false },
  ]);
  expect(await seasons(await s.player("Nia Newcomer"))).toEqual([]);

  // Night 3 is created outside the series and joins it while in progress ("later, until finalized").
  const three = await s.knockout(td, [dan, bob, eve, ann], { name: "Week 3" });
  expect((await s.edit(td, three, { seriesId: series.id })).seriesId).toBe(series.id);
  expect((await page(series.slug)).tournaments.map((t) => [t.name, t.status])).toEqual([
    ["Week 1", "finished"],
    ["Week 2", "finished"],
    ["Week 3", "in_progress"],
  ]);
  await s.finalize(td, three);
  const detail = await page(series.slug);
  expect(detail.standings.map((row) => [row.position, row.name, row.points, row.played, row.wins])).toEqual([
    [1, "Ann", 55, 3, 1],
    [2, "Bob", 54, 3, 0],
    [3, "Cat", 41, 2, 1],
    [3, "Dan", 41, 2, 1],
    [5, "Eve", 34, 2, 0],
  ]);
  expect(detail).toMatchObject({ organiserId: td.id, qualify: 2, bestOf: null });
  expect(detail.tournaments[0]).toEqual({
    id: one.id,
    slug: one.slug,
    name: "Week 1",
    startsAt: expect.stringMatching(/T\d{2}:30:00\.000Z$/),
    status: "finished",
  });

  // Finalized: the night's series no longer changes, either way (sending the same one is no change).
  expect(await answered(s.edit(td, one, { seriesId: null }))).toEqual({
    status: 409,
    message: "The series can't change: the tournament is finished",
  });
  expect((await s.edit(td, one, { seriesId: series.id })).seriesId).toBe(series.id);
});

test("the director's edits: points locked once a night is finalized, the rest not; nights in and out", async () => {
  const td = await s.organiser();
  const series = seriesJson(await newSeries(td, { name: "Monday 9-Ball" }));
  const after = await edit(td, series.id, { points: { "1st": 40 }, bestOf: 5 });
  expect(after).toMatchObject({ name: "Monday 9-Ball", bestOf: 5 });
  expect(after.points).toMatchObject({ "1st": 40, "2nd": 18, played: 2 });

  // Leaving with null: the night is in the series, then not; taken out again, it is not there to take.
  const spare = await s.tournament(td, { seriesId: series.id });
  expect((await s.edit(td, spare, { seriesId: null })).seriesId).toBeNull();
  expect(await answered(move(td, series.slug, spare.id, { seriesId: null, from: series.id }))).toEqual({
    status: 404,
    message: "That night is not in this series",
  });
  // Put in from the director's page, and taken out again.
  expect(await move(td, series.slug, spare.id, { seriesId: series.id })).toEqual({
    tournamentId: spare.id,
    changed: true,
  });
  expect((await page(series.slug)).tournaments.map((t) => t.id)).toEqual([spare.id]);
  await move(td, series.slug, spare.id, { seriesId: null, from: series.id });
  expect((await page(series.slug)).tournaments).toEqual([]);

  // A two-player night, finalized: the winner scores 40 + 2.
  const t = await s.tournament(td, { maxPlayers: 2, payoutStructure: "winner_only", seriesId: series.id });
  await s.enterFromBalance(t, 2);
  await s.start(td, t);
  await s.playOut(td, t);
  await s.finalize(td, t);
  expect(await answered(edit(td, series.id, { points: { "2nd": 20 } }))).toEqual({
    status: 409,
    message: POINTS_LOCKED,
  });
  expect(POINTS_LOCKED).toBe("The points can't change: a night in the series is finalized");
  // The same points sent again are no change; the name and best N still change.
  const renamed = await edit(td, series.id, { name: "Monday 9-Ball League", points: { "1st": 40 }, bestOf: null });
  expect(renamed).toMatchObject({ name: "Monday 9-Ball League", bestOf: null, points: { "1st": 40, "2nd": 18 } });
  expect((await page(series.slug)).standings[0]).toMatchObject({ points: 42 });
  // A finished night can't leave.
  expect(await answered(move(td, series.slug, t.id, { seriesId: null, from: series.id }))).toEqual({
    status: 409,
    message: "The series can't change: the tournament is finished",
  });
  expect((await page(series.slug)).tournaments.map((n) => n.id)).toEqual([t.id]);
});

test("another director's series is refused wherever a night could go into it; each lists only their own", async () => {
  const td = await s.organiser();
  const rival = await s.organiser("Rita Rival");
  const series = seriesJson(await newSeries(td, { name: "Tuesday Blackball" }));

  // Creating a night in it, editing one into it: 403; an unknown series: 404.
  const fields = CreateTournamentSchema.parse(validTournament({ seriesId: series.id }));
  expect(await answered(perform(s.app, s.sender, createTournament, { organiserId: rival.id, fields }))).toEqual({
    status: 403,
    message: "You can only add nights to your own series",
  });
  const theirs = await s.tournament(rival);
  expect(await answered(s.edit(rival, theirs, { seriesId: series.id }))).toEqual({
    status: 403,
    message: "You can only add nights to your own series",
  });
  expect(await answered(s.edit(rival, theirs, { seriesId: "no-such-series" }))).toEqual({
    status: 404,
    message: "Series not found",
  });
  expect(await s.count("tournaments", "series_id is not null and organiser_id = ?", [rival.id])).toBe(0);
  // Its rules: 403 for another director, 404 for no series.
  expect(await answered(edit(rival, series.id, { name: "Mine now" }))).toEqual({
    status: 403,
    message: "Only the series' director can do that",
  });
  expect(await answered(edit(rival, "nope", { name: "x" }))).toEqual({ status: 404, message: "Series not found" });
  expect((await page(series.slug)).name).toBe("Tuesday Blackball");

  const listed = async (who: Account) => (await s.sender.send(organiserSeriesQuery(who.id))).map((row) => row.id);
  expect(await listed(td)).toEqual([series.id]);
  expect(await listed(rival)).toEqual([]);
});
