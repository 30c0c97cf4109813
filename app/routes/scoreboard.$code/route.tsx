// The tablet at a table: the live match, in type big enough to read from the
// bar. Server-rendered and never hydrated (issue 17): a 2017 tablet runs one
// small script, public/scoreboard.js, which follows the table's push channel
// and swaps in the fresh board. Without that script (JavaScript off, an old
// browser, a failed load) the page refreshes itself every 5 s; the script
// cancels that refresh once it runs.
import { useEffect } from "react";
import { data, Link, useLoaderData } from "react-router";
import { TrophyIcon } from "~/components/icons.tsx";
import type { StaticPage } from "~/components/static-page.ts";
import { ThemeToggle } from "~/components/theme-toggle.tsx";
import { visitor } from "~/services/access.server.ts";
import { normalizeAccessCode } from "~/domain/tables.ts";
import { noShowAt } from "~/domain/queue.ts";
import { formatTime } from "~/domain/dates.ts";
import { scoreboardQuery, type CurrentMatch } from "~/services/tables.server.ts";
import type { Route } from "./+types/route";

/** Seconds between the page's own refreshes when its script cannot run (DESIGN §8). */
const REFRESH_SECONDS = 5;

export const handle = { hydrate: false, script: "/scoreboard.js" } satisfies StaticPage;

export async function loader({ params, context }: Route.LoaderArgs) {
  const code = normalizeAccessCode(params.code);
  const board = code ? (await (await visitor(context)).read({ board: scoreboardQuery(code) })).board : null;
  if (!board)
    return data(
      { valid: false as const, code: params.code.slice(0, 32), table: null, match: null, now: 0 },
      { status: 404 },
    );
  return {
    valid: true as const,
    code: board.table.accessCode,
    table: { name: board.table.name },
    match: board.match,
    now: Date.now(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.table
    ? [
        { title: `${loaderData.table.name} — Scoreboard` },
        // Cancelled by the board's script when it runs; otherwise the board stays current by reloading.
        { httpEquiv: "refresh", content: String(REFRESH_SECONDS) },
      ]
    : [{ title: "Invalid access code — Break & Run" }];

// The JSON API lists a side's members only in a team event (issue 16).
type ApiMatch = Omit<CurrentMatch, "id" | "tournament" | "player1Members" | "player2Members"> & {
  tournament: { name: string };
  player1Members?: CurrentMatch["player1Members"];
  player2Members?: CurrentMatch["player2Members"];
};

export default function Scoreboard() {
  const loaded = useLoaderData<typeof loader>();
  // Only a client-side navigation renders this in the browser (the page is never hydrated): load the real page,
  // whose own script keeps it live.
  useEffect(() => window.location.replace(window.location.href), []);
  if (!loaded.valid) return <InvalidCode />;
  return <LiveBoard code={loaded.code} tableName={loaded.table.name} match={loaded.match} now={loaded.now} />;
}

function InvalidCode() {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 p-6 text-center">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <h1 className="text-4xl font-bold">Invalid access code</h1>
      <p className="text-lg text-slate-600 dark:text-slate-300">Check the code on the director's Tables page.</p>
      <Link to="/scoreboard" className="btn-primary px-8 py-3 text-lg">
        Try Again
      </Link>
    </main>
  );
}

function LiveBoard({
  code,
  tableName,
  match,
  now,
}: {
  code: string;
  tableName: string;
  match: ApiMatch | null;
  now: number;
}) {
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
              Reconnecting…
            </p>
          </template>
          {/* Light or dark as on every page, stored for this tablet: a dim pub may want dark. */}
          <ThemeToggle />
          <Link to="/scoreboard" className="btn-secondary">
            Change Table
          </Link>
        </div>
      </header>

      {match ? <MatchBoard match={match} /> : <NoMatch />}
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

function MatchBoard({ match }: { match: ApiMatch }) {
  return (
    <section className="flex flex-1 flex-col justify-center gap-6 py-6" aria-live="polite" aria-atomic="true">
      <CalledData match={match} />
      <div className="text-center">
        <h2 className="text-2xl font-bold sm:text-4xl">{match.tournament.name}</h2>
        <p className="mt-1 text-xl text-slate-600 sm:text-2xl dark:text-slate-300" data-testid="match-label">
          {/* A round of one match ("Final", "Losers Semi-Final", "Grand Final Reset") needs no number. */}
          {/Final( Reset)?$/.test(match.label) ? match.label : `${match.label} · Match ${match.matchNumber}`}
          {match.raceTo ? ` · Race to ${match.raceTo}` : ""}
        </p>
      </div>
      <div className="grid gap-4 landscape:grid-cols-2 sm:grid-cols-2">
        <PlayerPanel
          label={match.player1Members?.length ? "Team 1" : "Player 1"}
          name={match.player1?.name ?? "TBD"}
          members={(match.player1Members ?? []).map((m) => m.name).join(" & ")}
          score={match.player1Score ?? 0}
          winner={match.winnerId !== null && match.winnerId === match.player1Id}
        />
        <PlayerPanel
          label={match.player2Members?.length ? "Team 2" : "Player 2"}
          name={match.player2?.name ?? "TBD"}
          members={(match.player2Members ?? []).map((m) => m.name).join(" & ")}
          score={match.player2Score ?? 0}
          winner={match.winnerId !== null && match.winnerId === match.player2Id}
        />
      </div>
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
}: {
  label: string;
  name: string;
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
    </div>
  );
}
