// A place in a tournament, in SQL that rides in the batches that take one:
// what counts as taken (paid entries and live holds), the reserves waiting
// ahead, whether the tournament still takes entries, the hold itself, why a
// join is refused, a team's clashes with the other teams, and the ledger rows
// an entry writes. Used by joining and by the confirmation of a payment, which
// assert the same things.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { build } from "~/db/batch.server.ts";
import {
  playerRatings,
  players,
  reserves,
  startingRatings,
  teamMembers,
  teams,
  tournamentPlayers,
  tournaments,
} from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { checkRatingCap } from "~/features/ratings/domain/handicap.ts";
import { START_RATING } from "~/features/ratings/domain/ratings.ts";
import { HOLD_MS } from "~/features/entries/domain/holds.ts";
import type { PlaceLostFacts } from "~/features/entries/domain/payments.ts";
import { isTeamEvent, teamEntryTotalPence, teamMessages, teamSize } from "~/features/entries/domain/teams.ts";
import { joinRefusals, registrationState } from "~/domain/tournaments.ts";

type Tournament = typeof tournaments.$inferSelect;

/** A tournament's id, or SQL that finds it (tournament-ref.server.ts). */
export type TournamentKey = string | SQL;

/** SQL: a registration (`alias` of tournament_players) that holds or has a place (paid, or a live hold). */
export const livePlace = (alias: string, now: number) =>
  sql`(${sql.raw(alias)}.paid = 1 or ${sql.raw(alias)}.hold_expires_at > ${now})`;

/** SQL: places taken by others — paid entries and live holds. */
function placesTakenByOthers(tournamentId: TournamentKey, playerId: string, now: number) {
  return sql`(select count(*) from ${tournamentPlayers} tp
    where tp.tournament_id = ${tournamentId} and tp.player_id != ${playerId} and ${livePlace("tp", now)})`;
}

/** SQL: reserve `alias` (of reserves) is waiting for a place: not offered one yet, and holding none. */
export const waitingReserve = (alias: string, now: number) =>
  sql`(${sql.raw(alias)}.offered_at is null and not exists (select 1 from ${tournamentPlayers} rp
    where rp.tournament_id = ${sql.raw(alias)}.tournament_id and rp.player_id = ${sql.raw(alias)}.player_id
      and ${livePlace("rp", now)}))`;

/** SQL: reserves other than the player still waiting for a place (decisions 013–015): a freed place is theirs first. */
export function waitingReserves(tournamentId: TournamentKey, playerId: string | null, now: number) {
  return sql`(select count(*) from ${reserves} r where r.tournament_id = ${tournamentId}
    and r.player_id is not ${playerId} and ${waitingReserve("r", now)})`;
}

/**
 * SQL: there is a place for the player: places taken by others and the
 * reserves waiting ahead leave one, or the player already holds one (a hold,
 * or a reserve's offer).
 */
export function roomFor(tournamentId: TournamentKey, playerId: string, now: number) {
  return sql`(${placesTakenByOthers(tournamentId, playerId, now)} + ${waitingReserves(tournamentId, playerId, now)}
      < ${maxPlayersOf(tournamentId)}
    or exists (select 1 from ${tournamentPlayers} mine where mine.tournament_id = ${tournamentId}
      and mine.player_id = ${playerId} and mine.paid = 0 and mine.hold_expires_at > ${now}))`;
}

/** SQL: the tournament still takes entries. */
export function openForEntries(tournamentId: TournamentKey, now: number) {
  return sql`exists (select 1 from ${tournaments} t where t.id = ${tournamentId} and t.status = 'open'
    and (t.registration_deadline is null or t.registration_deadline > ${now}))`;
}

function maxPlayersOf(tournamentId: TournamentKey) {
  return sql`(select max_players from ${tournaments} where id = ${tournamentId})`;
}

/** What a refusal is explained from: the player's entry and the places others hold (read in the joining batch). */
export function refusalStatements(tournament: TournamentKey, playerId: string, now: number) {
  return [
    build
      .select({ paid: tournamentPlayers.paid })
      .from(tournamentPlayers)
      .where(and(sql`${tournamentPlayers.tournamentId} = ${tournament}`, eq(tournamentPlayers.playerId, playerId))),
    build.all<{ n: number; rating: number | null }>(
      sql`select ${placesTakenByOthers(tournament, playerId, now)}
        + ${waitingReserves(tournament, playerId, now)} as n, ${ratingForCaps(tournament, playerId)} as rating`,
    ),
  ] as const;
}

/**
 * SQL: the player's rating as a tournament's cap reads it (none: a new player's), decision 031. Other directors'
 * starting ratings count once they stand (their tournament started with the player in it), so a start that can
 * still be taken back keeps nobody out; the rating as shown when the tournament's own director has a start of theirs
 * not yet standing (their judgement, in their own events, as their walk-ins are). Before the first replay that
 * writes the cap's rating, the rating as shown.
 */
