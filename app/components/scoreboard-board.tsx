// The board of a table's tablet: its live region — the match, the scores and
// the taps, or "No Active Match". Drawn by the scoreboard page and, for the
// push message that carries it to the table's tablets, by
// features/floor/server/boards.server.tsx: one component, one look. Server-rendered only
// (the scoreboard is never hydrated): forms and data attributes that the
// tablet's script, /scoreboard.js (built from features/floor/client/), reads.
import { profilePath } from "~/domain/anchors.ts";
import type { ReactNode } from "react";
import { TrophyIcon } from "~/components/icons.tsx";
import { formatTime } from "~/domain/dates.ts";
import { noShowAt } from "~/features/floor/domain/queue.ts";
import { raceLabel, racesLine } from "~/features/play/domain/races.ts";
import { raceWinner, type Confirmed, type Side } from "~/features/floor/domain/table-scoring.ts";
import type { ConfirmedResult, CurrentMatch } from "~/features/floor/domain/scoreboard.ts";
import { ResultUndo } from "./scoreboard-result.tsx";
import { RackButton, ResultTaps, TapForm } from "./scoreboard-taps.tsx";

// The JSON API lists a side's members only in a team event (decision 011).
export type ApiMatch = Omit<CurrentMatch, "tournament" | "player1Members" | "player2Members"> & {
  tournament: { name: string };
  player1Members?: CurrentMatch["player1Members"];
  player2Members?: CurrentMatch["player2Members"];
};

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

/**
 * The board's live region: what the page swaps in when the table changes, and what a change's push message
 * carries to the table's tablets (features/floor/server/boards.server.tsx). `drawnAt` orders boards that cross on
 * the way.
 */
export function BoardRegion({
  drawnAt,
  confirmed,
  ...board
}: {
  code: string;
  match: ApiMatch | null;
  /** The last result confirmed at the table: "Undo" while it may be taken back (decision 025). */
  confirmed: ConfirmedResult | null;
  /** Without a race-to: the result "X won" asked to confirm (the board's `?winner=…` step). */
  ask?: Confirmed | null;
  tapIds: string[];
  note: string | null;
  drawnAt: number;
}) {
  const undoResult = (
    <ResultUndo code={board.code} confirmed={confirmed} drawnAt={drawnAt} tapId={board.tapIds[6] ?? ""} />
  );
  return board.match ? (
    <MatchBoard {...board} match={board.match} drawnAt={drawnAt} undoResult={undoResult} />
  ) : (
    <NoMatch drawnAt={drawnAt} undoResult={undoResult} />
  );
}

function NoMatch({ drawnAt, undoResult }: { drawnAt: number; undoResult: ReactNode }) {
  return (
    <section
      className="flex flex-1 flex-col items-center justify-center gap-6 text-center"
      aria-live="polite"
      data-drawn-at={drawnAt}
    >
      {undoResult}
      <h2 className="text-4xl font-bold sm:text-6xl">No Active Match</h2>
      <p className="mt-4 text-xl text-slate-600 sm:text-2xl dark:text-slate-300">
        Waiting for a match to be assigned to this table...
      </p>
    </section>
  );
}

function MatchBoard({
  code,
  match,
  ask,
  tapIds,
  note,
  drawnAt,
  undoResult,
}: {
  code: string;
  match: ApiMatch;
  ask?: Confirmed | null;
  tapIds: string[];
  note: string | null;
  drawnAt: number;
  undoResult: ReactNode;
}) {
  const [rack1 = "", rack2 = "", undo = "", confirm = "", lag1 = "", lag2 = ""] = tapIds;
  const names = [match.player1?.name ?? "TBD", match.player2?.name ?? "TBD"] as const;
  const nameOf = (side: Side) => (side === 1 ? names[0] : names[1]);
  // Scoring at the table (decision 012): while the match is played and open to taps.
  const scoring = match.status === "in_progress" && Boolean(match.player1Id && match.player2Id);
  const open = scoring && !match.awaitingApproval;
  const won = raceWinner(match);
  const tap = { code, matchId: match.id };
  return (
    <section
      className="flex flex-1 flex-col justify-center gap-6 py-6 short:gap-3 short:py-2"
      aria-live="polite"
      aria-atomic="true"
      data-drawn-at={drawnAt}
      data-match={match.id}
      data-racks={match.racks}
      data-race-to={match.raceTo ?? ""}
      data-race1={match.race1 ?? ""}
      data-race2={match.race2 ?? ""}
      data-name1={names[0]}
      data-name2={names[1]}
      data-open={open ? "" : undefined}
    >
      <CalledData match={match} />
      {undoResult}
      <MatchHeading match={match} names={names} />
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
        <div className="flex flex-wrap items-center justify-center gap-3 text-lg [&>form]:w-auto" data-lag="">
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
        <p className="text-center text-2xl font-bold short:text-xl" data-testid="breaker">
          {nameOf(match.breaker)} to break
        </p>
      ) : null}
      <Sides
        match={match}
        names={names}
        rack1={open ? <RackButton {...tap} tapId={rack1} player={1} name={names[0]} disabled={won !== null} /> : null}
        rack2={open ? <RackButton {...tap} tapId={rack2} player={2} name={names[1]} disabled={won !== null} /> : null}
      />
      {open ? (
        <ResultTaps match={match} names={names} tap={tap} tapIds={{ confirm, undo }} won={won} ask={ask} />
      ) : null}
      {scoring && match.awaitingApproval ? (
        <p className="text-center text-xl font-semibold" data-testid="awaiting">
          Result sent — waiting for the director's approval
        </p>
      ) : null}
      <MatchStatus match={match} />
    </section>
  );
}

