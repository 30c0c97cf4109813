// Starting a tournament: the director's seeds, the draw, the whole bracket and the absentees dropped, in one batch.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  isUniqueViolation,
  outer,
  query,
  reads,
  write,
  type Item,
  type Sender,
} from "~/db/batch.server.ts";
import {
  playerRatings,
  players,
  startingRatings,
  teamMembers,
  teams,
  tournamentPlayers,
  tournaments,
} from "~/db/schema.ts";
import { formatOptions, generateFormat } from "~/features/tournaments/domain/formats.ts";
import { checkSeedOrder, seedOrderFor } from "~/features/play/domain/seeding.ts";
import { racesToSet } from "~/features/ratings/domain/handicap.ts";
import { START_RATING } from "~/features/ratings/domain/ratings.ts";
import { DomainError } from "~/domain/errors.ts";
import { checkStart, ownTournament } from "~/features/play/domain/play-checks.ts";
import type { MatchType } from "~/domain/tournaments.ts";
import {
  checkedInSplit,
  checkInMessages as floorMessages,
  leaveRefund,
  refundKey,
} from "~/features/entries/domain/check-in.ts";
import { teamShortMessage, teamSize } from "~/features/entries/domain/teams.ts";
import { registrationEntry, registrationEntryName } from "~/features/entries/server/entries.server.ts";
import { queuesAfter } from "~/features/floor/server/queue-reads.server.ts";
import { replayAfterStarts, startsWithoutEntry } from "~/features/ratings/server/starting-ratings.server.ts";
import { movementStatement } from "~/features/money/server/ledger.server.ts";
import { insertMatches } from "./drawn-matches.server.ts";
import {
  inTournament,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";

/**
 * The director's seed order: every paid entry once, while the
 * tournament is open; it makes the seeding manual. One batch, refused if an
 * entry was paid meanwhile.
 */
export async function setSeeds(
  db: Sender,
  { organiserId, tournament, order }: { organiserId: string; tournament: TournamentRef; order: string[] },
) {
  const read = await db.send(
    reads({
      t: first(tournamentRow(tournament)),
      entries: query(
        build
          .select({ playerId: registrationEntry })
          .from(tournamentPlayers)
          .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true))),
      ),
    }),
  );
  const t = ownTournament(read.t, organiserId);
  if (t.status !== "open") throw new DomainError(409, "Seeds can only be set while the tournament is open");
  checkSeedOrder(
    order,
    read.entries.map((e) => e.playerId),
  );
  const changed = write(
    [
      assertInBatch(
        sql`(select count(*) from ${tournamentPlayers}
          where ${tournamentPlayers.tournamentId} = ${t.id} and ${tournamentPlayers.paid} = 1) = ${order.length}`,
      ),
      build
        .update(tournaments)
        .set({ seeding: "manual" })
        .where(and(eq(tournaments.id, t.id), eq(tournaments.status, "open")))
        .returning({ id: tournaments.id }),
      ...order.map((playerId, index) =>
        build
          .update(tournamentPlayers)
          .set({ seed: index + 1 })
          .where(and(eq(tournamentPlayers.tournamentId, t.id), sql`${registrationEntry} = ${playerId}`)),
      ),
    ],
    ([, updated]) => {
      if (!(updated as unknown[])[0]) throw new DomainError(409, "Seeds can only be set while the tournament is open");
      return { seeding: "manual" as const, order };
    },
    (error) =>
      isBatchGuardFailure(error)
        ? new DomainError(409, "A new entry was paid meanwhile: save the order again")
        : undefined,
  );
  return db.write(changed);
}

/** The paid entries in the director's seed order (unseeded ones after, by when they joined). */
export function seedsQuery(tournament: TournamentRef) {
  return query(
    build
      .select({ playerId: registrationEntry, name: registrationEntryName, seed: tournamentPlayers.seed })
      .from(tournamentPlayers)
      .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true)))
      .orderBy(sql`${tournamentPlayers.seed} is null`, asc(tournamentPlayers.seed), asc(tournamentPlayers.joinedAt)),
  );
}

/** Records the draw as seeds 1..n (one statement). */
function drawStatement(tournamentId: string, draw: readonly string[], teamEvent: boolean) {
  const seeds = sql.join(
    draw.map((entryId, index) => sql`when ${entryId} then ${index + 1}`),
    sql` `,
  );
  const entry = teamEvent ? tournamentPlayers.id : tournamentPlayers.playerId;
  return build.run(sql`update ${tournamentPlayers} set seed = case ${entry} ${seeds} end
    where ${tournamentPlayers.tournamentId} = ${tournamentId} and ${tournamentPlayers.paid} = 1`);
}

