// What every tap at a table shares (decision 012): the per-table limit, and the
// table's board read with the tap as far as it is known. Used by the scoring
// taps (table-scoring.server.ts) and the result's undo (table-undo.server.ts).
import { eq } from "drizzle-orm";
import { build, first, mapRead, reads, type Sender } from "~/db/batch.server.ts";
import { tableTaps } from "~/db/schema.ts";
import type { MatchNews } from "~/domain/match-news.ts";
import type { RateLimit } from "~/server/rate-limit.server.ts";
import type { CurrentMatch } from "~/features/floor/domain/scoreboard.ts";
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
  [board.table.id]: { table: board.table, match: board.match, confirmed: board.confirmed },
});