const ratingForCaps = (tournament: TournamentKey, playerId: string) =>
  sql`(select case when exists (select 1 from ${startingRatings} sr join ${tournaments} st on st.id = sr.tournament_id
      where sr.player_id = ${playerId} and st.started_at is null
        and sr.organiser_id = (select t.organiser_id from ${tournaments} t where t.id = ${tournament}))
    then ${playerRatings.rating} else coalesce(${playerRatings.capRating}, ${playerRatings.rating}) end
    from ${playerRatings} where ${playerRatings.playerId} = ${playerId})`;

/**
 * SQL: the player is rated within the tournament's cap, if it has one (decision 027): their rating as the cap reads it
 * (`ratingForCaps`; whole points; a new player's is the start) at most the cap.
 */
export function withinRatingCap(tournament: TournamentKey, playerId: string) {
  const cap = sql`(select max_rating from ${tournaments} where id = ${tournament})`;
  return sql`(${cap} is null or round(coalesce(${ratingForCaps(tournament, playerId)}, ${START_RATING})) <= ${cap})`;
}

/** Why a join was refused, in words a player understands. */
export function refusal(
  t: Tournament,
  entry: { paid: boolean } | undefined,
  count: { n: number; rating?: number | null } | undefined,
  now: number,
  kind: EntryKind = "single",
): DomainError {
  if (kind === "single" && isTeamEvent(t.matchType)) {
    return new DomainError(400, teamMessages.nameRequired, { code: TEAM_EVENT });
  }
  if (kind === "team" && !isTeamEvent(t.matchType)) return new DomainError(400, NOT_A_TEAM_EVENT);
  if (entry?.paid !== true && t.status === "open") {
    try {
      checkRatingCap(t.maxRating, count?.rating);
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
  }
  const state = registrationState({
    status: t.status,
    registrationDeadline: t.registrationDeadline,
    playerCount: Number(count?.n ?? 0),
    maxPlayers: t.maxPlayers,
    registered: entry?.paid === true,
    now,
  });
  return new DomainError(409, joinRefusals[state], { code: state });
}

/** The code of a plain join refused because the tournament is for teams. */
export const TEAM_EVENT = "team-event";

export const NOT_A_TEAM_EVENT = "This tournament is for single players, not teams";
export const NAME_YOUR_TEAM = "Name your team on the tournament page first";
/** A single player's entry, or a team's (its captain's registration). */
export type EntryKind = "single" | "team";

/** SQL: the tournament takes this kind of entry: a team event only teams, singles only players. */
function takesEntriesOf(tournament: TournamentKey, kind: EntryKind) {
  return sql`((select match_type from ${tournaments} where id = ${tournament}) = '1v1') = ${kind === "single" ? 1 : 0}`;
}

/**
 * Takes (or renews) the player's hold on a place, in one guarded statement:
 * paid entries plus live holds never exceed maxPlayers, even when several
 * players go for the last place at once.
 */
export function holdStatement(tournament: TournamentKey, playerId: string, now: number, kind: EntryKind = "single") {
  const id = crypto.randomUUID();
  const expires = now + HOLD_MS;
  return build.all<{ id: string; paid: number; payment_intent_id: string | null; hold_expires_at: number }>(sql`
    insert into ${tournamentPlayers} (id, tournament_id, player_id, paid, hold_expires_at, joined_at)
    select ${id}, ${tournament}, ${playerId}, 0, ${expires}, ${now}
    where ${openForEntries(tournament, now)} and ${takesEntriesOf(tournament, kind)}
      and ${roomFor(tournament, playerId, now)} and ${withinRatingCap(tournament, playerId)}
    on conflict (tournament_id, player_id) do update
      set hold_expires_at = case when tournament_players.hold_expires_at > ${now}
            then tournament_players.hold_expires_at else excluded.hold_expires_at end,
          payment_intent_id = case when tournament_players.hold_expires_at > ${now}
            then tournament_players.payment_intent_id else null end
      where tournament_players.paid = 0
    returning id, paid, payment_intent_id, hold_expires_at`);
}

export function entryMovements(t: Tournament, playerId: string, key: string, withDeposit: boolean) {
  const size = teamSize(t.matchType);
  const label = `${t.name}, ${t.venue}${size > 1 ? ` (a team of ${size})` : ""}`;
  return [
    ...(withDeposit
      ? [
          {
            type: "deposit" as const,
            amountPence: teamEntryTotalPence(t),
            description: `Card payment — ${label}`,
            suffix: "deposit",
          },
        ]
      : []),
    {
      type: "entry_fee" as const,
      amountPence: -t.entryFeePence * size,
      description: `Entry fee — ${label}`,
      suffix: "entry_fee",
    },
    {
      type: "site_fee" as const,
      amountPence: -t.siteFeePence * size,
      description: `Site fee — ${label}`,
      suffix: "site_fee",
    },
  ]
    .filter((m) => m.amountPence !== 0)
    .map((m) => ({
      userType: "player" as const,
      userId: playerId,
      type: m.type,
      amountPence: m.amountPence,
      description: m.description,
      tournamentId: t.id,
      idempotencyKey: `${key}:${m.suffix}`,
    }));
}

/** A registration's id, or SQL naming it (the row a statement is updating). */
export type RegistrationKey = string | SQL;
const registrationSql = (registration: RegistrationKey) =>
  typeof registration === "string" ? sql`${registration}` : registration;

/** SQL: the first member of the team entered by `registration` who is in another live team (their name), or null. */
function memberTakenSql(registration: RegistrationKey, now: number) {
  return sql`(select p.name from ${teamMembers} mine
    join ${teamMembers} theirs on theirs.tournament_id = mine.tournament_id and theirs.player_id = mine.player_id
      and theirs.team_id != mine.team_id
    join ${tournamentPlayers} tp on tp.id = theirs.team_id
    join ${players} p on p.id = mine.player_id
    where mine.team_id = ${registrationSql(registration)} and ${livePlace("tp", now)} limit 1)`;
}

/**
 * SQL: another live team's name equal to the name of the team entered by `registration` (by their keys: composed,
 * case ignored), or null.
 */
function teamNameTakenSql(registration: RegistrationKey, now: number) {
  return sql`(select theirs.name from ${teams} mine
    join ${teams} theirs on theirs.tournament_id = mine.tournament_id and theirs.id != mine.id
      and theirs.name_key = mine.name_key
    join ${tournamentPlayers} tp on tp.id = theirs.id
    where mine.id = ${registrationSql(registration)} and ${livePlace("tp", now)} limit 1)`;
}

/**
 * SQL: what a join asserted about a team, asserted again as its hold becomes
 * an entry (by card, webhook or balance) — a hold that lapsed may have seen a
 * teammate or its name taken meanwhile: the team is named, none of its
 * members is in another live team, no other live team has its name. (The
 * place itself is `roomFor`'s.) Always true for a single player's entry.
 */
export function teamStillStands(t: Pick<Tournament, "matchType">, registration: RegistrationKey, now: number) {
  if (!isTeamEvent(t.matchType)) return sql`1`;
  return sql`(exists (select 1 from ${teams} where id = ${registrationSql(registration)})
    and ${memberTakenSql(registration, now)} is null and ${teamNameTakenSql(registration, now)} is null)`;
}

/** What a payment charged for an entry: the tournament's fees and match type as the payer's read found them. */
export type Price = Pick<Tournament, "id" | "entryFeePence" | "siteFeePence" | "matchType">;

/**
 * SQL: the tournament still charges what `price` says. A payment's batch asserts it, so a director's edit of the
 * fees or the match type landing between the payer's read and the payment's write refuses the payment (the edit
 * itself is refused once anybody has paid or is paying: tournament-edit.server.ts).
 */
export function priceUnchanged(price: Price) {
  return sql`exists (select 1 from ${tournaments} pt where pt.id = ${price.id}
    and pt.entry_fee_pence = ${price.entryFeePence} and pt.site_fee_pence = ${price.siteFeePence}
    and pt.match_type = ${price.matchType})`;
}

/** What `placeLostStatement` answers. */
export type PlaceLostRow = {
  memberTaken: string | null;
  nameTaken: string | null;
  status: string | null;
  paidBy: string | null;
  priceChanged: number;
};

/** Why a paid-for hold did not become an entry, read in the batch that tried. */
export function placeLostStatement(registration: RegistrationKey, price: Price, now: number) {
  return build.all<PlaceLostRow>(sql`select
    ${memberTakenSql(registration, now)} as memberTaken,
    ${teamNameTakenSql(registration, now)} as nameTaken,
    (select status from ${tournaments} where id = ${price.id}) as status,
    (select paid_by from ${tournamentPlayers} where id = ${registrationSql(registration)} and paid = 1) as paidBy,
    not ${priceUnchanged(price)} as priceChanged`);
}

/** The facts as the domain reads them (SQLite answers booleans as numbers). */
export const placeLostFacts = (row: PlaceLostRow | undefined): PlaceLostFacts =>
  row
    ? { ...row, paidBy: row.paidBy, priceChanged: Number(row.priceChanged) === 1 }
    : { memberTaken: null, nameTaken: null, status: null };
