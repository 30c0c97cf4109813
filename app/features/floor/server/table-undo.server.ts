// "Undo" at the table (decision 025): the last result a table confirmed, taken
// back by a tap of its own id — while it waits for the director's approval,
// or for 10 seconds after it was recorded at once (checked here against when
// it was recorded, never the tablet's clock), while nothing after it has been
// played. One guarded batch, which asserts that the result it takes back is
// still the one the undo judged: a correction or an approval meanwhile wins,
// and the undo is refused having written nothing. A replayed id changes nothing.
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  isBatchGuardFailure,
  isUniqueViolation,
  query,
  reads,
  trailing,
  write,
  type Item,
  type Sender,
} from "~/db/batch.server.ts";
import { matches, tableTaps, tournaments } from "~/db/schema.ts";
import type { BracketMatch, MatchChange } from "~/features/play/domain/bracket.ts";
import { reopenResult } from "~/features/play/domain/correct-result.ts";
import { DomainError } from "~/domain/errors.ts";
import {
  checkResultUndo,
  correctedSince,
  refuseTap,
  type ResultAsRead,
  sameResult,
  UNDO_WINDOW_MS,
  undoMoves,
} from "~/features/floor/domain/table-scoring.ts";
import type { Change } from "~/domain/changes.ts";
import { forgetCall } from "./calls.server.ts";
import { bracketQuery, matchesAfter, matchWithTournament } from "~/features/play/server/match-reads.server.ts";
import { queuesAfter } from "./queue-reads.server.ts";
import { enforceRateLimit } from "~/server/rate-limit.server.ts";
import { matchChangeStatements } from "~/features/play/server/match-changes.server.ts";
import { findByCode, invalidCode, type SentCode } from "./table-codes.server.ts";
import { type Board, boardOf, boardQuery, readBoard, scoreNews, TABLE_TAP_LIMIT } from "./table-taps.server.ts";
import type { ConfirmedResult } from "~/features/floor/domain/scoreboard.ts";
import { boardsAfter } from "./tables.server.ts";

type Undone = { status: 200 | 201; board: Board; change: Change | null };

/** The undo's own row: its id makes a replay find it (and the batch fail on the unique id, changing nothing). */
const undoRow = (tapId: string, matchId: string) =>
  build.insert(tableTaps).values({ tapId, matchId, kind: "result-undo", player: null, nonce: crypto.randomUUID() });

/** The confirm it takes back is not undone yet (another undo meanwhile refuses). */
const confirmStanding = (c: ConfirmedResult) =>
  assertInBatch(sql`exists (select 1 from ${tableTaps} where ${tableTaps.seq} = ${c.seq}
    and ${tableTaps.undoneBy} is null)`);

/** The confirm it takes back, marked undone by it (the next confirm is a new tap). */
const confirmUndone = (c: ConfirmedResult, tapId: string) =>
  build
    .update(tableTaps)
    .set({ undoneBy: tapId })
    .where(and(eq(tableTaps.seq, c.seq), sql`undone_by is null`));

/**
 * `POST /api/tables/by-code/{code}/undo-result`: 201 with the table's current match once the result is taken back,
 * 200 for an undo already applied, 409 with the reason otherwise (too late, approved, corrected, played on, nothing
 * to undo). 201 only when this undo's own batch wrote: a batch refused by a guard is judged again on a fresh read.
 */
export async function tapResultUndo(
  db: Sender,
  sent: SentCode,
  body: { tapId: string; matchId?: string },
  now = Date.now(),
): Promise<Undone> {
  const board = await findByCode(db, sent, (code) => boardQuery(code, body.tapId));
  const code = board.table.accessCode;
  await enforceRateLimit(db, TABLE_TAP_LIMIT, code);
  if (board.tap) return { status: 200, board, change: null };
  checkResultUndo(board.confirmed, now, body.matchId);
  const c = board.confirmed as ConfirmedResult;
  let change: Change | null = null;
  try {
    change =
      c.status === "in_progress" ? await unlock(db, board, c, body.tapId) : await reopen(db, board, c, body.tapId, now);
  } catch (error) {
    if (!isUniqueViolation(error) && !isBatchGuardFailure(error)) throw error;
  }
  const after = await readBoard(db, code, body.tapId);
  // The table was deleted, or given a new code, meanwhile.
  if (!after) throw invalidCode();
  if (change) return { status: 201, board: after, change };
  // Not written: the same undo at the same moment (200), or the result changed under us (judged again).
  if (after.tap) return { status: 200, board: after, change: null };
  if (correctedSince(c, after.confirmed)) throw refuseTap("corrected");
  checkResultUndo(after.confirmed, now, body.matchId);
  throw refuseTap("changed");
}

