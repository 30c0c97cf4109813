// The next season of a finished one (DESIGN §11): its divisions (names and order), its teams (name, venue, captain)
// with their rosters carried over, the top of each lower division promoted and the bottom of each higher one
// relegated by the final tables (the pure domain/promotion.ts), and its rules the finished season's unless given —
// the whole new season in one batch.
import { eq, sql } from "drizzle-orm";
import {
  build,
  first,
  isForeignKeyViolation,
  isUniqueViolation,
  reads,
  type ReadResult,
  type Sender,
  write,
} from "~/db/batch.server.ts";
import { leagueRoster, leagueTeams, seasons, divisions as divisionsTable } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { makeSlug } from "~/domain/tournaments.ts";
import {
  divisionNameKey,
  LEAGUE_MESSAGES,
  type NextSeasonInput,
  type SeasonInput,
} from "~/features/leagues/domain/leagues.ts";
import { promoteAndRelegate } from "~/features/leagues/domain/promotion.ts";
import type { LeagueOwner } from "~/features/leagues/server/leagues.server.ts";
import { seasonRead } from "~/features/leagues/server/season-read.server.ts";
import { randomSlugPart } from "~/features/tournaments/server/tournament-create.server.ts";
import { quiet } from "~/web/done.ts";

type SeasonRow = typeof seasons.$inferSelect;

/** What the next season is made from, in one round trip: the finished season's row, and it with its final tables. */
export const nextSeasonQuery = (fromId: string) => {
  const id = fromId.length <= 64 ? fromId : "";
  return reads({
    row: first(build.select().from(seasons).where(eq(seasons.id, id)).limit(1)),
    page: seasonRead(sql`${id}`),
  });
};
export type NextSeasonFrom = ReadResult<ReturnType<typeof nextSeasonQuery>>;

/** A team of the new season: where it came from, and whether it went up or down. */
type NextSeasonTeam = {
  id: string;
  name: string;
  venue: string;
  fromTeamId: string;
  moved: "up" | "down" | null;
};

/** The new season's fields: those given, and the finished season's rules for those not. */
function rulesOf(fields: SeasonInput, { given }: NextSeasonInput, old: SeasonRow) {
  return {
    name: fields.name,
    night: fields.night,
    startDate: fields.startDate,
    blackoutDates: JSON.stringify(fields.blackoutDates),
    legs: given.legs ? fields.legs : old.legs,
    format: given.format ? JSON.stringify(fields.format) : old.format,
    pointsWin: given.points ? fields.points.win : old.pointsWin,
    pointsDraw: given.points ? fields.points.draw : old.pointsDraw,
    pointsLoss: given.points ? fields.points.loss : old.pointsLoss,
    pointsFrame: given.points ? fields.points.frame : old.pointsFrame,
    meritMinFrames: given.meritMinFrames ? fields.meritMinFrames : old.meritMinFrames,
  };
}

/**
 * The new season's divisions with new ids, each with its teams (new ids too) as promotion and relegation place them
 * by the final tables; each team joins at `now` plus its place in the list, so the season's page lists them so.
 */
function divisionsOf(page: NonNullable<NextSeasonFrom["page"]>, moves: NextSeasonInput, now: number) {
  const finals = page.divisions.map((d) => ({ id: d.id, teamIds: d.standings.map((s) => s.teamId) }));
  const placed = promoteAndRelegate(finals, moves);
  const oldTeams = new Map(page.divisions.flatMap((d, index) => d.teams.map((t) => [t.id, { ...t, index }] as const)));
  let made = 0;
  return page.divisions.map((d, index) => ({
    id: crypto.randomUUID(),
    name: d.name,
    position: d.position,
    teams: (placed[index]?.teamIds ?? []).flatMap((oldId): (NextSeasonTeam & { createdAt: number })[] => {
      const team = oldTeams.get(oldId);
      if (!team) return [];
      const moved = team.index > index ? "up" : team.index < index ? "down" : null;
      const createdAt = now + made++;
      return [{ id: crypto.randomUUID(), name: team.name, venue: team.venue, fromTeamId: oldId, moved, createdAt }];
    }),
  }));
}

/**
 * A new draft season of the secretary's own league (404 for none, 403 for another's) made from `from`, a finished
 * season of it (404 for none, 400 for another league's, 409 until it is finished): see the file's head. The teams get
 * new ids; each new division lists those relegated into it, then those who stayed, then those promoted into it.
 */
export async function insertNextSeason(
  db: Sender,
  {
    organiserId,
    league,
    fields,
    next,
    from,
    now = Date.now(),
  }: {
    organiserId: string;
    league: LeagueOwner | null;
    fields: SeasonInput;
    next: NextSeasonInput;
    from: NextSeasonFrom;
    now?: number;
  },
) {
  if (!league) throw new DomainError(404, LEAGUE_MESSAGES.leagueNotFound);
  if (league.organiserId !== organiserId) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
  const { row: old, page } = from;
  if (!old || !page) throw new DomainError(404, LEAGUE_MESSAGES.fromNotFound, { field: "from" });
  if (old.leagueId !== league.id) throw new DomainError(400, LEAGUE_MESSAGES.fromOtherLeague, { field: "from" });
  if (old.status !== "finished") {
    throw new DomainError(409, LEAGUE_MESSAGES.fromNotFinished, { field: "from", code: "season-not-finished" });
  }
  const seasonId = crypto.randomUUID();
  const values = { id: seasonId, leagueId: league.id, ...rulesOf(fields, next, old), createdAt: now };
  const plan = divisionsOf(page, next, now);
  const statements = (slug: string) => [
    build
      .insert(seasons)
      .values({ ...values, slug })
      .returning(),
    ...plan.map((d) =>
      build
        .insert(divisionsTable)
        .values({ id: d.id, seasonId, name: d.name, nameKey: divisionNameKey(d.name), position: d.position }),
    ),
    ...plan.flatMap((d) =>
      d.teams.flatMap((t) => [
        // Copied in the database: the name, its key, the venue and the captain as the finished season has them.
        build.run(sql`insert into ${leagueTeams} (id, season_id, division_id, name, name_key, venue, captain_id,
          created_at) select ${t.id}, ${seasonId}, ${d.id}, name, name_key, venue, captain_id, ${t.createdAt}
          from ${leagueTeams} where id = ${t.fromTeamId}`),
        build.run(sql`insert into ${leagueRoster} (team_id, season_id, player_id, created_at)
          select ${t.id}, ${seasonId}, player_id, created_at from ${leagueRoster} where team_id = ${t.fromTeamId}`),
      ]),
    ),
  ];
  // A slug taken (astronomically rare) is tried again with another random part, as a season's is.
  for (let attempt = 0; attempt < 3; attempt++) {
    const slug = makeSlug(`${league.name} ${fields.name}`, randomSlugPart());
    try {
      const row = await db.write(write(statements(slug), ([rows]) => (rows as SeasonRow[])[0]));
      if (!row) break;
      return quiet({
        season: row,
        divisions: plan.map(({ id, name, position, teams }) => ({
          id,
          name,
          position,
          teams: teams.map(({ createdAt: _, ...team }) => team),
        })),
      });
    } catch (error) {
      // The league gone meanwhile.
      if (isForeignKeyViolation(error)) throw new DomainError(404, LEAGUE_MESSAGES.leagueNotFound);
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new DomainError(503, `Could not save "${fields.name}", please try again`);
}
