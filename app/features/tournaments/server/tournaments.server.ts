// Tournaments: create, read for every screen, archive and restore. The
// pages and the JSON API call these.
import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { build, first, mapRead, outer, query, reads, write, type Read, type Sender } from "~/db/batch.server.ts";
import { waitingReserves as waitingReservesOf } from "~/features/play/server/places.server.ts";
import { tournamentRow } from "./tournament-ref.server.ts";
import { alias } from "drizzle-orm/sqlite-core";
import {
  matches,
  organisers,
  players,
  series,
  teamMembers,
  teams,
  tournamentPlayers,
  tournaments,
} from "~/db/schema.ts";
import { DomainError, tournamentNotFound } from "~/domain/errors.ts";
import { penceToDecimal } from "~/domain/pence.ts";
import type { PaidBy } from "~/features/entries/domain/payments.ts";
import { isTeamEvent } from "~/features/entries/domain/teams.ts";
import { makeSlug, statusChangeError, type TournamentStatus } from "~/domain/tournaments.ts";
import type { CreateTournamentInput } from "~/features/tournaments/domain/tournament-schema.ts";

export type TournamentRow = typeof tournaments.$inferSelect;

/** A tournament with what every list shows beside it. */
export type TournamentSummary = TournamentRow & {
  tdName: string;
  organisationName: string;
  /** Paid entries. */
  playerCount: number;
  /** Places held unpaid while their players pay (DESIGN §4). */
  holds: number;
  /** Paid entries plus live holds (and reserves waiting for a freed place): what "Full" is judged on. */
  placesTaken: number;
  /** Players on the reserve list not yet offered a place (decisions 013–015). */
  reservesWaiting: number;
};

/** A player entered, with their entry (a team's in a team event) and how it was paid. */
export type EntrantView = { id: string; name: string; entryId: string; paidBy: PaidBy };

export type TeamView = {
  id: string;
  name: string;
  captainId: string;
  paidBy: PaidBy;
  members: { id: string; name: string }[];
};

export type TournamentDetail = TournamentSummary & { players: EntrantView[]; teams: TeamView[] };

/** A tournament's paid teams with their members (the captain first), in the order they were paid. */
function teamsQuery(tournamentId: SQL): Read<TeamView[]> {
  return query(
    build.all<{
      id: string;
      name: string;
      captainId: string;
      paidBy: PaidBy;
      memberId: string;
      memberName: string;
    }>(sql`
      select te.id as id, te.name as name, te.captain_id as captainId, coalesce(tp.paid_by, 'card') as paidBy,
        p.id as memberId, p.name as memberName
      from ${teams} te
      join ${tournamentPlayers} tp on tp.id = te.id and tp.paid = 1
      join ${teamMembers} tm on tm.team_id = te.id
      join ${players} p on p.id = tm.player_id
      where te.tournament_id = ${tournamentId}
      order by tp.paid_at, tp.joined_at, te.id, tm.slot`),
    (rows) => {
      const byId = new Map<string, TeamView>();
      for (const row of rows) {
        const { id, name, captainId, paidBy } = row;
        const team = byId.get(row.id) ?? { id, name, captainId, paidBy, members: [] };
        team.members.push({ id: row.memberId, name: row.memberName });
        byId.set(row.id, team);
      }
      return [...byId.values()];
    },
  );
}

const SLUG_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A slug's random part (tournaments, series). */
export function randomSlugPart(length = 6): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => SLUG_ALPHABET[b % SLUG_ALPHABET.length]).join("");
}

export async function createTournament(
  db: Sender,
  organiserId: string,
  input: CreateTournamentInput,
  /** The floor's settings, when copied from another tournament ("Run again"); else the director's last choice. */
  floor?: { autoAssign: boolean; noShowMinutes: number },
): Promise<TournamentRow> {
  // A slug collision is astronomically rare; retry a couple of times anyway.
  for (let attempt = 0; attempt < 3; attempt++) {
    const insert = build
      .insert(tournaments)
      .values({
        ...input,
        organiserId,
        slug: makeSlug(input.name, randomSlugPart()),
        status: "open",
        // "Assign tables automatically" starts as the director last chose it (decisions 013–015).
        autoAssign:
          floor?.autoAssign ??
          sql`(select ${organisers.autoAssignDefault} from ${organisers} where ${organisers.id} = ${organiserId})`,
        ...(floor ? { noShowMinutes: floor.noShowMinutes } : {}),
        // Only the director's own series (the API says 404 or 403 first; this holds for every other path).
        seriesId:
          input.seriesId === null
            ? null
            : sql`(select ${series.id} from ${series}
                where ${series.id} = ${input.seriesId} and ${series.organiserId} = ${organiserId})`,
      })
      .onConflictDoNothing({ target: tournaments.slug })
      .returning();
    const row = await db.write(write([insert], ([rows]) => (rows as TournamentRow[])[0]));
    if (row) return row;
  }
  throw new DomainError(503, "Could not create the tournament, please try again");
}

