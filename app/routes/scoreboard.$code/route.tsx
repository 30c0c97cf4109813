// The tablet at a table: the live match, in type big enough to read from the
// bar. Server-rendered and never hydrated (decision 009): a 2017 tablet runs one
// small script, /scoreboard.js, which follows the table's push channel
// and swaps in the fresh board. Without that script (JavaScript off, an old
// browser, a failed load) the page refreshes itself every 5 s; the script
// cancels that refresh once it runs.
import { useEffect } from "react";
import { data, redirect, useLoaderData } from "react-router";
import { appContext } from "~/context.server.ts";
import { CodeRefused, tooManyCodes } from "~/components/code-refused.tsx";
import type { StaticPage } from "~/components/static-page.ts";
import { useTheme } from "~/components/theme.tsx";
import { visitor } from "~/web/access.server.ts";
import { errorHeaders } from "~/domain/errors.ts";
import { noShowAt } from "~/features/floor/domain/queue.ts";
import { formatTime } from "~/domain/dates.ts";
import { tabletFormTap } from "~/features/play/server/use-cases.server.ts";
import { followSend } from "~/features/floor/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { sawTablet } from "~/features/live/server/live.server.ts";
import { findByCode, isCodeRefusal, sentCode } from "~/features/floor/server/table-codes.server.ts";
import { askedResult, scoreboardNote } from "~/features/floor/server/table-board-forms.server.ts";
import type { ConfirmedResult, Scoreboard as TableBoard } from "~/features/floor/domain/scoreboard.ts";
import { scoreboardQuery } from "~/features/floor/server/tables.server.ts";
import type { Confirmed } from "~/features/floor/domain/table-scoring.ts";
import { rememberCode, sentToQuery } from "~/features/floor/server/tablets.server.ts";
import { mapRead, reads } from "~/db/batch.server.ts";
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

/** A 429 says when to try again (Retry-After), on the page as in the API; the board remembers its table. */
export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : loaderHeaders;
}

/** The board, and where the director sent this table's tablets (decision 024), in one round trip. */
const boardAndSend = (code: string) =>
  mapRead(reads({ board: scoreboardQuery(code), sentTo: sentToQuery(code) }), ({ board, sentTo }) =>
    board ? { ...board, sentTo } : null,
  );

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = await visitor(context);
  const board = await findByCode(db, sentCode(request, params.code), boardAndSend).catch(refuseCode);
  const secure = context.get(appContext).env.APP_ENV === "production";
  // Sent to another table by the director: this tablet goes there (and remembers it), with or without its script.
  if (board.sentTo) {
    const follow = { code: board.table.accessCode, targetId: board.sentTo.id };
    await perform(context.get(appContext), db, followSend, follow);
    const to = board.sentTo.accessCode;
    const cookie = rememberCode(request, to, secure);
    throw redirect(`/scoreboard/${to}`, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
  }
  // The tablet remembers its table: `/scoreboard` comes back here after a restart.
  const remember = rememberCode(request, board.table.accessCode, secure);
  // A tablet is on this table (one without a script reloads every few seconds): the floor shows it.
  sawTablet(context.get(appContext), board.table);
  return data(boardPage(request, board), remember ? { headers: { "Set-Cookie": remember } } : undefined);
}

function boardPage(request: Request, board: TableBoard) {
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
  const { note } = await perform(context.get(appContext), db, tabletFormTap, {
    sent: sentCode(request, params.code),
    form,
  }).catch(refuseCode);
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
      now={loaded.now}
      confirmed={loaded.confirmed}
      ask={loaded.ask}
      tapIds={loaded.tapIds}
      note={loaded.note}
    />
  );
}

/** A refused code in place of the board; anything else is the site's own error page. */
export function ErrorBoundary() {
  return <CodeRefused />;
}

type Board = {
  code: string;
  tableName: string;
  match: ApiMatch | null;
  now: number;
  confirmed: ConfirmedResult | null;
  ask: Confirmed | null;
  tapIds: string[];
  note: string | null;
};

function LiveBoard({ code, tableName, match, confirmed, ask, now, tapIds, note }: Board) {
  // The theme the cookie gave this page: the script makes the cookie follow the tablet's stored choice.
  const [theme, , chosen] = useTheme();
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col p-4 sm:p-8 sm:short:px-6 sm:short:py-3"
      data-scoreboard={code}
      data-served-theme={chosen ? theme : "system"}
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold sm:text-5xl sm:short:text-3xl">{tableName}</h1>
          <p className="text-lg text-slate-600 sm:text-xl sm:short:text-base dark:text-slate-300">
            Live Match Information
          </p>
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
          <ChangeTable code={code} />
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
 * "Change Table", out of the players' way (decision 024): the board's script makes it a button to hold for two
 * seconds (a tap only says so); without the script it leads to the change page, which asks for the new table's code
 * or the director's sign-in. The theme toggle is there too.
 */
function ChangeTable({ code }: { code: string }) {
  return (
    <div className="flex items-center gap-2">
      <span hidden data-hold-hint="" role="status" className="text-sm text-slate-600 dark:text-slate-300">
        Hold for 2 seconds
      </span>
      {/* A plain link (no React Router: the page is never hydrated); no callout on a long press. */}
      <a
        href={`/scoreboard/${code}/change`}
        className="btn-ghost relative overflow-hidden px-3 text-sm text-slate-600 select-none dark:text-slate-300"
        style={{ WebkitTouchCallout: "none" }}
        data-hold=""
        data-testid="change-table"
      >
        <span aria-hidden="true" data-hold-fill="" className="absolute inset-y-0 left-0 w-0 bg-baize-600/30"></span>
        <span className="relative">Change Table</span>
      </a>
    </div>
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