/** The tournament and its paid entries, with what the draw, the drop of the absent and their e-mails need: one read. */
function startRead(tournament: TournamentRef) {
  return reads({
    t: first(tournamentRow(tournament)),
    entrants: query(
      build
        .select({
          playerId: tournamentPlayers.playerId,
          registrationId: tournamentPlayers.id,
          seed: tournamentPlayers.seed,
          checkedInAt: tournamentPlayers.checkedInAt,
          members: sql<number>`(select count(*) from ${teamMembers} tm
            where tm.team_id = ${outer(tournamentPlayers.id)})`,
          teamName: sql<string | null>`(select te.name from ${teams} te where te.id = ${outer(tournamentPlayers.id)})`,
          // Paid at the bar (DESIGN §10): dropped, the director hands the cash back; nothing in the ledger.
          cash: sql<boolean>`${tournamentPlayers.paidBy} is 'cash'`.mapWith(Boolean),
          // Who paid: told by e-mail if they are dropped for not checking in (a guest has no address).
          email: players.email,
          guest: players.guest,
          name: players.name,
          // Seeding by rating and a handicapped event's first races (decision 028): the rating as stored.
          rating: sql<number | null>`(select pr.rating from ${playerRatings} pr
            where pr.player_id = ${outer(tournamentPlayers.playerId)})`,
        })
        .from(tournamentPlayers)
        .innerJoin(players, eq(players.id, tournamentPlayers.playerId))
        .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true))),
    ),
  });
}

/** What the start's statements need of the tournament. */
type StartingTournament = {
  id: string;
  name: string;
  venue: string;
  matchType: MatchType;
  entryFeePence: number;
  siteFeePence: number;
};

/** An entry not checked in, dropped at the start. */
type Absent = { registrationId: string; playerId: string; cash: boolean };

/**
 * The start's batch up to the draw: guarded on the paid entries as read (`paid` of them; dropping the absent, on
 * those not checked in; in a team event, on no team a player short), the status changed (the second statement, which
 * answers whether this start made it), unpaid holds removed and the absent dropped with their entry fees back.
 */
function startEntriesStatements(
  t: StartingTournament,
  {
    paid,
    size,
    now,
    dropAbsent,
    absent,
  }: { paid: number; size: number; now: number; dropAbsent: boolean; absent: readonly Absent[] },
): Item[] {
  return [
    // A payment that landed after we read the entries would be charged
    // without a place in the draw: refuse, and let the director start again.
    assertInBatch(
      sql`(select count(*) from ${tournamentPlayers}
          where ${tournamentPlayers.tournamentId} = ${t.id} and ${tournamentPlayers.paid} = 1)
          = ${paid}`,
    ),
    build
      .update(tournaments)
      .set({ status: "in_progress", startedAt: now })
      .where(and(eq(tournaments.id, t.id), eq(tournaments.status, "open")))
      .returning({ id: tournaments.id }),
    // Those dropped are the ones the director was shown: nobody checked in (or left) meanwhile.
    ...(dropAbsent
      ? [
          assertInBatch(
            sql`(select count(*) from ${tournamentPlayers} where ${tournamentPlayers.tournamentId} = ${t.id}
                and ${tournamentPlayers.paid} = 1 and ${tournamentPlayers.checkedInAt} is null) = ${absent.length}`,
          ),
        ]
      : []),
    // A team cannot play short: a member who left meanwhile refuses the start.
    ...(size > 1
      ? [
          assertInBatch(sql`not exists (select 1 from ${tournamentPlayers} tp
              where tp.tournament_id = ${t.id} and tp.paid = 1
                and (select count(*) from ${teamMembers} tm where tm.team_id = tp.id) != ${size})`),
        ]
      : []),
    // Unpaid holds are not entered; a late payment for one is refunded.
    build
      .delete(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.paid, false))),
    ...dropStatements(t, absent),
  ];
}

/** Why a start's batch was refused, in the director's words. */
function startRefusal(error: unknown): DomainError | undefined {
  if (isBatchGuardFailure(error))
    return new DomainError(409, "The entries changed while starting (a payment, a check-in or a leave): start again");
  // A concurrent start inserted the bracket first: the unique match positions refused ours.
  if (isUniqueViolation(error)) return new DomainError(409, "The tournament has already started");
  return undefined;
}

/**
 * Start: a random draw from the paid entries, the whole bracket in one batch.
 * With `dropAbsent` (decisions 013–015) the entries not checked in are taken out in the
 * same batch and their entry fees go back to their balances (the site fee
 * kept), each with its ledger row; the draw is of those checked in.
 */