// Paid entries, counted in the same statement as the tournament.
export const playerCount = sql<number>`(select count(*) from ${tournamentPlayers}
  where ${tournamentPlayers.tournamentId} = ${outer(tournaments.id)} and ${tournamentPlayers.paid} = 1)`.mapWith(
  Number,
);

// Live holds: places kept for players who are paying (DESIGN §4); they count
// as taken when deciding whether a tournament is full.
const liveHolds = (now: number) =>
  sql<number>`(select count(*) from ${tournamentPlayers}
    where ${tournamentPlayers.tournamentId} = ${outer(tournaments.id)} and ${tournamentPlayers.paid} = 0
    and ${tournamentPlayers.holdExpiresAt} > ${now})`.mapWith(Number);

// Reserves waiting for a place (decisions 013–015): a freed place is theirs first, so it stays taken for everyone else.
const waitingReserves = (now: number) =>
  sql<number>`${waitingReservesOf(outer(tournaments.id), null, now)}`.mapWith(Number);

/** SQL: the format's last match has a result (every match is decided: a knockout's final, a league's last). */
const finalPlayed = (tournamentId: SQL | string) =>
  sql<boolean>`(exists (select 1 from ${matches} m where m.tournament_id = ${tournamentId})
    and not exists (select 1 from ${matches} m
      where m.tournament_id = ${tournamentId} and m.status != 'completed'))`.mapWith(Boolean);

const summaryColumns = (now = Date.now()) => ({
  tournament: tournaments,
  tdName: organisers.name,
  organisationName: organisers.organisationName,
  playerCount,
  liveHolds: liveHolds(now),
  waitingReserves: waitingReserves(now),
});

type SummaryRow = {
  tournament: TournamentRow;
  tdName: string;
  organisationName: string;
  playerCount: number;
  liveHolds: number;
  waitingReserves: number;
};
const toSummary = (row: SummaryRow): TournamentSummary => ({
  ...row.tournament,
  tdName: row.tdName,
  organisationName: row.organisationName,
  playerCount: row.playerCount,
  holds: row.liveHolds,
  placesTaken: row.playerCount + row.liveHolds + row.waitingReserves,
  reservesWaiting: row.waitingReserves,
});

export function tournamentBySlugQuery(slug: string, now = Date.now()): Read<TournamentDetail | null> {
  return mapRead(
    reads({
      row: first(
        build
          .select(summaryColumns(now))
          .from(tournaments)
          .innerJoin(organisers, eq(organisers.id, tournaments.organiserId))
          .where(eq(tournaments.slug, slug))
          .limit(1),
      ),
      entrants: query(
        build
          .select({
            id: players.id,
            name: players.name,
            entryId: tournamentPlayers.id,
            paidBy: sql<PaidBy>`coalesce(${tournamentPlayers.paidBy}, 'card')`,
          })
          .from(tournamentPlayers)
          .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
          .innerJoin(players, eq(players.id, tournamentPlayers.playerId))
          .where(and(eq(tournaments.slug, slug), eq(tournamentPlayers.paid, true)))
          .orderBy(asc(tournamentPlayers.paidAt), asc(tournamentPlayers.joinedAt)),
      ),
      teams: teamsQuery(sql`(select ${tournaments.id} from ${tournaments} where ${tournaments.slug} = ${slug})`),
    }),
    // In a team event the players are the teams' members.
    ({ row, entrants, teams }) =>
      row
        ? {
            ...toSummary(row),
            players:
              teams.length > 0
                ? teams.flatMap((team) => team.members.map((m) => ({ ...m, entryId: team.id, paidBy: team.paidBy })))
                : entrants,
            teams,
          }
        : null,
  );
}

