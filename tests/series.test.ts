// Series (decision 029) through the real Worker: the JSON of a series and its ranking, a night joining by the
// tournament's edit, the public page, who may create and list series, another director's series refused by the
// routes that read its owner, the checks' 400 and the 404s. The ranking's rules over several nights, a finalized
// night's series fixed and the refusals' variations are app/features/series/server/series.server.test.ts's; the
// checks' messages app/features/series/domain/series.test.ts's.
import { expect, test } from "vitest";
import { type Account, type TournamentJson, useFactories, validTournament } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; player1Id: string | null; player2Id: string | null };
type Series = { id: string; slug: string; name: string; points: Record<string, number>; bestOf: number | null };
type SeriesDetail = Series & {
  organiserId: string;
  qualify: number | null;
  tournaments: { id: string; slug: string; name: string; startsAt: string; status: string }[];
  standings: {
    position: number;
    playerId: string;
    name: string;
    points: number;
    played: number;
    wins: number;
    qualifies: boolean;
  }[];
};

const message = async (r: Response) => ((await r.json()) as { message: string }).message;
const seriesOf = async (slug: string) => {
  const response = await app.client().get(`/api/series/${slug}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SeriesDetail;
};

test("a series' JSON and page: made, a night joining it by the edit, finalized, ranked", async () => {
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

  // A night made outside the series joins it by the tournament's edit, is played and finalized.
  const t: TournamentJson = await f.createTournament(td, { maxPlayers: 2, payoutStructure: "winner_only" });
  const joined = await td.client.json("PATCH", `/api/tournaments/${t.id}`, { seriesId: series.id });
  expect(joined.status, await joined.clone().text()).toBe(200);
  expect(((await joined.json()) as TournamentJson).seriesId).toBe(series.id);
  const [ann, bob] = await f.enter(t, 2, (i) => ["Ann Series", "Bob Series"][i] ?? "");
  if (!ann || !bob) throw new Error("two players");
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  expect((await td.client.json("PATCH", `/api/matches/${final?.id}`, { winnerId: ann.id })).status).toBe(200);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);

  const detail = await seriesOf(series.slug);
  expect(detail).toMatchObject({ id: series.id, organiserId: td.id, qualify: 2, bestOf: null });
  expect(detail.tournaments).toEqual([
    {
      id: t.id,
      slug: t.slug,
      name: t.name,
      startsAt: expect.stringMatching(/T\d{2}:30:00\.000Z$/),
      status: "finished",
    },
  ]);
  expect(
    detail.standings.map((row) => [row.position, row.playerId, row.name, row.points, row.played, row.wins]),
  ).toEqual([
    [1, ann.id, "Ann Series", 27, 1, 1],
    [2, bob.id, "Bob Series", 20, 1, 0],
  ]);
  expect(detail.standings.every((row) => row.qualifies)).toBe(true);

  // The page: the ranking, the qualifying line after the top 2, the nights with their winners.
  const html = await (await app.client().get(`/series/${series.slug}`)).text();
  expect(html).toContain("Thursday 8-Ball");
  expect(html).toContain(`href="/players/${ann.id}"`);
  expect(html).toMatch(/Ann Series.*27.*Bob Series.*20/s);
  expect(html).toContain("The top 2 qualify for the final");
  expect(html).toContain("Won by Ann Series");
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
  expect(await f.count("series", "organiser_id = ?", [td.id])).toBe(1);

  expect((await app.client().get("/api/series/no-such-series")).status).toBe(404);
  const missing = await app.client().get("/series/no-such-series");
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain("Series not found");
});
