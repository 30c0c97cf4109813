// Ratings (decision 027) in-process: a singles result moves both players' ratings once it is recorded, a correction
// that swaps the winner replays them, walkovers and team events rate nobody, and the stored ratings equal the replay
// of the results even when results land at once; the profile's and head-to-head's reads. The JSON, the profile page
// and who may read them are tests/ratings.test.ts's.
import { expect, test } from "vitest";
import { headToHead, playerProfile } from "~/features/ratings/domain/player-profile.ts";
import { rackChance, ratedRacks, replayRatings, type RatedResult } from "~/features/ratings/domain/ratings.ts";
import { type Account, useServiceDb } from "../../../../test-support/services.ts";
import { headToHeadQuery, profileQuery, recomputeRatings, withCurrentRatings } from "./ratings.server.ts";

const s = useServiceDb();

/** The stored ratings of some players (exact), once what followed the last result has run. */
async function stored(ids: readonly string[]) {
  await s.settled();
  const rows = await s.rows<{ player_id: string; rating: number; racks: number }>(
    `select player_id, rating, racks from player_ratings where player_id in (${ids.map(() => "?").join(",")})`,
    [...ids],
  );
  return new Map(rows.map((r) => [r.player_id, { rating: r.rating, racks: r.racks }]));
}

/** GET /api/players/{id}'s answer: as its route reads it, current even before what followed the last result ran. */
async function profile(id: string) {
  const { player, ...read } = await withCurrentRatings(s.db, () => s.sender.send(profileQuery(id)));
  if (!player) throw new Error("no such player");
  return playerProfile(player, read);
}

/** GET /api/players/{a}/head-to-head/{b}'s answer. */
const h2h = async (a: string, b: string) => headToHead(a, (await s.sender.send(headToHeadQuery(a, b))).matches);

/** A two-player final, raced to 5, started: its match and the two players' ids. */
async function final(td: Account, names: [string, string]) {
  const t = await s.tournament(td, { maxPlayers: 2, raceTo: 5 });
  await s.enterFromBalance(t, 2, (i) => names[i] ?? `Player ${i + 1}`);
  await s.start(td, t);
  const [m] = await s.matches(t);
  if (!m?.player1Id || !m.player2Id || !m.player1 || !m.player2) throw new Error("a final has two players");
  return { t, m, one: m.player1Id, two: m.player2Id, names: [m.player1.name, m.player2.name] as const };
}

test("a result moves both ratings; a correction swapping the winner replays them; the profile shows it", async () => {
  const td = await s.organiser();
  const { t, m, one, two, names } = await final(td, ["Mo Rating", "Liam Rating"]);
  await s.record(td, m.id, { winnerId: one, player1Score: 5, player2Score: 3 });
  // Level new players, 5–3: one rack above the expected four, k = 16.
  expect(await stored([one, two])).toEqual(
    new Map([
      [one, { rating: 516, racks: 8 }],
      [two, { rating: 484, racks: 8 }],
    ]),
  );
  const mo = await profile(one);
  expect(mo).toMatchObject({ id: one, name: names[0], rating: 516, provisional: true, racksPlayed: 8 });
  expect(mo.history).toEqual([{ at: expect.any(String), rating: 516, matchId: m.id }]);
  expect(mo.recent).toEqual([
    {
      matchId: m.id,
      tournamentId: t.id,
      opponentId: two,
      opponent: names[1],
      racksFor: 5,
      racksAgainst: 3,
      won: true,
      at: expect.any(String),
    },
  ]);

  // The director corrects it: Liam won 5–3. The replay swaps the ratings.
  expect(await s.record(td, m.id, { winnerId: two, player1Score: 3, player2Score: 5 })).toBe("corrected");
  expect(await stored([one, two])).toEqual(
    new Map([
      [one, { rating: 484, racks: 8 }],
      [two, { rating: 516, racks: 8 }],
    ]),
  );
  expect(await profile(two)).toMatchObject({ rating: 516, history: [{ rating: 516, matchId: m.id }] });
  expect((await profile(one)).recent[0]).toMatchObject({ racksFor: 3, racksAgainst: 5, won: false });

  // Head to head, from either side.
  expect(await h2h(two, one)).toEqual({ matches: 1, wins: 1, losses: 0, racksFor: 5, racksAgainst: 3 });
  expect(await h2h(one, two)).toEqual({ matches: 1, wins: 0, losses: 1, racksFor: 3, racksAgainst: 5 });
});

