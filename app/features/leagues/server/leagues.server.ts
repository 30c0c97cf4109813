// Leagues (DESIGN §11): a secretary's league, its seasons and their divisions made, and the public read of a league.
import { asc, eq, sql } from "drizzle-orm";
import {
  build,
  first,
  isForeignKeyViolation,
  isUniqueViolation,
  mapRead,
  query,
  reads,
  write,
  type Sender,
} from "~/db/batch.server.ts";
import { divisions, leagues, seasons } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { makeSlug } from "~/domain/tournaments.ts";
import { divisionNameKey, LEAGUE_MESSAGES, type SeasonInput } from "~/features/leagues/domain/leagues.ts";
import { readFormat } from "~/features/leagues/domain/match-card.ts";
import { randomSlugPart } from "~/features/tournaments/server/tournament-create.server.ts";

type LeagueRow = typeof leagues.$inferSelect;
type SeasonRow = typeof seasons.$inferSelect;
type DivisionRow = typeof divisions.$inferSelect;

/** What a write to a league's season is checked against: the league and whose it is. */
export type LeagueOwner = { id: string; name: string; organiserId: string };
/** What a write to a season's divisions is checked against: the season and whose league it is in. */
export type SeasonOwner = { id: string; organiserId: string };

/** An id from a path: longer than any id we make is no row (and no statement). */
const plausibleId = (id: string) => id.length <= 64;

/** A league by id, with its secretary, or null. */
export const leagueOwnerQuery = (leagueId: string) =>
  first(
    build
      .select({ id: leagues.id, name: leagues.name, organiserId: leagues.organiserId })
      .from(leagues)
      .where(eq(leagues.id, plausibleId(leagueId) ? leagueId : ""))
      .limit(1),
  );

/** A season by id, with its league's secretary, or null. */
export const seasonOwnerQuery = (seasonId: string) =>
  first(
    build
      .select({ id: seasons.id, organiserId: leagues.organiserId })
      .from(seasons)
      .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
      .where(eq(seasons.id, plausibleId(seasonId) ? seasonId : ""))
      .limit(1),
  );

/** The secretary's own: a 404 for none, a 403 for another organiser's. */
function own<T extends { organiserId: string }>(row: T | null, organiserId: string, notFound: string): T {
  if (!row) throw new DomainError(404, notFound);
  if (row.organiserId !== organiserId) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
  return row;
}

/**
 * A row with a slug of its own, made from `name`: a slug taken (astronomically rare) is tried again with another
 * random part, as a series' is.
 */
async function insertWithSlug<T>(name: string, insert: (slug: string) => Promise<T | undefined>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await insert(makeSlug(name, randomSlugPart()));
    if (row) return row;
  }
  throw new DomainError(503, `Could not save "${name}", please try again`);
}

/** A new league, its secretary the organiser making it. */
export function insertLeague(db: Sender, organiserId: string, name: string): Promise<LeagueRow> {
  return insertWithSlug(name, (slug) =>
    db.write(
      write(
        [
          build
            .insert(leagues)
            .values({ organiserId, slug, name })
            .onConflictDoNothing({ target: leagues.slug })
            .returning(),
        ],
        ([rows]) => (rows as LeagueRow[])[0],
      ),
    ),
  );
}

/** A new draft season of the secretary's own league (404 for no league, 403 for another's). */
export function insertSeason(
  db: Sender,
  organiserId: string,
  league: LeagueOwner | null,
  input: SeasonInput,
): Promise<SeasonRow> {
  const { id: leagueId, name: leagueName } = own(league, organiserId, LEAGUE_MESSAGES.leagueNotFound);
  const values = {
    ...input,
    leagueId,
    blackoutDates: JSON.stringify(input.blackoutDates),
    format: JSON.stringify(input.format),
    pointsWin: input.points.win,
    pointsDraw: input.points.draw,
    pointsLoss: input.points.loss,
    pointsFrame: input.points.frame,
  };
  return insertWithSlug(`${leagueName} ${input.name}`, (slug) =>
    db.write(
      write(
        [
          build
            .insert(seasons)
            .values({ ...values, slug })
            .onConflictDoNothing({ target: seasons.slug })
            .returning(),
        ],
        ([rows]) => (rows as SeasonRow[])[0],
        // The league gone meanwhile.
        (error) => (isForeignKeyViolation(error) ? new DomainError(404, LEAGUE_MESSAGES.leagueNotFound) : undefined),
      ),
    ),
  );
}

/**
 * A new division of a season of the secretary's own league, below those already there: its position is worked out
 * by the insert itself, so two made at once are still 1 and 2. A name the season has (in any case) is a 409, and a
 * season gone meanwhile a 404.
 */
export async function insertDivision(
  db: Sender,
  organiserId: string,
  season: SeasonOwner | null,
  name: string,
): Promise<DivisionRow> {
  const { id: seasonId } = own(season, organiserId, LEAGUE_MESSAGES.seasonNotFound);
  const next = sql<number>`(select coalesce(max(${divisions.position}), 0) + 1 from ${divisions}
    where ${divisions.seasonId} = ${seasonId})`;
  const insert = build
    .insert(divisions)
    .values({ seasonId, name, nameKey: divisionNameKey(name), position: next })
    .returning();
  const refused = (error: unknown) =>
    isUniqueViolation(error)
      ? new DomainError(409, LEAGUE_MESSAGES.divisionNameTaken, { field: "name", code: "division-name-taken" })
      : isForeignKeyViolation(error)
        ? new DomainError(404, LEAGUE_MESSAGES.seasonNotFound)
        : undefined;
  const row = await db.write(write([insert], ([rows]) => (rows as DivisionRow[])[0], refused));
  if (!row) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  return row;
}

/** A league as the API shows it. */
export const leagueJson = (row: LeagueRow) => ({ id: row.id, slug: row.slug, name: row.name });

/** A season as the league's read lists it. */
const seasonSummaryJson = (row: SeasonRow) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  status: row.status,
  night: row.night,
  startDate: row.startDate,
  legs: row.legs,
});

/** A season's rules: its match format, its table's points and its merit table's minimum. */
export const seasonRulesJson = (row: SeasonRow) => ({
  format: readFormat(row.format),
  points: { win: row.pointsWin, draw: row.pointsDraw, loss: row.pointsLoss, frame: row.pointsFrame },
  meritMinFrames: row.meritMinFrames,
});

/** A season as its creation answers it. */
export const seasonJson = (row: SeasonRow) => {
  const { id, slug, ...rest } = seasonSummaryJson(row);
  return { id, slug, leagueId: row.leagueId, ...rest, ...seasonRulesJson(row) };
};

/** A division as the API shows it. */
export const divisionJson = (row: DivisionRow) => ({ id: row.id, name: row.name, position: row.position });

/** `GET /api/leagues/{slug}` in one round trip: the league and its seasons, earliest first; null for no league. */
export function leaguePageQuery(slug: string) {
  const leagueId = sql`(select ${leagues.id} from ${leagues} where ${leagues.slug} = ${slug})`;
  return mapRead(
    reads({
      league: first(build.select().from(leagues).where(eq(leagues.slug, slug)).limit(1)),
      seasons: query(
        build
          .select()
          .from(seasons)
          .where(sql`${seasons.leagueId} = ${leagueId}`)
          .orderBy(asc(seasons.startDate), asc(seasons.createdAt)),
      ),
    }),
    ({ league, seasons: rows }) =>
      league ? { league: leagueJson(league), seasons: rows.map(seasonSummaryJson) } : null,
  );
}
