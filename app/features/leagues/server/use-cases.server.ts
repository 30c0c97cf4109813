// A league's writes, one use case each: a league made by its secretary, a season of it, a division of a season, a
// team and a roster's player, the season's fixtures made and one moved, a fixture's match card, the season finished
// and the next one made from it. No live screen shows a league yet, so none announces a change; the roster's writes
// owe e-mails (the captain told, invited accounts their invitation), a dispute the secretary's.
import type { Sender } from "~/db/batch.server.ts";
import type { SeasonInput } from "~/features/leagues/domain/leagues.ts";
import { quiet } from "~/web/done.ts";
import {
  insertDivision,
  insertLeague,
  insertSeason,
  type LeagueOwner,
  type SeasonOwner,
} from "~/features/leagues/server/leagues.server.ts";

/** A new league, the organiser making it its secretary. */
export async function createLeague(db: Sender, { organiserId, name }: { organiserId: string; name: string }) {
  return quiet(await insertLeague(db, organiserId, name));
}

/** A new draft season of the secretary's league (`league` as read by id: a 404 for none, a 403 for another's). */
export async function createSeason(
  db: Sender,
  { organiserId, league, fields }: { organiserId: string; league: LeagueOwner | null; fields: SeasonInput },
) {
  return quiet(await insertSeason(db, organiserId, league, fields));
}

/** A new division at the foot of a season of the secretary's league (a 409 for a name the season has). */
export async function createDivision(
  db: Sender,
  { organiserId, season, name }: { organiserId: string; season: SeasonOwner | null; name: string },
) {
  return quiet(await insertDivision(db, organiserId, season, name));
}

/** A new team of a season, with its captain and players (`season` as read by id). */
export { insertTeam as createTeam } from "~/features/leagues/server/teams.server.ts";

/** A player added to a team's roster by the secretary or the team's captain (`team` as read by ids). */
export { insertRosterPlayer as addRosterPlayer } from "~/features/leagues/server/teams.server.ts";

/** The season's fixtures made (again) from its divisions' teams; a draft season goes live. */
export { generateSeasonFixtures as makeFixtures } from "~/features/leagues/server/fixtures.server.ts";

/** A fixture moved to another date, or postponed. */
export { moveFixture } from "~/features/leagues/server/fixtures.server.ts";

/** A side's lineup on a fixture's card, a frame's winner and a captain's confirmation. */
export { setLineup, recordFrame, confirmCard } from "~/features/leagues/server/match-card.server.ts";

/** A card disputed by a captain; resolved, awarded or voided by the secretary. */
export {
  awardFixture,
  disputeFixture,
  resolveFixture,
  voidFixture,
} from "~/features/leagues/server/card-disputes.server.ts";

/** The season's format (until a frame is played), points (until a fixture is) and merit minimum changed. */
export { changeSeason } from "~/features/leagues/server/season-format.server.ts";

/** Points deducted from a team by the secretary, or taken back: the season's table moves. */
export { deductPoints, removePenalty } from "~/features/leagues/server/penalties.server.ts";

/** The season finished by its secretary once every fixture is played, awarded or voided: its champions stored. */
export { finishSeason } from "~/features/leagues/server/season-finish.server.ts";

/** The next season made from a finished one: its divisions, teams and rosters, promoted and relegated. */
export { insertNextSeason as startNextSeason } from "~/features/leagues/server/next-season.server.ts";
