// Series (decision 029): creating one, the director's list, whose a series is, and the one read the series
// page and its API show (its nights, and the finalized nights' matches the ranking is worked out from).
import { asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { build, first, known, mapRead, query, reads, write, type Read, type Sender } from "~/db/batch.server.ts";
import { matches, players, series, teamMembers, teams, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { tournamentStartInstant } from "~/domain/dates.ts";
import { DomainError } from "~/domain/errors.ts";
import { parsePoints, seriesModel, type SeriesInput, type SeriesRules } from "~/features/series/domain/series.ts";
import { makeSlug } from "~/domain/tournaments.ts";
import { toBracketMatch } from "~/features/play/server/match-reads.server.ts";
import { randomSlugPart } from "~/features/tournaments/server/tournament-create.server.ts";

export type SeriesRow = typeof series.$inferSelect;

export const SERIES_NOT_FOUND = "Series not found";

/** SQL: the series is the director's own. */
export const ownSeries = (seriesId: string, organiserId: string): SQL =>
  sql`exists (select 1 from ${series} s where s.id = ${seriesId} and s.organiser_id = ${organiserId})`;

/** Whose a series is (null when there is none), read with the request so choosing one costs no round trip. */
export const seriesOwnerQuery = (seriesId: unknown): Read<{ id: string; organiserId: string } | null> =>
  typeof seriesId === "string" && seriesId.length <= 64
    ? first(
        build
          .select({ id: series.id, organiserId: series.organiserId })
          .from(series)
          .where(eq(series.id, seriesId.trim()))
          .limit(1),
      )
    : known(null);

/** A tournament may join the series named: 404 for none, 403 for another director's. */
export function checkSeriesChoice(
  chosen: string | null | undefined,
  found: { organiserId: string } | null,
  organiserId: string,
): void {
  if (chosen === null || chosen === undefined) return;
  if (!found) throw new DomainError(404, SERIES_NOT_FOUND, { field: "seriesId" });
  if (found.organiserId !== organiserId) {
    throw new DomainError(403, "You can only add nights to your own series", { field: "seriesId" });
  }
}

/** A new series with its own slug. */
export async function createSeries(db: Sender, organiserId: string, input: SeriesInput): Promise<SeriesRow> {
  // A slug collision is astronomically rare; retry a couple of times anyway.
  for (let attempt = 0; attempt < 3; attempt++) {
    const insert = build
      .insert(series)
      .values({
        organiserId,
        slug: makeSlug(input.name, randomSlugPart()),
        name: input.name,
        points: JSON.stringify(input.points),
        bestOf: input.bestOf,
        qualify: input.qualify,
      })
      .onConflictDoNothing({ target: series.slug })
      .returning();
    const row = await db.write(write([insert], ([rows]) => (rows as SeriesRow[])[0]));
    if (row) return row;
  }
  throw new DomainError(503, "Could not create the series, please try again");
}

/** The director's series, newest first. */
export const organiserSeriesQuery = (organiserId: string): Read<SeriesRow[]> =>
  query(build.select().from(series).where(eq(series.organiserId, organiserId)).orderBy(desc(series.createdAt)));

/** A stored series' ranking rules. */
export const rulesOf = (row: SeriesRow): SeriesRules => ({
  points: parsePoints(row.points),
  bestOf: row.bestOf,
  qualify: row.qualify,
});

/** A series as the API shows it. */
export const seriesJson = (row: SeriesRow) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  ...rulesOf(row),
});

/**
 * What the ranking is worked out from, of the finalized nights `finalized` (SQL selecting their ids): their matches,
 * each team's members (by team id) and every entry's name (a player's or a team's).
 */
export const finalizedResults = (finalized: SQL) => ({
  matches: query(build.select().from(matches).where(sql`${matches.tournamentId} in ${finalized}`), (rows) =>
    rows.map((row) => ({ ...toBracketMatch(row), tournamentId: row.tournamentId })),
  ),
  members: query(
    build
      .select({ teamId: teamMembers.teamId, playerId: teamMembers.playerId })
      .from(teamMembers)
      .where(sql`${teamMembers.tournamentId} in ${finalized}`)
      .orderBy(asc(teamMembers.teamId), asc(teamMembers.slot)),
    (rows) => {
      const byTeam = new Map<string, string[]>();
      for (const r of rows) byTeam.set(r.teamId, [...(byTeam.get(r.teamId) ?? []), r.playerId]);
      return byTeam;
    },
  ),
  names: query(
    build.all<{ id: string; name: string }>(sql`
        select p.id as id, p.name as name from ${players} p
        where p.id in (select tp.player_id from ${tournamentPlayers} tp where tp.tournament_id in ${finalized})
          or p.id in (select tm.player_id from ${teamMembers} tm where tm.tournament_id in ${finalized})
        union all
        select te.id as id, te.name as name from ${teams} te where te.tournament_id in ${finalized}`),
    (rows) => new Map(rows.map((r) => [r.id, r.name])),
  ),
});

/**
 * The series page's read, by slug, in one round trip: the series, its nights, and of its finalized nights the
 * matches, each team's members and every entry's name. Null when there is no such series.
 */
export function seriesPageQuery(slug: string) {
  return seriesPageRead(sql`(select ${series.id} from ${series} where ${series.slug} = ${slug})`);
}

/** The series a tournament is a night of, read as its page is (the TV's ranking page); null when in none. */
export function tournamentSeriesQuery(tournamentSlug: string) {
  return seriesPageRead(
    sql`(select ${tournaments.seriesId} from ${tournaments} where ${tournaments.slug} = ${tournamentSlug})`,
  );
}

function seriesPageRead(seriesId: SQL) {
  const finalized = sql`(select t.id from ${tournaments} t where t.series_id = ${seriesId}
    and t.finished_at is not null)`;
  return mapRead(
    reads({
      row: first(build.select().from(series).where(sql`${series.id} = ${seriesId}`).limit(1)),
      nights: query(
        build
          .select({
            id: tournaments.id,
            slug: tournaments.slug,
            name: tournaments.name,
            date: tournaments.date,
            time: tournaments.time,
            status: tournaments.status,
            finishedAt: tournaments.finishedAt,
          })
          .from(tournaments)
          .where(sql`${tournaments.seriesId} = ${seriesId}`)
          .orderBy(asc(tournaments.date), asc(tournaments.time)),
      ),
      ...finalizedResults(finalized),
    }),
    ({ row, nights, ...read }) => {
      if (!row) return null;
      const model = seriesModel(rulesOf(row), {
        ...read,
        nights: nights.map((n) => ({
          id: n.id,
          slug: n.slug,
          name: n.name,
          startsAt: tournamentStartInstant(n.date, n.time),
          status: n.status,
          finalized: n.finishedAt !== null,
        })),
      });
      return { series: row, rules: rulesOf(row), ...model };
    },
  );
}
export type SeriesPage = NonNullable<ReturnType<ReturnType<typeof seriesPageQuery>["result"]>>;

/** `GET /api/series/{slug}`: the series, its nights and its standings. */
export function seriesPageJson(page: SeriesPage) {
  return {
    ...seriesJson(page.series),
    organiserId: page.series.organiserId,
    tournaments: page.nights.map((n) => ({
      id: n.id,
      slug: n.slug,
      name: n.name,
      startsAt: n.startsAt === null ? null : new Date(n.startsAt).toISOString(),
      status: n.status,
    })),
    standings: page.standings.map((s) => ({
      position: s.position,
      playerId: s.playerId,
      name: s.name,
      points: s.points,
      played: s.played,
      wins: s.wins,
      qualifies: s.qualifies,
      nights: s.nights,
    })),
  };
}
