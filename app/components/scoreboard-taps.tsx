// The board's taps, each a plain form that works without JavaScript (/scoreboard.js, built from
// features/floor/client/, sends it as JSON instead): a lag, a rack, the result confirmed, the last rack undone.
// Server-rendered only, like the board (scoreboard-board.tsx).
import type { ReactNode } from "react";
import { confirmQuestion, type Confirmed, type Side } from "~/features/floor/domain/table-scoring.ts";
import type { CurrentMatch } from "~/features/floor/domain/scoreboard.ts";
import { ResultForm, TapFields } from "./scoreboard-result.tsx";

type TapProps = { code: string; matchId: string; tapId: string };

/**
 * One tap as a plain form (works without JavaScript): its intent, a fresh
 * tap id and the match it was made for. The script sends it as JSON instead
 * and keeps it while the network is down.
 */
export function TapForm({
  code,
  matchId,
  tapId,
  intent,
  player,
  className,
  disabled,
  hidden,
  prompt,
  label,
  children,
}: TapProps & {
  intent: "racks" | "undo" | "confirm" | "lag";
  player?: Side;
  className: string;
  disabled?: boolean;
  hidden?: boolean;
  /** A question above the button ("Alex wins 5–3 — Confirm result?"). */
  prompt?: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={`/scoreboard/${code}`}
      data-tap={intent}
      hidden={hidden}
      className="flex w-full flex-col items-center gap-3"
    >
      <TapFields intent={intent} tapId={tapId} matchId={matchId} />
      {player ? <input type="hidden" name="player" value={player} /> : null}
      {prompt !== undefined ? (
        <p className="text-center text-2xl font-bold sm:text-3xl sm:short:text-2xl" data-question="">
          {prompt}
        </p>
      ) : null}
      <button type="submit" className={className} disabled={disabled} aria-label={label}>
        {children}
      </button>
    </form>
  );
}

export function RackButton({
  name,
  player,
  disabled,
  ...tap
}: TapProps & { name: string; player: Side; disabled: boolean }) {
  return (
    <TapForm
      {...tap}
      intent="racks"
      player={player}
      disabled={disabled}
      label={`+1 rack for ${name}`}
      className="btn-primary min-h-16 w-full px-8 py-4 text-3xl font-extrabold short:min-h-14 short:py-2"
    >
      +1 rack
    </TapForm>
  );
}

/**
 * Under the sides while the match is open to taps: "Confirm result" once a side reaches the race (without a race-to,
 * the result's own form), and "Undo last rack".
 */
export function ResultTaps({
  match,
  names,
  tap,
  tapIds,
  won,
  ask,
}: {
  match: Pick<CurrentMatch, "raceTo" | "racks" | "player1Score" | "player2Score">;
  names: readonly [string, string];
  tap: { code: string; matchId: string };
  tapIds: { confirm: string; undo: string };
  won: Side | null;
  ask?: Confirmed | null;
}) {
  // On a short landscape screen "Confirm result" and "Undo last rack" sit side by side, so both stay on screen.
  return (
    <div
      className={
        "flex flex-col items-center gap-6 " +
        "short:flex-row short:items-end short:justify-center short:[&>form]:w-auto"
      }
    >
      {match.raceTo !== null ? (
        // Shown once a side reaches the race; the script shows it too while taps wait to be sent.
        <TapForm
          {...tap}
          intent="confirm"
          tapId={tapIds.confirm}
          hidden={won === null}
          className="btn-primary px-8 py-4 text-2xl"
          prompt={
            won === null
              ? ""
              : confirmQuestion(
                  won === 1 ? names[0] : names[1],
                  won === 1 ? match.player1Score : match.player2Score,
                  won === 1 ? match.player2Score : match.player1Score,
                )
          }
        >
          Confirm result
        </TapForm>
      ) : (
        <ResultForm
          {...tap}
          tapId={tapIds.confirm}
          names={names}
          score1={match.player1Score}
          score2={match.player2Score}
          ask={ask ?? null}
        />
      )}
      <TapForm
        {...tap}
        intent="undo"
        tapId={tapIds.undo}
        disabled={match.racks === ""}
        className="btn-secondary mx-auto px-6 py-3 text-lg"
      >
        Undo last rack
      </TapForm>
    </div>
  );
}