export async function startTournament(
  db: Sender,
  {
    organiserId,
    tournament,
    dropAbsent = false,
    now = Date.now(),
  }: { organiserId: string; tournament: TournamentRef; dropAbsent?: boolean; now?: number },
) {
  const read = await db.send(startRead(tournament));
  const t = ownTournament(read.t, organiserId);
  const size = teamSize(t.matchType);
  const { present, absent } = dropAbsent ? checkedInSplit(read.entrants) : { present: read.entrants, absent: [] };
  if (dropAbsent && t.status === "open" && present.length < 2) throw new DomainError(409, floorMessages.tooFewHere);
  // In a team event the draw is of teams: a match slot holds the team's id (its captain's registration).
  const entrants = present.map((e) => ({ ...e, playerId: size > 1 ? e.registrationId : e.playerId }));
  checkStart(t, entrants.length);
  const short = present.find((e) => size > 1 && Number(e.members) !== size);
  if (short) throw new DomainError(409, teamShortMessage(short.teamName ?? "A team"));

  const draw = seedOrderFor(t.seeding, entrants);
  const newId = () => crypto.randomUUID();
  const bracket = generateFormat(t.tournamentType, draw, newId, now, formatOptions(t));
  // A handicapped event's matches with both players drawn get their races with the draw (decision 028).
  const ratings = new Map(entrants.map((e) => [e.playerId, e.rating ?? START_RATING]));
  const races = t.handicap === "race" && t.raceTo !== null ? racesToSet(t.raceTo, bracket, ratings) : [];
  const floor = queuesAfter(organiserId, t.autoAssign);

  // Starting ratings stand from here for those in the draw; a start set for one dropped goes (decision 031).
  const takeBack = startsWithoutEntry(t.id);
  const standing = build.all<{ n: number }>(
    sql`select count(*) as n from ${startingRatings} where ${startingRatings.tournamentId} = ${t.id}`,
  );
  const items: Item[] = [
    ...startEntriesStatements(t, { paid: read.entrants.length, size, now, dropAbsent, absent }),
    takeBack,
    standing,
    ...insertMatches(t.id, bracket, now, races),
    // The draw is kept: a tie at a group's cut goes to the better seed when the knockout is drawn.
    ...(t.tournamentType === "round_robin_tier" ? [drawStatement(t.id, draw, size > 1)] : []),
    // With automatic assignment on, the floor as the start leaves it: every free table gets a match at once.
    ...floor.items,
  ];
  const started = write(
    items,
    (raw) => {
      if (!(raw[1] as unknown[])[0]) throw new DomainError(409, "The tournament has already started");
      const takenBack = (raw[items.indexOf(takeBack)] as unknown[]).length;
      const stand = Number((raw[items.indexOf(standing)] as { n: number }[])[0]?.n ?? 0);
      return {
        // Any start taken back or now standing changes what the ratings are replayed from.
        startsChanged: takenBack + stand > 0,
        matches: bracket.length,
        players: draw.length,
        dropped: absent.length,
        teamEvent: size > 1,
        tournamentId: t.id,
        // For the e-mails to those dropped: what came back to them.
        droppedEntries: absent.filter((e) => !e.guest).map((e) => ({ email: e.email, name: e.name, cash: e.cash })),
        droppedAtBar: absent.filter((e) => e.cash).length,
        refundPence: leaveRefund(t, size).refundPence,
        tournament: { name: t.name, venue: t.venue, slug: t.slug },
        floors: floor.result(raw),
      };
    },
    startRefusal,
  );
  const { startsChanged, ...answer } = await db.write(started);
  await replayAfterStarts(db, startsChanged);
  return answer;
}

/**
 * The entries not checked in taken out at the start, each entry fee back to
 * the balance of whoever paid it (a team's captain), the site fee kept; a
 * refund is written only once its entry is gone (refundKey: once, whoever
 * gives it).
 */
function dropStatements(t: StartingTournament, absent: readonly Absent[]): Item[] {
  if (absent.length === 0) return [];
  const size = teamSize(t.matchType);
  const { refundPence } = leaveRefund(t, size);
  return [
    build
      .delete(tournamentPlayers)
      .where(
        and(
          eq(tournamentPlayers.tournamentId, t.id),
          eq(tournamentPlayers.paid, true),
          isNull(tournamentPlayers.checkedInAt),
        ),
      ),
    // The entry fees paid through Break & Run go back to the balance; cash is handed back at the bar.
    ...(refundPence > 0
      ? absent
          .filter((e) => !e.cash)
          .map((e) =>
            movementStatement(
              {
                userType: "player",
                userId: e.playerId,
                type: "refund",
                amountPence: refundPence,
                description: `Entry fee back — not checked in at ${t.name}, ${t.venue}`,
                tournamentId: t.id,
                idempotencyKey: refundKey(e.registrationId),
              },
              sql`not exists (select 1 from ${tournamentPlayers} where id = ${e.registrationId})`,
            ),
          )
      : []),
  ];
}
