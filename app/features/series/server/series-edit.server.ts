// The director's side of a series (decision 029): their series page's read, editing the rules (the points locked
// once a night in it is finalized, re-checked by the update's own statement), and a night joining or leaving.
import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  known,
  query,
  write,
  type Sender,
} from "~/db/batch.server.ts";
import { series, tournaments } from "~/db/schema.ts";
import type { EditFacts } from "~/features/tournaments/domain/tournament-edit.ts";
import { DomainError } from "~/domain/errors.ts";
import { mergeSeriesUpdate, parsePoints, POINTS_LOCKED, type SeriesUpdate } from "~/features/series/domain/series.ts";
import { mergeEdit, storedFields } from "~/features/tournaments/domain/tournament-edit.ts";
import { editTournamentSchema } from "~/features/tournaments/domain/tournament-schema.ts";
import { issuesToErrors } from "~/web/http.server.ts";
import { SERIES_NOT_FOUND, seriesPageQuery, type SeriesRow } from "./series.server.ts";
import {
  editReadQuery,
  ownTournament,
  saveTournamentEdit,
  settingsOf,
} from "~/features/tournaments/server/tournament-edit.server.ts";
import type { TournamentRow } from "~/features/tournaments/server/tournaments.server.ts";

/** SQL: a night of the series is finalized (its places count, so the points table is fixed). */
const finalizedNight = (seriesId: string) =>
  sql`exists (select 1 from ${tournaments} t where t.series_id = ${seriesId} and t.finished_at is not null)`;

/**
 * The director's series page in one read: the public page's read (the series, its nights and the ranking) and the
 * director's nights that could join it (not finished, in no series), soonest first.
 */
export const seriesDirectorQuery = (slug: string, organiserId: string) => ({
  page: seriesPageQuery(slug),
  joinable: query(
    build
      .select({ id: tournaments.id, name: tournaments.name, date: tournaments.date, time: tournaments.time })
      .from(tournaments)
      .where(
        and(eq(tournaments.organiserId, organiserId), ne(tournaments.status, "finished"), isNull(tournaments.seriesId)),
      )
      .orderBy(asc(tournaments.date), asc(tournaments.time)),
  ),
});

/** How many nights each of the director's series has, by series id. */
export const nightsPerSeriesQuery = (organiserId: string) =>
  query(
    build
      .select({ seriesId: tournaments.seriesId, nights: count() })
      .from(tournaments)
      .where(eq(tournaments.organiserId, organiserId))
      .groupBy(tournaments.seriesId)
      .orderBy(asc(tournaments.seriesId)),
    (rows) => new Map(rows.map((r) => [r.seriesId, r.nights])),
  );

/** A series read for a change: 404 for none, 403 for another director's. */
export function ownSeriesRow(row: SeriesRow | null | undefined, organiserId: string): SeriesRow {
  if (!row) throw new DomainError(404, SERIES_NOT_FOUND);
  if (row.organiserId !== organiserId) throw new DomainError(403, "Only the series' director can do that");
  return row;
}

/** The row by id, for `PATCH /api/series/{id}`. */
export const seriesByIdQuery = (id: string) =>
  query(build.select().from(series).where(eq(series.id, id)).limit(1), (rows) => rows[0] ?? null);

/**
 * Saves an update of the director's series. A points table that differs from the stored one is refused (409) once a
 * night in the series is finalized — checked in the batch itself, so a night finalized meanwhile counts.
 */
export async function updateSeries(db: Sender, row: SeriesRow, update: SeriesUpdate): Promise<SeriesRow> {
  const next = mergeSeriesUpdate(
    { name: row.name, points: parsePoints(row.points), bestOf: row.bestOf, qualify: row.qualify },
    update,
  );
  const statement = build
    .update(series)
    .set({ name: next.name, points: JSON.stringify(next.points), bestOf: next.bestOf, qualify: next.qualify })
    .where(and(eq(series.id, row.id), eq(series.organiserId, row.organiserId)))
    .returning();
  try {
    const updated = await db.write(
      next.pointsChanged
        ? write([assertInBatch(sql`not ${finalizedNight(row.id)}`), statement], ([, rows]) => rows as SeriesRow[])
        : write([statement], ([rows]) => rows as SeriesRow[]),
    );
    const saved = updated[0];
    if (!saved) throw new DomainError(404, SERIES_NOT_FOUND);
    return saved;
  } catch (error) {
    if (!isBatchGuardFailure(error)) throw error;
    throw new DomainError(409, POINTS_LOCKED, { field: "points", code: "points-locked" });
  }
}

/**
 * What a change on the director's series page reads, in one round trip: the series by slug and, for a night joining
 * or leaving, that night as the tournament's edit reads it.
 */
export const seriesChangeQuery = (slug: string, tournamentId: string | null, now: number) => ({
  row: first(build.select().from(series).where(eq(series.slug, slug)).limit(1)),
  night: tournamentId === null ? known(null) : editReadQuery({ id: tournamentId.slice(0, 64) }, now),
});
type NightRead = { t: TournamentRow | null; facts: EditFacts };

/**
 * A night of the director's joins a series (`seriesId`) or leaves it (null): the tournament edit's own path, so its
 * checks hold (the director's own series, not once finished). `from`: the series a leaving night must be in.
 * Returns the tournament's id for `afterChange`.
 */
export async function setNightSeries(
  db: Sender,
  organiserId: string,
  { night, seriesId, from, now }: { night: NightRead | null; seriesId: string | null; from?: string; now: number },
): Promise<{ tournamentId: string; changed: boolean }> {
  const t = ownTournament(night?.t ?? null, organiserId);
  if (from !== undefined && t.seriesId !== from) throw new DomainError(404, "That night is not in this series");
  const parsed = z.safeParse(editTournamentSchema(t), mergeEdit(storedFields(settingsOf(t)), { seriesId }));
  if (!parsed.success || !night) throw new DomainError(400, parsed.error?.issues[0]?.message ?? "Invalid night");
  const { changed } = await saveTournamentEdit(db, { t, facts: night.facts, next: parsed.data, now });
  return { tournamentId: t.id, changed: changed.length > 0 };
}

/** The series form's fields as sent (`points.1st` …), for the form to show again beside its errors. */
export type SeriesFormValues = Record<string, string>;

/**
 * The director's series form (create or edit) read with the API's schema: the body, or each field's first error
 * by the field's name (`name`, `points.1st`, `bestOf` …) with what was sent. A points field not sent (locked) is
 * left out, so the stored one stays.
 */
export function readSeriesForm<S extends z.core.$ZodType>(
  form: FormData,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; errors: Record<string, string>; values: SeriesFormValues } {
  const values: SeriesFormValues = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  const points: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (name.startsWith("points.")) points[name.slice("points.".length)] = value;
  }
  const body = {
    name: values.name,
    ...(Object.keys(points).length > 0 ? { points } : {}),
    bestOf: values.bestOf ?? "",
    qualify: values.qualify ?? "",
  };
  const parsed = z.safeParse(schema, body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(issuesToErrors(parsed.error.issues).errors)) {
    errors[field] = messages[0] ?? "";
  }
  return { ok: false, errors, values };
}