/** Waiting for approval: the table may score again; the scores go back to the racks tapped. */
async function unlock(db: Sender, board: Board, c: ConfirmedResult, tapId: string): Promise<Change | null> {
  await db.write(
    write([
      // Still waiting with the score it was confirmed at: an approval (or the director's own result) meanwhile wins.
      assertInBatch(sql`exists (select 1 from ${matches} where ${matches.id} = ${c.matchId}
        and ${matches.status} = 'in_progress' and ${matches.awaitingApproval} = 1
        and ${matches.player1Score} = ${c.player1Score} and ${matches.player2Score} = ${c.player2Score})`),
      confirmStanding(c),
      undoRow(tapId, c.matchId),
      build
        .update(matches)
        .set({ awaitingApproval: false, player1Score: c.racks[0], player2Score: c.racks[1] })
        .where(eq(matches.id, c.matchId)),
      confirmUndone(c, tapId),
    ]),
  );
  const after = await readBoard(db, board.table.accessCode, tapId);
  if (!after?.match) return null;
  return {
    organiserId: board.table.organiserId,
    tournamentId: after.match.tournamentId,
    what: "score",
    boards: boardOf(after),
    matches: [scoreNews(after.match)],
  };
}

/** The match, its tournament and bracket, and what is being played in the tournament or at this table: one read. */
function reopenRead(c: ConfirmedResult, tableId: string) {
  return reads({
    found: matchWithTournament(c.matchId),
    bracket: bracketQuery({ matchId: c.matchId }),
    // The tournament's matches being played, and whatever is being played at this table.
    inPlay: query(
      build
        .select({ id: matches.id, tableId: matches.tableId })
        .from(matches)
        .where(
          and(
            eq(matches.status, "in_progress"),
            sql`(${matches.tournamentId} = ${c.tournamentId} or ${matches.tableId} = ${tableId})`,
          ),
        ),
    ),
  });
}

/** The result taken back as if never recorded, the racks tapped its scores; refused once the bracket played on. */
function reopened(bracket: readonly BracketMatch[], c: ConfirmedResult, now: number): MatchChange[] {
  try {
    return reopenResult(bracket, c.matchId, { player1Score: c.racks[0], player2Score: c.racks[1] }, now);
  } catch (error) {
    if (error instanceof DomainError && error.status === 409) throw refuseTap("played-on");
    throw error;
  }
}

/** An undo of a result recorded at once, as judged: the confirm, the match as read twice, what it changes. */
type Reopening = {
  c: ConfirmedResult;
  tapId: string;
  tableId: string;
  now: number;
  tournamentId: string;
  row: typeof matches.$inferSelect;
  bracket: readonly BracketMatch[];
  /** The match's own change, then the later matches'. */
  own: MatchChange;
  later: readonly MatchChange[];
  moves: { atTable: readonly unknown[]; displaced: readonly { id: string }[]; back: string[] };
};

/**
 * The undo's batch before what it reads back: the result still the one the undo judged, the table as read, what
 * goes back to the queue not started; then the match reopened, the others moved, the confirm marked undone.
 */
