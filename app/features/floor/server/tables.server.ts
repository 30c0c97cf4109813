// Tables and their access codes (SPEC §2 /td/tables, /scoreboard): the
// director's list, and what a tablet at a table shows.
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { build, first, mapRead, outer, query, reads, write, type Read, type Sender } from "~/db/batch.server.ts";
import { callNotices, matches, playerRatings, tables, tableTaps, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { generateAccessCode, tableExists, tableNameKey } from "~/features/floor/domain/tables.ts";
import { nextBreaker, type BreakRule, type Side } from "~/features/floor/domain/table-scoring.ts";
import type { ConfirmedResult, Scoreboard } from "~/features/floor/domain/scoreboard.ts";
import { racesOf } from "~/features/play/domain/races.ts";
import { slotRating } from "~/features/ratings/domain/ratings.ts";
import type { Change } from "~/domain/changes.ts";
import { entryMembers, entryName, parseMembers } from "~/features/entries/server/entries.server.ts";

/** The director's tables; `busyWith` is the match being played on one (in a tournament in progress), if any. */
export function tablesQuery(organiserId: string) {
  const busyWith = sql<string | null>`(select m.id from ${matches} m
    join ${tournaments} t on t.id = m.tournament_id
    where m.table_id = ${outer(tables.id)} and m.status = 'in_progress' and t.status = 'in_progress'
    order by m.table_assigned_at desc limit 1)`;
  return query(
    build
      .select({ id: tables.id, name: tables.name, accessCode: tables.accessCode, busyWith })
      .from(tables)
      .where(eq(tables.organiserId, organiserId))
      .orderBy(asc(tables.createdAt), asc(tables.name)),
  );
}

type TableRow = { id: string; name: string; accessCode: string };

/**
 * A new table with a fresh access code, unless the director already has one
 * of that name (ignoring case and spaces): one guarded statement, so two
 * quick clicks cannot make two. The batch reads the clashing name first.
 */
export async function createTable(
  db: Sender,
  organiserId: string,
  name: string,
): Promise<{ table: TableRow; change: Change }> {
  const sameName = sql`${tables.organiserId} = ${organiserId}
    and replace(lower(${tables.name}), ' ', '') = ${tableNameKey(name)}`;
  // Collisions are rare (31^8 codes); the unique index makes them safe to retry.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateAccessCode((n) => crypto.getRandomValues(new Uint8Array(n)));
    const clash = build.select({ name: tables.name }).from(tables).where(sameName).limit(1);
    const insert = build.all<TableRow>(sql`insert into ${tables} (id, organiser_id, name, access_code)
      select ${crypto.randomUUID()}, ${organiserId}, ${name}, ${code}
      where not exists (select 1 from ${tables} where ${sameName})
      on conflict (access_code) do nothing
      returning id, name, access_code as accessCode`);
    const row = await db.write(
      write([clash, insert], ([existing, inserted]) => {
        const taken = (existing as { name: string }[])[0];
        if (taken) throw new DomainError(409, tableExists(taken.name));
        return (inserted as TableRow[])[0];
      }),
    );
    // A table added mid-evening takes the next match when the floor assigns automatically.
    if (row) return { table: row, change: { organiserId, tournamentId: null, what: "table", floors: "read" } };
  }
  throw new DomainError(503, "Could not make a unique access code, please try again");
}

/**
 * Deletes one of the director's own tables. A match being played on it goes
 * back to the queue (pending, no table, a confirmed result waiting for
 * approval dropped, its call forgotten) in the same batch, to be called again
 * to another table; its finished matches keep their results and lose the
 * table (ON DELETE SET NULL). Answers what changed, per tournament touched.
 */
export async function deleteTable(db: Sender, organiserId: string, tableId: string): Promise<Change[]> {
  const table = await db.send(
    first(build.select({ organiserId: tables.organiserId }).from(tables).where(eq(tables.id, tableId)).limit(1)),
  );
  if (!table) throw new DomainError(404, "Table not found");
  if (table.organiserId !== organiserId) throw new DomainError(403, "You can only delete your own tables");
  const playing = sql`${matches.tableId} = ${tableId} and ${matches.status} = 'in_progress'`;
  const returned = await db.write(
    write(
      [
        build.delete(callNotices).where(sql`${callNotices.matchId} in (select id from ${matches} where ${playing})`),
        build
          .update(matches)
          .set({ tableId: null, tableAssignedAt: null, status: "pending", awaitingApproval: false })
          .where(playing)
          .returning({ tournamentId: matches.tournamentId }),
        build.delete(tables).where(and(eq(tables.id, tableId), eq(tables.organiserId, organiserId))),
      ],
      (raw) => raw[1] as { tournamentId: string }[],
    ),
  );
  // The match sent back is called to another free table when the floor assigns automatically.
  const gone: Change = {
    organiserId,
    tournamentId: null,
    what: "table",
    floors: returned.length ? "read" : null,
    deletedTable: tableId,
  };
  return [gone, ...returned.map((m) => ({ organiserId, tournamentId: m.tournamentId, what: "table" as const }))];
}

