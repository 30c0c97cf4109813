// A league's frames as the ratings' replay reads them (DESIGN §11): every singles frame of a played fixture is a rack
// between its two players, 1–0 to the winner, at the moment it was recorded; doubles frames rate nobody, and a
// disputed or awarded card counts for nothing. Marked stale by migration 0028's triggers, as results are by 0024's.
import { type SQL, sql } from "drizzle-orm";
import { build, query } from "~/db/batch.server.ts";
import { leagueFixtures, leagueFrames } from "~/db/schema.ts";
import type { RatedResult } from "~/features/ratings/domain/ratings.ts";

/** SQL: a frame that is a rack: a singles frame of a played fixture, both players named, a winner recorded. */
const ratedFrame = sql`${leagueFrames.winner} is not null and ${leagueFrames.playedAt} is not null
  and ${leagueFrames.homePlayer1} is not null and ${leagueFrames.awayPlayer1} is not null
  and ${leagueFrames.homePlayer2} is null and ${leagueFrames.awayPlayer2} is null
  and ${leagueFrames.homePlayer1} != ${leagueFrames.awayPlayer1}
  and exists (select 1 from ${leagueFixtures} where ${leagueFixtures.id} = ${leagueFrames.fixtureId}
    and ${leagueFixtures.status} = 'played')`;

/** SQL (a select to union): the players of any frame recorded in [from, to) — the replay's superset of who moves. */
export const framePlayersBetween = (from: SQL, to: SQL) => sql`select ${leagueFrames.homePlayer1} from ${leagueFrames}
    where ${leagueFrames.playedAt} >= ${from} and ${leagueFrames.playedAt} < ${to}
  union select ${leagueFrames.awayPlayer1} from ${leagueFrames}
    where ${leagueFrames.playedAt} >= ${from} and ${leagueFrames.playedAt} < ${to}`;

/** The frames that are racks, recorded in [from, to): keyed by fixture and frame number, home as player 1. */
export const ratedFramesBetween = (from: SQL, to: SQL) =>
  query(
    build.all<RatedResult>(sql`select ${leagueFrames.fixtureId} || ':' || ${leagueFrames.number} as matchId,
        ${leagueFrames.playedAt} as at, ${leagueFrames.homePlayer1} as player1Id,
        ${leagueFrames.awayPlayer1} as player2Id,
        case ${leagueFrames.winner} when 'home' then 1 else 0 end as racks1,
        case ${leagueFrames.winner} when 'away' then 1 else 0 end as racks2
      from ${leagueFrames}
      where ${ratedFrame} and ${leagueFrames.playedAt} >= ${from} and ${leagueFrames.playedAt} < ${to}`),
    (rows) => rows.map((r) => ({ ...r, at: Number(r.at), racks1: Number(r.racks1), racks2: Number(r.racks2) })),
  );
