// The tablet at a table: the live match, in type big enough to read from the
// bar. Server-rendered and never hydrated (decision 009): a 2017 tablet runs one
// small script, public/scoreboard.js, which follows the table's push channel
// and swaps in the fresh board. Without that script (JavaScript off, an old
// browser, a failed load) the page refreshes itself every 5 s; the script
// cancels that refresh once it runs.
import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, redirect, useLoaderData, useRouteError } from "react-router";
import { appContext } from "~/context.server.ts";
import { ErrorBoundary as PageError } from "~/components/document.tsx";
import type { StaticPage } from "~/components/static-page.ts";
import { ThemeToggle } from "~/components/theme-toggle.tsx";
import { visitor } from "~/services/access.server.ts";
import { errorHeaders } from "~/domain/errors.ts";
import { noShowAt } from "~/domain/queue.ts";
import { formatTime } from "~/domain/dates.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { findByCode, isCodeRefusal, sentCode } from "~/services/table-codes.server.ts";
import { askedResult, scoreboardNote, tapFromForm } from "~/services/table-scoring.server.ts";
import { scoreboardQuery, type ConfirmedResult } from "~/services/tables.server.ts";
import type { Confirmed } from "~/domain/table-scoring.ts";
import { BoardRegion, type ApiMatch } from "~/components/scoreboard-board.tsx";
import type { Route } from "./+types/route";

/** Seconds between the page's own refreshes when its script cannot run (DESIGN §8). */
const REFRESH_SECONDS = 5;

export const handle = { hydrate: false, script: "/scoreboard.js" } satisfies StaticPage;

/**
 * A refused code (none such: 404; too many wrong ones from this address: 429) is shown in place of the board by the
 * route's error page, from the loader and the action alike: after a refused tap the loader does not run, so the
 * code is looked up (and a wrong one counted) once per request.
 */
function refuseCode(error: unknown): never {
  if (!isCodeRefusal(error)) throw error;
  throw data(error.message, { status: error.status, headers: errorHeaders(error) });
}

/** A 429 says when to try again (Retry-After), on the page as in the API. */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const board = await findByCode(await visitor(context), sentCode(request, params.code), scoreboardQuery).catch(
    refuseCode,
  );
  const search = new URL(request.url).searchParams;
  // Without a race-to, "X won" comes back here to be confirmed (decision 025).
  const asked = askedResult(board.match, search);
  return {
    code: board.table.accessCode,
    table: { name: board.table.name },
    match: board.match,
    confirmed: board.confirmed,
    ask: asked.ask,
    now: Date.now(),
    // Each tap button's own id (decision 012): a form sent twice (a reload, a double tap) counts once.
    tapIds: Array.from({ length: 7 }, () => crypto.randomUUID()),
    note: asked.note ?? scoreboardNote(search.get("note")),
  };
}

/**
 * A tap from the board's plain forms (no JavaScript): the same call as the
 * JSON API, then back to the board, with a note when the tap was refused.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const db = await visitor(context);
  const form = await request.formData();
  const { note, change } = await tapFromForm(db, sentCode(request, params.code), form).catch(refuseCode);
  await afterChange(db, context.get(appContext), change);
  const path = `/scoreboard/${encodeURIComponent(params.code)}`;
  return redirect(note ? `${path}?${new URLSearchParams({ note })}` : path, 303);
}

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData
    ? [
        { title: `${loaderData.table.name} — Scoreboard` },
        // Cancelled by the board's script when it runs; otherwise the board stays current by reloading.
        { httpEquiv: "refresh", content: String(REFRESH_SECONDS) },
      ]
    : [{ title: `${tooManyCodes(error) ? "Too many wrong codes" : "Invalid access code"} — Break & Run` }];

export default function Scoreboard() {
  const loaded = useLoaderData<typeof loader>();
  // Only a client-side navigation renders this in the browser (the page is never hydrated): load the real page,
  // whose own script keeps it live.
  useEffect(() => window.location.replace(window.location.href), []);
  return (
    <LiveBoard
      code={loaded.code}
      tableName={loaded.table.name}
      match={loaded.match}
      confirmed={loaded.confirmed}
      ask={loaded.ask}
      now={loaded.now}
      tapIds={loaded.tapIds}
      note={loaded.note}
    />
  );
}

const tooManyCodes = (error: unknown) => isRouteErrorResponse(error) && error.status === 429;

/** A refused code in place of the board; anything else is the site's own error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || (error.status !== 404 && error.status !== 429)) return <PageError />;
  const tooMany = tooManyCodes(error);
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 p-6 text-center">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <h1 className="text-4xl font-bold">{tooMany ? "Too many wrong codes" : "Invalid access code"}</h1>
      <p className="text-lg text-slate-600 dark:text-slate-300">
        {tooMany
          ? "Too many codes that are not a table's were tried from this network. Wait a minute, then try again."
          : "Check the code on the director's Tables page."}
      </p>
      <Link to="/scoreboard" className="btn-primary px-8 py-3 text-lg">
        Try Again
      </Link>
    </main>
  );
}

type Board = {
  code: string;
  tableName: string;
  match: ApiMatch | null;
  confirmed: ConfirmedResult | null;
  ask: Confirmed | null;
  now: number;
  tapIds: string[];
  note: string | null;
};

function LiveBoard({ code, tableName, match, confirmed, ask, now, tapIds, note }: Board) {
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

      <BoardRegion
        code={code}
        match={match}
        confirmed={confirmed}
        ask={ask}
        tapIds={tapIds}
        note={note}
        drawnAt={now}
      />
      <CalledClock match={match} now={now} />
    </main>
  );
}

/**
 * The no-show clock (decision 013), outside the live region so its ticking is never announced: "Called at 19:42", and
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