/**
 * The venue a new tournament starts with: where the director's latest one was,
 * else the main operating venue they gave when signing up.
 */
export function defaultVenueQuery(organiserId: string): Read<string> {
  return query(
    build.all<{ venue: string | null }>(sql`select coalesce(
      (select ${tournaments.venue} from ${tournaments} where ${tournaments.organiserId} = ${organiserId}
        order by ${tournaments.createdAt} desc limit 1),
      (select ${organisers.venue} from ${organisers} where ${organisers.id} = ${organiserId})) as venue`),
    ([row]) => row?.venue ?? "",
  );
}

export const tournamentByIdQuery = (id: string): Read<TournamentRow | null> => first(tournamentRow({ id }));

const openTournaments = (now: number) =>
  build
    .select(summaryColumns(now))
    .from(tournaments)
    .innerJoin(organisers, eq(organisers.id, tournaments.organiserId))
    .where(eq(tournaments.status, "open"))
    .orderBy(asc(tournaments.date), asc(tournaments.time), asc(tournaments.createdAt))
    .limit(500);

/** Open tournaments, soonest first (the public list and the player's browse page). */
export const openTournamentsQuery = (now = Date.now()): Read<TournamentSummary[]> =>
  query(openTournaments(now), (rows) => rows.map(toSummary));

export function organiserTournamentsQuery(
  organiserId: string,
  now = Date.now(),
): Read<(TournamentSummary & { finalPlayed: boolean })[]> {
  return query(
    build
      .select({ ...summaryColumns(now), finalPlayed: finalPlayed(outer(tournaments.id)) })
      .from(tournaments)
      .innerJoin(organisers, eq(organisers.id, tournaments.organiserId))
      .where(eq(tournaments.organiserId, organiserId))
      .orderBy(desc(tournaments.date), desc(tournaments.time), desc(tournaments.createdAt)),
    (rows) => rows.map((row) => ({ ...toSummary(row), finalPlayed: row.finalPlayed })),
  );
}

/**
 * What a player browses: open tournaments, and every tournament they have a
 * paid entry in (any status), newest first, and their live holds.
 */
export function browseForPlayerQuery(playerId: string, now = Date.now()) {
  const captain = alias(players, "captain");
  // The player's own entries, and in team events the entries of teams they play for.
  const entries = (paid: boolean) =>
    build
      .select({
        ...summaryColumns(now),
        registrationId: tournamentPlayers.id,
        teamName: teams.name,
        captainId: teams.captainId,
        captainName: captain.name,
      })
      .from(tournamentPlayers)
      .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
      .innerJoin(organisers, eq(organisers.id, tournaments.organiserId))
      .leftJoin(teams, eq(teams.id, tournamentPlayers.id))
      .leftJoin(captain, eq(captain.id, teams.captainId))
      .where(
        and(
          sql`(${tournamentPlayers.playerId} = ${playerId} or ${tournamentPlayers.id} in
            (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.playerId} = ${playerId}))`,
          paid
            ? eq(tournamentPlayers.paid, true)
            : and(eq(tournamentPlayers.paid, false), gt(tournamentPlayers.holdExpiresAt, now)),
        ),
      )
      .orderBy(desc(tournaments.date), desc(tournaments.time));
  return mapRead(
    // Live holds: places kept while the player pays.
    reads({ open: query(openTournaments(now)), registered: query(entries(true)), held: query(entries(false)) }),
    ({ open, registered, held }) => {
      const mine = new Set([...registered, ...held].map((row) => row.tournament.id));
      const withTeam = (row: (typeof registered)[number]) => ({
        ...toSummary(row),
        team:
          row.teamName === null
            ? null
            : {
                name: row.teamName,
                captainId: row.captainId ?? "",
                captainName: row.captainName ?? "",
                // What the player's matches hold: the team's id.
                entryId: row.registrationId,
              },
      });
      return {
        available: open.filter((row) => !mine.has(row.tournament.id)).map(toSummary),
        registered: registered.map(withTeam),
        pending: held.map(withTeam),
      };
    },
  );
}

/**
 * Archive (in_progress → finished: money stays in escrow, nothing is paid) and
 * restore (archived → open: the bracket is discarded, paid entries kept).
 * One guarded statement: a concurrent start or finalize cannot interleave.
 */
