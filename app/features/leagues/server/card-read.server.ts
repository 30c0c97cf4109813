// A fixture's match card as it is read (DESIGN §11): the fixture with its teams' names and where its card stands,
// every frame of its season's format with the players named and the winner, both teams' rosters (ids and names: no
// e-mail) and who may write to it. One round trip; `GET /api/fixtures/{id}`, the card's page and every write of the
// card start from here.
import { alias } from "drizzle-orm/sqlite-core";
import { asc, eq, or } from "drizzle-orm";
import { build, first, mapRead, query, type ReadResult, reads } from "~/db/batch.server.ts";
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
import {
  type CardFrame,
  frameSlots,
  type MatchFormat,
  readFormat,
  type Section,
  type Side,
} from "~/features/leagues/domain/match-card.ts";

const home = alias(leagueTeams, "home");
const away = alias(leagueTeams, "away");
const hp1 = alias(players, "hp1");
const hp2 = alias(players, "hp2");
const ap1 = alias(players, "ap1");
const ap2 = alias(players, "ap2");

const plausibleId = (id: string) => (id.length <= 64 ? id : "");

type Named = { id: string; name: string };

/** A frame of the card as it is shown: each side's players by name, and who won it. */
type CardFrameJson = {
  number: number;
  section: number;
  homePlayers: Named[];
  awayPlayers: Named[];
  winner: Side | null;
};

/** Everything a card's page, its API and its writes need: see `cardQuery`. */
export type CardRead = {
  fixture: {
    id: string;
    seasonId: string;
    divisionId: string;
    week: number;
    date: string | null;
    homeTeamId: string;
    awayTeamId: string;
    home: string;
    away: string;
    venue: string;
    status: string;
    homeScore: number | null;
    awayScore: number | null;
    confirmations: { home: boolean; away: boolean };
    note: string | null;
    disputeReason: string | null;
  };
  card: { sections: Section[]; maxSinglesPerPlayer: number; frames: CardFrameJson[] };
  rosters: { home: Named[]; away: Named[] };
  access: { organiserId: string; homeCaptainId: string; awayCaptainId: string };
  league: { slug: string; name: string };
  /** The fixture's division and season by name, for the page's heading. */
  division: string;
  season: string;
};

const named = (id: string | null, name: string | null): Named[] => (id ? [{ id, name: name ?? "" }] : []);

/** The card's statements: the fixture with its teams, season and league; its frames' rows; both rosters. */
const cardReads = (id: string) =>
  reads({
    found: first(
      build
        .select({
          fixture: leagueFixtures,
          home: home.name,
          away: away.name,
          homeCaptainId: home.captainId,
          awayCaptainId: away.captainId,
          format: seasons.format,
          organiserId: leagues.organiserId,
          leagueSlug: leagues.slug,
          leagueName: leagues.name,
          division: divisions.name,
          season: seasons.name,
        })
        .from(leagueFixtures)
        .innerJoin(home, eq(home.id, leagueFixtures.homeTeamId))
        .innerJoin(away, eq(away.id, leagueFixtures.awayTeamId))
        .innerJoin(seasons, eq(seasons.id, leagueFixtures.seasonId))
        .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
        .innerJoin(divisions, eq(divisions.id, leagueFixtures.divisionId))
        .where(eq(leagueFixtures.id, id))
        .limit(1),
    ),
    frames: query(
      build
        .select({
          number: leagueFrames.number,
          winner: leagueFrames.winner,
          hp1: leagueFrames.homePlayer1,
          hp2: leagueFrames.homePlayer2,
          ap1: leagueFrames.awayPlayer1,
          ap2: leagueFrames.awayPlayer2,
          hp1Name: hp1.name,
          hp2Name: hp2.name,
          ap1Name: ap1.name,
          ap2Name: ap2.name,
        })
        .from(leagueFrames)
        .leftJoin(hp1, eq(hp1.id, leagueFrames.homePlayer1))
        .leftJoin(hp2, eq(hp2.id, leagueFrames.homePlayer2))
        .leftJoin(ap1, eq(ap1.id, leagueFrames.awayPlayer1))
        .leftJoin(ap2, eq(ap2.id, leagueFrames.awayPlayer2))
        .where(eq(leagueFrames.fixtureId, id))
        .orderBy(asc(leagueFrames.number)),
    ),
    roster: query(
      build
        .select({ teamId: leagueRoster.teamId, id: players.id, name: players.name })
        .from(leagueRoster)
        .innerJoin(players, eq(players.id, leagueRoster.playerId))
        .innerJoin(leagueFixtures, eq(leagueFixtures.id, id))
        .where(
          or(eq(leagueRoster.teamId, leagueFixtures.homeTeamId), eq(leagueRoster.teamId, leagueFixtures.awayTeamId)),
        )
        .orderBy(asc(players.name), asc(players.id)),
    ),
  });

