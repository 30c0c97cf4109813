// A league's writes, one use case each: a league made by its secretary, a season of it, a division of a season.
// Nothing anyone watches moves yet (no fixtures, no screens), so all three are quiet.
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