export async function changeTournamentStatus(
  db: Sender,
  { organiserId, tournamentId, to }: { organiserId: string; tournamentId: string; to: TournamentStatus },
): Promise<TournamentRow> {
  const { current, played } = await db.send(
    reads({
      current: tournamentByIdQuery(tournamentId),
      played: first(build.all<{ played: number }>(sql`select ${finalPlayed(tournamentId)} as played`)),
    }),
  );
  if (!current) throw tournamentNotFound();
  if (current.organiserId !== organiserId) throw new DomainError(403, "You can only change your own tournaments");
  const finalized = current.finishedAt !== null;
  const problem = statusChangeError(current.status, to, { finalized, finalPlayed: Boolean(played?.played) });
  if (problem) throw new DomainError(409, problem);

  const guard = and(
    eq(tournaments.id, tournamentId),
    eq(tournaments.organiserId, organiserId),
    eq(tournaments.status, current.status),
    isNull(tournaments.finishedAt),
  );
  const changed = ([rows]: readonly unknown[]) => {
    const row = (rows as TournamentRow[])[0];
    if (!row) throw new DomainError(409, "The tournament changed meanwhile; reload and try again");
    return row;
  };
  if (to === "finished") {
    // A result recorded for the final meanwhile makes this archive change nothing.
    const archive = build
      .update(tournaments)
      .set({ status: "finished" })
      .where(and(guard, sql`not ${finalPlayed(tournamentId)}`))
      .returning();
    return db.write(write([archive], changed));
  }
  return db.write(
    write(
      [
        build.update(tournaments).set({ status: "open", startedAt: null }).where(guard).returning(),
        // Only when the restore above applied: the tournament is then open.
        build.delete(matches).where(
          and(
            eq(matches.tournamentId, tournamentId),
            inArray(
              matches.tournamentId,
              build
                .select({ id: tournaments.id })
                .from(tournaments)
                .where(and(eq(tournaments.id, tournamentId), eq(tournaments.status, "open"))),
            ),
          ),
        ),
      ],
      changed,
    ),
  );
}

/** SPEC's "Tournament as displayed" for the JSON API: money as "10.00". */
export function tournamentJson(
  t: Omit<TournamentSummary, "organisationName" | "holds" | "placesTaken" | "reservesWaiting"> & {
    players?: EntrantView[];
    teams?: TeamView[];
  },
  /** The tournament's director sees how each entry was paid (DESIGN §10). */
  { director = false }: { director?: boolean } = {},
) {
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    venue: t.venue,
    date: t.date,
    time: t.time,
    registrationDeadline: t.registrationDeadline === null ? null : new Date(t.registrationDeadline).toISOString(),
    rules: t.rules,
    format: t.format,
    maxPlayers: t.maxPlayers,
    tournamentType: t.tournamentType,
    matchType: t.matchType,
    grandFinal: t.tournamentType === "double_elimination" ? t.grandFinal : null,
    groupSize: t.tournamentType === "round_robin_tier" ? t.groupSize : null,
    advancePerGroup: t.tournamentType === "round_robin_tier" ? t.advancePerGroup : null,
    seeding: t.seeding,
    raceTo: t.raceTo,
    handicap: t.handicap,
    maxRating: t.maxRating,
    resultsFromTables: t.resultsFromTables,
    breakRule: t.breakRule,
    entryFee: penceToDecimal(t.entryFeePence),
    siteFee: penceToDecimal(t.siteFeePence),
    rakeType: t.rakeType,
    rakeValue: penceToDecimal(t.rakeValue),
    payoutStructure: t.payoutStructure,
    seriesId: t.seriesId,
    status: t.status,
    tdId: t.organiserId,
    tdName: t.tdName,
    playerCount: t.playerCount,
    players: (t.players ?? []).map(({ id, name, entryId, paidBy }) =>
      director ? { id, name, entryId, paidBy } : { id, name, entryId },
    ),
    ...(t.teams && isTeamEvent(t.matchType)
      ? { teams: t.teams.map(({ paidBy, ...team }) => (director ? { ...team, paidBy } : team)) }
      : {}),
    createdAt: new Date(t.createdAt).toISOString(),
  };
}

/** Case-insensitive match on name, venue or organiser name (SPEC §5). */
export function matchesSearch(
  t: Pick<TournamentSummary, "name" | "venue" | "tdName" | "organisationName">,
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [t.name, t.venue, t.tdName, t.organisationName].some((field) => field.toLowerCase().includes(q));
}