/**
 * "New code": the table gets a fresh access code and the old one stops
 * working at once (the tablets using it are disconnected by the caller).
 */
export async function giveTableNewCode(
  db: Sender,
  organiserId: string,
  tableId: string,
): Promise<{ table: TableRow; change: Change }> {
  const table = await db.send(
    first(build.select({ organiserId: tables.organiserId }).from(tables).where(eq(tables.id, tableId)).limit(1)),
  );
  if (!table) throw new DomainError(404, "Table not found");
  if (table.organiserId !== organiserId) throw new DomainError(403, "You can only change your own tables");
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateAccessCode((n) => crypto.getRandomValues(new Uint8Array(n)));
    const changed = await db.write(
      write(
        [
          build.all<TableRow>(sql`update or ignore ${tables} set access_code = ${code}
            where id = ${tableId} and organiser_id = ${organiserId}
            returning id, name, access_code as accessCode`),
        ],
        ([rows]) => (rows as TableRow[])[0],
      ),
    );
    // The tablets using the old code are disconnected.
    if (changed)
      return { table: changed, change: { organiserId, tournamentId: null, what: "code", replacedCode: changed.id } };
  }
  throw new DomainError(503, "Could not make a unique access code, please try again");
}

export function tableByCodeQuery(code: string) {
  return first(
    build
      .select({ id: tables.id, name: tables.name, accessCode: tables.accessCode })
      .from(tables)
      .where(eq(tables.accessCode, code))
      .limit(1),
  );
}

const asSide = (value: number | null): Side | null => (value === 1 || value === 2 ? value : null);

/** The racks of a match not undone, in order, as one string of sides ("1121"). */
/** A slot's stored rating (none for a new player, a team or an empty slot). */
const ratingOf = (slot: SQLiteColumn) =>
  sql<number | null>`(select pr.rating from ${playerRatings} pr where pr.player_id = ${outer(slot)})`;

const racksOf = (matchId: SQL | string) =>
  sql<string>`coalesce((select group_concat(player, '') from (select ${tableTaps.player} as player
    from ${tableTaps} where ${tableTaps.matchId} = ${matchId} and ${tableTaps.kind} = 'rack'
    and ${tableTaps.undoneBy} is null order by ${tableTaps.seq})), '')`;

/**
 * A table and what it shows, in one round trip: the match most recently
 * assigned to it in a tournament that is in progress (DESIGN §5).
 */
export function scoreboardQuery(code: string): Read<Scoreboard | null> {
  return boardQuery(eq(tables.accessCode, code));
}

/** A table and what it shows, by the table's id (the boards a change pushes to the tablets). */
function boardByTableQuery(tableId: string): Read<Scoreboard | null> {
  return boardQuery(eq(tables.id, tableId));
}

/** The boards of these tables as a write leaves them (read at the end of its batch), by table id. */
export function boardsAfter(tableIds: readonly (string | null)[]): Read<Record<string, Scoreboard>> {
  const ids = [...new Set(tableIds.filter((id): id is string => id !== null))];
  return mapRead(reads(Object.fromEntries(ids.map((id) => [id, boardByTableQuery(id)]))), (found) =>
    Object.fromEntries(Object.entries(found).filter((entry): entry is [string, Scoreboard] => entry[1] !== null)),
  );
}

