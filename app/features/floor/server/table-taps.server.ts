// What every tap at a table shares (decision 012): the per-table limit, the
// table's board read with the tap as far as it is known, and the scoring taps'
// two round trips (`tap`: the board's read, then one batch that counts the
// limit, writes the tap and reads the board back). Used by the scoring taps
// (table-scoring.server.ts) and the result's undo (table-undo.server.ts).
import { eq, type SQL, sql } from "drizzle-orm";
import {
  build,
  first,
  isBatchGuardFailure,
  isUniqueViolation,
  known,
  mapRead,
  type Read,
  reads,
  type Sender,
  trailing,
  type Write,
  write,
  type Item,
} from "~/db/batch.server.ts";
import { tableTaps } from "~/db/schema.ts";
import type { MatchNews } from "~/domain/match-news.ts";
import {
  countOne,
  type Counter,
  enforceRateLimit,
  type RateLimit,
  refuseIfOver,
  withinLimit,
} from "~/server/rate-limit.server.ts";
import type { CurrentMatch } from "~/features/floor/domain/scoreboard.ts";
import { refuseTap, type Side } from "~/features/floor/domain/table-scoring.ts";
import { findByCode, invalidCode, type SentCode } from "./table-codes.server.ts";
import { scoreboardQuery } from "./tables.server.ts";

/** Taps per table: a match is a few racks a minute; a replayed queue or two tablets stay far below. */
export const TABLE_TAP_LIMIT: RateLimit = {
  name: "table-taps",
  limit: 120,
  windowMs: 60 * 1000,
  message: () => "Too many taps from this table. Wait a minute and try again.",
};

export type Board = NonNullable<Awaited<ReturnType<typeof readBoard>>>;

function tapQuery(tapId: string) {
  return first(
    build
      .select({ matchId: tableTaps.matchId, kind: tableTaps.kind, player: tableTaps.player })
      .from(tableTaps)
      .where(eq(tableTaps.tapId, tapId))
      .limit(1),
  );
}

/** The table's board and the tap as far as it is known, or null for a code that names no table. */
export const boardQuery = (code: string, tapId: string) =>
  mapRead(reads({ board: scoreboardQuery(code), tap: tapQuery(tapId) }), ({ board, tap }) =>
    board ? { ...board, tap } : null,
  );

export const readBoard = (db: Sender, code: string, tapId: string) => db.send(boardQuery(code, tapId));

/** What a rack, an undo or a lag changes of a match, as its pages show it. */
export const scoreNews = (m: CurrentMatch): MatchNews => ({
  id: m.id,
  player1Score: m.player1Score,
  player2Score: m.player2Score,
  status: m.status,
  winnerId: m.winnerId,
  awaitingApproval: m.awaitingApproval,
});

/** The board a tap left, for the table's other tablets (a change's `boards`). */
export const boardOf = (board: Board) => ({
  [board.table.id]: { table: board.table, match: board.match, confirmed: board.confirmed, readAt: board.readAt },
});

/** A tap's answer: 201 when this request wrote it, 200 for a tap already applied; the board it left. */
export type Tapped = { status: 200 | 201; board: Board };

type TapRow = { tapId: string; matchId: string; kind: "rack" | "undo" | "confirm" | "lag"; player: Side | null };

/**
 * What a tap decided: its row, inserted when `condition` holds; the statements that apply only if it was (`ours`);
 * and `follows`, statements that follow it in the same batch (a result recorded at once), refusing the whole batch
 * unless they hold.
 */
type Decided = {
  tap: TapRow;
  condition: SQL;
  apply: (ours: SQL) => Item[];
  follows?: ((ours: SQL) => Write<unknown[]>) | null;
};

/** Inserts the tap when `condition` holds; answers the statements that apply only if it did, and that condition. */
function tapBatch(tap: TapRow, condition: SQL, apply: (ours: SQL) => Item[]): { items: Item[]; ours: SQL } {
  const nonce = crypto.randomUUID();
  const ours = sql`exists (select 1 from ${tableTaps} where ${tableTaps.tapId} = ${tap.tapId}
    and ${tableTaps.nonce} = ${nonce})`;
  return {
    items: [
      build.all<{ seq: number }>(sql`insert into ${tableTaps} (tap_id, match_id, kind, player, nonce)
      select ${tap.tapId}, ${tap.matchId}, ${tap.kind}, ${tap.player}, ${nonce} where ${condition}
      on conflict (tap_id) do nothing returning seq`),
      ...apply(ours),
    ],
    ours,
  };
}

