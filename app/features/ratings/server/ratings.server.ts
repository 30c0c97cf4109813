// Ratings (decision 027 and its addendum): the stored ratings kept equal to the replay of the results, step by step,
// and the reads of a player's profile and head-to-head. Every change to what the ratings are replayed from marks the
// moment it touches (`ratings_dirty`, by triggers); after it (a consequence in after-change.server.ts) the events
// from the earliest mark are replayed from each touched player's last step before it, and what changed is written in
// one batch guarded by the steps' version: a replay that read older steps than the ones stored since is refused, and
// reads and replays again.
import { and, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  outer,
  query,
  reads,
  systemSender,
  write,
  type Item,
  type Read,
  type ReadResult,
  type Sender,
} from "~/db/batch.server.ts";
import type { Database } from "~/db/client.server.ts";
import {
  matches,
  organisers,
  playerRatings,
  players,
  ratingSteps,
  ratingsDirty,
  ratingsState,
  startingRatings,
  tournamentPlayers,
  tournaments,
} from "~/db/schema.ts";
import { ratedResults, type PlayedMatch } from "~/features/ratings/domain/player-profile.ts";
import { framePlayersBetween, ratedFramesBetween } from "~/features/ratings/server/rated-frames.server.ts";
import {
  replayFrom,
  sameStanding,
  standingOf,
  type RatingStep,
  type Standing,
} from "~/features/ratings/domain/rating-steps.ts";

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

/** The earliest moment from which the stored steps may be stale (null: none is), and the newest mark read. */
const dirtyFrom = sql`(select min(${ratingsDirty.fromAt}) from ${ratingsDirty})`;
/** The key below every event from that moment (`keyBefore`, in SQL). */
const dirtyKey = sql`printf('%015d:', max(0, ${dirtyFrom}))`;

/**
 * Results one pass replays at most: a replay from far back (the first after the release, a correction of last year)
 * goes in windows of time, each pass its own batch, so no batch outgrows a request (the database refuses bodies past a
 * limit). The window ends at the time of the result after this many from the moment (never at the moment itself:
 * every event of one instant goes in one pass); none after it, no end.
 */
const RESULTS_PER_PASS = 2000;
const NO_END = Number.MAX_SAFE_INTEGER;
const stepColumns = {
  playerId: ratingSteps.playerId,
  key: ratingSteps.key,
  at: ratingSteps.at,
  matchId: ratingSteps.matchId,
  rating: ratingSteps.rating,
  racks: ratingSteps.racks,
  setBy: ratingSteps.setBy,
  capRating: ratingSteps.capRating,
};

/**
 * What a pass of the replay reads, in one round trip: the marks, the version, the window's end, the results and
 * starting ratings from the earliest mark to it, the steps stored between, and for each player the pass may touch their
 * last step before it and their stored rating. Rows that grow with what happened since, not with the history.
 */