/** The table's last confirm not undone, with its match, in a tournament in progress. */
function confirmedQuery(which: SQL): Read<ConfirmedResult | null> {
  const racksOf = (side: Side) => sql<number>`(select count(*) from ${tableTaps} r
    where r.match_id = ${outer(matches.id)} and r.kind = 'rack' and r.undone_by is null and r.player = ${side})`;
  return mapRead(
    first(
      build
        .select({
          seq: tableTaps.seq,
          side: tableTaps.player,
          match: {
            id: matches.id,
            tournamentId: matches.tournamentId,
            status: matches.status,
            awaitingApproval: matches.awaitingApproval,
            winnerId: matches.winnerId,
            player1Id: matches.player1Id,
            outcome: matches.outcome,
            completedAt: matches.completedAt,
            player1Score: matches.player1Score,
            player2Score: matches.player2Score,
          },
          resultsFromTables: tournaments.resultsFromTables,
          player1Name: entryName(matches.player1Id),
          player2Name: entryName(matches.player2Id),
          racks1: racksOf(1),
          racks2: racksOf(2),
        })
        .from(tableTaps)
        .innerJoin(matches, eq(matches.id, tableTaps.matchId))
        .innerJoin(tables, eq(tables.id, matches.tableId))
        .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
        .where(
          and(
            which,
            eq(tableTaps.kind, "confirm"),
            sql`${tableTaps.undoneBy} is null`,
            eq(tournaments.status, "in_progress"),
          ),
        )
        .orderBy(desc(tableTaps.seq))
        .limit(1),
    ),
    (row): ConfirmedResult | null => {
      const side = row ? asSide(row.side) : null;
      if (!row || side === null) return null;
      const m = row.match;
      return {
        seq: row.seq,
        matchId: m.id,
        tournamentId: m.tournamentId,
        side,
        status: m.status,
        awaitingApproval: m.awaitingApproval,
        winnerSide: m.winnerId === null ? null : m.winnerId === m.player1Id ? 1 : 2,
        outcome: m.outcome,
        completedAt: m.completedAt,
        resultsFromTables: row.resultsFromTables,
        names: [row.player1Name ?? "TBD", row.player2Name ?? "TBD"],
        player1Score: m.player1Score,
        player2Score: m.player2Score,
        racks: [Number(row.racks1), Number(row.racks2)],
      };
    },
  );
}

function boardQuery(which: SQL): Read<Scoreboard | null> {
  const current = first(
    build
      .select({
        match: matches,
        tournamentName: tournaments.name,
        tournamentSlug: tournaments.slug,
        raceTo: tournaments.raceTo,
        noShowMinutes: tournaments.noShowMinutes,
        organiserId: tournaments.organiserId,
        resultsFromTables: tournaments.resultsFromTables,
        breakRule: tournaments.breakRule,
        racks: racksOf(outer(matches.id)),
        singles: sql<boolean>`${tournaments.matchType} = '1v1'`.mapWith(Boolean),
        rating1: ratingOf(matches.player1Id),
        rating2: ratingOf(matches.player2Id),
        player1Name: entryName(matches.player1Id),
        player2Name: entryName(matches.player2Id),
        player1Members: entryMembers(matches.player1Id),
        player2Members: entryMembers(matches.player2Id),
      })
      .from(matches)
      .innerJoin(tables, eq(tables.id, matches.tableId))
      .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
      .where(and(which, eq(tournaments.status, "in_progress")))
      .orderBy(desc(matches.tableAssignedAt))
      .limit(1),
  );
  const table = first(
    build
      .select({ id: tables.id, name: tables.name, accessCode: tables.accessCode, organiserId: tables.organiserId })
      .from(tables)
      .where(which)
      .limit(1),
  );
  return mapRead(reads({ table, row: current, confirmed: confirmedQuery(which) }), ({ table, row, confirmed }) => {
    if (!table) return null;
    return {
      table,
      confirmed,
      readAt: Date.now(),
      match: row
        ? {
            id: row.match.id,
            tournament: { name: row.tournamentName, slug: row.tournamentSlug },
            round: row.match.round,
            matchNumber: row.match.matchNumber,
            label: row.match.label,
            bracket: row.match.bracket,
            outcome: row.match.outcome,
            raceTo: row.raceTo,
            ...racesOf(row.raceTo, row.match),
            player1Rating: row.singles ? slotRating(row.match.player1Id, row.rating1) : null,
            player2Rating: row.singles ? slotRating(row.match.player2Id, row.rating2) : null,
            calledAt: row.match.tableAssignedAt,
            noShowMinutes: row.noShowMinutes,
            player1: row.player1Name === null ? null : { name: row.player1Name },
            player2: row.player2Name === null ? null : { name: row.player2Name },
            player1Members: parseMembers(row.player1Members),
            player2Members: parseMembers(row.player2Members),
            player1Id: row.match.player1Id,
            player2Id: row.match.player2Id,
            player1Score: row.match.player1Score,
            player2Score: row.match.player2Score,
            winnerId: row.match.winnerId,
            status: row.match.status,
            tournamentId: row.match.tournamentId,
            organiserId: row.organiserId,
            resultsFromTables: row.resultsFromTables,
            lagWinner: asSide(row.match.lagWinner),
            racks: row.racks,
            breaker: breakerOf(row.breakRule, row.match, row.racks),
            awaitingApproval: row.match.awaitingApproval && row.match.status === "in_progress",
          }
        : null,
    };
  });
}

/** Who breaks next, while the match is played. */
function breakerOf(rule: BreakRule, match: { status: string; lagWinner: number | null }, racks: string): Side | null {
  if (match.status !== "in_progress") return null;
  return nextBreaker(
    rule,
    asSide(match.lagWinner),
    [...racks].map((c) => (c === "1" ? 1 : 2)),
  );
}
