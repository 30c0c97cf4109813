// The board a table's tablet shows (issue 17): the table, the live match with
// its two scores and the taps that score it, the no-show clock. Rendered on
// the server only; public/scoreboard.js swaps in a fresh one as the match goes on.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { TrophyIcon } from "~/components/icons.tsx";
import { ThemeToggle } from "~/components/theme-toggle.tsx";
import { formatTime } from "~/domain/dates.ts";
import { noShowAt } from "~/domain/queue.ts";
import { confirmQuestion, raceWinner, type Side } from "~/domain/table-scoring.ts";
import type { CurrentMatch } from "~/services/tables.server.ts";
import { RackButton, ResultForm, TapForm } from "./tap-forms.tsx";

// The JSON API lists a side's members only in a team event (issue 16).
type ApiMatch = Omit<CurrentMatch, "tournament" | "player1Members" | "player2Members"> & {
  tournament: { name: string };
  player1Members?: CurrentMatch["player1Members"];
  player2Members?: CurrentMatch["player2Members"];
};

type Board = {
  code: string;
  tableName: string;
  match: ApiMatch | null;
  now: number;
  tapIds: string[];
  note: string | null;
};

export function LiveBoard({ code, tableName, match, now, tapIds, note }: Board) {
  return (
    <main id="main" className="flex min-h-screen flex-col p-4 sm:p-8" data-scoreboard={code}>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold sm:text-5xl">{tableName}</h1>
          <p className="text-lg text-slate-600 sm:text-xl dark:text-slate-300">Live Match Information</p>
        </div>
        <div className="flex items-center gap-3">
          {/* Put in place by the board's script while it cannot reach the server (inert until then). */}
          <template data-reconnecting="">
            <p
              role="status"
              className={
                "rounded-full bg-amber-100 px-4 py-1.5 text-base font-semibold text-amber-900 " +
                "dark:bg-amber-900 dark:text-amber-100"
              }
            >
              Reconnecting…<span data-waiting=""></span>
            </p>
          </template>
          {/* Light or dark as on every page, stored for this tablet: a dim pub may want dark. */}
          <ThemeToggle />
          <Link to="/scoreboard" className="btn-secondary">
            Change Table
          </Link>
        </div>
      </header>

      {match ? <MatchBoard code={code} match={match} tapIds={tapIds} note={note} /> : <NoMatch />}
      <CalledClock match={match} now={now} />
    </main>
  );
}

/**
 * The no-show clock (issue 19), outside the live region so its ticking is never announced: "Called at 19:42", and
 * once the tournament's no-show minutes are up, that the director may award a walkover. As rendered it is static;
 * the board's script ticks it from the called match's data in the live region (`data-called-at`), so a board
 * swapped in for the next match carries its own time.
 */
function CalledClock({ match, now }: { match: ApiMatch | null; now: number }) {
  const called = match?.status === "in_progress" && match.calledAt !== null ? match.calledAt : null;
  const due = called !== null && match ? now >= noShowAt(called, match.noShowMinutes) : false;
  return (
    <div
      className="text-center text-lg text-slate-600 sm:text-xl dark:text-slate-300"
      data-called-clock=""
      data-now={now}
    >
      <p hidden={called === null} data-clock-text="">
        {called === null ? "" : `Called at ${formatTime(called)}`}
      </p>
      <p hidden={!due} data-no-show="" className="font-semibold text-amber-800 dark:text-amber-200">
        No-show time is up: the director may award a walkover.
      </p>
    </div>
  );
}

/** What the clock reads from the live board: when the match was called, and when its no-show time is up. */
function CalledData({ match }: { match: ApiMatch }) {
  if (match.status !== "in_progress" || match.calledAt === null) return null;
  return (
    <span
      hidden
      data-called-at={match.calledAt}
      data-called-time={formatTime(match.calledAt)}
      data-no-show-at={noShowAt(match.calledAt, match.noShowMinutes)}
    />
  );
}

function NoMatch() {
  return (
    <section className="flex flex-1 flex-col items-center justify-center text-center" aria-live="polite">
      <h2 className="text-4xl font-bold sm:text-6xl">No Active Match</h2>
      <p className="mt-4 text-xl text-slate-600 sm:text-2xl dark:text-slate-300">
        Waiting for a match to be assigned to this table...
      </p>
    </section>
  );
}

const dotClass = {
  in_progress: "bg-green-500 animate-pulse",
  completed: "bg-blue-500",
  pending: "bg-slate-400",
} as const;

