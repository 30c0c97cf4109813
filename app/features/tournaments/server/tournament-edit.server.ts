// Editing a tournament after creating it, and running it again (decision 020): the read the locks are decided
// from (features/tournaments/domain/tournament-edit.ts), the write that re-checks them as it runs, and the copy.
// The JSON API and the edit and run-again pages call these.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { build, first, mapRead, reads, write, type Read, type Sender } from "~/db/batch.server.ts";
import { reserves, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError, tournamentNotFound } from "~/domain/errors.ts";
import {
  changedFields,
  editGuards,
  editRefusal,
  runAgainDates,
  runAgainName,
  type EditFacts,
  type EditField,
  type EditRefusal,
  type TournamentSettings,
} from "~/features/tournaments/domain/tournament-edit.ts";
import { DEFAULT_FORMAT } from "~/domain/tournaments.ts";
import { ownSeries } from "~/features/series/server/series.server.ts";
import { tournamentIdSql, tournamentRow, type TournamentRef } from "./tournament-ref.server.ts";
import { createTournament } from "./tournament-create.server.ts";
import { tournamentBySlugQuery, type TournamentDetail, type TournamentRow } from "./tournaments.server.ts";

/** The code of an edit refused because a field can no longer change (409 `{ message, field }`). */
export const FIELD_LOCKED = "field-locked";

const paidCount = (id: SQL) =>
  sql`(select count(*) from ${tournamentPlayers} tp where tp.tournament_id = ${id} and tp.paid = 1)`;
const payingCount = (id: SQL, now: number) =>
  sql`(select count(*) from ${tournamentPlayers} tp
    where tp.tournament_id = ${id} and tp.paid = 0 and tp.hold_expires_at > ${now})`;
// Every registration (an expired hold may still be paid late, decision 017) and the reserve list.
const enteredCount = (id: SQL) =>
  sql`((select count(*) from ${tournamentPlayers} tp where tp.tournament_id = ${id})
    + (select count(*) from ${reserves} r where r.tournament_id = ${id}))`;

/** The tournament and what its locks depend on, in one read. */
export function editReadQuery(ref: TournamentRef, now: number): Read<{ t: TournamentRow | null; facts: EditFacts }> {
  const id = tournamentIdSql(ref);
  return mapRead(
    reads({
      t: first(tournamentRow(ref)),
      counts: first(
        build.all<{ paid: number; paying: number; entered: number }>(sql`select ${paidCount(id)} as paid,
          ${payingCount(id, now)} as paying, ${enteredCount(id)} as entered`),
      ),
    }),
    ({ t, counts }) => ({
      t,
      facts: {
        status: t?.status ?? "open",
        matchType: t?.matchType ?? "1v1",
        paid: Number(counts?.paid ?? 0),
        paying: Number(counts?.paying ?? 0),
        entered: Number(counts?.entered ?? 0),
      },
    }),
  );
}

/** The tournament, when it is the director's own: else 404 or 403. */
export function ownTournament(t: TournamentRow | null, organiserId: string): TournamentRow {
  if (!t) throw tournamentNotFound();
  if (t.organiserId !== organiserId) throw new DomainError(403, "Only the tournament's director can do that");
  return t;
}

/** A stored tournament's settings, as the creation fields make them. */
export function settingsOf(t: TournamentRow): TournamentSettings {
  return {
    name: t.name,
    venue: t.venue,
    date: t.date,
    time: t.time,
    registrationDeadline: t.registrationDeadline,
    rules: t.rules,
    format: t.format ?? DEFAULT_FORMAT,
    maxPlayers: t.maxPlayers,
    tournamentType: t.tournamentType,
    matchType: t.matchType,
    grandFinal: t.grandFinal,
    groupSize: t.groupSize,
    advancePerGroup: t.advancePerGroup,
    seeding: t.seeding,
    handicap: t.handicap,
    maxRating: t.maxRating,
    resultsFromTables: t.resultsFromTables,
    breakRule: t.breakRule,
    raceTo: t.raceTo,
    entryFeePence: t.entryFeePence,
    siteFeePence: t.siteFeePence,
    rakeType: t.rakeType,
    rakeValue: t.rakeValue,
    payoutStructure: t.payoutStructure,
    seriesId: t.seriesId,
  };
}

