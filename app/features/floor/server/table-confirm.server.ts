// A result confirmed at a table and recorded at once (decision 012), in the
// confirm's own batch (decision 006's addendum): planned by the director's own
// path (planResult) from what the board's read brought beside it, and written
// behind the confirm only if the confirm is this request's and the tournament
// still records results from its tables.
import { type SQL, sql } from "drizzle-orm";
import { assertInBatch, type ReadResult, type Sender, type Write, write } from "~/db/batch.server.ts";
import { tournaments } from "~/db/schema.ts";
import type { Change } from "~/domain/changes.ts";
import { DomainError } from "~/domain/errors.ts";
import type { CurrentMatch } from "~/features/floor/domain/scoreboard.ts";
import type { Side } from "~/features/floor/domain/table-scoring.ts";
import { type PlannedResult, planResult, type resultRead } from "~/features/play/server/results.server.ts";
import type { Board } from "./table-taps.server.ts";

export type ResultFacts = ReadResult<ReturnType<typeof resultRead>>;

/**
 * A result the tablet confirms, recorded at once in the confirm's own batch (decision 006): planned from what the
 * board's read brought beside it, as the confirm leaves the match (waiting, at the confirmed scores), and written
 * only if the confirm is ours and the tournament still records results from its tables. Null when it cannot be
 * planned here: it is then tried after the confirm (`record`), as the director's own path would.
 */
export function recordedWithConfirm(
  board: Board,
  facts: ResultFacts | undefined,
  confirmed: { winner: Side; player1Score: number; player2Score: number },
): PlannedResult | null {
  const m = board.match;
  if (!facts || m?.resultsFromTables !== "record" || facts.found?.row.id !== m.id) return null;
  const scores = { player1Score: confirmed.player1Score, player2Score: confirmed.player2Score };
  try {
    const planned = planResult(
      facts,
      {
        organiserId: board.table.organiserId,
        matchId: m.id,
        input: resultInput({ ...m, ...scores }, confirmed.winner),
        mode: "record",
      },
      { ...scores, awaitingApproval: true },
    );
    return planned.outcome === "planned" ? planned : null;
  } catch (error) {
    // Refused as the director's path would refuse it: it waits on the director's page.
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/** The planned result's batch, behind the confirm: ours, and the tournament still recording at once. */
export const afterConfirm =
  (planned: PlannedResult, tournamentId: string) =>
  (ours: SQL): Write<unknown[]> => {
    const guards = [
      assertInBatch(ours),
      assertInBatch(sql`exists (select 1 from ${tournaments} where ${tournaments.id} = ${tournamentId}
        and ${tournaments.resultsFromTables} = 'record')`),
    ];
    return write([...guards, ...planned.write.items], (raw) => planned.write.result(raw.slice(guards.length)));
  };

/** The change a result recorded in the confirm's batch made. */
export async function finished(db: Sender, planned: PlannedResult, answers: unknown[]): Promise<Change | null> {
  const saved = await planned.finish(db, answers);
  return saved.outcome === "unconfirmed" ? null : saved.change;
}

/** The result a table confirmed, as the director's path takes it. */
export const resultInput = (
  m: Pick<CurrentMatch, "player1Id" | "player2Id" | "player1Score" | "player2Score">,
  winner: Side,
) => ({
  winnerId: winner === 1 ? m.player1Id : m.player2Id,
  player1Score: m.player1Score,
  player2Score: m.player2Score,
});
