// Series (decision 029) through the real Worker and database: a series and its ranking from finalized nights
// with overlapping players, a night joining while in progress and changing the table once finalized, another
// director's series refused, the checks, and the public page.
import { expect, test } from "vitest";
import { type Account, type TournamentJson, useFactories, validTournament } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; player1Id: string | null; player2Id: string | null; status: string };
type Series = { id: string; slug: string; name: string; points: Record<string, number>; bestOf: number | null };
type SeriesDetail = Series & {
  organiserId: string;
  qualify: number | null;
  tournaments: { id: string; slug: string; name: string; startsAt: string; status: string }[];
  standings: { position: number; playerId: string; name: string; points: number; played: number; wins: number }[];
};

const message = async (r: Response) => ((await r.json()) as { message: string }).message;
const seriesOf = async (slug: string) => {
  const response = await app.client().get(`/api/series/${slug}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SeriesDetail;
};
/** The standings as [position, name, points, nights played, wins]. */
const table = async (slug: string) =>
  (await seriesOf(slug)).standings.map((s) => [s.position, s.name, s.points, s.played, s.wins]);

/** Existing players join and pay for `t`, in the seed order given. */
async function enterAs(td: Account, t: TournamentJson, entrants: readonly Account[]) {
  for (const p of entrants) {
    const join = await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
    expect(join.status, await join.clone().text()).toBe(200);
    const { paymentIntentId } = (await join.json()) as { paymentIntentId: string };
    const paid = await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
      cardNumber: "4242424242424242",
    });
    expect(paid.status).toBe(200);
  }
  const seeds = await td.client.json("PUT", `/api/tournaments/${t.id}/seeds`, { order: entrants.map((p) => p.id) });
  expect(seeds.status, await seeds.clone().text()).toBe(200);
}

/** A four-player knockout seeded strongest first, started; the stronger player wins every match. */
async function night(td: Account, entrants: readonly Account[], body: Record<string, unknown> = {}) {
  const t = await f.createTournament(td, { maxPlayers: 4, seeding: "manual", ...body });
  await enterAs(td, t, entrants);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const strength = (id: string | null) => entrants.findIndex((p) => p.id === id);
  for (let round = 0; round < 4; round++) {
    const playable = (await f.matchesOf<Match>(t)).filter(
      (m) => m.status !== "completed" && m.player1Id && m.player2Id,
    );
    for (const m of playable) {
      const winnerId = strength(m.player1Id) < strength(m.player2Id) ? m.player1Id : m.player2Id;
      const r = await td.client.json("PATCH", `/api/matches/${m.id}`, { winnerId, status: "completed" });
      expect(r.status, await r.clone().text()).toBe(200);
    }
  }
  return t;
}

const finalize = async (td: Account, t: TournamentJson) => {
  const r = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(r.status, await r.clone().text()).toBe(200);
};

test("two finalized nights with overlapping players rank as expected; a night joined later changes it", async () => {
  const td = await f.organiser();
  const created = await td.client.json("POST", "/api/series", { name: "Thursday 8-Ball", qualify: 2 });
  expect(created.status).toBe(201);
  const { series } = (await created.json()) as { series: Series & { qualify: number } };
  expect(series).toEqual({
    id: expect.any(String),
    slug: expect.stringMatching(/^thursday-8-ball-/),
    name: "Thursday 8-Ball",
    points: { "1st": 25, "2nd": 18, "3rd-4th": 12, "5th-8th": 8, "9th-16th": 4, played: 2 },
    bestOf: null,
    qualify: 2,
  });
  const page = await app.client().get(`/series/${series.slug}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("No nights finalized yet");

  const [ann, bob, cat, dan, eve] = await Promise.all(
    ["Ann", "Bob", "Cat", "Dan", "Eve"].map((name) => f.player(`${name} Series`)),
  );
  if (!ann || !bob || !cat || !dan || !eve) throw new Error("five players");
  // Night 1: Ann wins, Bob runner-up, Cat and Dan semi-finalists. Night 2: Cat, Eve, then Ann and Bob.
  const one = await night(td, [ann, bob, cat, dan], { seriesId: series.id, name: "Week 1" });
  expect(one.seriesId).toBe(series.id);
  await finalize(td, one);
  const two = await night(td, [cat, eve, ann, bob], { seriesId: series.id, name: "Week 2" });
  // Not finalized yet: the ranking is night 1's alone.
  expect(await table(series.slug)).toEqual([
    [1, "Ann Series", 27, 1, 1],
    [2, "Bob Series", 20, 1, 0],
    [3, "Cat Series", 14, 1, 0],
    [3, "Dan Series", 14, 1, 0],
  ]);
  await finalize(td, two);
  expect(await table(series.slug)).toEqual([
    [1, "Ann Series", 41, 2, 1],
    [1, "Cat Series", 41, 2, 1],
    [3, "Bob Series", 34, 2, 0],
    [4, "Eve Series", 20, 1, 0],
    [5, "Dan Series", 14, 1, 0],
  ]);

  // Night 3 is created outside the series and joins it while in progress ("later, until finalized").
  const three = await night(td, [dan, bob, eve, ann], { name: "Week 3" });
  const joined = await td.client.json("PATCH", `/api/tournaments/${three.id}`, { seriesId: series.id });
  expect(joined.status, await joined.clone().text()).toBe(200);
  expect(((await joined.json()) as TournamentJson).seriesId).toBe(series.id);
  expect((await seriesOf(series.slug)).tournaments.map((t) => [t.name, t.status])).toEqual([
    ["Week 1", "finished"],
    ["Week 2", "finished"],
    ["Week 3", "in_progress"],
  ]);
  await finalize(td, three);
  const detail = await seriesOf(series.slug);
  expect(detail.standings.map((s) => [s.position, s.name, s.points, s.played, s.wins])).toEqual([
    [1, "Ann Series", 55, 3, 1],
    [2, "Bob Series", 54, 3, 0],
    [3, "Cat Series", 41, 2, 1],
    [3, "Dan Series", 41, 2, 1],
    [5, "Eve Series", 34, 2, 0],
  ]);
  expect(detail).toMatchObject({ organiserId: td.id, qualify: 2, bestOf: null });
  expect(detail.tournaments[0]).toEqual({
    id: one.id,
    slug: one.slug,
    name: "Week 1",
    startsAt: expect.stringMatching(/T\d{2}:30:00\.000Z$/),
    status: "finished",
  });

  // Finalized: the night's series no longer changes, either way.
  for (const seriesId of [null, series.id]) {
    const locked = await td.client.json("PATCH", `/api/tournaments/${one.id}`, { seriesId });
    if (seriesId === series.id)
      expect(locked.status).toBe(200); // unchanged: nothing to refuse
    else {
      expect(locked.status).toBe(409);
      expect(await message(locked)).toBe("The series can't change: the tournament is finished");
    }
  }

  // The page: the ranking, the qualifying line after the top 2, the nights with their winners.
  const html = await (await app.client().get(`/series/${series.slug}`)).text();
  expect(html).toContain("Thursday 8-Ball");
  expect(html).toContain(`href="/players/${ann.id}"`);
  expect(html).toMatch(/Ann Series.*55.*Bob Series.*54.*Cat Series.*41/s);
  expect(html).toContain("The top 2 qualify for the final");
  expect(html).toContain("Won by Dan Series");
  expect(html).not.toContain("No nights finalized yet");
});

