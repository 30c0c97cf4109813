// A handicapped event's races (decision 028), set once both players of a match are known. The draw sets
// the first ones (start.server.ts); after every result that may put players into matches (recorded, corrected or
// undone, a withdrawal's walkovers), `setDueRaces` sets the rest: a consequence in after-change.server.ts, run
// before the floor calls the matches and the pages hear of them, so a match is never called without its races.
import { and, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { build, query, write, type Read, type Sender } from "~/db/batch.server.ts";
import { matches, playerRatings, tournaments } from "~/db/schema.ts";
import { racesToSet, type SetRaces } from "~/features/ratings/domain/handicap.ts";
import { START_RATING } from "~/features/ratings/domain/ratings.ts";
import { recomputeRatings } from "~/features/ratings/server/ratings.server.ts";

const rating1 = alias(playerRatings, "race_rating1");
const rating2 = alias(playerRatings, "race_rating2");

type Due = { raceTo: number; candidates: Parameters<typeof racesToSet>[1]; ratings: Map<string, number> };

/** A handicapped tournament's matches whose races are due, with their players' ratings (one statement). */
function dueQuery(tournamentId: string): Read<Due | null> {
  const statement = build
    .select({
      id: matches.id,
      player1Id: matches.player1Id,
      player2Id: matches.player2Id,
      isBye: matches.isBye,
      status: matches.status,
      racesFor: matches.racesFor,
      raceTo: tournaments.raceTo,
      rating1: rating1.rating,
      rating2: rating2.rating,
    })
    .from(matches)
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .leftJoin(rating1, eq(rating1.playerId, matches.player1Id))
    .leftJoin(rating2, eq(rating2.playerId, matches.player2Id))
    .where(
      and(
        eq(matches.tournamentId, tournamentId),
        eq(tournaments.handicap, "race"),
        isNotNull(tournaments.raceTo),
        eq(tournaments.status, "in_progress"),
        ne(matches.status, "completed"),
        eq(matches.isBye, false),
        isNotNull(matches.player1Id),
        isNotNull(matches.player2Id),
        or(
          sql`${matches.racesFor} is null`,
          sql`${matches.racesFor} != ${matches.player1Id} || ' ' || ${matches.player2Id}`,
        ),
      ),
    );
  return query(statement, (rows) => {
    const raceTo = rows[0]?.raceTo;
    if (raceTo === undefined || raceTo === null) return null;
    const ratings = new Map<string, number>();
    for (const r of rows) {
      if (r.player1Id) ratings.set(r.player1Id, r.rating1 ?? START_RATING);
      if (r.player2Id) ratings.set(r.player2Id, r.rating2 ?? START_RATING);
    }
    return { raceTo, candidates: rows, ratings };
  });
}

/**
 * Sets the races of a handicapped tournament's matches that are due, from the ratings as the results so far leave
 * them (after a result the replay runs first). Each write is guarded on the players it was worked out for. Returns
 * the races set, by match (none for an event without handicaps: one read), and whether the ratings were replayed.
 */
export async function setDueRaces(
  db: Sender,
  tournamentId: string,
): Promise<{ races: Map<string, SetRaces>; rated: boolean }> {
  const due = await db.send(dueQuery(tournamentId));
  if (!due) return { races: new Map(), rated: false };
  // Races come from the ratings as the results so far leave them (the one just recorded too): the replay's own when
  // it had to run, else the stored ones read with the matches.
  const replayed = await recomputeRatings(db);
  const ratings = replayed
    ? new Map(
        [...due.ratings].map(([id, rating]) => [
          id,
          replayed.has(id) ? (replayed.get(id)?.rating ?? START_RATING) : rating,
        ]),
      )
    : due.ratings;
  const set = racesToSet(due.raceTo, due.candidates, ratings);
  if (set.length === 0) return { races: new Map(), rated: true };
  const [p1, p2] = [sql`${matches.player1Id}`, sql`${matches.player2Id}`];
  await db.write(
    write(
      set.map((r) =>
        build
          .update(matches)
          .set({ race1: r.race1, race2: r.race2, racesFor: r.racesFor })
          .where(
            and(eq(matches.id, r.id), ne(matches.status, "completed"), sql`${p1} || ' ' || ${p2} = ${r.racesFor}`),
          ),
      ),
    ),
  );
  return { races: new Map(set.map((r) => [r.id, r])), rated: true };
}
