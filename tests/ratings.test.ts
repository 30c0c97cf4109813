// Ratings (decision 027) through the real Worker and database: a singles result moves both players' ratings once it is
// recorded, a correction that swaps the winner replays them, walkovers and team events rate nobody, and the stored
// ratings always equal the replay of the results (decision 027); the profile and head-to-head reads.
import { expect, test } from "vitest";
import { rackChance, replayRatings, type RatedResult } from "../app/features/ratings/domain/ratings.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = {
  id: string;
  round: number;
  player1Id: string | null;
  player2Id: string | null;
  status: string;
  winnerId: string | null;
};
type Profile = {
  id: string;
  name: string;
  rating: number;
  provisional: boolean;
  racksPlayed: number;
  history: { at: string; rating: number; matchId: string }[];
  recent: {
    matchId: string;
    tournamentId: string;
    opponentId: string;
    opponent: string;
    racksFor: number;
    racksAgainst: number;
    won: boolean;
    at: string;
  }[];
};

const profile = async (id: string) => {
  const response = await app.client().get(`/api/players/${id}`);
  return { status: response.status, body: (await response.json()) as Profile };
};
/** The stored ratings of some players (exact), once the replay after the last result has written them. */
const stored = async (ids: readonly string[]) => {
  const rows = await f.sql().execute({
    sql: `select player_id, rating, racks from player_ratings where player_id in (${ids.map(() => "?").join(",")})`,
    args: [...ids],
  });
  return new Map(rows.rows.map((r) => [String(r.player_id), { rating: Number(r.rating), racks: Number(r.racks) }]));
};
/** Waits for the ratings written after a result (they follow the answer) to show `racks` for `id`. */
const settled = (id: string, racks: number) =>
  expect.poll(async () => (await stored([id])).get(id)?.racks ?? 0, { timeout: 10_000 }).toBe(racks);

/** A two-player final, raced to 5, both players named. */
async function final(td: Account, names: [string, string]) {
  const t = await f.createTournament(td, { maxPlayers: 2, raceTo: 5 });
  const players = await f.enter(t, 2, (i) => names[i] ?? `Player ${i + 1}`);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [m] = await f.matchesOf<Match>(t);
  if (!m?.player1Id || !m.player2Id) throw new Error("a final has two players");
  const nameOf = (id: string) => names[players.findIndex((p) => p.id === id)] ?? "";
  return { t, m, one: m.player1Id, two: m.player2Id, nameOf };
}

const record = (td: Account, matchId: string, body: Record<string, unknown>) =>
  td.client.json("PATCH", `/api/matches/${matchId}`, body);

test("a result moves both ratings; a correction swapping the winner replays them; the profile shows it", async () => {
  const td = await f.organiser();
  const { t, m, one, two, nameOf } = await final(td, ["Mo Rating", "Liam Rating"]);
  expect((await record(td, m.id, { winnerId: one, player1Score: 5, player2Score: 3 })).status).toBe(200);
  await settled(one, 8);
  // Level new players, 5–3: one rack above the expected four, k = 16.
  expect(await stored([one, two])).toEqual(
    new Map([
      [one, { rating: 516, racks: 8 }],
      [two, { rating: 484, racks: 8 }],
    ]),
  );
  const mo = await profile(one);
  expect(mo.status).toBe(200);
  expect(mo.body).toMatchObject({ id: one, name: nameOf(one), rating: 516, provisional: true, racksPlayed: 8 });
  expect(mo.body.history).toEqual([{ at: expect.any(String), rating: 516, matchId: m.id }]);
  expect(mo.body.recent).toEqual([
    {
      matchId: m.id,
      tournamentId: t.id,
      opponentId: two,
      opponent: nameOf(two),
      racksFor: 5,
      racksAgainst: 3,
      won: true,
      at: expect.any(String),
    },
  ]);
  // Nothing private: no e-mail, no balance.
  expect(Object.keys(mo.body).sort()).toEqual(
    ["history", "id", "name", "provisional", "racksPlayed", "rating", "recent", "setBy", "setByName"].sort(),
  );

  // The director corrects it: Liam won 5–3. The replay swaps the ratings.
  const corrected = await record(td, m.id, { winnerId: two, player1Score: 3, player2Score: 5 });
  expect(corrected.status, await corrected.clone().text()).toBe(200);
  await expect.poll(async () => (await stored([one])).get(one)?.rating, { timeout: 10_000 }).toBe(484);
  expect((await stored([two])).get(two)).toEqual({ rating: 516, racks: 8 });
  expect((await profile(two)).body).toMatchObject({ rating: 516, history: [{ rating: 516, matchId: m.id }] });
  expect((await profile(one)).body.recent[0]).toMatchObject({ racksFor: 3, racksAgainst: 5, won: false });

  // Head to head, from either side.
  const h2h = async (a: string, b: string) => (await app.client().get(`/api/players/${a}/head-to-head/${b}`)).json();
  expect(await h2h(two, one)).toEqual({ matches: 1, wins: 1, losses: 0, racksFor: 5, racksAgainst: 3 });
  expect(await h2h(one, two)).toEqual({ matches: 1, wins: 0, losses: 1, racksFor: 3, racksAgainst: 5 });
  // The profile page: the rating, the chart drawn on the server, the match, head to head by a plain GET form.
  const page = async (path: string) => {
    const response = await app.client().get(path);
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
  };
  const liams = await page(`/players/${two}?vs=${one}`);
  expect(liams.status).toBe(200);
  expect(liams.html).toContain(`<h1 class="text-3xl font-bold tracking-tight sm:text-4xl">${nameOf(two)}</h1>`);
  expect(liams.html).toMatch(/data-testid="rating">516</);
  expect(liams.html).toContain("Provisional");
  expect(liams.html).toMatch(
    /<svg[^>]*role="img"[^>]*aria-label="Rating after each of 1 rated matches, from 516 to 516"/,
  );
  expect(liams.html).toContain(`href="/players/${one}"`);
  expect(liams.html).toContain(`Against ${nameOf(one)}: 1 match, 1 won, 0 lost; racks 5–3.`);
  expect(liams.html).not.toContain("@");
  const missing = await page(`/players/${crypto.randomUUID()}`);
  expect(missing.status).toBe(404);
  expect(missing.html).toContain("Player not found");
  // Unknown players: 404, nothing else.
  expect((await app.client().get(`/api/players/${crypto.randomUUID()}`)).status).toBe(404);
  expect((await app.client().get(`/api/players/${one}/head-to-head/${crypto.randomUUID()}`)).status).toBe(404);
  expect((await app.client().get(`/api/players/${"x".repeat(200)}`)).status).toBe(404);
});

