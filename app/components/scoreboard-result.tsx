// The board's result forms (decisions 012, 025): "Who won?" and its confirmation
// for a match without a race-to, and "Undo" for the result the table last
// confirmed. Server-rendered only, like the board (scoreboard-board.tsx).
import {
  confirmQuestion,
  resultLine,
  resultUndo,
  WINNER_MORE_RACKS,
  type Confirmed,
} from "~/features/floor/domain/table-scoring.ts";
import type { ConfirmedResult } from "~/features/floor/domain/scoreboard.ts";

type TapProps = { code: string; matchId: string; tapId: string };

export /** What every tap form sends: what it is, its own id, and the match it was made for. */
function TapFields({ intent, tapId, matchId }: { intent: string; tapId: string; matchId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="tapId" value={tapId} />
      <input type="hidden" name="matchId" value={matchId} />
    </>
  );
}

/**
 * Without a race-to nothing ends the match by itself: the tablet asks who won and the score (a plain GET form: the
 * page comes back with `?winner=1&player1Score=5&player2Score=3`), then asks to confirm it ("Alex wins 5–3 — Confirm
 * result?"), which is the tap. With JavaScript the script asks in place, from the same two panels.
 */
export function ResultForm({
  code,
  matchId,
  tapId,
  names,
  score1,
  score2,
  ask,
}: TapProps & { names: readonly [string, string]; score1: number; score2: number; ask: Confirmed | null }) {
  const field =
    "w-24 rounded-lg border border-slate-300 px-3 py-2 text-center text-2xl dark:border-slate-600 dark:bg-slate-900";
  const panel = "flex flex-col items-center gap-3 rounded-2xl border-2 border-slate-200 p-4 dark:border-slate-700";
  const question = ask
    ? confirmQuestion(
        names[ask.winner - 1] ?? "",
        ask.winner === 1 ? ask.player1Score : ask.player2Score,
        ask.winner === 1 ? ask.player2Score : ask.player1Score,
      )
    : "";
  return (
    <>
      <form
        method="get"
        action={`/scoreboard/${code}`}
        data-ask=""
        data-more-racks={WINNER_MORE_RACKS}
        hidden={ask !== null}
        className={panel}
      >
        <p className="text-2xl font-bold">Who won?</p>
        <div className="flex items-center gap-3 text-lg">
          {([1, 2] as const).map((side) => (
            <label key={side} className={`flex items-center gap-2 ${side === 2 ? "flex-row-reverse" : ""}`}>
              {names[side - 1]}
              <input
                name={`player${side}Score`}
                type="number"
                min={0}
                max={999}
                required
                inputMode="numeric"
                defaultValue={side === 1 ? score1 : score2}
                aria-label={`${names[side - 1]}'s racks`}
                className={field}
              />
            </label>
          ))}
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          <button type="submit" name="winner" value="1" className="btn-primary px-6 py-3 text-xl">
            {names[0]} won
          </button>
          <button type="submit" name="winner" value="2" className="btn-primary px-6 py-3 text-xl">
            {names[1]} won
          </button>
        </div>
      </form>
      <div data-ask-confirm="" data-asked={ask ? "" : undefined} hidden={ask === null} className={panel}>
        <form
          method="post"
          action={`/scoreboard/${code}`}
          data-tap="confirm"
          className="flex flex-col items-center gap-3"
        >
          <TapFields intent="confirm" tapId={tapId} matchId={matchId} />
          <input type="hidden" name="winner" value={ask?.winner ?? ""} />
          <input type="hidden" name="player1Score" value={ask?.player1Score ?? ""} />
          <input type="hidden" name="player2Score" value={ask?.player2Score ?? ""} />
          <p className="text-center text-2xl font-bold sm:text-3xl" data-question="">
            {question}
          </p>
          <button type="submit" className="btn-primary px-8 py-4 text-2xl">
            Confirm result
          </button>
        </form>
        <a href={`/scoreboard/${code}`} data-ask-back="" className="btn-secondary px-6 py-3 text-lg">
          Back
        </a>
      </div>
    </>
  );
}

/**
 * "Undo" for the last result confirmed at the table (decision 025): for 10 seconds after it was recorded (the script
 * counts down and hides it when the server's time is up), or until the director approves it.
 */
export function ResultUndo({
  code,
  confirmed,
  drawnAt,
  tapId,
}: {
  code: string;
  confirmed: ConfirmedResult | null;
  drawnAt: number;
  tapId: string;
}) {
  const undo = resultUndo(confirmed, drawnAt);
  if (!confirmed || typeof undo === "string") return null;
  const scores = [confirmed.player1Score, confirmed.player2Score] as const;
  const line = resultLine(
    confirmed.names[confirmed.side - 1] ?? "",
    scores[confirmed.side - 1] ?? 0,
    scores[2 - confirmed.side] ?? 0,
  );
  return (
    <form
      method="post"
      action={`/scoreboard/${code}`}
      data-tap="undo-result"
      data-undo-until={undo.until ?? undefined}
      className={
        "mx-auto flex flex-wrap items-center justify-center gap-4 rounded-2xl border-2 border-amber-500 " +
        "bg-amber-50 px-5 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      }
    >
      <TapFields intent="undo-result" tapId={tapId} matchId={confirmed.matchId} />
      <p className="text-xl font-semibold" data-testid="result-line">
        {undo.until === null ? `Result sent: ${line}` : `Result recorded: ${line}`}
      </p>
      <button type="submit" className="btn-secondary px-6 py-3 text-xl">
        Undo
        {undo.until === null ? null : (
          <span data-undo-left=""> ({Math.max(0, Math.ceil((undo.until - drawnAt) / 1000))} s)</span>
        )}
      </button>
    </form>
  );
}
