// Ratings (decision 027) through the real Worker: a result sent as JSON moves the ratings after the answer, and the
// profile, its head to head and its page show them to anyone, with nothing private; unknown players are a 404. How
// ratings move — corrections replayed, walkovers and team events rating nobody, results landing at once — is
// app/features/ratings/server/ratings.server.test.ts's.
import { expect, test } from "vitest";
import { type Account, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; player1Id: string | null; player2Id: string | null };
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

test("a result moves the ratings; the profile, head to head and the page show them; nothing private", async () => {
  const td = await f.organiser();
  const { t, m, one, two, nameOf } = await final(td, ["Mo Rating", "Liam Rating"]);
  expect((await record(td, m.id, { winnerId: one, player1Score: 5, player2Score: 3 })).status).toBe(200);
  await settled(one, 8);
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
  expect(await (await app.client().get(`/api/players/${two}/head-to-head/${one}`)).json()).toEqual({
    matches: 1,
    wins: 0,
    losses: 1,
    racksFor: 3,
    racksAgainst: 5,
  });

  // The profile page: the rating, the chart drawn on the server, the match, head to head by a plain GET form.
  const page = async (path: string) => {
    const response = await app.client().get(path);
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
  };
  const mos = await page(`/players/${one}?vs=${two}`);
  expect(mos.status).toBe(200);
  expect(mos.html).toContain(`<h1 class="text-3xl font-bold tracking-tight sm:text-4xl">${nameOf(one)}</h1>`);
  expect(mos.html).toMatch(/data-testid="rating">516</);
  expect(mos.html).toContain("Provisional");
  expect(mos.html).toMatch(
    /<svg[^>]*role="img"[^>]*aria-label="Rating after each of 1 rated matches, from 516 to 516"/,
  );
  expect(mos.html).toContain(`href="/players/${two}"`);
  expect(mos.html).toContain(`Against ${nameOf(two)}: 1 match, 1 won, 0 lost; racks 5–3.`);
  expect(mos.html).not.toContain("@");
  const missing = await page(`/players/${crypto.randomUUID()}`);
  expect(missing.status).toBe(404);
  expect(missing.html).toContain("Player not found");
  // Unknown players: 404, nothing else.
  expect((await app.client().get(`/api/players/${crypto.randomUUID()}`)).status).toBe(404);
  expect((await app.client().get(`/api/players/${one}/head-to-head/${crypto.randomUUID()}`)).status).toBe(404);
  expect((await app.client().get(`/api/players/${"x".repeat(200)}`)).status).toBe(404);
});
