// Ratings (decision 027): the stored ratings kept equal to the replay of the results, and the reads of a
// player's profile and head-to-head. After every result (a consequence in after-change.server.ts) the singles results
// are read and replayed, and what changed is written in one batch guarded by the fingerprint of what was replayed:
// a replay that read older results than the one stored since is refused, and reads and replays again.
import { and, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  outer,
  query,
  reads,
  write,
  type Item,
  type Read,
  type Sender,
} from "~/db/batch.server.ts";
import {
  matches,
  organisers,
  playerRatings,
  players,
  ratingsState,
  startingRatings,
  tournamentPlayers,
  tournaments,
} from "~/db/schema.ts";
import { ratedResults, type PlayedMatch } from "~/features/ratings/domain/player-profile.ts";
import type { PlayerRating, RatedResult } from "~/features/ratings/domain/ratings.ts";
import { replayWithCaps, type ReadStart } from "~/features/ratings/domain/starting-ratings.ts";

const one = alias(players, "one");
const two = alias(players, "two");

/** A singles match with both players and a winner, completed: what ratings, profiles and head-to-heads read. */
const decidedSingles = and(
  eq(tournaments.matchType, "1v1"),
  eq(matches.status, "completed"),
  eq(matches.isBye, false),
  isNotNull(matches.winnerId),
  isNotNull(matches.player1Id),
  isNotNull(matches.player2Id),
  isNotNull(matches.completedAt),
);

/** A decided match's columns, as both the replay and the profile read them. */
const decidedColumns = {
  matchId: matches.id,
  at: matches.completedAt,
  player1Id: matches.player1Id,
  player2Id: matches.player2Id,
  player1Score: matches.player1Score,
  player2Score: matches.player2Score,
  winnerId: matches.winnerId,
  outcome: matches.outcome,
};

type Nullable = { at: number | null; player1Id: string | null; player2Id: string | null; winnerId: string | null };

/** The rows as `decidedSingles` already guarantees them: the columns it checks are set. */
const decided = <R extends Nullable>(rows: readonly R[]) =>
  rows.flatMap((r) =>
    r.at !== null && r.player1Id && r.player2Id && r.winnerId
      ? [{ ...r, at: r.at, player1Id: r.player1Id, player2Id: r.player2Id, winnerId: r.winnerId }]
      : [],
  );

function playedMatches(where: ReturnType<typeof and>, limit?: number): Read<PlayedMatch[]> {
  const statement = build
    .select({ ...decidedColumns, tournamentId: matches.tournamentId, player1: one.name, player2: two.name })
    .from(matches)
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .innerJoin(one, eq(one.id, matches.player1Id))
    .innerJoin(two, eq(two.id, matches.player2Id))
    .where(and(decidedSingles, where))
    .orderBy(desc(matches.completedAt), desc(matches.id));
  return limit === undefined ? query(statement, decided) : query(statement.limit(limit), decided);
}

/** Every singles result that counts, and every starting rating (whether it stands yet): the replay's whole input. */
const replayInputs: Read<{ results: RatedResult[]; starts: ReadStart[] }> = reads({
  results: query(
    build
      .select(decidedColumns)
      .from(matches)
      .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
      .where(and(decidedSingles, eq(matches.outcome, "played"))),
    (rows) => ratedResults(decided(rows)),
  ),
  starts: query(
    build
      .select({
        playerId: startingRatings.playerId,
        at: startingRatings.at,
        rating: startingRatings.rating,
        setBy: startingRatings.organiserId,
        // Decision 031: its tournament has started with the player in it (an entry taken out before went with it).
        stands: sql<boolean>`${tournaments.startedAt} is not null and exists (select 1 from ${tournamentPlayers} tp
          where tp.tournament_id = ${outer(startingRatings.tournamentId)}
            and tp.player_id = ${outer(startingRatings.playerId)} and tp.paid = 1)`.mapWith(Boolean),
      })
      .from(startingRatings)
      .innerJoin(tournaments, eq(tournaments.id, startingRatings.tournamentId)),
  ),
});