function passRead(perPass: number) {
  const windowEnd = sql`coalesce((select max(${dirtyFrom} + 1, ${matches.completedAt}) from ${matches}
      where ${matches.completedAt} >= ${dirtyFrom} order by ${matches.completedAt} limit 1 offset ${perPass}),
    ${NO_END})`;
  /** The key below every event of the window's end: the steps a pass replaces are those from `dirtyKey` to below it. */
  const windowKey = sql`printf('%015d:', ${windowEnd})`;

  /** The players whose steps a pass may touch: a superset (every completed match's players in the window). */
  const touchedPlayers = sql`select ${matches.player1Id} as id from ${matches}
      where ${matches.completedAt} >= ${dirtyFrom} and ${matches.completedAt} < ${windowEnd}
    union select ${matches.player2Id} from ${matches}
      where ${matches.completedAt} >= ${dirtyFrom} and ${matches.completedAt} < ${windowEnd}
    union select ${startingRatings.playerId} from ${startingRatings}
      where ${startingRatings.at} >= ${dirtyFrom} and ${startingRatings.at} < ${windowEnd}
    union ${framePlayersBetween(dirtyFrom, windowEnd)}
    union select ${ratingSteps.playerId} from ${ratingSteps}
      where ${ratingSteps.key} >= ${dirtyKey} and ${ratingSteps.key} < ${windowKey}`;

  /**
   * Each touched player's last step before the moment: driven from the players, one index seek each (a filter on the
   * steps would walk every step of theirs).
   */
  const lastStepsBefore = build.all<RatingStep>(sql`select s.player_id as playerId, s.key, s.at, s.match_id as matchId,
      s.rating, s.racks, s.set_by as setBy, s.cap_rating as capRating
    from (${touchedPlayers}) p join ${ratingSteps} s on s.player_id = p.id
      and s.key = (select x.key from ${ratingSteps} x
        where x.player_id = p.id and x.key < ${dirtyKey} order by x.key desc limit 1)`);

  return reads({
    dirty: first(
      build
        .select({
          fromAt: sql<number | null>`min(${ratingsDirty.fromAt})`,
          upTo: sql<number | null>`max(${ratingsDirty.id})`,
          until: sql<number>`${windowEnd}`,
        })
        .from(ratingsDirty),
    ),
    state: first(build.select({ version: ratingsState.version }).from(ratingsState).where(eq(ratingsState.id, 1))),
    results: query(
      build
        .select(decidedColumns)
        .from(matches)
        .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
        .where(
          and(
            decidedSingles,
            eq(matches.outcome, "played"),
            gte(matches.completedAt, dirtyFrom),
            lt(matches.completedAt, windowEnd),
          ),
        ),
      (rows) => ratedResults(decided(rows)),
    ),
    // A league's singles frames in the window, each a rack (DESIGN §11).
    frames: ratedFramesBetween(dirtyFrom, windowEnd),
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
        .innerJoin(tournaments, eq(tournaments.id, startingRatings.tournamentId))
        .where(and(gte(startingRatings.at, dirtyFrom), lt(startingRatings.at, windowEnd))),
    ),
    stored: query(
      build
        .select(stepColumns)
        .from(ratingSteps)
        .where(and(gte(ratingSteps.key, dirtyKey), lt(ratingSteps.key, windowKey))),
    ),
    before: query(lastStepsBefore),
    ratings: query(build.select().from(playerRatings).where(sql`${playerRatings.playerId} in (${touchedPlayers})`)),
  });
}

/** Rows per statement when many steps change at once (a correction early in the history, the first replay). */
const CHUNK = 100;

