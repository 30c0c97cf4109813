// Starting ratings (decision 027): the director of an open singles tournament sets where its
// provisional entrants' ratings start. One read, one guarded batch of `starting_ratings` rows, then the ratings'
// replay before the answer, so the new rating is the one every page and the next draw see.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  outer,
  query,
  reads,
  write,
  type Sender,
} from "~/db/batch.server.ts";
import { organisers, playerRatings, players, startingRatings, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { ownTournament } from "~/features/play/domain/play-checks.ts";
import { checkStartingRatings, shownEntrant, type RatedEntrant } from "~/features/ratings/domain/starting-ratings.ts";
import { recomputeRatings } from "./ratings.server.ts";
import {
  inTournament,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";

/** An active entry: paid, not withdrawn. */
const active = (tournament: TournamentRef) =>
  and(
    inTournament(tournamentPlayers.tournamentId, tournament),
    eq(tournamentPlayers.paid, true),
    isNull(tournamentPlayers.withdrawnAt),
  );

/** The tournament's active entrants with their stored ratings and who set where they started, in joining order. */
export function ratedEntrantsQuery(tournament: TournamentRef) {
  return query(
    build
      .select({
        playerId: players.id,
        name: players.name,
        rating: playerRatings.rating,
        racks: playerRatings.racks,
        setBy: playerRatings.setBy,
        setByName: organisers.name,
      })
      .from(tournamentPlayers)
      .innerJoin(players, eq(players.id, tournamentPlayers.playerId))
      .leftJoin(playerRatings, eq(playerRatings.playerId, players.id))
      .leftJoin(organisers, eq(organisers.id, playerRatings.setBy))
      .where(active(tournament))
      .orderBy(asc(tournamentPlayers.joinedAt), asc(players.id)),
    (rows): RatedEntrant[] => rows,
  );
}

/** The replay races other replays (results recorded meanwhile); each try reads afresh, so a third one settles it. */
async function replayed(db: Sender, tries = 3): Promise<void> {
  try {
    await recomputeRatings(db);
  } catch (error) {
    if (!isBatchGuardFailure(error) || tries <= 1) throw error;
    await replayed(db, tries - 1);
  }
}

/**
 * The statement that takes back a tournament's starting ratings whose player no longer has a paid entry in it
 * (decision 031): put after the statement that takes the entry out, in the same batch, so no start outlives its
 * entry whatever runs beside it. `playerId` narrows it to one player. Answers the players whose start went.
 */
export function startsWithoutEntry(tournamentId: string, playerId?: string) {
  return build
    .delete(startingRatings)
    .where(
      and(
        eq(startingRatings.tournamentId, tournamentId),
        playerId === undefined ? undefined : eq(startingRatings.playerId, playerId),
        sql`not exists (select 1 from ${tournamentPlayers} tp
          where tp.tournament_id = ${outer(startingRatings.tournamentId)}
            and tp.player_id = ${outer(startingRatings.playerId)} and tp.paid = 1)`,
      ),
    )
    .returning({ playerId: startingRatings.playerId });
}

/**
 * After a write that took starting ratings back, or started a tournament whose starts now stand: the replay, before
 * the answer, so the stored ratings (and the caps that read them) no longer grow from a start taken back. The write
 * has committed, so a replay that fails is logged, not answered: the next result's replay makes it whole.
 */
export async function replayAfterStarts(db: Sender, changed: boolean): Promise<void> {
  if (!changed) return;
  await replayed(db).catch((error: unknown) => console.error("Ratings", error));
}

/**
 * Sets the starting ratings of provisional players entered in the director's open singles tournament (a row per
 * player and tournament: set again, it is replaced). Two directors setting the same player's start at once: the
 * later one counts, and the replay's fingerprint guard leaves the stored ratings equal to the replay of both.
 */
export async function setStartingRatings(
  db: Sender,
  {
    organiserId,
    tournament,
    ratings,
    now = Date.now(),
  }: { organiserId: string; tournament: TournamentRef; ratings: Readonly<Record<string, number>>; now?: number },
) {
  const read = await db.send(reads({ t: first(tournamentRow(tournament)), entrants: ratedEntrantsQuery(tournament) }));
  const t = ownTournament(read.t, organiserId);
  checkStartingRatings(t, read.entrants, ratings);
  const ids = Object.keys(ratings);
  const rows = ids.map((playerId) => ({
    playerId,
    tournamentId: t.id,
    organiserId,
    rating: ratings[playerId] ?? 0,
    at: now,
  }));
  await db.write(
    write(
      [
        // Still open, and every player still entered, when the batch runs.
        assertInBatch(
          sql`(select ${tournaments.status} from ${tournaments} where ${tournaments.id} = ${t.id}) = 'open'
            and (select count(*) from ${tournamentPlayers} where ${and(
              active({ id: t.id }),
              inArray(tournamentPlayers.playerId, ids),
            )}) = ${ids.length}`,
        ),
        build
          .insert(startingRatings)
          .values(rows)
          .onConflictDoUpdate({
            target: [startingRatings.playerId, startingRatings.tournamentId],
            set: {
              rating: sql`excluded.rating`,
              at: sql`excluded.at`,
              organiserId: sql`excluded.organiser_id`,
            },
          }),
      ],
      () => undefined,
      (error) =>
        isBatchGuardFailure(error)
          ? new DomainError(409, "The tournament or its entries changed meanwhile: save the ratings again")
          : undefined,
    ),
  );
  await replayed(db);
  const after = await db.send(ratedEntrantsQuery({ id: t.id }));
  const set = new Set(ids);
  return {
    tournamentId: t.id,
    ratings: after.filter((e) => set.has(e.playerId)).map(shownEntrant),
  };
}
