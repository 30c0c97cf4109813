// The reserve list of a full tournament (decisions 013–015): joining it, and a freed place offered to the first
// reserve waiting, as a hold, in the same batch that frees it (so nobody else can take it between) or, for holds and
// offers that ran out, at the scheduled tidy-up.
import { sql } from "drizzle-orm";
import { build, query, write, type Item, type Sender } from "~/db/batch.server.ts";
import { players, reserves, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { checkInMessages, OFFER_MS } from "~/features/entries/domain/check-in.ts";
import { isTeamEvent } from "~/features/entries/domain/teams.ts";
import { joinRefusals, type MatchType, registrationState } from "~/domain/tournaments.ts";
import { ratingCapMessage } from "~/features/ratings/domain/handicap.ts";
import {
  livePlace,
  openForEntries,
  waitingReserve,
  waitingReserves,
  withinRatingCap,
} from "~/features/play/server/places.server.ts";
import {
  tournamentIdSql,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";
import { knownTournament } from "./check-in.server.ts";

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
  /** What taking the place costs: the e-mail says the price. */
  entryFeePence: number;
  siteFeePence: number;
  matchType: MatchType;
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
        t.slug as slug, r.offer_expires_at as expiresAt, t.entry_fee_pence as entryFeePence,
        t.site_fee_pence as siteFeePence, t.match_type as matchType
      from ${reserves} r join ${players} p on p.id = r.player_id join ${tournaments} t on t.id = r.tournament_id
      where r.tournament_id = ${tournamentId} and r.offer_batch = ${batch}`),
  ];
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
        const t = knownTournament((rows as Tournament[])[0]);
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