const lockedError = ({ field, message }: EditRefusal) => new DomainError(409, message, { field, code: FIELD_LOCKED });

const columnOf = (field: EditField): keyof TournamentSettings =>
  field === "entryFee" ? "entryFeePence" : field === "siteFee" ? "siteFeePence" : field;

/**
 * Writes an edit the locks allow, in one statement that re-checks them as it runs (the tournament still open, nobody
 * paid or paying, nobody entered, the places taken within the new maximum: those the changes depend on), so a
 * payment or an entry landing between the read and the write cannot slip through. Answers the tournament as it is
 * after the write (read in the same batch) and the fields that changed; an edit refused meanwhile is a 409 with the
 * reason the batch itself read.
 */
export async function saveTournamentEdit(
  db: Sender,
  { t, facts, next, now }: { t: TournamentRow; facts: EditFacts; next: TournamentSettings; now: number },
): Promise<{ changed: EditField[]; detail: TournamentDetail | null }> {
  const current = settingsOf(t);
  const refusal = editRefusal(current, next, facts);
  if (refusal) throw lockedError(refusal);
  const changed = changedFields(current, next);
  const detail = tournamentBySlugQuery(t.slug, now);
  if (changed.length === 0) return { changed, detail: await db.send(detail) };

  const guards = editGuards(current, changed, next);
  const id = sql`${t.id}`;
  const conditions: SQL[] = [eq(tournaments.id, t.id), eq(tournaments.organiserId, t.organiserId)];
  if (guards.open) conditions.push(eq(tournaments.status, "open"));
  if (guards.takenAtMost !== null) {
    conditions.push(sql`${paidCount(id)} + ${payingCount(id, now)} <= ${guards.takenAtMost}`);
  }
  if (guards.nobodyPaid) conditions.push(sql`${paidCount(id)} = 0`);
  if (guards.nobodyPaying) conditions.push(sql`${payingCount(id, now)} = 0`);
  if (guards.nobodyEntered) conditions.push(sql`${enteredCount(id)} = 0`);
  if (guards.notFinished) conditions.push(sql`${tournaments.status} != 'finished'`);
  // Only into the director's own series (the API says 404 or 403 first; this holds for every other path).
  if (changed.includes("seriesId") && next.seriesId !== null) conditions.push(ownSeries(next.seriesId, t.organiserId));
  const set: Partial<TournamentSettings> = {};
  for (const field of changed) Object.assign(set, { [columnOf(field)]: next[columnOf(field)] });

  const after = editReadQuery({ id: t.id }, now);
  return db.write(
    write(
      [
        build
          .update(tournaments)
          .set(set)
          .where(and(...conditions))
          .returning({ id: tournaments.id }),
        ...after.items,
        ...detail.items,
      ],
      ([updated, ...rest]) => {
        if ((updated as unknown[]).length === 0) {
          // Refused as it ran: say why, as the batch found the tournament.
          const found = after.result(rest.slice(0, after.items.length));
          const why = found.t ? editRefusal(settingsOf(found.t), next, found.facts) : null;
          if (!found.t) throw tournamentNotFound();
          if (why) throw lockedError(why);
          throw new DomainError(409, "The tournament changed meanwhile; reload and try again");
        }
        return { changed, detail: detail.result(rest.slice(after.items.length)) };
      },
    ),
  );
}

/**
 * "Run again": a new open tournament with the settings of `t` (not its entries, nor its tables' state), its own slug
 * and name, starting at `startsAt` or a week later (features/tournaments/domain/tournament-edit.ts `runAgainDates`).
 */
export function runTournamentAgain(
  db: Sender,
  {
    t,
    startsAt,
    name,
    now,
  }: { t: TournamentRow; startsAt?: { date: string; time: string }; name?: string; now: number },
): Promise<TournamentRow> {
  const dates = runAgainDates(t, now, startsAt);
  return createTournament(
    db,
    t.organiserId,
    // The new night's name as the director gave it, else the one suggested ("Week 2" after "Week 1", or the date).
    { ...settingsOf(t), ...dates, name: name ?? runAgainName(t.name, dates.date) },
    { autoAssign: t.autoAssign, noShowMinutes: t.noShowMinutes },
  );
}