type Counted = { counter: Counter[]; board: Board | null };

/**
 * The tap's batch (decision 006: the tap's second round trip): the table's limit counted, the tap inserted only
 * while that count is within it, what the tap applies and what follows it, then the board as the batch leaves it.
 */
function tapWrite(code: string, decided: Decided, now: number) {
  const { tap: row, condition, apply, follows } = decided;
  const after = boardQuery(code, row.tapId);
  const tapped = tapBatch(row, sql`${condition} and ${withinLimit(TABLE_TAP_LIMIT, code)}`, apply);
  const following = follows ? follows(tapped.ours) : null;
  const followingItems = following?.items ?? [];
  return write(
    [countOne(TABLE_TAP_LIMIT, code, now), ...tapped.items, ...followingItems, ...after.items],
    (raw): Counted & { inserted: boolean; followed: unknown[] | null } => {
      const at = 1 + tapped.items.length;
      return {
        counter: raw[0] as Counter[],
        inserted: (raw[1] as unknown[]).length > 0,
        followed: following ? following.result(raw.slice(at, at + followingItems.length)) : null,
        board: trailing(raw, after)[0],
      };
    },
  );
}

/** A tap that changes nothing (a replay, or a batch refused as a whole): counted, and the board read, in one batch. */
const countAndRead = (db: Sender, code: string, tapId: string, now: number): Promise<Counted> => {
  const after = boardQuery(code, tapId);
  return db.write(
    write([countOne(TABLE_TAP_LIMIT, code, now), ...after.items], (raw) => ({
      counter: raw[0] as Counter[],
      board: trailing(raw, after)[0],
    })),
  );
};

/**
 * One tap in two round trips (decision 006): the table by its code (404, or 429 for an address guessing codes) and
 * the tap as far as it is known, with `also` read beside them; then one batch. A replay of a known tap (200,
 * nothing written) and a refusal of the rules (409) are counted against the per-table limit as a tap is; past it,
 * 429 whatever the tap. A new tap is counted in its own guarded batch (201), which writes nothing past the limit. A
 * batch that wrote nothing lost a race: the state it read back is judged again.
 */
export async function tap<A = undefined>(
  db: Sender,
  sent: SentCode,
  tapId: string,
  decide: (board: Board, also: A | undefined) => Decided,
  { replay, also, now = Date.now() }: { replay?: (board: Board) => Promise<void>; also?: Read<A>; now?: number } = {},
): Promise<Tapped & { followed: unknown[] | null }> {
  const found = await findByCode(db, sent, (code) =>
    mapRead(reads({ board: boardQuery(code, tapId), also: also ?? known(undefined) }), (read) =>
      read.board ? { board: read.board, also: read.also } : null,
    ),
  );
  const { board } = found;
  const code = board.table.accessCode;
  if (board.tap) {
    const counted = await countAndRead(db, code, tapId, now);
    refuseIfOver(counted.counter, TABLE_TAP_LIMIT, now);
    await replay?.(board);
    return { status: 200, board: counted.board ?? board, followed: null };
  }
  let decided: Decided;
  try {
    decided = decide(board, found.also);
  } catch (error) {
    // Refused by the rules: counted all the same, and past the limit the limit is the answer.
    await enforceRateLimit(db, TABLE_TAP_LIMIT, code, now);
    throw error;
  }
  let sentTap: (Counted & { inserted: boolean; followed: unknown[] | null }) | null = null;
  for (const follows of decided.follows ? [decided.follows, null] : [null]) {
    try {
      sentTap = await db.write(tapWrite(code, { ...decided, follows }, now));
      break;
    } catch (error) {
      // Refused with what was to follow it (the match changed under it): the tap alone. Refused alone, by the tap's
      // unique id: the same tap at the same moment.
      if (!isUniqueViolation(error) && !(follows && isBatchGuardFailure(error))) throw error;
    }
  }
  const {
    counter,
    board: after,
    inserted,
    followed,
  } = sentTap ?? {
    ...(await countAndRead(db, code, tapId, now)),
    inserted: false,
    followed: null,
  };
  refuseIfOver(counter, TABLE_TAP_LIMIT, now);
  // The table was deleted, or given a new code, meanwhile.
  if (!after) throw invalidCode();
  if (inserted) return { status: 201, board: after, followed };
  // Not written: the same tap replayed at the same moment, or the match changed under us.
  if (after.tap) return { status: 200, board: after, followed: null };
  decide(after, found.also);
  throw refuseTap("changed");
}
