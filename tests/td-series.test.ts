// The director's series (decision 029) through the real Worker: the director's series pages without JavaScript
// (creating a series with its errors beside the fields, editing it, adding and removing nights, the lock shown, the
// printed ranking), PATCH /api/series/{id}'s answers, another director refused by the routes, and the series picker on
// the tournament forms. The edits' rules (the points locked once a night is finalized, the rest not, nights in and
// out) are app/features/series/server/series.server.test.ts's.
import { expect, test } from "vitest";
import { type Account, useFactories, validTournament } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Series = { id: string; slug: string; name: string; points: Record<string, number>; bestOf: number | null };
type Match = { id: string; player1Id: string | null; player2Id: string | null };

const defaultPoints = {
  "points.1st": "25",
  "points.2nd": "18",
  "points.3rd-4th": "12",
  "points.5th-8th": "8",
  "points.9th-16th": "4",
  "points.played": "2",
};

const seriesBySlug = async (slug: string) =>
  (await (await app.client().get(`/api/series/${slug}`)).json()) as Series & {
    qualify: number | null;
    tournaments: { id: string }[];
    standings: { name: string; points: number }[];
  };

/** A two-player night in the series, played and finalized: `winner` beats the other. */
async function finalizedNight(td: Account, seriesId: string) {
  const t = await f.createTournament(td, { maxPlayers: 2, payoutStructure: "winner_only", seriesId });
  await f.enter(t, 2, (i) => `Night player ${i + 1}`);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  const won = await td.client.json("PATCH", `/api/matches/${final?.id}`, {
    winnerId: final?.player1Id,
    status: "completed",
  });
  expect(won.status, await won.clone().text()).toBe(200);
  const done = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(done.status, await done.clone().text()).toBe(200);
  return t;
}

test("a series made and edited by form without JavaScript, errors by the fields; nights added, removed", async () => {
  const td = await f.organiser();
  const empty = await td.client.get("/td/series");
  expect(empty.status).toBe(200);
  const emptyHtml = await empty.text();
  expect(emptyHtml).toContain("New series");
  expect(emptyHtml).toContain('name="points.1st" value="25"');
  expect(emptyHtml).toContain('href="/td/series"');

  const refused = await td.client.postForm("/td/series", { name: " ", ...defaultPoints, "points.2nd": "x" });
  expect(refused.status).toBe(400);
  const refusedHtml = await refused.text();
  expect(refusedHtml).toContain("Series name is required");
  expect(refusedHtml).toContain("Points for 2nd must be a whole number from 0 to 1000");
  expect(refusedHtml).toContain('value="x"');
  expect(await f.count("series", "organiser_id = ?", [td.id])).toBe(0);

  const created = await td.client.postForm("/td/series", {
    name: "Thursday 8-Ball",
    ...defaultPoints,
    "points.1st": "30",
    bestOf: "",
    qualify: "8",
  });
  expect(created.status).toBe(302);
  const slug = created.headers.get("Location")?.split("/").pop() ?? "";
  expect(created.headers.get("Location")).toBe(`/td/series/${slug}`);
  const made = await seriesBySlug(slug);
  expect(made).toMatchObject({ name: "Thursday 8-Ball", bestOf: null, qualify: 8 });
  expect(made.points["1st"]).toBe(30);
  expect(await (await td.client.get("/td/series")).text()).toContain("0 nights");

  // Edit: a new name, best 6, the qualifying line taken away.
  const edited = await td.client.postForm(`/td/series/${slug}`, {
    intent: "edit",
    name: "Thursday 8-Ball Winter",
    ...defaultPoints,
    bestOf: "6",
    qualify: "",
  });
  expect(edited.status).toBe(302);
  expect(await seriesBySlug(slug)).toMatchObject({ name: "Thursday 8-Ball Winter", bestOf: 6, qualify: null });

  // Add a night: the select offers the director's open nights in no series.
  const open = await f.createTournament(td, { name: "Week 1" });
  const page = await (await td.client.get(`/td/series/${slug}`)).text();
  expect(page).toContain(`<option value="${open.id}">Week 1`);
  const added = await td.client.postForm(`/td/series/${slug}`, { intent: "add-night", tournamentId: open.id });
  expect(added.status).toBe(302);
  expect((await seriesBySlug(slug)).tournaments.map((t) => t.id)).toEqual([open.id]);
  expect(await (await td.client.get("/td/series")).text()).toContain("1 night");

  // Remove asks first (the dialog, without JavaScript, by the URL), then the night leaves the series.
  const confirm = await (await td.client.get(`/td/series/${slug}?remove=${open.id}`)).text();
  expect(confirm).toContain("Remove Week 1 from the series?");
  const removed = await td.client.postForm(`/td/series/${slug}`, { intent: "remove-night", tournamentId: open.id });
  expect(removed.status).toBe(302);
  expect((await seriesBySlug(slug)).tournaments).toEqual([]);
});

