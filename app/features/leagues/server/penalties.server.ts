// Points deducted from a team by its league's secretary (DESIGN §11): one insert, which itself checks that the team is
// the season's and the season not finished, so a season finished at the same moment can't take a penalty after.
import { and, eq, ne, sql } from "drizzle-orm";
import { build, type Item, type Sender, write } from "~/db/batch.server.ts";
import { leaguePenalties, leagueTeams, seasons } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { PENALTY_MESSAGES, type PenaltyInput } from "~/features/leagues/domain/penalties.ts";
import type { SeasonOwner } from "~/features/leagues/server/leagues.server.ts";
import { seasonChanged } from "~/features/leagues/server/match-card.server.ts";
import type { Done } from "~/web/done.ts";

type PenaltyRow = typeof leaguePenalties.$inferSelect;

/** A penalty as the API shows it. */
export const penaltyJson = (row: PenaltyRow) => ({
  id: row.id,
  teamId: row.teamId,
  points: row.points,
  reason: row.reason,
});

/**
 * The secretary deducts points from a team of the season (404 no season, 403 another's league, 400 a team not of the
 * season, 409 a finished season). The season's pages hear of it: its table moved.
 */
export async function deductPoints(
  db: Sender,
  { organiserId, season, penalty }: { organiserId: string; season: SeasonOwner | null; penalty: PenaltyInput },
): Promise<Done<PenaltyRow>> {
  if (!season) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  if (season.organiserId !== organiserId) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
  const teamId = penalty.teamId.length <= 64 ? penalty.teamId : "";
  const values = build
    .select({
      id: sql<string>`${crypto.randomUUID()}`.as("id"),
      seasonId: leagueTeams.seasonId,
      teamId: leagueTeams.id,
      points: sql<number>`${penalty.points}`.as("points"),
      reason: sql<string>`${penalty.reason}`.as("reason"),
      // Every column, in the table's order (an insert from a select names none): the default's own expression.
      createdAt: sql<number>`cast(unixepoch('subsec') * 1000 as integer)`.as("created_at"),
    })
    .from(leagueTeams)
    .innerJoin(seasons, eq(seasons.id, leagueTeams.seasonId))
    .where(and(eq(leagueTeams.id, teamId), eq(leagueTeams.seasonId, season.id), ne(seasons.status, "finished")));
  const refused = new DomainError(400, PENALTY_MESSAGES.teamNotInSeason, {
    field: "teamId",
    code: "team-not-in-season",
  });
  return penaltyWrite(db, organiserId, season.id, build.insert(leaguePenalties).select(values).returning(), refused);
}

/**
 * The secretary takes back a deduction (a mistake, an appeal upheld): 404 for none in the season, 409 once the season
 * is finished — checked by the delete itself. The season's pages hear the table moved.
 */
export async function removePenalty(
  db: Sender,
  { organiserId, season, penaltyId }: { organiserId: string; season: SeasonOwner | null; penaltyId: string },
): Promise<Done<PenaltyRow>> {
  if (!season) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  if (season.organiserId !== organiserId) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
  const id = penaltyId.length <= 64 ? penaltyId : "";
  const unfinished = sql`exists (select 1 from ${seasons} where ${seasons.id} = ${season.id}
    and ${seasons.status} != 'finished')`;
  const remove = build
    .delete(leaguePenalties)
    .where(and(eq(leaguePenalties.id, id), eq(leaguePenalties.seasonId, season.id), unfinished))
    .returning();
  return penaltyWrite(db, organiserId, season.id, remove, new DomainError(404, PENALTY_MESSAGES.notFound));
}

/**
 * A penalty's insert or delete (its own guards in it) and the season's status, in one batch: the row written, the
 * season's pages told; else why not — no season (404), a finished one (409), or `otherwise` (the guard's own).
 */
async function penaltyWrite(
  db: Sender,
  organiserId: string,
  seasonId: string,
  statement: Item,
  otherwise: DomainError,
): Promise<Done<PenaltyRow>> {
  const { row, status } = await db.write(
    write(
      [statement, build.select({ status: seasons.status }).from(seasons).where(eq(seasons.id, seasonId))],
      ([written, found]) => ({
        row: (written as PenaltyRow[])[0],
        status: (found as { status: string }[])[0]?.status,
      }),
    ),
  );
  if (row) return { answer: row, changes: [seasonChanged(organiserId, seasonId)] };
  if (status === undefined) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  if (status === "finished") throw new DomainError(409, LEAGUE_MESSAGES.seasonFinished, { code: "season-finished" });
  throw otherwise;
}
