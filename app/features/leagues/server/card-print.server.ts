// A fixture's match card on paper (DESIGN §11), for anyone: the league, season, division, week, date, venue and
// teams; both rosters (names only, the captain marked); the season's format; and the frames recorded so far, with
// each side's players by name and the winner. One round trip; null for no such fixture of that league.
import { alias } from "drizzle-orm/sqlite-core";
import { and, asc, eq, sql } from "drizzle-orm";
import { build, first, mapRead, query, reads } from "~/db/batch.server.ts";
import {
  divisions,
  leagueFixtures,
  leagueFrames,
  leagueRoster,
  leagues,
  leagueTeams,
  players,
  seasons,
} from "~/db/schema.ts";
import { type MatchFormat, readFormat, type Side } from "~/features/leagues/domain/match-card.ts";

const home = alias(leagueTeams, "home");
const away = alias(leagueTeams, "away");
const homeP1 = alias(players, "home_p1");
const homeP2 = alias(players, "home_p2");
const awayP1 = alias(players, "away_p1");
const awayP2 = alias(players, "away_p2");

export type PrintedFrame = { number: number; home: string[]; away: string[]; winner: Side | null };
type PrintedPlayer = { name: string; captain: boolean };
export type CardPrint = {
  league: { slug: string; name: string };
  season: { name: string };
  division: string;
  fixture: {
    id: string;
    week: number;
    date: string | null;
    venue: string;
    status: string;
    homeScore: number | null;
    awayScore: number | null;
  };
  home: { name: string; roster: PrintedPlayer[] };
  away: { name: string; roster: PrintedPlayer[] };
  format: MatchFormat;
  frames: PrintedFrame[];
};

const names = (...of: (string | null)[]) => of.filter((n): n is string => n !== null);

/** The card of fixture `fixtureId` of the league `leagueSlug`, or null. */
export function cardPrintQuery(leagueSlug: string, fixtureId: string) {
  const id = fixtureId.length <= 64 ? fixtureId : "";
  const slug = leagueSlug.length <= 160 ? leagueSlug : "";
  const ofFixture = sql`from ${leagueFixtures} where ${leagueFixtures.id} = ${id}`;
  const teamIds = sql`(select ${leagueFixtures.homeTeamId} ${ofFixture}
    union all select ${leagueFixtures.awayTeamId} ${ofFixture})`;
  return mapRead(
    reads({
      fixture: first(
        build
          .select({
            fixture: {
              id: leagueFixtures.id,
              week: leagueFixtures.week,
              date: leagueFixtures.date,
              venue: leagueFixtures.venue,
              status: leagueFixtures.status,
              homeScore: leagueFixtures.homeScore,
              awayScore: leagueFixtures.awayScore,
            },
            homeTeamId: home.id,
            awayTeamId: away.id,
            home: home.name,
            away: away.name,
            division: divisions.name,
            season: seasons.name,
            format: seasons.format,
            league: { slug: leagues.slug, name: leagues.name },
          })
          .from(leagueFixtures)
          .innerJoin(home, eq(home.id, leagueFixtures.homeTeamId))
          .innerJoin(away, eq(away.id, leagueFixtures.awayTeamId))
          .innerJoin(divisions, eq(divisions.id, leagueFixtures.divisionId))
          .innerJoin(seasons, eq(seasons.id, leagueFixtures.seasonId))
          .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
          .where(and(eq(leagueFixtures.id, id), eq(leagues.slug, slug)))
          .limit(1),
      ),
      rosters: query(
        build
          .select({
            teamId: leagueRoster.teamId,
            name: players.name,
            captain: sql<number>`${players.id} = ${leagueTeams.captainId}`,
          })
          .from(leagueRoster)
          .innerJoin(players, eq(players.id, leagueRoster.playerId))
          .innerJoin(leagueTeams, eq(leagueTeams.id, leagueRoster.teamId))
          .where(sql`${leagueRoster.teamId} in ${teamIds}`)
          .orderBy(sql`${players.id} = ${leagueTeams.captainId} desc`, asc(players.name)),
      ),
      frames: query(
        build
          .select({
            number: leagueFrames.number,
            winner: leagueFrames.winner,
            home1: homeP1.name,
            home2: homeP2.name,
            away1: awayP1.name,
            away2: awayP2.name,
          })
          .from(leagueFrames)
          .leftJoin(homeP1, eq(homeP1.id, leagueFrames.homePlayer1))
          .leftJoin(homeP2, eq(homeP2.id, leagueFrames.homePlayer2))
          .leftJoin(awayP1, eq(awayP1.id, leagueFrames.awayPlayer1))
          .leftJoin(awayP2, eq(awayP2.id, leagueFrames.awayPlayer2))
          .where(eq(leagueFrames.fixtureId, id))
          .orderBy(asc(leagueFrames.number)),
      ),
    }),
    ({ fixture: found, rosters, frames }): CardPrint | null => {
      if (!found) return null;
      const roster = (teamId: string) =>
        rosters.filter((r) => r.teamId === teamId).map((r) => ({ name: r.name, captain: Boolean(Number(r.captain)) }));
      return {
        league: found.league,
        season: { name: found.season },
        division: found.division,
        fixture: found.fixture,
        home: { name: found.home, roster: roster(found.homeTeamId) },
        away: { name: found.away, roster: roster(found.awayTeamId) },
        format: readFormat(found.format),
        frames: frames.map((f) => ({
          number: f.number,
          home: names(f.home1, f.home2),
          away: names(f.away1, f.away2),
          winner: f.winner,
        })),
      };
    },
  );
}