test("walkovers and team events rate nobody; a fresh player is 500 and provisional", async () => {
  const td = await f.organiser();
  const { m, one, two } = await final(td, ["Walk Over", "Not There"]);
  expect((await record(td, m.id, { winnerId: one, outcome: "walkover" })).status).toBe(200);
  const fresh = await profile(one);
  expect(fresh.body).toMatchObject({ rating: 500, provisional: true, racksPlayed: 0, history: [] });
  expect(fresh.body.recent).toHaveLength(1);
  expect((await profile(two)).body.rating).toBe(500);
  expect((await stored([one, two])).size).toBe(0);

  // A team event's final, played 5–2: its captains (whose ids the match slots hold) are not rated.
  const teams = await f.createTournament(td, { matchType: "2v2", maxPlayers: 2, raceTo: 5 });
  const captains: Account[] = [];
  for (const name of ["Rated Nobody", "Nor Them"]) {
    const [captain, mate] = [await f.player(`${name} 1`), await f.player(`${name} 2`)];
    const join = await captain.client.json("POST", "/api/tournaments/join", {
      tournamentId: teams.id,
      teamName: name,
      teammates: [mate.email],
    });
    expect(join.status, await join.clone().text()).toBe(200);
    const { paymentIntentId } = (await join.json()) as { paymentIntentId: string };
    const paid = await captain.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
      cardNumber: "4242424242424242",
    });
    expect(paid.status).toBe(200);
    captains.push(captain);
  }
  expect((await td.client.json("POST", `/api/tournaments/${teams.id}/start`)).status).toBe(200);
  const [teamFinal] = await f.matchesOf<Match>(teams);
  const played = await record(td, teamFinal?.id ?? "", {
    winnerId: teamFinal?.player1Id,
    player1Score: 5,
    player2Score: 2,
  });
  expect(played.status, await played.clone().text()).toBe(200);
  // A singles result after it: once its ratings are written, the team final's replay has run too.
  const after = await final(td, ["After Teams", "Also After"]);
  expect((await record(td, after.m.id, { winnerId: after.one, player1Score: 5, player2Score: 0 })).status).toBe(200);
  await settled(after.one, 5);
  const slots = [teamFinal?.player1Id, teamFinal?.player2Id, ...captains.map((c) => c.id)] as string[];
  expect((await stored(slots)).size).toBe(0);
  for (const captain of captains)
    expect((await profile(captain.id)).body).toMatchObject({ rating: 500, racksPlayed: 0 });
});

test("results recorded at once: the stored ratings equal the replay of every result", async () => {
  const td = await f.organiser();
  const t: TournamentJson = await f.createTournament(td, { maxPlayers: 8, raceTo: 3 });
  await f.enter(t, 8);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const firstRound = (await f.matchesOf<Match>(t)).filter((m) => m.round === 1);
  const scores = [
    [3, 0],
    [3, 2],
    [1, 3],
    [2, 3],
  ];
  // All four at the same moment: four replays race to write.
  const sent = await Promise.all(
    firstRound.map((m, i) => {
      const [s1, s2] = scores[i] ?? [3, 0];
      const winnerId = (s1 ?? 0) > (s2 ?? 0) ? m.player1Id : m.player2Id;
      return record(td, m.id, { winnerId, player1Score: s1, player2Score: s2 });
    }),
  );
  expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  const ids = firstRound.flatMap((m) => [m.player1Id as string, m.player2Id as string]);
  await expect.poll(async () => (await stored(ids)).size, { timeout: 10_000 }).toBe(8);
  // The replay of what is recorded, as the domain does it, from the results' own rows.
  const rows = await f.sql().execute({
    sql:
      "select id, completed_at, player1_id, player2_id, player1_score, player2_score from matches " +
      "where tournament_id = ? and round = 1",
    args: [t.id],
  });
  const results: RatedResult[] = rows.rows.map((r) => ({
    matchId: String(r.id),
    at: Number(r.completed_at),
    player1Id: String(r.player1_id),
    player2Id: String(r.player2_id),
    racks1: Number(r.player1_score),
    racks2: Number(r.player2_score),
  }));
  const expected = replayRatings(results);
  await expect
    .poll(async () => {
      const now = await stored(ids);
      return ids.every((id) => Math.abs((now.get(id)?.rating ?? 0) - (expected.get(id)?.rating ?? -1)) < 1e-9);
    })
    .toBe(true);
  // 3–0 between new players: three racks above the expected 1.5.
  const [sweep] = firstRound;
  expect((await stored([sweep?.player1Id as string])).get(sweep?.player1Id as string)?.rating).toBeCloseTo(
    500 + 16 * (3 - 3 * rackChance(0)),
    9,
  );
  await f.expectLedgerTrue();
});
