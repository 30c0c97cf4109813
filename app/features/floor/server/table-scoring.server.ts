// Scoring at the table (decision 012): the tablet's taps — a rack, undo, the lag,
// confirm — by the table's access code, each applied once whatever is
// replayed. Every tap is one guarded batch: its row is inserted only while
// the match is as the rules need it, and the rest of the batch applies only
// if this very request inserted that row (its nonce), so two tablets or a
// replay at once cannot count a rack twice. A confirm records the result
// through the director's own path (saveResult), or waits for the director.
// A tap is two round trips (decision 006): the board's read, then that batch,
// which also counts the table's limit and reads the board back.
import { eq, sql, type SQL } from "drizzle-orm";
import { build, first, type ReadResult, type Sender } from "~/db/batch.server.ts";
import { matches, tableTaps, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import {
  checkLag,
  checkRack,
  checkUndo,
  confirmedResult,
  NOTHING_TO_APPROVE,
  RESULT_TAKEN_BACK,
  type ConfirmInput,
  type Side,
  type TableMatch,
} from "~/features/floor/domain/table-scoring.ts";
import {
  ConfirmTapSchema,
  LagTapSchema,
  RackTapSchema,
  UndoTapSchema,
} from "~/features/floor/domain/table-scoring-schema.ts";
import type { z } from "zod";
import { membersJson } from "~/features/entries/server/entries.server.ts";
import { type PlannedResult, resultRead, saveResult } from "~/features/play/server/results.server.ts";
import { afterConfirm, finished, recordedWithConfirm, type ResultFacts, resultInput } from "./table-confirm.server.ts";
import type { Change } from "~/domain/changes.ts";
import { type Board, boardOf, readBoard, scoreNews, tap, type Tapped } from "./table-taps.server.ts";
import { tapResultUndo } from "./table-undo.server.ts";
import type { SentCode } from "./table-codes.server.ts";
import type { CurrentMatch } from "~/features/floor/domain/scoreboard.ts";

/** The match as the rules see it. */
export const tableMatch = (m: CurrentMatch | null): TableMatch | null =>
  m && {
    id: m.id,
    status: m.status,
    player1Id: m.player1Id,
    player2Id: m.player2Id,
    player1Score: m.player1Score,
    player2Score: m.player2Score,
    awaitingApproval: m.awaitingApproval,
    raceTo: m.raceTo,
    race1: m.race1,
    race2: m.race2,
  };

/** SQL: match `id` is being played at its table and open to taps (the domain's checkScorable, at write time). */
function scorable(id: string, tableId: string): SQL {
  return sql`exists (select 1 from ${matches} m join ${tournaments} t on t.id = m.tournament_id
    where m.id = ${id} and m.table_id = ${tableId} and m.status = 'in_progress' and t.status = 'in_progress'
      and m.awaiting_approval = 0 and m.player1_id is not null and m.player2_id is not null)`;
}

/**
 * SQL: no side of match `id` has reached its race — the match's own in a handicapped event, else the tournament's
 * race-to (the domain's raceWinner is null).
 */
function raceOpen(id: string): SQL {
  return sql`exists (select 1 from ${matches} m join ${tournaments} t on t.id = m.tournament_id
    where m.id = ${id} and (t.race_to is null or not (
      (m.player1_score >= coalesce(m.race1, t.race_to) and m.player2_score < coalesce(m.race2, t.race_to))
      or (m.player2_score >= coalesce(m.race2, t.race_to) and m.player1_score < coalesce(m.race1, t.race_to)))))`;
}

const activeRack = (matchId: string) =>
  sql`select ${tableTaps.seq} from ${tableTaps} where ${tableTaps.matchId} = ${matchId}
    and ${tableTaps.kind} = 'rack' and ${tableTaps.undoneBy} is null order by ${tableTaps.seq} desc limit 1`;

/** `POST /api/tables/by-code/{code}/racks`: a rack for player 1 or 2. */
function tapRack(db: Sender, sent: SentCode, body: { tapId: string; player: Side; matchId?: string }) {
  return tap(db, sent, body.tapId, (board) => {
    const m = checkRack(tableMatch(board.match), body.matchId);
    const column = body.player === 1 ? "player1_score" : "player2_score";
    return {
      tap: { tapId: body.tapId, matchId: m.id, kind: "rack", player: body.player },
      condition: sql`${scorable(m.id, board.table.id)} and ${raceOpen(m.id)}`,
      apply: (ours) => [
        build.run(sql`update ${matches} set ${sql.raw(column)} = ${sql.raw(column)} + 1
          where ${matches.id} = ${m.id} and ${ours}`),
      ],
    };
  });
}

/** `POST …/undo`: takes back the last rack not yet undone. */
function tapUndo(db: Sender, sent: SentCode, body: { tapId: string; matchId?: string }) {
  return tap(db, sent, body.tapId, (board) => {
    const m = checkUndo(tableMatch(board.match), board.match?.racks.length ?? 0, body.matchId);
    const lastSide = sql`(select ${tableTaps.player} from ${tableTaps} where ${tableTaps.seq} = (${activeRack(m.id)}))`;
    return {
      tap: { tapId: body.tapId, matchId: m.id, kind: "undo", player: null },
      condition: sql`${scorable(m.id, board.table.id)} and exists (${activeRack(m.id)})`,
      apply: (ours) => [
        // The score first, while the rack it takes back is still the last one.
        build.run(sql`update ${matches} set
            player1_score = max(player1_score - (${lastSide} = 1), 0),
            player2_score = max(player2_score - (${lastSide} = 2), 0)
          where ${matches.id} = ${m.id} and ${ours}`),
        build.run(sql`update ${tableTaps} set undone_by = ${body.tapId}
          where ${tableTaps.seq} = (${activeRack(m.id)}) and ${ours}`),
      ],
    };
  });
}

/** `POST …/lag`: who won the lag (before the first rack); they break first. */
function tapLag(db: Sender, sent: SentCode, body: { tapId: string; player: Side; matchId?: string }) {
  return tap(db, sent, body.tapId, (board) => {
    const m = checkLag(tableMatch(board.match), board.match?.racks.length ?? 0, body.matchId);
    return {
      tap: { tapId: body.tapId, matchId: m.id, kind: "lag", player: body.player },
      condition: sql`${scorable(m.id, board.table.id)} and not exists (${activeRack(m.id)})`,
      apply: (ours) => [
        build.run(sql`update ${matches} set lag_winner = ${body.player} where ${matches.id} = ${m.id} and ${ours}`),
      ],
    };
  });
}

/**
 * `POST …/confirm`: the result the racks (or, without a race-to, the tablet)
 * say. The batch locks the match against more taps; then, unless the
 * tournament waits for the director's approval, the result is recorded by
 * the director's own path (bracket, table, statistics): in the confirm's own
 * batch when the tap names its match (the board's read brings what the result
 * is planned from), else after it. A replay of the same confirm finishes what
 * an interrupted one started.
 */
async function tapConfirm(db: Sender, sent: SentCode, body: ConfirmInput & { tapId: string; matchId?: string }) {
  let recorded: Change | null = null;
  let readAgain = false;
  const record = async (board: Board, winner: Side) => {
    const m = board.match;
    if (m?.resultsFromTables !== "record" || !m.awaitingApproval) return;
    try {
      const saved = await saveResult(db, {
        organiserId: board.table.organiserId,
        matchId: m.id,
        input: resultInput(m, winner),
        mode: "record",
      });
      if (saved.outcome !== "unconfirmed") {
        recorded = saved.change;
        readAgain = true;
      }
    } catch (error) {
      // The director recorded or changed it meanwhile (their version stands), or the bracket refused it: it waits
      // on the director's page.
      if (!(error instanceof DomainError)) throw error;
    }
  };
  let planned: PlannedResult | null = null;
  const tapped = await tap<ResultFacts>(
    db,
    sent,
    body.tapId,
    (board, facts) => {
      const m = tableMatch(board.match);
      const result = confirmedResult(m, body, body.matchId);
      const id = (m as TableMatch).id;
      planned = recordedWithConfirm(board, facts, result);
      const tournamentId = board.match?.tournamentId;
      return {
        tap: { tapId: body.tapId, matchId: id, kind: "confirm", player: result.winner },
        // Confirmed as shown: the racks are still those the result was read from.
        condition: sql`${scorable(id, board.table.id)} and exists (select 1 from ${matches}
          where ${matches.id} = ${id} and ${matches.player1Score} = ${(m as TableMatch).player1Score}
          and ${matches.player2Score} = ${(m as TableMatch).player2Score})`,
        apply: (ours) => [
          build.run(sql`update ${matches} set awaiting_approval = 1, player1_score = ${result.player1Score},
            player2_score = ${result.player2Score} where ${matches.id} = ${id} and ${ours}`),
        ],
        follows: planned && tournamentId ? afterConfirm(planned, tournamentId) : null,
      };
    },
    {
      replay: async (board) => {
        const side = board.tap?.player;
        if (board.tap?.kind === "confirm" && board.match?.id === board.tap.matchId && (side === 1 || side === 2)) {
          await record(board, side);
        }
      },
      also: body.matchId === undefined ? undefined : resultRead(body.matchId),
    },
  );
  if (tapped.status === 201 && tapped.board.tap?.kind === "confirm") {
    const winner = tapped.board.tap.player;
    // Set by the tap's decision when the result rode in its batch.
    const inBatch = planned as PlannedResult | null;
    if (tapped.followed && inBatch) recorded = await finished(db, inBatch, tapped.followed);
    else if (winner === 1 || winner === 2) await record(tapped.board, winner);
  }
  const code = tapped.board.table.accessCode;
  const board = readAgain ? ((await readBoard(db, code, body.tapId)) ?? tapped.board) : tapped.board;
  return { status: tapped.status, board, recorded };
}

/** The match and the last result its table confirmed (its confirm tap), for the director's approval. */
const waitingRead = (matchId: string) =>
  first(
    build
      .select({
        player1Id: matches.player1Id,
        player2Id: matches.player2Id,
        player1Score: matches.player1Score,
        player2Score: matches.player2Score,
        waiting: sql<number>`${matches.awaitingApproval} = 1 and ${matches.status} = 'in_progress'`,
        confirmSeq: tableTaps.seq,
        winner: tableTaps.player,
        undone: sql<number | null>`${tableTaps.undoneBy} is not null`,
      })
      .from(matches)
      .leftJoin(
        tableTaps,
        eq(
          tableTaps.seq,
          sql`(select max(c.seq) from ${tableTaps} c where c.match_id = ${matchId} and c.kind = 'confirm')`,
        ),
      )
      .where(eq(matches.id, matchId))
      .limit(1),
  );

type Waiting = NonNullable<ReadResult<ReturnType<typeof waitingRead>>>;

/** Why there is nothing to approve: the table took its result back, or no result from it is waiting. */
function notWaiting(found: Waiting): DomainError | null {
  if (found.undone) return new DomainError(409, RESULT_TAKEN_BACK, { code: "taken-back" });
  if (!found.waiting || found.confirmSeq === null || (found.winner !== 1 && found.winner !== 2)) {
    return new DomainError(409, NOTHING_TO_APPROVE, { code: "not-waiting" });
  }
  return null;
}

/**
 * The director approves a result a tablet confirmed (tournaments that wait
 * for approval): recorded as the tablet confirmed it, by the director's own
 * path, in a batch that asserts it still waits and its confirm is not undone
 * (decision 025): an undo at the table meanwhile wins, and the approval is
 * refused having written nothing. To change it, the director records the
 * result instead (Edit).
 */
export async function approveTableResult(
  db: Sender,
  { organiserId, matchId }: { organiserId: string; matchId: string },
) {
  const found = await db.send(waitingRead(matchId));
  if (!found) throw new DomainError(404, "Match not found");
  const refusal = notWaiting(found);
  if (refusal) throw refusal;
  try {
    return await saveResult(db, {
      organiserId,
      matchId,
      input: resultInput(found, found.winner === 1 ? 1 : 2),
      mode: "record",
      approving: { confirmSeq: Number(found.confirmSeq) },
    });
  } catch (error) {
    if (!(error instanceof DomainError) || error.status !== 409) throw error;
    // Refused by its batch: when the table took the result back (or another approval landed), say so.
    const now = await db.send(waitingRead(matchId));
    throw (now && notWaiting(now)) ?? error;
  }
}

/** The tablet's taps by the last segment of their path: `POST /api/tables/by-code/{code}/{tap}`. */
const tapKinds = ["racks", "undo", "confirm", "lag", "undo-result"] as const;
export type TapKind = (typeof tapKinds)[number];
export const isTapKind = (value: string): value is TapKind => (tapKinds as readonly string[]).includes(value);

/**
 * One tap of `kind`, its body read by `read` (the JSON API's body or the
 * scoreboard's form, against the same schemas). `change` says what to
 * announce when something was written.
 */
export async function runTap(
  db: Sender,
  sent: SentCode,
  kind: TapKind,
  read: <S extends z.ZodType>(schema: S) => Promise<z.output<S>>,
): Promise<{ status: 200 | 201; match: ReturnType<typeof currentMatchJson>; change: Change | null }> {
  if (kind === "undo-result") {
    const undone = await tapResultUndo(db, sent, await read(UndoTapSchema));
    return { status: undone.status, match: currentMatchJson(undone.board.match), change: undone.change };
  }
  let tapped: Tapped & { recorded?: Change | null };
  if (kind === "racks") tapped = await tapRack(db, sent, await read(RackTapSchema));
  else if (kind === "undo") tapped = await tapUndo(db, sent, await read(UndoTapSchema));
  else if (kind === "lag") tapped = await tapLag(db, sent, await read(LagTapSchema));
  else tapped = await tapConfirm(db, sent, await read(ConfirmTapSchema));
  const { board, status } = tapped;
  // A result recorded from the table is the director's own change (the floor refills its table); a rack, a score.
  const scored =
    status === 201 && board.match
      ? {
          organiserId: board.table.organiserId,
          tournamentId: board.match.tournamentId,
          what: "score" as const,
          // The board the tap left, read in its own batch: the table's other tablets draw it; the score, the pages.
          boards: boardOf(board),
          matches: [scoreNews(board.match)],
        }
      : null;
  return { status, match: currentMatchJson(board.match), change: tapped.recorded ?? scored };
}

/** SPEC's current-match shape (the JSON a tablet polls and every tap answers), or null. */
export function currentMatchJson(m: CurrentMatch | null) {
  if (!m) return null;
  return {
    // Not in SPEC's shape: the match's id, so a tap names the match it was made for.
    id: m.id,
    tournament: { name: m.tournament.name },
    round: m.round,
    matchNumber: m.matchNumber,
    label: m.label,
    raceTo: m.raceTo,
    // Each player's race (decision 028): both the race-to unless the event is handicapped; and their ratings.
    race1: m.race1,
    race2: m.race2,
    player1Rating: m.player1Rating,
    player2Rating: m.player2Rating,
    player1: m.player1,
    player2: m.player2,
    ...membersJson(m),
    player1Id: m.player1Id,
    player2Id: m.player2Id,
    player1Score: m.player1Score,
    player2Score: m.player2Score,
    winnerId: m.winnerId,
    status: m.status,
    // Not in SPEC's shape: a walkover shows as such (and a poll sees the change).
    outcome: m.outcome,
    breaker: m.breaker,
    awaitingApproval: m.awaitingApproval,
    lagWinner: m.lagWinner,
    racks: m.racks,
    // when it was called to this table (ISO).
    calledAt: m.calledAt === null ? null : new Date(m.calledAt).toISOString(),
  };
}