function reopenStatements({
  c,
  tapId,
  tableId,
  now,
  tournamentId,
  row,
  bracket,
  own,
  later,
  moves,
}: Reopening): Item[] {
  const { atTable, displaced, back } = moves;
  // Not started: nothing scored, no lag, nothing waiting; checked when the batch runs, not when we read.
  const started = sql`(${matches.player1Score} + ${matches.player2Score} > 0 or ${matches.awaitingApproval} = 1
    or ${matches.lagWinner} is not null)`;
  const onTable = sql`${matches.tableId} = ${tableId} and ${matches.status} = 'in_progress'`;
  return [
    assertInBatch(sql`exists (select 1 from ${tournaments} where ${tournaments.id} = ${tournamentId}
      and ${tournaments.status} = 'in_progress')`),
    undoRow(tapId, c.matchId),
    // Still the result the undo judged (read twice, the same), recorded less than 10 s ago: a correction meanwhile
    // refuses.
    assertInBatch(sql`exists (select 1 from ${matches} where ${matches.id} = ${c.matchId}
      and ${matches.status} = 'completed' and ${matches.winnerId} is ${row.winnerId}
      and ${matches.outcome} = ${row.outcome}
      and ${matches.player1Score} = ${row.player1Score} and ${matches.player2Score} = ${row.player2Score}
      and ${matches.completedAt} is ${row.completedAt} and ${matches.completedAt} > ${now - UNDO_WINDOW_MS}
      and ${matches.tableId} = ${tableId})`),
    confirmStanding(c),
    // At this table, only what we read is being played; nothing that goes back has been started.
    assertInBatch(sql`(select count(*) from ${matches} where ${onTable}) = ${atTable.length}`),
    assertInBatch(
      back.length === 0
        ? sql`1`
        : sql`not exists (select 1 from ${matches} where ${inArray(matches.id, back)} and ${started})`,
    ),
    ...(displaced.length === 0
      ? []
      : [
          build
            .update(matches)
            .set({ status: "pending", tableId: null, tableAssignedAt: null })
            .where(
              inArray(
                matches.id,
                displaced.map((m) => m.id),
              ),
            ),
        ]),
    // Their players were told of a table: a later call is news again.
    ...back.map((id) => forgetCall(id)),
    build
      .update(matches)
      .set({ ...own.set, awaitingApproval: false })
      .where(eq(matches.id, c.matchId)),
    ...matchChangeStatements(bracket, later),
    confirmUndone(c, tapId),
  ];
}

/**
 * Recorded at once: the result is taken back as if never recorded (reopenResult), the match in progress again on
 * its table with the racks tapped. Whatever the floor called to that table meanwhile, not yet started, goes back to
 * the queue; a later match it had reached, not yet started, loses its player (and its table).
 */
async function reopen(
  db: Sender,
  board: Board,
  c: ConfirmedResult,
  tapId: string,
  now: number,
): Promise<Change | null> {
  const tableId = board.table.id;
  const read = await db.send(reopenRead(c, tableId));
  const row = read.found?.row;
  const t = read.found?.t;
  if (!row || !t || row.tableId !== tableId || t.organiserId !== board.table.organiserId) {
    throw refuseTap("no-result");
  }
  // The result is judged on the board's read; this second read must find the very same one, or a correction (or
  // another undo) landed between the two: not written, judged again (tapResultUndo).
  if (!sameResult(c, resultOf(c, row))) return null;
  // The last group result drew the knockout: what it drew stands.
  if (row.bracket === "group" && read.bracket.some((m) => m.bracket === "knockout")) throw refuseTap("played-on");
  const changes = reopened(read.bracket, c, now);
  const [own, ...later] = changes;
  if (!own) throw new Error("reopenResult changes the match itself first");
  const moves = undoMoves(read.inPlay, { tableId, matchId: c.matchId }, later);
  const floor = queuesAfter(t.organiserId, t.autoAssign);
  const boards = boardsAfter([tableId, ...moves.leaving.map((m) => m.tableId)]);
  const changed = matchesAfter([...changes.map((change) => change.id), ...moves.displaced.map((m) => m.id)]);
  const statements: Item[] = [
    ...reopenStatements({ c, tapId, tableId, now, tournamentId: t.id, row, bracket: read.bracket, own, later, moves }),
    ...changed.items,
    ...boards.items,
    ...floor.items,
  ];
  const [views, drawn, floors] = await db.write(write(statements, (raw) => trailing(raw, changed, boards, floor)));
  return {
    organiserId: t.organiserId,
    tournamentId: t.id,
    what: "result",
    handicapped: t.handicap === "race",
    floors,
    boards: drawn,
    matches: views,
  };
}

/** The match's result as read now, beside the confirm the undo judged. */
function resultOf(c: ConfirmedResult, row: typeof matches.$inferSelect): ResultAsRead {
  const winnerSide = row.winnerId === null ? null : row.winnerId === row.player1Id ? 1 : 2;
  return { ...row, seq: c.seq, matchId: row.id, winnerSide };
}