test("another director's series is refused; the checks; who may create and list series", async () => {
  const td = await f.organiser();
  const rival = await f.organiser("Rita Rival");
  const { series } = (await (await td.client.json("POST", "/api/series", { name: "Monday Nines" })).json()) as {
    series: Series;
  };
  // Another director's series: 403, on creating a tournament and on editing one; an unknown series: 404.
  const refused = await rival.client.json("POST", "/api/tournaments", validTournament({ seriesId: series.id }));
  expect(refused.status).toBe(403);
  expect(await message(refused)).toBe("You can only add nights to your own series");
  const theirs = await f.createTournament(rival);
  const moved = await rival.client.json("PATCH", `/api/tournaments/${theirs.id}`, { seriesId: series.id });
  expect(moved.status).toBe(403);
  const unknown = await rival.client.json("PATCH", `/api/tournaments/${theirs.id}`, { seriesId: "no-such-series" });
  expect(unknown.status).toBe(404);
  expect(await message(unknown)).toBe("Series not found");
  expect(await f.count("tournaments", "series_id is not null and organiser_id = ?", [rival.id])).toBe(0);

  // Only directors create and list series; a player 403, nobody 401.
  const pat = await f.player();
  expect((await pat.client.json("POST", "/api/series", { name: "Mine" })).status).toBe(403);
  expect((await app.client().json("POST", "/api/series", { name: "Mine" })).status).toBe(401);
  expect((await pat.client.get("/api/series")).status).toBe(403);
  const listed = async (who: Account) => (await (await who.client.get("/api/series")).json()) as { series: Series[] };
  expect((await listed(td)).series.map((s) => s.id)).toEqual([series.id]);
  expect((await listed(rival)).series).toEqual([]);

  // The checks: 400 with the field named.
  const bad = await td.client.json("POST", "/api/series", { name: " ", points: { "1st": 2.5 }, bestOf: 0 });
  expect(bad.status).toBe(400);
  const { errors } = (await bad.json()) as { errors: Record<string, string[]> };
  expect(errors).toEqual({
    name: ["Series name is required"],
    "points.1st": ["Points for 1st must be a whole number from 0 to 1000"],
    bestOf: ["Best nights must be a whole number from 1 to 100"],
  });
  expect((await td.client.json("POST", "/api/series", { name: "X", points: { "17th": 1 } })).status).toBe(400);
  expect((await td.client.json("POST", "/api/series", { name: "X", qualify: "many" })).status).toBe(400);
  expect(await f.count("series", "organiser_id = ?", [td.id])).toBe(1);

  expect((await app.client().get("/api/series/no-such-series")).status).toBe(404);
  const missing = await app.client().get("/series/no-such-series");
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain("Series not found");
});