test("walkovers and team events rate nobody; a fresh player is 500 and provisional", async () => {
  const td = await s.organiser();
  const { m, one, two } = await final(td, ["Walk Over", "Not There"]);
  await s.record(td, m.id, { winnerId: one, outcome: "walkover" });
  const fresh = await profile(one);
  expect(fresh).toMatchObject({ rating: 500, provisional: true, racksPlayed: 0, history: [] });
  expect(fresh.recent).toHaveLength(1);
  expect((await profile(two)).rating).toBe(500);
  expect((await stored([one, two])).size).toBe(0);

  // A team event's final, played 5–2: its captains (whose ids the match slots hold) are not rated.
  const teams = await s.tournament(td, { matchType: "2v2", maxPlayers: 2, raceTo: 5 });
  const entered = [await s.enterTeam(teams, 1), await s.enterTeam(teams, 2)];
  await s.start(td, teams);
  const [teamFinal] = await s.matches(teams);
  if (!teamFinal) throw new Error("a team final");
  await s.record(td, teamFinal.id, { winnerId: teamFinal.player1Id, player1Score: 5, player2Score: 2 });
  const members = entered.flatMap(({ captain, mates }) => [captain.id, ...mates.map((p) => p.id)]);
  const slots = [teamFinal.player1Id, teamFinal.player2Id].filter((id) => id !== null);
  expect((await stored([...slots, ...members])).size).toBe(0);
  for (const { captain } of entered) expect(await profile(captain.id)).toMatchObject({ rating: 500, racksPlayed: 0 });
});

test("results recorded at once: the stored ratings equal the replay of every result", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 8, raceTo: 3 });
  await s.enterFromBalance(t, 8);
  await s.start(td, t);
  const firstRound = (await s.matches(t)).filter((m) => m.round === 1);
  const scores = [
    [3, 0],
    [3, 2],
    [1, 3],
    [2, 3],
  ];
  // All four at the same moment: four replays race to write.
  const sent = await Promise.all(
    firstRound.map((m, i) => {
      const [s1 = 3, s2 = 0] = scores[i] ?? [];
      const winnerId = s1 > s2 ? m.player1Id : m.player2Id;
      return s.record(td, m.id, { winnerId, player1Score: s1, player2Score: s2 });
    }),
  );
  expect(sent).toEqual(["recorded", "recorded", "recorded", "recorded"]);
  const ids = firstRound.flatMap((m) => [m.player1Id as string, m.player2Id as string]);
  // The replay of what is recorded, as the domain does it, from the results' own rows.
  const rows = await s.rows<Record<string, string | number>>(
    "select id, completed_at, player1_id, player2_id, player1_score, player2_score from matches " +
      "where tournament_id = ? and round = 1",
    [t.id],
  );
  const results: RatedResult[] = rows.map((r) => ({
    matchId: String(r.id),
    at: Number(r.completed_at),
    player1Id: String(r.player1_id),
    player2Id: String(r.player2_id),
    racks1: Number(r.player1_score),
    racks2: Number(r.player2_score),
  }));
  const expected = replayRatings(results);
  const now = await stored(ids);
  expect(now.size).toBe(8);
  for (const id of ids) expect(now.get(id)?.rating, id).toBeCloseTo(expected.get(id)?.rating ?? -1, 9);
  // 3–0 between new players: three racks above the expected 1.5.
  const sweeper = firstRound[0]?.player1Id as string;
  expect(now.get(sweeper)?.rating).toBeCloseTo(500 + 16 * (3 - 3 * rackChance(0)), 9);
  await s.expectLedgerTrue();
});

