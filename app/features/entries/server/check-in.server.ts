// Before the break-off (decisions 013–015): checking in, leaving with the entry fee
// back, and the reserve list. Every change is one guarded batch: a refund and
// its ledger row go together, and a freed place is offered to the first
// reserve in the same batch that frees it, so nobody else can take it between.
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { build, first, query, reads, write, type Item, type Read, type Sender } from "~/db/batch.server.ts";
import { players, reserves, teamMembers, teams, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { cashEntryMessages } from "~/features/entries/domain/cash-entry.ts";
import { checkInMessages, leaveRefund, OFFER_MS, refundKey, type Reserve } from "~/features/entries/domain/check-in.ts";
import { isTeamEvent, teamSize } from "~/features/entries/domain/teams.ts";
import { joinRefusals, registrationState } from "~/domain/tournaments.ts";
import { ratingCapMessage } from "~/features/ratings/domain/handicap.ts";
import { movementStatement } from "~/features/money/server/ledger.server.ts";
import {
  livePlace,
  openForEntries,
  waitingReserve,
  waitingReserves,
  withinRatingCap,
} from "~/features/play/server/places.server.ts";
import { replayAfterStarts, startsWithoutEntry } from "~/features/ratings/server/starting-ratings.server.ts";
import {
  inTournament,
  tournamentIdSql,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";

type Tournament = typeof tournaments.$inferSelect;

/** A reserve just offered a place, with what the e-mail says. */
export type Offered = {
  tournamentId: string;
  organiserId: string;
  email: string;
  name: string;
  tournament: string;
  venue: string;
  slug: string;
  expiresAt: number;
};

/** SQL: places taken in the tournament (paid entries and live holds). */
const placesTaken = (tournamentId: string, now: number) =>
  sql`(select count(*) from ${tournamentPlayers} tp
    where tp.tournament_id = ${tournamentId} and ${livePlace("tp", now)})`;

/**
 * Offers the free places of an open tournament to the reserves waiting, first
 * come first offered (by ticket: the order a joining reserve is told its
 * position from): each gets a hold on the place (an ordinary hold, so the
 * tournament reads as full to everyone else) until the offer runs out. Three
 * statements for a batch; the third reads who was offered, for the e-mails.
 */
export function offerStatements(tournamentId: string, now: number): [Item, Item, Item] {
  const expires = now + OFFER_MS;
  // Two batches may run in the same millisecond (a Worker's clock stands still between I/O): each finds its own offers.
  const batch = crypto.randomUUID();
  return [
    build.run(sql`update ${reserves} set offered_at = ${now}, offer_expires_at = ${expires}, offer_batch = ${batch}
      where id in (select id from (
        select r.id, row_number() over (order by r.ticket) as n from ${reserves} r
        where r.tournament_id = ${tournamentId} and ${waitingReserve("r", now)})
        where n <= (select t.max_players - ${placesTaken(tournamentId, now)} from ${tournaments} t
          where t.id = ${tournamentId} and ${openForEntries(tournamentId, now)}))`),
    build.run(sql`insert into ${tournamentPlayers} (id, tournament_id, player_id, paid, hold_expires_at, joined_at)
      select r.id, r.tournament_id, r.player_id, 0, r.offer_expires_at, ${now} from ${reserves} r
      where r.tournament_id = ${tournamentId} and r.offer_batch = ${batch}
      on conflict (tournament_id, player_id) do update
        set hold_expires_at = excluded.hold_expires_at, payment_intent_id = null
        where tournament_players.paid = 0`),
    build.all<Offered>(sql`select t.id as tournamentId, t.organiser_id as organiserId, p.email as email,
        p.name as name, t.name as tournament, t.venue as venue,
        t.slug as slug, r.offer_expires_at as expiresAt
      from ${reserves} r join ${players} p on p.id = r.player_id join ${tournaments} t on t.id = r.tournament_id
      where r.tournament_id = ${tournamentId} and r.offer_batch = ${batch}`),
  ];
}

/** SQL: the player's registration in the tournament: their own, or the team they play for. */
const entryOf = (tournamentId: SQL | string, playerId: string) =>
  sql`(${tournamentPlayers.playerId} = ${playerId} or ${tournamentPlayers.id} in
    (select tm.team_id from ${teamMembers} tm
      where tm.tournament_id = ${tournamentId} and tm.player_id = ${playerId}))`;

/** The tournament (404 when there is none): every action here reads it first. */
function known(t: Tournament | null | undefined): Tournament {
  if (!t) throw new DomainError(404, checkInMessages.notFound);
  return t;
}

/** "I'm here": the player (or, in a team event, any member for the team) checks in before the start. One batch. */
export async function checkIn(
  db: Sender,
  { playerId, tournament, now = Date.now() }: { playerId: string; tournament: TournamentRef; now?: number },
) {
  const key = tournamentIdSql(tournament);
  return db.write(
    write(
      [
        build
          .update(tournamentPlayers)
          .set({ checkedInAt: sql`coalesce(${tournamentPlayers.checkedInAt}, ${now})` })
          .where(
            and(
              sql`${tournamentPlayers.tournamentId} = ${key}`,
              eq(tournamentPlayers.paid, true),
              entryOf(key, playerId),
              sql`exists (select 1 from ${tournaments} where id = ${key} and status = 'open')`,
            ),
          )
          .returning({ checkedInAt: tournamentPlayers.checkedInAt }),
        tournamentRow(tournament),
      ],
      ([rows, found]) => {
        const t = known((found as Tournament[])[0]);
        const row = (rows as { checkedInAt: number }[])[0];
        if (row) {
          return {
            checkedIn: true as const,
            checkedInAt: new Date(row.checkedInAt).toISOString(),
            organiserId: t.organiserId,
            tournamentId: t.id,
          };
        }
        if (t.status !== "open") throw new DomainError(409, checkInMessages.checkInStarted);
        throw new DomainError(403, checkInMessages.notEntered);
      },
    ),
  );
}

/** The player's footing in one tournament: their entry (or team's), whether they captain it, their reserve row. */
function footingRead(tournament: TournamentRef, playerId: string, now: number) {
  const key = tournamentIdSql(tournament);
  return reads({
    t: first(tournamentRow(tournament)),
    entry: first(
      build
        .select({
          id: tournamentPlayers.id,
          playerId: tournamentPlayers.playerId,
          paid: tournamentPlayers.paid,
          holdExpiresAt: tournamentPlayers.holdExpiresAt,
          paidBy: tournamentPlayers.paidBy,
        })
        .from(tournamentPlayers)
        .where(
          and(
            sql`${tournamentPlayers.tournamentId} = ${key}`,
            entryOf(key, playerId),
            livePlace("tournament_players", now),
          ),
        )
        .orderBy(sql`${tournamentPlayers.playerId} != ${playerId}`)
        .limit(1),
    ),
    reserve: first(
      build
        .select({ id: reserves.id })
        .from(reserves)
        .where(and(sql`${reserves.tournamentId} = ${key}`, eq(reserves.playerId, playerId)))
        .limit(1),
    ),
  });
}

export type LeaveResult = {
  /** A paid entry, a place on the reserve list, or a place held while paying. */
  left: "entry" | "reserve-list" | "hold";
  refundPence: number;
  /** The reserves offered the freed place, for the e-mails. */
  offered: Offered[];
  tournamentId: string;
  organiserId: string;
};

/**
 * Leaving before the start. A paid entry (a team's, by its captain) is taken
 * out and its entry fee goes back to the balance, the site fee kept: one batch
 * with the ledger row, guarded on the tournament being open, and the refund
 * written only when this batch took the entry out (a double leave, or a start
 * at the same moment, refunds at most once). A reserve or a player still
 * paying gives their place up. A freed place is offered to the first reserve.
 */
export async function leaveTournament(
  db: Sender,
  { playerId, tournament, now = Date.now() }: { playerId: string; tournament: TournamentRef; now?: number },
): Promise<LeaveResult> {
  const read = await db.send(footingRead(tournament, playerId, now));
  const t = known(read.t);
  const { entry, reserve } = read;
  if (!entry && !reserve) throw new DomainError(403, checkInMessages.notEntered);
  if (t.status !== "open") throw new DomainError(409, checkInMessages.leaveStarted);
  if (entry && entry.playerId !== playerId) throw new DomainError(403, checkInMessages.captainLeaves);
  // Paid at the bar: the cash is in the director's hand, and only they can give it back (DESIGN §10).
  if (entry?.paid && entry.paidBy === "cash") throw new DomainError(409, cashEntryMessages.leaveCash);
  const stillOpen = sql`exists (select 1 from ${tournaments} where id = ${t.id} and status = 'open')`;
  const offers = offerStatements(t.id, now);
  const ids = { tournamentId: t.id, organiserId: t.organiserId };

  if (entry?.paid) {
    const size = teamSize(t.matchType);
    const { refundPence } = leaveRefund(t, size);
    const label = `${t.name}, ${t.venue}${size > 1 ? ` (a team of ${size})` : ""}`;
    const gone = sql`not exists (select 1 from ${tournamentPlayers} where id = ${entry.id})`;
    const left = await db.write(
      write(
        [
          build
            .delete(tournamentPlayers)
            .where(and(eq(tournamentPlayers.id, entry.id), eq(tournamentPlayers.paid, true), stillOpen))
            .returning({ id: tournamentPlayers.id }),
          build.all<{ open: number }>(sql`select ${stillOpen} as open`),
          // A starting rating set for them in this tournament goes with the entry (decision 031).
          startsWithoutEntry(t.id, playerId),
          ...(refundPence > 0
            ? [
                movementStatement(
                  {
                    userType: "player",
                    userId: playerId,
                    type: "refund",
                    amountPence: refundPence,
                    description: `Entry fee back — left ${label}`,
                    tournamentId: t.id,
                    idempotencyKey: refundKey(entry.id),
                  },
                  gone,
                ),
              ]
            : []),
          build.delete(reserves).where(and(eq(reserves.tournamentId, t.id), eq(reserves.playerId, playerId))),
          ...offers,
        ],
        ([deleted, open, starts, ...rest]) => {
          if (!(deleted as unknown[])[0]) {
            // Not taken out by this batch: the tournament started meanwhile, or a leave a moment before did it.
            const started = !Number((open as { open: number }[])[0]?.open);
            throw new DomainError(409, started ? checkInMessages.leaveStarted : checkInMessages.alreadyLeft);
          }
          const result = { left: "entry" as const, refundPence, offered: rest.at(-1) as Offered[], ...ids };
          return { result, takenBack: (starts as unknown[]).length > 0 };
        },
      ),
    );
    await replayAfterStarts(db, left.takenBack);
    return left.result;
  }

  // Nothing paid: off the reserve list, and any place held for them (an offer, a payment under way) given up.
  return db.write(
    write(
      [
        build.delete(reserves).where(and(eq(reserves.tournamentId, t.id), eq(reserves.playerId, playerId))),
        build
          .delete(tournamentPlayers)
          .where(
            and(
              eq(tournamentPlayers.tournamentId, t.id),
              eq(tournamentPlayers.playerId, playerId),
              eq(tournamentPlayers.paid, false),
              stillOpen,
            ),
          ),
        ...offers,
      ],
      (raw) => ({
        left: reserve ? ("reserve-list" as const) : ("hold" as const),
        refundPence: 0,
        offered: raw.at(-1) as Offered[],
        ...ids,
      }),
    ),
  );
}

/**
 * A full tournament's reserve list (decisions 013–015): nothing is charged. One
 * guarded statement: the tournament still open and full (places taken and
 * reserves waiting), the player not in it; a player whose earlier offer
 * ran out goes to the back. The player's ticket is drawn in that statement
 * (one more than the list's highest: the batch holds the write lock, so two
 * joins never draw the same one), and their position is read in the same
 * batch from the tickets of those waiting: the place offers will give them.
 */
export async function joinReserve(
  db: Sender,
  { playerId, tournament, now = Date.now() }: { playerId: string; tournament: TournamentRef; now?: number },
): Promise<{ reserve: true; position: number; tournamentId: string; organiserId: string }> {
  const key = tournamentIdSql(tournament);
  const mine = sql`exists (select 1 from ${tournamentPlayers} tp where tp.tournament_id = ${key}
    and tp.player_id = ${playerId} and ${livePlace("tp", now)})`;
  const full = sql`(select count(*) from ${tournamentPlayers} tp where tp.tournament_id = ${key}
      and ${livePlace("tp", now)}) + ${waitingReserves(key, playerId, now)}
    >= (select max_players from ${tournaments} where id = ${key})`;
  return db.write(
    write(
      [
        build.run(sql`insert into ${reserves} (id, tournament_id, player_id, joined_at, ticket)
          select ${crypto.randomUUID()}, ${key}, ${playerId}, ${now},
            (select coalesce(max(ticket), 0) + 1 from ${reserves} where tournament_id = ${key})
          where ${openForEntries(key, now)} and not ${mine} and ${full}
            and (select match_type from ${tournaments} where id = ${key}) = '1v1'
            and ${withinRatingCap(key, playerId)}
          on conflict (tournament_id, player_id) do update
            set id = excluded.id, joined_at = excluded.joined_at, ticket = excluded.ticket, offered_at = null,
              offer_expires_at = null, offer_batch = null
            where reserves.offered_at is not null`),
        build.all<{ position: number }>(sql`select (select count(*) from ${reserves} ahead
            where ahead.tournament_id = r.tournament_id and ahead.ticket <= r.ticket
              and ${waitingReserve("ahead", now)}) as position
          from ${reserves} r
          where r.tournament_id = ${key} and r.player_id = ${playerId} and ${waitingReserve("r", now)}`),
        tournamentRow(tournament),
        build.all<{ mine: number; full: number; within: number }>(
          sql`select ${mine} as mine, ${full} as full, ${withinRatingCap(key, playerId)} as within`,
        ),
      ],
      ([, positions, rows, state]) => {
        const t = known((rows as Tournament[])[0]);
        const position = (positions as { position: number }[])[0]?.position;
        if (position !== undefined) {
          return { reserve: true as const, position: Number(position), tournamentId: t.id, organiserId: t.organiserId };
        }
        if (isTeamEvent(t.matchType)) throw new DomainError(400, checkInMessages.reserveTeams);
        const s = (state as { mine: number; full: number; within: number }[])[0];
        if (Number(s?.mine)) throw new DomainError(409, checkInMessages.alreadyIn);
        if (t.maxRating !== null && !Number(s?.within)) throw new DomainError(403, ratingCapMessage(t.maxRating));
        const why = registrationState({ ...t, playerCount: 0, registered: false, now });
        if (why !== "open") throw new DomainError(409, joinRefusals[why]);
        throw new DomainError(409, checkInMessages.placeFree);
      },
    ),
  );
}

/**
 * The scheduled tidy-up's part: places freed by holds and offers that ran out
 * go to the next reserves waiting, tournament by tournament. Answers who was
 * offered, for the e-mails and the tournaments' pages.
 */
export async function offerFreedPlaces(db: Sender, now = Date.now()): Promise<Offered[]> {
  const open = await db.send(
    query(
      build.all<{ id: string }>(sql`select distinct r.tournament_id as id from ${reserves} r
        join ${tournaments} t on t.id = r.tournament_id
        where r.offered_at is null and t.status = 'open' limit 200`),
    ),
  );
  const offered: Offered[] = [];
  for (const { id } of open) {
    offered.push(...(await db.write(write(offerStatements(id, now), (raw) => raw[2] as Offered[]))));
  }
  return offered;
}

/** A reserve list row as the director sees it. */
export type ReserveRow = Reserve & { name: string };

/** The director's view of check-in: every paid entry with its check-in, and the reserve list. */
export function checkInQuery(tournament: TournamentRef): Read<{
  entries: { registrationId: string; name: string; checkedInAt: number | null; withdrawnAt: number | null }[];
  reserves: ReserveRow[];
}> {
  return reads({
    entries: query(
      build
        .select({
          registrationId: tournamentPlayers.id,
          name: sql<string>`coalesce((select te.name from ${teams} te where te.id = ${tournamentPlayers.id}),
            ${players.name})`,
          checkedInAt: tournamentPlayers.checkedInAt,
          withdrawnAt: tournamentPlayers.withdrawnAt,
        })
        .from(tournamentPlayers)
        .innerJoin(players, eq(players.id, tournamentPlayers.playerId))
        .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true)))
        .orderBy(asc(tournamentPlayers.paidAt), asc(tournamentPlayers.joinedAt)),
    ),
    reserves: reservesQuery(inTournament(reserves.tournamentId, tournament)),
  });
}

