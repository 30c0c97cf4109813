// A tournament as the screens and the JSON API read it: its row with what every list shows beside it (entries, holds,
// reserves), the tournament's own pages (by its slug), and its JSON. The lists are tournament-lists.server.ts;
// creating one tournament-create.server.ts, archiving and restoring tournament-status.server.ts.
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { build, first, mapRead, outer, query, reads, type Read } from "~/db/batch.server.ts";
import { waitingReserves as waitingReservesOf } from "~/features/play/server/places.server.ts";
import { tournamentRow } from "./tournament-ref.server.ts";
import { matches, organisers, players, teamMembers, teams, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { penceToDecimal } from "~/domain/pence.ts";
import type { PaidBy } from "~/features/entries/domain/payments.ts";
import { isTeamEvent } from "~/features/entries/domain/teams.ts";

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
export type EntrantView = {
  id: string;
  name: string;
  entryId: string;
  paidBy: PaidBy;
  /**
   * The director's to see beside a walk-in: an account that signs in, one invited that has not yet, or a
   * guest (a name only). Singles only; never in the public JSON.
   */
  account?: EntrantAccount;
};

type EntrantAccount = "player" | "invited" | "guest";

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
export const finalPlayed = (tournamentId: SQL | string) =>
  sql<boolean>`(exists (select 1 from ${matches} m where m.tournament_id = ${tournamentId})
    and not exists (select 1 from ${matches} m
      where m.tournament_id = ${tournamentId} and m.status != 'completed'))`.mapWith(Boolean);

export const summaryColumns = (now = Date.now()) => ({
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
export const toSummary = (row: SummaryRow): TournamentSummary => ({
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
            account: sql<EntrantAccount>`case when ${players.guest} = 1 then 'guest'
              when ${players.passwordHash} = '' then 'invited' else 'player' end`,
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

export const tournamentByIdQuery = (id: string): Read<TournamentRow | null> => first(tournamentRow({ id }));

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