const dotClass = {
  in_progress: "bg-green-500 animate-pulse",
  completed: "bg-blue-500",
  pending: "bg-slate-400",
} as const;

/** The match's status, with its coloured dot. */
function MatchStatus({ match }: { match: ApiMatch }) {
  return (
    <p className="flex items-center justify-center gap-3 text-xl sm:text-2xl sm:short:text-lg">
      <span className="text-slate-600 dark:text-slate-300">Status</span>
      <span
        className={`inline-block size-4 rounded-full ${dotClass[match.status] ?? dotClass.pending}`}
        aria-hidden="true"
      />
      <span className="font-semibold" data-testid="match-status">
        {match.outcome === "walkover" || match.outcome === "double_forfeit" ? "W/O" : match.status.replace(/_/g, " ")}
      </span>
    </p>
  );
}

type Names = readonly [string, string];

/** The event, the round and match, and each side's race when they differ. */
function MatchHeading({ match, names }: { match: ApiMatch; names: Names }) {
  return (
    <div className="text-center">
      <h2 className="text-2xl font-bold sm:text-4xl sm:short:text-2xl">{match.tournament.name}</h2>
      <p
        className="mt-1 text-xl text-slate-600 sm:text-2xl sm:short:text-lg dark:text-slate-300"
        data-testid="match-label"
      >
        {/* A round of one match ("Final", "Losers Semi-Final", "Grand Final Reset") needs no number. */}
        {/Final( Reset)?$/.test(match.label) ? match.label : `${match.label} · Match ${match.matchNumber}`}
        {raceLabel(match) ? ` · ${raceLabel(match)}` : ""}
      </p>
      {racesLine(names, match) ? (
        <p className="mt-2 text-xl font-semibold sm:text-2xl sm:short:mt-1 sm:short:text-lg" data-testid="races">
          {racesLine(names, match)}
        </p>
      ) : null}
    </div>
  );
}

/** The two sides' boxes, each with its "+1 rack" while the match is open to taps. */
function Sides({ match, names, rack1, rack2 }: { match: ApiMatch; names: Names; rack1: ReactNode; rack2: ReactNode }) {
  return (
    <div className="grid gap-4 landscape:grid-cols-2 sm:grid-cols-2">
      <PlayerPanel
        label={match.player1Members?.length ? "Team 1" : "Player 1"}
        name={names[0]}
        members={(match.player1Members ?? []).map((m) => m.name).join(" & ")}
        score={match.player1Score ?? 0}
        winner={match.winnerId !== null && match.winnerId === match.player1Id}
        rated={ratedSide(match.player1Id, match.player1Rating)}
      >
        {rack1}
      </PlayerPanel>
      <PlayerPanel
        label={match.player2Members?.length ? "Team 2" : "Player 2"}
        name={names[1]}
        members={(match.player2Members ?? []).map((m) => m.name).join(" & ")}
        score={match.player2Score ?? 0}
        winner={match.winnerId !== null && match.winnerId === match.player2Id}
        rated={ratedSide(match.player2Id, match.player2Rating)}
      >
        {rack2}
      </PlayerPanel>
    </div>
  );
}

/** A side's rating and profile, for a singles player (a team or an empty slot has none). */
const ratedSide = (playerId: string | null, rating: number | null | undefined) =>
  playerId !== null && rating != null ? { playerId, rating } : null;

function PlayerPanel({
  label,
  name,
  members,
  score,
  winner,
  rated,
  children,
}: {
  label: string;
  name: string;
  /**
   * A singles player's rating, linked to their profile (decision 027) in a new tab: the tablet's own page stays on its
   * table (decision 024).
   */
  rated: { playerId: string; rating: number } | null;
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
        "flex h-full flex-col items-center gap-2 rounded-2xl border-4 p-6 text-center short:gap-1 short:p-3 " +
        (winner ? "border-amber-400 bg-amber-50 dark:bg-amber-950" : "border-slate-200 dark:border-slate-700")
      }
    >
      <p className="text-base tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</p>
      <p className="flex items-center gap-3 text-3xl font-extrabold break-words sm:text-5xl sm:short:text-4xl">
        {winner ? (
          <>
            <TrophyIcon width={40} height={40} className="shrink-0 text-amber-500" />
            <span className="sr-only">Winner: </span>
          </>
        ) : null}
        {name}
      </p>
      {rated ? (
        <a
          href={profilePath(rated.playerId)}
          target="_blank"
          rel="noopener"
          className={
            "text-base text-slate-600 underline-offset-4 hover:underline focus-visible:underline dark:text-slate-300"
          }
          data-testid="rating"
        >
          {`Rated ${rated.rating}`}
          <span className="sr-only"> — {name}'s profile (opens in a new tab)</span>
        </a>
      ) : null}
      {members ? <p className="text-lg text-slate-600 sm:text-xl dark:text-slate-300">{members}</p> : null}
      <p className="mt-auto text-7xl font-black tabular-nums sm:text-8xl sm:short:text-7xl" data-testid="score">
        {score}
      </p>
      {children}
    </div>
  );
}
