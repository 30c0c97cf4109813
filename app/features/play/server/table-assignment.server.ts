// The director's tables: a match put on a table (in progress there, one match a table) or taken off it (pending).
import { and, eq, sql } from "drizzle-orm";
import { build, first, known, reads, trailing, write, type Sender } from "~/db/batch.server.ts";
import { matches, tables, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import type { Change } from "~/domain/changes.ts";
import { checkTableAssignment, matchInPlay } from "~/features/play/domain/play-checks.ts";
import { forgetCall } from "~/features/floor/server/calls.server.ts";
import { queuesAfter } from "~/features/floor/server/queue-reads.server.ts";
import { boardsAfter } from "~/features/floor/server/tables.server.ts";
import { matchesAfter, matchWithTournament } from "./match-reads.server.ts";

/** Assigning a table puts the match in progress; unassigning returns it to pending. */
export async function assignTable(
  db: Sender,
  {
    organiserId,
    matchId,
    tableId,
    now = Date.now(),
  }: { organiserId: string; matchId: string; tableId: string | null; now?: number },
): Promise<{ tournamentId: string; change: Change }> {
  const read = await db.send(
    reads({
      found: matchWithTournament(matchId),
      table: tableId === null ? known(null) : first(build.select().from(tables).where(eq(tables.id, tableId)).limit(1)),
    }),
  );
  const { row, t } = matchInPlay(read.found, organiserId);
  checkTableAssignment(row, tableId === null ? "none" : read.table, organiserId);
  const notCompleted = and(eq(matches.id, matchId), sql`${matches.status} != 'completed'`);
  // Taken off (or moved): with automatic assignment on, the table it leaves refills as this batch leaves the floor.
  const floor = queuesAfter(organiserId, t.autoAssign && row.tableId !== null && row.tableId !== tableId);
  // The boards of the table it leaves and the table it goes to; the match, for the pages.
  const board = boardsAfter([row.tableId, tableId]);
  const changed = matchesAfter([matchId]);
  const change = { organiserId, tournamentId: row.tournamentId, what: "table" as const };
  if (tableId === null) {
    const [views, boards, floors] = await db.write(
      write(
        [
          // A tablet's confirmed result waiting for approval goes with the table: it is played again elsewhere.
          build
            .update(matches)
            .set({ tableId: null, tableAssignedAt: null, status: "pending", awaitingApproval: false })
            .where(notCompleted),
          // Its players were told of that table: a later call is news again.
          forgetCall(matchId),
          ...changed.items,
          ...board.items,
          ...floor.items,
        ],
        (raw) => trailing(raw, changed, board, floor),
      ),
    );
    return {
      tournamentId: row.tournamentId,
      change: { ...change, floors, boards, matches: views, holdBack: matchId },
    };
  }
  // One match in progress per table: a tablet's taps go to the match on it.
  const busy = sql`exists (select 1 from ${matches} b join ${tournaments} bt on bt.id = b.tournament_id
    where b.table_id = ${tableId} and b.id != ${matchId} and b.status = 'in_progress' and bt.status = 'in_progress')`;
  const [views, boards, floors] = await db.write(
    write(
      [
        build.all<{ busy: number }>(sql`select ${busy} as busy`),
        build
          .update(matches)
          .set({ tableId, tableAssignedAt: now, status: "in_progress" })
          .where(and(notCompleted, sql`not ${busy}`))
          .returning({ id: matches.id }),
        ...changed.items,
        ...board.items,
        ...floor.items,
      ],
      (raw) => {
        if (Number((raw[0] as { busy: number }[])[0]?.busy)) {
          throw new DomainError(409, `${read.table?.name ?? "The table"} has a match in progress`, {
            field: "tableId",
          });
        }
        if (!(raw[1] as unknown[])[0]) throw new DomainError(409, "This match already has a result");
        return trailing(raw, changed, board, floor);
      },
    ),
  );
  const called = { tournamentId: row.tournamentId, matchId, tableId, calledAt: now };
  return {
    tournamentId: row.tournamentId,
    change: { ...change, called: [called], floors, boards, matches: views, holdBack: matchId },
  };
}