function MatchBoard({
  code,
  match,
  tapIds,
  note,
}: {
  code: string;
  match: ApiMatch;
  tapIds: string[];
  note: string | null;
}) {
  const [rack1 = "", rack2 = "", undo = "", confirm = "", lag1 = "", lag2 = ""] = tapIds;
  const names = [match.player1?.name ?? "TBD", match.player2?.name ?? "TBD"] as const;
  const nameOf = (side: Side) => (side === 1 ? names[0] : names[1]);
  // Scoring at the table (issue 18): while the match is played and open to taps.
  const scoring = match.status === "in_progress" && Boolean(match.player1Id && match.player2Id);
  const open = scoring && !match.awaitingApproval;
  const won = raceWinner(match);
  const tap = { code, matchId: match.id };
  return (
    <section
      className="flex flex-1 flex-col justify-center gap-6 py-6"
      aria-live="polite"
      aria-atomic="true"
      data-match={match.id}
      data-racks={match.racks}
      data-race-to={match.raceTo ?? ""}
      data-name1={names[0]}
      data-name2={names[1]}
      data-open={open ? "" : undefined}
    >
      <CalledData match={match} />
      <div className="text-center">
        <h2 className="text-2xl font-bold sm:text-4xl">{match.tournament.name}</h2>
        <p className="mt-1 text-xl text-slate-600 sm:text-2xl dark:text-slate-300" data-testid="match-label">
          {/* A round of one match ("Final", "Losers Semi-Final", "Grand Final Reset") needs no number. */}
          {/Final( Reset)?$/.test(match.label) ? match.label : `${match.label} · Match ${match.matchNumber}`}
          {match.raceTo ? ` · Race to ${match.raceTo}` : ""}
        </p>
      </div>
      <p
        data-note=""
        role="status"
        hidden={!note}
        className={
          "mx-auto rounded-xl bg-sky-100 px-4 py-2 text-center text-lg font-semibold text-sky-900 " +
          "dark:bg-sky-900 dark:text-sky-100"
        }
      >
        {note}
      </p>
      {open && match.racks === "" && match.lagWinner === null ? (
        <div className="flex flex-wrap items-center justify-center gap-3 text-lg" data-lag="">
          <span className="font-semibold">Who won the lag?</span>
          <TapForm {...tap} intent="lag" tapId={lag1} player={1} className="btn-secondary px-5 py-2 text-lg">
            {names[0]}
          </TapForm>
          <TapForm {...tap} intent="lag" tapId={lag2} player={2} className="btn-secondary px-5 py-2 text-lg">
            {names[1]}
          </TapForm>
        </div>
      ) : null}
      {match.breaker && open ? (
        <p className="text-center text-2xl font-bold" data-testid="breaker">
          {nameOf(match.breaker)} to break
        </p>
      ) : null}
      <div className="grid gap-4 landscape:grid-cols-2 sm:grid-cols-2">
        <PlayerPanel
          label={match.player1Members?.length ? "Team 1" : "Player 1"}
          name={names[0]}
          members={(match.player1Members ?? []).map((m) => m.name).join(" & ")}
          score={match.player1Score ?? 0}
          winner={match.winnerId !== null && match.winnerId === match.player1Id}
        >
          {open ? <RackButton {...tap} tapId={rack1} player={1} name={names[0]} disabled={won !== null} /> : null}
        </PlayerPanel>
        <PlayerPanel
          label={match.player2Members?.length ? "Team 2" : "Player 2"}
          name={names[1]}
          members={(match.player2Members ?? []).map((m) => m.name).join(" & ")}
          score={match.player2Score ?? 0}
          winner={match.winnerId !== null && match.winnerId === match.player2Id}
        >
          {open ? <RackButton {...tap} tapId={rack2} player={2} name={names[1]} disabled={won !== null} /> : null}
        </PlayerPanel>
      </div>
      {open && match.raceTo !== null ? (
        // Shown once a side reaches the race; the script shows it too while taps wait to be sent.
        <TapForm
          {...tap}
          intent="confirm"
          tapId={confirm}
          hidden={won === null}
          className="btn-primary px-8 py-4 text-2xl"
          prompt={
            won === null
              ? ""
              : confirmQuestion(
                  nameOf(won),
                  won === 1 ? match.player1Score : match.player2Score,
                  won === 1 ? match.player2Score : match.player1Score,
                )
          }
        >
          Confirm result
        </TapForm>
      ) : null}
      {open && match.raceTo === null ? (
        <ResultForm {...tap} tapId={confirm} names={names} score1={match.player1Score} score2={match.player2Score} />
      ) : null}
      {open ? (
        <TapForm
          {...tap}
          intent="undo"
          tapId={undo}
          disabled={match.racks === ""}
          className="btn-secondary mx-auto px-6 py-3 text-lg"
        >
          Undo last rack
        </TapForm>
      ) : null}
      {scoring && match.awaitingApproval ? (
        <p className="text-center text-xl font-semibold" data-testid="awaiting">
          Result sent — waiting for the director's approval
        </p>
      ) : null}
      <p className="flex items-center justify-center gap-3 text-xl sm:text-2xl">
        <span className="text-slate-600 dark:text-slate-300">Status</span>
        <span
          className={`inline-block size-4 rounded-full ${dotClass[match.status] ?? dotClass.pending}`}
          aria-hidden="true"
        />
        <span className="font-semibold" data-testid="match-status">
          {match.outcome === "walkover" || match.outcome === "double_forfeit" ? "W/O" : match.status.replace(/_/g, " ")}
        </span>
      </p>
    </section>
  );
}

function PlayerPanel({
  label,
  name,
  members,
  score,
  winner,
  children,
}: {
  label: string;
  name: string;
  /** The side's "+1 rack" button while the match is scored at the table. */
  children?: ReactNode;
  /** A team's members ("Sam & Kim"); empty for a player. */
  members: string;
  score: number;
  winner: boolean;
}) {
  return (
    <div
      className={
        // A column whose score sits at the bottom: the two boxes line up even when one name wraps.
        "flex h-full flex-col items-center gap-2 rounded-2xl border-4 p-6 text-center " +
        (winner ? "border-amber-400 bg-amber-50 dark:bg-amber-950" : "border-slate-200 dark:border-slate-700")
      }
    >
      <p className="text-base tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</p>
      <p className="flex items-center gap-3 text-3xl font-extrabold break-words sm:text-5xl">
        {winner ? (
          <>
            <TrophyIcon width={40} height={40} className="shrink-0 text-amber-500" />
            <span className="sr-only">Winner: </span>
          </>
        ) : null}
        {name}
      </p>
      {members ? <p className="text-lg text-slate-600 sm:text-xl dark:text-slate-300">{members}</p> : null}
      <p className="mt-auto text-7xl font-black tabular-nums sm:text-8xl" data-testid="score">
        {score}
      </p>
      {children}
    </div>
  );
}