type CardRows = ReadResult<ReturnType<typeof cardReads>>;

/**
 * A fixture's card by the fixture's id, or null (an id longer than 64 characters is none): the fixture, every frame
 * of its season's format (players empty until named, the winner null until played), both rosters, the season's
 * secretary and the two captains, and the league. One round trip.
 */
export const cardQuery = (fixtureId: string) => mapRead(cardReads(plausibleId(fixtureId)), cardOf);

function cardOf({ found, frames, roster }: CardRows): CardRead | null {
  if (!found) return null;
  const f = found.fixture;
  const format = readFormat(found.format);
  const stored = new Map(frames.map((row) => [row.number, row]));
  const rosterOf = (teamId: string) => roster.filter((r) => r.teamId === teamId).map(({ id, name }) => ({ id, name }));
  return {
    fixture: {
      id: f.id,
      seasonId: f.seasonId,
      divisionId: f.divisionId,
      week: f.week,
      date: f.date,
      homeTeamId: f.homeTeamId,
      awayTeamId: f.awayTeamId,
      home: found.home,
      away: found.away,
      venue: f.venue,
      status: f.status,
      homeScore: f.homeScore,
      awayScore: f.awayScore,
      confirmations: { home: Boolean(f.homeConfirmed), away: Boolean(f.awayConfirmed) },
      note: f.note,
      disputeReason: f.disputeReason,
    },
    card: {
      sections: format.sections,
      maxSinglesPerPlayer: format.maxSinglesPerPlayer,
      frames: frameSlots(format).map((slot) => {
        const row = stored.get(slot.number);
        return {
          number: slot.number,
          section: slot.section,
          homePlayers: row ? [...named(row.hp1, row.hp1Name), ...named(row.hp2, row.hp2Name)] : [],
          awayPlayers: row ? [...named(row.ap1, row.ap1Name), ...named(row.ap2, row.ap2Name)] : [],
          winner: (row?.winner as Side | null | undefined) ?? null,
        };
      }),
    },
    rosters: { home: rosterOf(f.homeTeamId), away: rosterOf(f.awayTeamId) },
    access: { organiserId: found.organiserId, homeCaptainId: found.homeCaptainId, awayCaptainId: found.awayCaptainId },
    league: { slug: found.leagueSlug, name: found.leagueName },
    division: found.division,
    season: found.season,
  };
}

/** `GET /api/fixtures/{id}`: the fixture and its card — no rosters, no one's ids but the players'. */
export const cardJson = (read: CardRead) => ({ fixture: read.fixture, card: read.card });

/** The card's format, as the read carries it. */
export const formatOf = (read: CardRead): MatchFormat => ({
  sections: read.card.sections,
  maxSinglesPerPlayer: read.card.maxSinglesPerPlayer,
});

/** The card's frames as the domain takes them: player ids per side. */
export const cardFrames = (read: CardRead): CardFrame[] =>
  read.card.frames.map((f) => ({
    number: f.number,
    home: f.homePlayers.map((p) => p.id),
    away: f.awayPlayers.map((p) => p.id),
    winner: f.winner,
  }));