/** The stored steps and ratings, against the full replay of the database's own results and starts (the oracle). */
async function expectStoredEqualsReplay() {
  await s.settled();
  const results = (
    await s.rows<Record<string, string | number>>(
      `select m.id, m.completed_at, m.player1_id, m.player2_id, m.player1_score, m.player2_score, m.winner_id
       from matches m join tournaments t on t.id = m.tournament_id
       where t.match_type = '1v1' and m.status = 'completed' and m.outcome = 'played' and m.is_bye = 0
         and m.winner_id is not null and m.player1_id is not null and m.player2_id is not null`,
    )
  ).map((r) => {
    const [racks1, racks2] = ratedRacks(
      Number(r.player1_score),
      Number(r.player2_score),
      r.winner_id === r.player1_id ? 1 : 2,
    );
    return {
      matchId: String(r.id),
      at: Number(r.completed_at),
      player1Id: String(r.player1_id),
      player2Id: String(r.player2_id),
      racks1,
      racks2,
    };
  });
  const oracle = replayRatings(results);
  const steps = await s.rows<{ player_id: string; match_id: string; rating: number; at: number }>(
    "select player_id, match_id, rating, at from rating_steps where match_id is not null order by player_id, key",
  );
  const kept = new Map<string, { at: number; rating: number; matchId: string }[]>();
  for (const r of steps)
    kept.set(r.player_id, [...(kept.get(r.player_id) ?? []), { at: r.at, rating: r.rating, matchId: r.match_id }]);
  expect(new Set(kept.keys())).toEqual(new Set(oracle.keys()));
  for (const [id, r] of oracle) expect(kept.get(id), id).toEqual(r.history);
  const now = await stored([...oracle.keys()]);
  for (const [id, r] of oracle) expect(now.get(id), id).toEqual({ rating: r.rating, racks: r.racks });
  expect(await s.count("ratings_dirty", "1 = 1")).toBe(0);
}

test("a new result writes its two players' steps and nobody else's; a correction replays from it", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 8, raceTo: 3 });
  await s.enterFromBalance(t, 8);
  await s.start(td, t);
  const firstRound = (await s.matches(t)).filter((m) => m.round === 1);
  for (const [i, m] of firstRound.entries()) {
    await s.record(td, m.id, { winnerId: m.player1Id, player1Score: 3, player2Score: i % 3 });
  }
  await expectStoredEqualsReplay();
  const snapshot = async () =>
    new Map(
      (
        await s.rows<{ player_id: string; key: string; rating: number; updated_at: number }>(
          `select s.player_id, s.key, s.rating, r.updated_at from rating_steps s
         join player_ratings r on r.player_id = s.player_id`,
        )
      ).map((r) => [`${r.player_id} ${r.key}`, r]),
    );
  const before = await snapshot();

  // A semi-final: its two players gain a step each; every other row is as it was.
  const semi = (await s.matches(t)).find((m) => m.round === 2 && m.player1Id && m.player2Id);
  if (!semi?.player1Id || !semi.player2Id) throw new Error("a semi-final with both players");
  await s.record(td, semi.id, { winnerId: semi.player2Id, player1Score: 1, player2Score: 3 });
  await expectStoredEqualsReplay();
  const after = await snapshot();
  const added = [...after.keys()].filter((k) => !before.has(k));
  expect(added.map((k) => after.get(k)?.player_id).sort()).toEqual([semi.player1Id, semi.player2Id].sort());
  for (const [k, row] of before) {
    if (row.player_id === semi.player1Id || row.player_id === semi.player2Id) continue;
    expect(after.get(k), k).toEqual(row);
  }

  // The first result corrected (it was 3–0; now 3–2): the replay from it brings every later step in line.
  const opener = firstRound[0];
  if (!opener) throw new Error("a first match");
  expect(await s.record(td, opener.id, { winnerId: opener.player1Id, player1Score: 3, player2Score: 2 })).toBe(
    "corrected",
  );
  await expectStoredEqualsReplay();
});

test("steps built from nothing (the first replay after the release) equal the replay of all history", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 8, raceTo: 3 });
  await s.enterFromBalance(t, 8);
  await s.start(td, t);
  await s.playOut(td, t);
  await expectStoredEqualsReplay();
  // As migration 0024 leaves a database with a history: no steps, stale ratings, and one mark from the beginning.
  await s.rows("delete from rating_steps");
  await s.rows("update player_ratings set rating = 1, racks = 0");
  await s.rows("insert into ratings_dirty (from_at) values (0)");
  expect(await s.count("rating_steps", "1 = 1")).toBe(0);
  await recomputeRatings(s.sender);
  await expectStoredEqualsReplay();

  // A replay from far back goes in passes, each its own batch (a window of results, never splitting an instant), and
  // comes out the same: here three results a pass, a correction of the first result marking from the beginning.
  await s.rows("delete from rating_steps");
  await s.rows("insert into ratings_dirty (from_at) values (0)");
  const version = async () => Number((await s.rows("select version from ratings_state"))[0]?.version);
  const before = await version();
  await recomputeRatings(s.sender, { perPass: 3 });
  await expectStoredEqualsReplay();
  // Seven results in passes of three (and a last one to find nothing more): one version a pass.
  expect((await version()) - before).toBeGreaterThanOrEqual(3);
});
