// A tournament named by its id, or by its slug for the pages that have only
// its URL — as SQL, so rows that depend on it can be read or written in the
// same round trip as the tournament itself.
import { eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { build } from "~/db/batch.server.ts";
import { tournaments } from "~/db/schema.ts";

export type TournamentRef = { id: string } | { slug: string };

/** The tournament's id: the value itself, or a subquery finding it by slug. */
export const tournamentIdSql = (ref: TournamentRef): SQL =>
  "id" in ref
    ? sql`${ref.id}`
    : sql`(select ${tournaments.id} from ${tournaments} where ${tournaments.slug} = ${ref.slug})`;

/** The condition on a row's tournament column: it belongs to the tournament. */
export const inTournament = (column: SQLiteColumn, ref: TournamentRef): SQL => sql`${column} = ${tournamentIdSql(ref)}`;

/** The condition selecting the tournament row itself. */
const isTournament = (ref: TournamentRef): SQL =>
  "id" in ref ? eq(tournaments.id, ref.id) : eq(tournaments.slug, ref.slug);

/** The tournament's row (for a batch: wrap it in `first` to read it on its own). */
export const tournamentRow = (ref: TournamentRef) => build.select().from(tournaments).where(isTournament(ref)).limit(1);
