// A season's end (DESIGN §11): finished by its secretary once every fixture is played, awarded or voided, each
// division's champion (the top of its final table) stored beside it; and the league's roll of honour, every finished
// season's champions, read by anyone.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  query,
  reads,
  type ReadResult,
  type Sender,
  write,
} from "~/db/batch.server.ts";
import { divisions, leagueFixtures, leaguePenalties, leagues, leagueTeams, seasons } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { CLOSED_STATUSES, isClosedStatus, LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { seasonOwnerQuery } from "~/features/leagues/server/leagues.server.ts";
import { seasonRead } from "~/features/leagues/server/season-read.server.ts";
import { seasonChanged } from "~/features/leagues/server/match-card.server.ts";

const plausibleId = (id: string) => (id.length <= 64 ? id : "");

/** What finishing a season is decided on, in one round trip: whose it is, and the season with its tables. */
export const seasonEndQuery = (seasonId: string) =>
  reads({ owner: seasonOwnerQuery(seasonId), page: seasonRead(sql`${plausibleId(seasonId)}`) });
export type SeasonEnd = ReadResult<ReturnType<typeof seasonEndQuery>>;

/** SQL: a fixture of the season whose result doesn't stand yet (not played, awarded or voided). */
const unplayedSql = (seasonId: string) =>
  sql`exists (select 1 from ${leagueFixtures} where ${leagueFixtures.seasonId} = ${seasonId}
    and ${leagueFixtures.status} not in (${sql.join(
      CLOSED_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`;

/**
 * SQL: the season's results and penalties as text to compare with `resultsText` — what its tables were read from —
 * so a result resolved or a penalty given between the read and the finish refuses it.
 */
const resultsSql = (seasonId: string) =>
  sql`coalesce((select group_concat(x, ';') from (select ${leagueFixtures.id} || ':' || ${leagueFixtures.status}
    || ':' || coalesce(${leagueFixtures.homeScore}, '') || ':' || coalesce(${leagueFixtures.awayScore}, '') as x
    from ${leagueFixtures} where ${leagueFixtures.seasonId} = ${seasonId} order by ${leagueFixtures.id})), '')
  || '|' || coalesce((select group_concat(x, ';') from (select ${leaguePenalties.id} || ':' || ${leaguePenalties.points}
    as x from ${leaguePenalties} where ${leaguePenalties.seasonId} = ${seasonId} order by ${leaguePenalties.id})), '')`;
type Page = NonNullable<SeasonEnd["page"]>;
const byId = <T extends { id: string }>(rows: readonly T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
const resultsText = (page: Page) =>
  `${byId(page.fixtures)
    .map((f) => `${f.id}:${f.status}:${f.homeScore ?? ""}:${f.awayScore ?? ""}`)
    .join(";")}|${byId(page.penalties)
    .map((p) => `${p.id}:${p.points}`)
    .join(";")}`;

/** The 404, 403 and 409s of a season that can't be finished (as read), or the season's page. */
function finishable(read: SeasonEnd, organiserId: string): Page {
  const { owner, page } = read;
  if (!owner || !page) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  if (owner.organiserId !== organiserId) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
  const { status } = page.season;
  if (status === "finished") throw new DomainError(409, LEAGUE_MESSAGES.alreadyFinished, { code: "season-finished" });
  if (status === "draft" || page.fixtures.length === 0) {
    throw new DomainError(409, LEAGUE_MESSAGES.notStarted, { code: "season-not-started" });
  }
  const unplayed = page.fixtures.filter((f) => !isClosedStatus(f.status));
  if (unplayed.length > 0)
    throw new DomainError(409, LEAGUE_MESSAGES.unplayed(unplayed), { code: "fixtures-unplayed" });
  return page;
}

/** Each division's champion as the page's tables have it: the top of the table (a division with no team has none). */
const championsOf = (page: Page) =>
  page.divisions.flatMap((d) => {
    const top = d.standings[0];
    return top ? [{ divisionId: d.id, division: d.name, teamId: top.teamId, team: top.team }] : [];
  });

/**
 * The secretary finishes the season: every division's champion stored and the season `finished`, in one batch whose
 * update holds only while the season is active with no fixture unplayed — and which asserts the results and
 * penalties are those the tables were read from — so two finishes at once, or a card changed meanwhile, can't slip
 * through. A refused batch is explained from a fresh read.
 */
export async function finishSeason(db: Sender, { organiserId, read }: { organiserId: string; read: SeasonEnd }) {
  const page = finishable(read, organiserId);
  const id = page.season.id;
  const champions = championsOf(page);
  try {
    await db.write(
      write([
        assertInBatch(sql`${resultsSql(id)} = ${resultsText(page)}`),
        build
          .update(seasons)
          .set({ status: "finished" })
          .where(
            and(
              eq(seasons.id, id),
              eq(seasons.status, "active"),
              sql`not ${unplayedSql(id)}`,
              sql`exists (select 1 from ${leagueFixtures} where ${leagueFixtures.seasonId} = ${id})`,
            ),
          ),
        // The season's update changed it, or nothing of this batch stands.
        assertInBatch(sql`changes() = 1`),
        ...champions.map((c) =>
          build
            .update(divisions)
            .set({ championId: c.teamId })
            .where(and(eq(divisions.id, c.divisionId), eq(divisions.seasonId, id))),
        ),
      ]),
    );
  } catch (error) {
    if (!isBatchGuardFailure(error)) throw error;
    finishable(await db.send(seasonEndQuery(id)), organiserId);
    throw new DomainError(409, LEAGUE_MESSAGES.resultsChanged, { code: "results-changed" });
  }
  const answer = {
    season: { id, slug: page.season.slug, name: page.season.name, status: "finished" as const },
    champions,
  };
  // The season's pages hear it is finished (its champions shown).
  return { answer, changes: [seasonChanged(organiserId, id)] };
}

/**
 * `GET /api/leagues/{slug}/honours` in one round trip: the league and every finished season's champions, the
 * latest season first and its divisions in order; null for no league.
 */
export function honoursQuery(leagueSlug: string) {
  const slug = leagueSlug.length <= 160 ? leagueSlug : "";
  return reads({
    league: first(
      build
        .select({ id: leagues.id, slug: leagues.slug, name: leagues.name })
        .from(leagues)
        .where(eq(leagues.slug, slug))
        .limit(1),
    ),
    honours: query(
      build
        .select({
          season: seasons.name,
          division: divisions.name,
          team: leagueTeams.name,
          seasonId: seasons.id,
          seasonSlug: seasons.slug,
          startDate: seasons.startDate,
          divisionId: divisions.id,
          teamId: leagueTeams.id,
        })
        .from(seasons)
        .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
        .innerJoin(divisions, eq(divisions.seasonId, seasons.id))
        .innerJoin(leagueTeams, eq(leagueTeams.id, divisions.championId))
        .where(and(eq(leagues.slug, slug), eq(seasons.status, "finished")))
        .orderBy(desc(seasons.startDate), desc(seasons.createdAt), asc(seasons.id), asc(divisions.position)),
    ),
  });
}
