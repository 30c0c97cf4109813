// A season's fixture list (DESIGN §11): generated in one go by the secretary from its divisions' teams and its
// calendar (the pure generator, domain/fixtures.ts), made again while none is played, and a fixture moved to another
// date or postponed.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  query,
  type ReadResult,
  reads,
  write,
  type Sender,
} from "~/db/batch.server.ts";
import { divisions, leagueFixtures, leagues, leagueTeams, seasons } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { generateFixtures, type LeagueDivision } from "~/features/leagues/domain/fixtures.ts";
import { LEAGUE_MESSAGES, UNPLAYED_STATUSES } from "~/features/leagues/domain/leagues.ts";
import type { Night } from "~/features/leagues/domain/season-weeks.ts";
import { quiet } from "~/web/done.ts";

type FixtureRow = typeof leagueFixtures.$inferSelect;

const plausibleId = (id: string) => (id.length <= 64 ? id : "");

/** A fixture as the API shows it. */
const fixtureJson = (row: FixtureRow) => ({
  id: row.id,
  divisionId: row.divisionId,
  week: row.week,
  date: row.date,
  homeTeamId: row.homeTeamId,
  awayTeamId: row.awayTeamId,
  venue: row.venue,
  status: row.status,
});

/** SQL: a fixture of the season has been started (any status past scheduled or postponed). */
const anyPlayed = (seasonId: string) =>
  sql`exists (select 1 from ${leagueFixtures} where ${leagueFixtures.seasonId} = ${seasonId}
    and ${leagueFixtures.status} not in (${sql.join(
      UNPLAYED_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`;

/** What the season's fixtures are made from, in one round trip: the season, its divisions and their teams. */
export function fixtureInputQuery(seasonId: string) {
  const id = plausibleId(seasonId);
  return reads({
    season: first(
      build
        .select({
          id: seasons.id,
          organiserId: leagues.organiserId,
          status: seasons.status,
          night: seasons.night,
          startDate: seasons.startDate,
          legs: seasons.legs,
          blackoutDates: seasons.blackoutDates,
          played: sql<number>`${anyPlayed(id)}`,
        })
        .from(seasons)
        .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
        .where(eq(seasons.id, id))
        .limit(1),
    ),
    divisions: query(
      build
        .select({ id: divisions.id, name: divisions.name })
        .from(divisions)
        .where(eq(divisions.seasonId, id))
        .orderBy(asc(divisions.position)),
    ),
    teams: query(
      build
        .select({
          id: leagueTeams.id,
          name: leagueTeams.name,
          venue: leagueTeams.venue,
          divisionId: leagueTeams.divisionId,
        })
        .from(leagueTeams)
        .where(eq(leagueTeams.seasonId, id))
        .orderBy(asc(leagueTeams.createdAt), asc(leagueTeams.id)),
    ),
  });
}
export type FixtureInput = ReadResult<ReturnType<typeof fixtureInputQuery>>;

/**
 * The season's fixture list made (again), by its secretary: every earlier fixture replaced, and a draft season made
 * active — in one batch that asserts nothing has been played and the teams are those read, so a card started or a
 * team added meanwhile refuses it. The generator's refusal is a 409 with its reason.
 */