const chunks = <T>(rows: readonly T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** The writes that bring the stored steps and ratings to a replay's. */
function replayWrites(
  read: ReadResult<ReturnType<typeof passRead>>,
  replay: { put: RatingStep[]; drop: RatingStep[]; now: ReadonlyMap<string, Standing | null> },
  now: number,
): Item[] {
  const items: Item[] = [];
  const stored = new Map(read.ratings.map((r) => [r.playerId, r]));
  const changed: (typeof playerRatings.$inferInsert)[] = [];
  const gone: string[] = [];
  for (const [playerId, standing] of replay.now) {
    const was = stored.get(playerId);
    if (!standing) {
      if (was) gone.push(playerId);
      continue;
    }
    if (was && sameStanding({ ...was, capRating: was.capRating ?? was.rating }, standing)) continue;
    changed.push({ playerId, ...standingOf(standing), updatedAt: now });
  }
  for (const part of chunks(replay.drop)) {
    const pairs = sql.join(
      part.map((s) => sql`(${s.playerId}, ${s.key})`),
      sql`, `,
    );
    items.push(
      build.delete(ratingSteps).where(sql`(${ratingSteps.playerId}, ${ratingSteps.key}) in (values ${pairs})`),
    );
  }
  for (const part of chunks(replay.put)) {
    items.push(
      build
        .insert(ratingSteps)
        .values(part)
        .onConflictDoUpdate({
          target: [ratingSteps.playerId, ratingSteps.key],
          set: {
            at: sql`excluded.at`,
            matchId: sql`excluded.match_id`,
            rating: sql`excluded.rating`,
            racks: sql`excluded.racks`,
            setBy: sql`excluded.set_by`,
            capRating: sql`excluded.cap_rating`,
          },
        }),
    );
  }
  for (const part of chunks(changed)) {
    items.push(
      build
        .insert(playerRatings)
        .values(part)
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
  for (const part of chunks(gone)) {
    items.push(build.delete(playerRatings).where(inArray(playerRatings.playerId, part)));
  }
  return items;
}

/**
 * Brings the stored ratings to the replay of the results as they are now (decision 027's addendum): from the
 * earliest moment a change marked (`ratings_dirty`, written by triggers with the change), each touched player
 * starts from their last step before it and the events since are replayed. A new result is its two players' steps;
 * nothing marked, nothing read but the marks. The write takes away the marks it read and is guarded on the version
 * it read, so of two replays racing the one that read older steps reads and replays again. Answers where each
 * player the replay touched stands now (null: no rating any more), or null when nothing was marked.
 */
export async function recomputeRatings(
  db: Sender,
  {
    now = Date.now(),
    perPass = RESULTS_PER_PASS,
    attempt = 1,
  }: { now?: number; perPass?: number; attempt?: number } = {},
): Promise<ReadonlyMap<string, Standing | null> | null> {
  const read = await db.send(passRead(perPass));
  if (read.dirty?.fromAt == null || read.dirty.upTo == null) return null;
  const version = read.state?.version ?? 0;
  const before = new Map(read.before.map((s) => [s.playerId, standingOf(s)]));
  const { put, drop, standings } = replayFrom({
    before,
    results: [...read.results, ...read.frames],
    starts: read.starts,
    stored: read.stored,
  });
  // A window short of the end leaves its own mark: the next pass goes on from there.
  const more = read.dirty.until < NO_END;
  const items: Item[] = [
    assertInBatch(sql`(select ${ratingsState.version} from ${ratingsState} where ${ratingsState.id} = 1) = ${version}`),
    build
      .update(ratingsState)
      .set({ version: version + 1 })
      .where(eq(ratingsState.id, 1)),
    build.delete(ratingsDirty).where(lte(ratingsDirty.id, read.dirty.upTo)),
    ...(more ? [build.insert(ratingsDirty).values({ fromAt: read.dirty.until })] : []),
    ...replayWrites(read, { put, drop, now: standings }, now),
  ];
  try {
    await db.write(write(items));
  } catch (error) {
    if (!isBatchGuardFailure(error) || attempt >= 3) throw error;
    return recomputeRatings(db, { now, perPass, attempt: attempt + 1 });
  }
  if (!more) return standings;
  const rest = await recomputeRatings(db, { now, perPass });
  return new Map([...standings, ...(rest ?? [])]);
}

/** A player's name (no e-mail, no balance) and what their profile is worked out from; null for no such player. */
export function profileQuery(playerId: string) {
  return reads({
    player: first(build.select({ id: players.id, name: players.name }).from(players).where(eq(players.id, playerId))),
    standing: first(
      build
        .select({ rating: playerRatings.rating, racks: playerRatings.racks, setBy: playerRatings.setBy })
        .from(playerRatings)
        .where(eq(playerRatings.playerId, playerId)),
    ),
    history: query(
      build
        .select({ at: ratingSteps.at, rating: ratingSteps.rating, matchId: ratingSteps.matchId })
        .from(ratingSteps)
        .where(and(eq(ratingSteps.playerId, playerId), isNotNull(ratingSteps.matchId)))
        .orderBy(ratingSteps.key),
      (rows) => rows.flatMap((r) => (r.matchId ? [{ at: r.at, rating: r.rating, matchId: r.matchId }] : [])),
    ),
    recent: playedMatches(or(eq(matches.player1Id, playerId), eq(matches.player2Id, playerId)), 20),
    directors: query(
      build
        .selectDistinct({ id: organisers.id, name: organisers.name })
        .from(startingRatings)
        .innerJoin(organisers, eq(organisers.id, startingRatings.organiserId))
        .where(eq(startingRatings.playerId, playerId)),
    ),
    /** A change the replay has not caught up with yet (it runs after the answer that made it). */
    pending: query(build.select({ id: ratingsDirty.id }).from(ratingsDirty).limit(1), (rows) => rows.length > 0),
  });
}

/**
 * A read that shows ratings, current: when a change is still marked (its replay runs after the answer that made it,
 * and may not have yet), the replay runs first and the read is made again — so a profile always agrees with the
 * results. Nothing marked: the one read.
 */
export async function withCurrentRatings<T extends { pending: boolean }>(
  database: Database,
  read: () => Promise<T>,
): Promise<T> {
  const shown = await read();
  if (!shown.pending) return shown;
  await recomputeRatings(systemSender(database)).catch((error: unknown) => console.error("Ratings", error));
  return read();
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
