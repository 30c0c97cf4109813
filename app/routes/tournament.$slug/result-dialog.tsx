// The director's dialog for a match's result: recording it, or correcting it once recorded. It opens from a link
// (?result=, ?correct=), so it works without JavaScript; the page loads this module only while one is open
// (decision 016). A refused result comes back with what was typed, and a correction that changes a match already at a
// table asks to be confirmed.
import { racesLine } from "~/features/play/domain/races.ts";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { choiceCardClass, dialogFieldClass } from "~/components/styles.ts";
import { describeMove } from "~/features/play/domain/corrections.ts";
import { outcomeChoices } from "~/features/play/domain/outcomes.ts";
import { matchAnchor } from "~/domain/anchors.ts";
import type { MatchView } from "~/features/play/domain/play.ts";
import type { ResultReply } from "~/features/tournaments/domain/page-actions.ts";
import { usePageAction, usePageSubmitting } from "./page-action.ts";

type Match = MatchView;

/** The server's answer to the last try at this match's dialog, with what was typed; null: the match's own values. */
type Typed = ResultReply | null;

/** The side ahead in a result confirmed at the table (none otherwise): the Edit form's default winner. */
function tableWinner(match: Match): string | null {
  if (!match.awaitingApproval || match.player1Score === match.player2Score) return null;
  return match.player1Score > match.player2Score ? match.player1Id : match.player2Id;
}

export function ResultDialog({
  match,
  matches,
  mode,
  raceTo,
  slug,
  reply,
}: {
  match: Match;
  /** The whole bracket, to name the matches a correction would change. */
  matches: Match[];
  mode: "record" | "correct";
  raceTo: number | null;
  slug: string;
  /** The server's answer to the last try at this dialog: a refusal, or a correction to confirm. */
  reply?: ResultReply | null;
}) {
  const busy = usePageSubmitting();
  const action = usePageAction(slug, "results");
  // What was typed before the answer, else what the match has.
  const typed = reply?.matchId === match.id ? reply : null;
  const refused = typed?.message ? typed.message : null;
  const confirm = mode === "correct" ? (typed?.confirm ?? null) : null;
  const errorId = `result-error-${match.id}`;
  // A handicapped match: each player's own race (decision 028).
  const handicapped = racesLine([match.player1?.name ?? "Player 1", match.player2?.name ?? "Player 2"], match);
  return (
    <ConfirmDialog
      open
      title={mode === "record" ? "Record result" : "Correct result"}
      description={`${match.label} – Match ${match.matchNumber}`}
      confirmLabel={confirm ? "Confirm correction" : mode === "record" ? "Save result" : "Save correction"}
      cancelTo={`/tournament/${slug}?tab=bracket#${matchAnchor(match.id)}`}
      action={action}
      navigate={false}
      busy={busy}
    >
      <div className="space-y-4">
        <input type="hidden" name="intent" value={mode === "record" ? "record-result" : "correct-result"} />
        <input type="hidden" name="matchId" value={match.id} />
        {confirm ? <input type="hidden" name="confirmMoves" value={confirm.key} /> : null}
        <WinnerChoice match={match} typed={typed} />
        <Scores match={match} typed={typed} raceTo={raceTo} errorId={refused ? errorId : null} />
        <DecidedBy match={match} typed={typed} />
        {refused ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {refused}
          </p>
        ) : null}
        {confirm ? <MovesWarning moves={confirm.moves} matches={matches} /> : null}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Scores are optional{handicapped ? `; ${handicapped}` : raceTo ? `; race to ${raceTo}` : ""}. A walkover has no
          scores; a double forfeit no winner either, and a bye goes on in its place.
        </p>
      </div>
    </ConfirmDialog>
  );
}

/** The winner, of the two players: what was typed, else the match's winner or the side ahead at the table. */
function WinnerChoice({ match, typed }: { match: Match; typed: Typed }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Winner</legend>
      <div className="grid gap-2">
        {[
          { id: match.player1Id, name: match.player1?.name },
          { id: match.player2Id, name: match.player2?.name },
        ].map((p) => (
          <label key={p.id} className={`${choiceCardClass} flex min-h-11 items-center gap-3 px-3`}>
            <input
              type="radio"
              name="winnerId"
              value={p.id ?? ""}
              defaultChecked={(typed ? typed.values.winnerId : (match.winnerId ?? tableWinner(match))) === p.id}
              className="accent-baize-700"
            />
            <span className="font-semibold">{p.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Each player's score, up to their race; tied to the refusal's message when there is one (`errorId`). */
function Scores({
  match,
  typed,
  raceTo,
  errorId,
}: {
  match: Match;
  typed: Typed;
  raceTo: number | null;
  errorId: string | null;
}) {
  const scoreDefault = (slot: "player1Score" | "player2Score") =>
    typed ? typed.values[slot] : match.status === "completed" || match.awaitingApproval ? match[slot] : "";
  return (
    <div className="grid grid-cols-2 gap-3">
      {(["player1", "player2"] as const).map((slot) => (
        <label key={slot} className="space-y-1 text-sm font-medium">
          <span className="block truncate">{match[slot]?.name} score</span>
          <input
            name={`${slot}Score`}
            type="number"
            min={0}
            max={(slot === "player1" ? match.race1 : match.race2) ?? raceTo ?? 999}
            step={1}
            inputMode="numeric"
            defaultValue={scoreDefault(`${slot}Score`)}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId ?? undefined}
            className={dialogFieldClass}
          />
        </label>
      ))}
    </div>
  );
}

/** How the match was decided: played, a walkover, a double forfeit. */
function DecidedBy({ match, typed }: { match: Match; typed: Typed }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Decided by</legend>
      <div className="flex flex-wrap gap-2">
        {outcomeChoices.map((o) => (
          <label key={o.value} className={`${choiceCardClass} flex min-h-11 items-center gap-2 px-3 text-sm`}>
            <input
              type="radio"
              name="outcome"
              value={o.value}
              defaultChecked={(typed?.values.outcome || (match.outcome ?? "played")) === o.value}
              className="accent-baize-700"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A correction that changes matches already at a table: which, to tell the players before confirming. */
function MovesWarning({ moves, matches }: { moves: NonNullable<ResultReply["confirm"]>["moves"]; matches: Match[] }) {
  return (
    <div
      role="alert"
      className={
        "rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 " +
        "dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      }
    >
      <p className="font-semibold">This correction changes a match already at a table:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {moves.map((move) => (
          <li key={`${move.matchId}:${move.slot}`}>{describeMove(matches, move)}</li>
        ))}
      </ul>
      <p className="mt-2">Tell the players at the table before you confirm.</p>
    </div>
  );
}