/** The fingerprint of a replay's input, in the replay's own order-free form (SHA-256 of the sorted lines). */
async function fingerprintOf({ results, starts }: { results: RatedResult[]; starts: ReadStart[] }) {
  const lines = [
    ...results.map((r) => `r ${r.matchId} ${r.at} ${r.player1Id} ${r.player2Id} ${r.racks1} ${r.racks2}`),
    ...starts.map((s) => `s ${s.playerId} ${s.at} ${s.rating} ${s.setBy} ${s.stands ? "stands" : "pending"}`),
  ].sort();
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(lines.join("\n")));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Rows per statement when many ratings change at once (a correction early in the history). */
const CHUNK = 150;

/**
 * Brings the stored ratings to the replay of the results as they are now. Nothing is written when the results
 * replayed are those the stored ratings came from; a replay that lost a race to another (it read older results)
 * reads and replays once more. Answers the replayed ratings, or null when the stored ones were already current.
 */
export async function recomputeRatings(
  db: Sender,
  now = Date.now(),
  attempt = 1,
): Promise<ReadonlyMap<string, PlayerRating> | null> {
  const read = await db.send(
    reads({
      inputs: replayInputs,
      stored: query(build.select().from(playerRatings)),
      state: first(
        build.select({ fingerprint: ratingsState.fingerprint }).from(ratingsState).where(eq(ratingsState.id, 1)),
      ),
    }),
  );
  const fingerprint = await fingerprintOf(read.inputs);
  const before = read.state?.fingerprint ?? "";
  if (fingerprint === before) return null;
  const { ratings: replayed, caps } = replayWithCaps(read.inputs.results, read.inputs.starts);
  const stored = new Map(read.stored.map((r) => [r.playerId, r]));
  const changed = [...replayed].flatMap(([playerId, p]) => {
    const was = stored.get(playerId);
    const capRating = caps.get(playerId) ?? p.rating;
    return was &&
      was.rating === p.rating &&
      was.racks === p.racks &&
      was.setBy === p.setBy &&
      was.capRating === capRating
      ? []
      : [{ playerId, rating: p.rating, racks: p.racks, setBy: p.setBy, capRating, updatedAt: now }];
  });
  const gone = read.stored.filter((r) => !replayed.has(r.playerId)).map((r) => r.playerId);
  const items: Item[] = [
    assertInBatch(
      sql`(select ${ratingsState.fingerprint} from ${ratingsState} where ${ratingsState.id} = 1) = ${before}`,
    ),
    build.update(ratingsState).set({ fingerprint }).where(eq(ratingsState.id, 1)),
  ];
  for (let i = 0; i < changed.length; i += CHUNK) {
    items.push(
      build
        .insert(playerRatings)
        .values(changed.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: playerRatings.playerId,
          set: {
            rating: sql`excluded.rating`,
            racks: sql`excluded.racks`,
            setBy: sql`excluded.set_by`,
            capRating: sql`excluded.cap_rating`,
            updatedAt: sql`excluded.updated_at`,
          },
        }),
    );
  }
  for (let i = 0; i < gone.length; i += CHUNK) {
    items.push(build.delete(playerRatings).where(sql`${playerRatings.playerId} in ${gone.slice(i, i + CHUNK)}`));
  }
  try {
    await db.write(write(items));
  } catch (error) {
    if (!isBatchGuardFailure(error) || attempt > 1) throw error;
    return recomputeRatings(db, now, attempt + 1);
  }
  return replayed;
}

/** A player's name (no e-mail, no balance) and what their profile is worked out from; null for no such player. */
export function profileQuery(playerId: string) {
  return reads({
    player: first(build.select({ id: players.id, name: players.name }).from(players).where(eq(players.id, playerId))),
    inputs: replayInputs,
    recent: playedMatches(or(eq(matches.player1Id, playerId), eq(matches.player2Id, playerId)), 20),
    directors: query(
      build
        .selectDistinct({ id: organisers.id, name: organisers.name })
        .from(startingRatings)
        .innerJoin(organisers, eq(organisers.id, startingRatings.organiserId))
        .where(eq(startingRatings.playerId, playerId)),
    ),
  });
}

/** The two players, and every decided singles match between them. */
export function headToHeadQuery(playerId: string, otherId: string) {
  const named = (id: string) => first(build.select({ id: players.id }).from(players).where(eq(players.id, id)));
  return reads({
    player: named(playerId),
    other: named(otherId),
    matches: playedMatches(
      or(
        and(eq(matches.player1Id, playerId), eq(matches.player2Id, otherId)),
        and(eq(matches.player1Id, otherId), eq(matches.player2Id, playerId)),
      ),
    ),
  });
}