test("PATCH /api/series/{id}'s answers; the lock shown on the page and refused by its forms; the print", async () => {
  const td = await f.organiser();
  const made = await td.client.json("POST", "/api/series", { name: "Monday 9-Ball" });
  const { series } = (await made.json()) as { series: Series };

  const patched = await td.client.json("PATCH", `/api/series/${series.id}`, { points: { "1st": 40 }, bestOf: 5 });
  expect(patched.status, await patched.clone().text()).toBe(200);
  const { series: after } = (await patched.json()) as { series: Series };
  expect(after).toMatchObject({ name: "Monday 9-Ball", bestOf: 5 });
  expect(after.points).toMatchObject({ "1st": 40, "2nd": 18, played: 2 });
  const bad = await td.client.json("PATCH", `/api/series/${series.id}`, { bestOf: 0 });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ message: "Best nights must be a whole number from 1 to 100" });

  const night = await finalizedNight(td, series.id);
  const locked = await td.client.json("PATCH", `/api/series/${series.id}`, { points: { "2nd": 20 } });
  expect(locked.status).toBe(409);
  expect(await locked.json()).toMatchObject({ message: "The points can't change: a night in the series is finalized" });
  // The page shows the lock and sends no points; a finished night can't leave.
  const page = await (await td.client.get(`/td/series/${series.slug}`)).text();
  expect(page).toContain("Locked: a night in the series is finalized.");
  const byForm = await td.client.postForm(`/td/series/${series.slug}`, { intent: "edit", ...defaultPoints, name: "X" });
  expect(byForm.status).toBe(409);
  const finishedLeaves = await td.client.postForm(`/td/series/${series.slug}`, {
    intent: "remove-night",
    tournamentId: night.id,
  });
  expect(finishedLeaves.status).toBe(409);
  expect(await finishedLeaves.text()).toContain("the tournament is finished");

  // The ranking printed: the director's only.
  const print = await td.client.get(`/td/series/${series.slug}/print`);
  expect(print.status).toBe(200);
  const printed = await print.text();
  expect(printed).toContain("print-portrait");
  expect(printed).toContain("Night player 1");
});

test("another director's series is refused everywhere; the picker lists only the director's own", async () => {
  const td = await f.organiser();
  const rival = await f.organiser("Rita Rival");
  const { series } = (await (await td.client.json("POST", "/api/series", { name: "Tuesday Blackball" })).json()) as {
    series: Series;
  };
  const { series: theirs } = (await (await rival.client.json("POST", "/api/series", { name: "Rival Cup" })).json()) as {
    series: Series;
  };

  expect((await rival.client.json("PATCH", `/api/series/${series.id}`, { name: "Mine now" })).status).toBe(403);
  expect((await rival.client.get(`/td/series/${series.slug}`)).status).toBe(404);
  expect((await rival.client.get(`/td/series/${series.slug}/print`)).status).toBe(404);
  const theirNight = await f.createTournament(rival);
  const forged = await rival.client.postForm(`/td/series/${series.slug}`, {
    intent: "add-night",
    tournamentId: theirNight.id,
  });
  expect(forged.status).toBe(404);
  expect((await seriesBySlug(series.slug)).name).toBe("Tuesday Blackball");

  // The picker on the create form: the director's own series only; choosing one puts the night in it.
  const form = await (await td.client.get("/td/create-tournament")).text();
  expect(form).toContain(`<option value="${series.id}">Tuesday Blackball</option>`);
  expect(form).not.toContain(theirs.id);
  const body = { ...validTournament({}), maxPlayers: "16", intent: "create" };
  const created = await td.client.postForm("/td/create-tournament", { ...body, seriesId: series.id });
  expect(created.status, await created.clone().text()).toBe(302);
  const slug = created.headers.get("Location")?.split("/").pop() ?? "";
  expect((await seriesBySlug(series.slug)).tournaments.map((t) => t.id)).toHaveLength(1);
  const foreign = await td.client.postForm("/td/create-tournament", { ...body, seriesId: theirs.id });
  expect(foreign.status).toBe(403);
  expect(await foreign.text()).toContain("You can only add nights to your own series");

  // The edit form shows the picker with the night's series chosen; "None" takes it out.
  const edit = await (await td.client.get(`/tournament/${slug}/edit`)).text();
  expect(edit).toMatch(new RegExp(`<option value="${series.id}" selected="">Tuesday Blackball`));
  const cleared = await td.client.postForm(`/tournament/${slug}/edit`, { ...body, intent: "save", seriesId: "" });
  expect(cleared.status, await cleared.clone().text()).toBe(302);
  expect((await seriesBySlug(series.slug)).tournaments).toEqual([]);
  // The edit form, like the JSON edit, refuses another director's series: the night stays out of it.
  const before = (await seriesBySlug(theirs.slug)).tournaments.length;
  const forgedEdit = await td.client.postForm(`/tournament/${slug}/edit`, {
    ...body,
    intent: "save",
    seriesId: theirs.id,
  });
  expect(forgedEdit.status).toBe(403);
  expect(await forgedEdit.text()).toContain("You can only add nights to your own series");
  expect((await seriesBySlug(theirs.slug)).tournaments).toHaveLength(before);
});