export async function generateSeasonFixtures(
  db: Sender,
  { organiserId, input }: { organiserId: string; input: FixtureInput },
) {
  const { season } = input;
  if (!season) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  if (season.organiserId !== organiserId) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
  if (season.status === "finished") throw new DomainError(409, LEAGUE_MESSAGES.seasonFinished);
  if (Number(season.played)) throw new DomainError(409, LEAGUE_MESSAGES.fixturesPlayed, { code: "fixtures-played" });
  const leagueDivisions: LeagueDivision[] = input.divisions
    .map((d) => ({ id: d.id, name: d.name, teams: input.teams.filter((t) => t.divisionId === d.id) }))
    // A division nobody has joined yet plays no fixtures; one team alone is refused by the generator.
    .filter((d) => d.teams.length > 0);
  // Divisions and no team: the generator's "needs at least one division" would mislead.
  if (input.divisions.length > 0 && leagueDivisions.length === 0) {
    throw new DomainError(409, LEAGUE_MESSAGES.noTeams, { code: "fixtures-impossible" });
  }
  const list = generateFixtures(
    {
      night: season.night as Night,
      startDate: season.startDate,
      legs: season.legs === 1 ? 1 : 2,
      blackoutDates: JSON.parse(season.blackoutDates) as string[],
    },
    leagueDivisions,
  );
  if (!list.ok) throw new DomainError(409, list.reason, { code: "fixtures-impossible" });
  const rows: FixtureRow[] = list.fixtures.map((f) => ({
    ...f,
    id: crypto.randomUUID(),
    seasonId: season.id,
    status: "scheduled",
    homeScore: null,
    awayScore: null,
    homeConfirmed: false,
    awayConfirmed: false,
    disputeReason: null,
    note: null,
    createdAt: Date.now(),
  }));
  const teamIds = input.teams.map((t) => t.id);
  try {
    await db.write(
      write([
        assertInBatch(sql`not ${anyPlayed(season.id)}`),
        assertInBatch(sql`(select count(*) from ${leagueTeams} where ${leagueTeams.seasonId} = ${season.id}
          and ${teamIds.length ? inArray(leagueTeams.id, teamIds) : sql`1`}) = ${teamIds.length}
          and (select count(*) from ${leagueTeams} where ${leagueTeams.seasonId} = ${season.id}) = ${teamIds.length}`),
        build.delete(leagueFixtures).where(eq(leagueFixtures.seasonId, season.id)),
        // A batch's statements are bound to SQLite's 100 parameters each: a season's list goes in slices.
        ...chunks(rows, 8).map((slice) => build.insert(leagueFixtures).values(slice)),
        build
          .update(seasons)
          .set({ status: "active" })
          .where(and(eq(seasons.id, season.id), eq(seasons.status, "draft"))),
      ]),
    );
  } catch (error) {
    if (!isBatchGuardFailure(error)) throw error;
    const { played } = await db.send(
      reads({ played: first(build.all<{ played: number }>(sql`select ${anyPlayed(season.id)} as played`)) }),
    );
    if (Number(played?.played)) throw new DomainError(409, LEAGUE_MESSAGES.fixturesPlayed, { code: "fixtures-played" });
    throw new DomainError(409, LEAGUE_MESSAGES.teamsChanged);
  }
  return quiet({ fixtures: rows.map(fixtureJson) });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A fixture by id, with its season's secretary, or null. */
export const fixtureOwnerQuery = (fixtureId: string) =>
  first(
    build
      .select({ fixture: leagueFixtures, organiserId: leagues.organiserId })
      .from(leagueFixtures)
      .innerJoin(seasons, eq(seasons.id, leagueFixtures.seasonId))
      .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
      .where(eq(leagueFixtures.id, plausibleId(fixtureId)))
      .limit(1),
  );
export type FixtureOwner = { fixture: FixtureRow; organiserId: string };

/**
 * The secretary moves a fixture to another date (it is scheduled again) or postpones it (no date), while it is
 * unplayed: the update asserts so, so a card started meanwhile keeps its fixture where it is.
 */
export async function moveFixture(
  db: Sender,
  { organiserId, found, date }: { organiserId: string; found: FixtureOwner | null; date: string | null },
) {
  if (!found) throw new DomainError(404, LEAGUE_MESSAGES.fixtureNotFound);
  if (found.organiserId !== organiserId) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
  const status = date === null ? "postponed" : "scheduled";
  const row = await db.write(
    write(
      [
        build
          .update(leagueFixtures)
          .set({ date, status })
          .where(and(eq(leagueFixtures.id, found.fixture.id), inArray(leagueFixtures.status, [...UNPLAYED_STATUSES])))
          .returning(),
      ],
      ([rows]) => (rows as FixtureRow[])[0],
    ),
  );
  if (!row) throw new DomainError(409, LEAGUE_MESSAGES.fixturePlayed, { code: "fixture-played" });
  return quiet({ fixture: fixtureJson(row) });
}
