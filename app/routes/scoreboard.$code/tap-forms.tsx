// The board's taps as plain forms (issue 18): each works without JavaScript,
// and public/scoreboard.js sends the same fields as JSON while it runs.
import type { ReactNode } from "react";
import type { Side } from "~/domain/table-scoring.ts";

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
        <p className="text-center text-2xl font-bold sm:text-3xl" data-question="">
          {prompt}
        </p>
      ) : null}
      <button type="submit" className={className} disabled={disabled} aria-label={label}>
        {children}
      </button>
    </form>
  );
}

/** What every tap form sends: what it is, its own id, and the match it was made for. */
function TapFields({ intent, tapId, matchId }: { intent: string; tapId: string; matchId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="tapId" value={tapId} />
      <input type="hidden" name="matchId" value={matchId} />
    </>
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
      className="btn-primary min-h-16 w-full px-8 py-4 text-3xl font-extrabold"
    >
      +1 rack
    </TapForm>
  );
}

/** Without a race-to nothing ends the match by itself: the tablet asks who won and the score. */
export function ResultForm({
  code,
  matchId,
  tapId,
  names,
  score1,
  score2,
}: TapProps & { names: readonly [string, string]; score1: number; score2: number }) {
  const field =
    "w-24 rounded-lg border border-slate-300 px-3 py-2 text-center text-2xl dark:border-slate-600 dark:bg-slate-900";
  return (
    <form
      method="post"
      action={`/scoreboard/${code}`}
      data-tap="confirm"
      className="flex flex-col items-center gap-3 rounded-2xl border-2 border-slate-200 p-4 dark:border-slate-700"
    >
      <TapFields intent="confirm" tapId={tapId} matchId={matchId} />
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
  );
}