function reservesQuery(where: SQL): Read<ReserveRow[]> {
  return query(
    build
      .select({
        id: reserves.id,
        playerId: reserves.playerId,
        joinedAt: reserves.joinedAt,
        ticket: reserves.ticket,
        offeredAt: reserves.offeredAt,
        offerExpiresAt: reserves.offerExpiresAt,
        name: players.name,
      })
      .from(reserves)
      .innerJoin(players, eq(players.id, reserves.playerId))
      .where(
        and(
          where,
          // Once they paid, a reserve is an entry like any other.
          sql`not exists (select 1 from ${tournamentPlayers} tp where tp.tournament_id = ${reserves.tournamentId}
            and tp.player_id = ${reserves.playerId} and tp.paid = 1)`,
        ),
      )
      .orderBy(asc(reserves.ticket)),
  );
}

/** The player's own footing on the page: their check-in and where they are on the reserve list. */
export function myCheckInQuery(tournament: TournamentRef, playerId: string) {
  const key = tournamentIdSql(tournament);
  return reads({
    checkedInAt: query(
      build
        .select({ at: tournamentPlayers.checkedInAt })
        .from(tournamentPlayers)
        .where(
          and(
            sql`${tournamentPlayers.tournamentId} = ${key}`,
            eq(tournamentPlayers.paid, true),
            entryOf(key, playerId),
          ),
        )
        .limit(1),
      ([row]) => row?.at ?? null,
    ),
    reserves: reservesQuery(sql`${reserves.tournamentId} = ${key}`),
  });
}
