// The stream overlay (decision 026): a transparent 1920×1080 page that OBS lays over a table's camera — the event, the
// round and race, the players and the rack score along the bottom. Never hydrated, like the scoreboard it follows
// (decision 009): /overlay.js follows the table's push channel and swaps in the fresh bar; without it the page
// refreshes itself every 5 s. Read-only: nothing is tapped from here.
import { useEffect } from "react";
import { data, isRouteErrorResponse, useLoaderData, useRouteError } from "react-router";
import type { StaticPage } from "~/components/static-page.ts";
import type { ApiMatch } from "~/components/scoreboard-board.tsx";
import { errorHeaders } from "~/domain/errors.ts";
import { visitor } from "~/web/access.server.ts";
import { findByCode, isCodeRefusal, sentCode } from "~/features/floor/server/table-codes.server.ts";
import { scoreboardQuery } from "~/features/floor/server/tables.server.ts";
import type { Route } from "./+types/route";

/** Seconds between the page's own refreshes when its script cannot run (as the scoreboard, DESIGN §8). */
const REFRESH_SECONDS = 5;

export const handle = { hydrate: false, script: "/overlay.js" } satisfies StaticPage;

function refuseCode(error: unknown): never {
  if (!isCodeRefusal(error)) throw error;
  throw data(error.message, { status: error.status, headers: errorHeaders(error) });
}

export function headers({ errorHeaders }: Route.HeadersArgs) {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const board = await findByCode(await visitor(context), sentCode(request, params.code), scoreboardQuery).catch(
    refuseCode,
  );
  return { code: board.table.accessCode, tableName: board.table.name, match: board.match, now: Date.now() };
}

const tooManyCodes = (error: unknown) => isRouteErrorResponse(error) && error.status === 429;

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData
    ? [
        { title: `${loaderData.tableName} — Stream overlay` },
        // Cancelled by the overlay's script when it runs; otherwise the overlay stays current by reloading.
        { httpEquiv: "refresh", content: String(REFRESH_SECONDS) },
      ]
    : [{ title: `${tooManyCodes(error) ? "Too many wrong codes" : "Invalid access code"} — Break & Run` }];

export default function StreamOverlay() {
  const { code, tableName, match, now } = useLoaderData<typeof loader>();
  // Only a client-side navigation renders this in the browser: load the real page, whose own script keeps it live.
  useEffect(() => window.location.replace(window.location.href), []);
  return (
    <main id="main" className="stream-overlay" data-overlay={code}>
      <h1 className="sr-only">{tableName} — stream overlay</h1>
      <OverlayBar match={match} drawnAt={now} />
    </main>
  );
}

/** The bar along the bottom of the picture; the region the script swaps in (`data-drawn-at` orders crossed reads). */
function OverlayBar({ match, drawnAt }: { match: ApiMatch | null; drawnAt: number }) {
  if (!match) {
    return (
      <section aria-live="polite" data-drawn-at={drawnAt}>
        <p className="sr-only">No active match</p>
      </section>
    );
  }
  const names = [match.player1?.name ?? "TBD", match.player2?.name ?? "TBD"] as const;
  const label = /Final( Reset)?$/.test(match.label) ? match.label : `${match.label} · Match ${match.matchNumber}`;
  const winner = match.winnerId === null ? null : match.winnerId === match.player1Id ? 1 : 2;
  return (
    <section
      aria-live="polite"
      aria-atomic="true"
      data-drawn-at={drawnAt}
      data-match={match.id}
      className="absolute inset-x-0 bottom-16 flex flex-col items-center gap-0 px-24"
    >
      <p
        className="rounded-t-xl bg-slate-950/85 px-8 py-2 text-2xl font-semibold text-white"
        data-testid="overlay-event"
      >
        {match.tournament.name}
        <span className="text-slate-300"> · {label}</span>
      </p>
      <div
        className={
          "flex w-full max-w-[1500px] items-stretch overflow-hidden rounded-2xl bg-slate-950/85 text-white shadow-2xl"
        }
      >
        <Side name={names[0]} score={match.player1Score} won={winner === 1} align="right" testId="overlay-player1" />
        <p
          className="flex w-44 shrink-0 flex-col items-center justify-center bg-baize-800 px-4 text-center"
          data-testid="overlay-race"
        >
          {match.raceTo && match.race1 !== match.race2 ? (
            // A handicapped match (decision 028): each player's own race, on their side.
            <>
              <span className="text-lg font-semibold tracking-widest uppercase">Races</span>
              <span className="text-5xl font-black tabular-nums">{`${match.race1}–${match.race2}`}</span>
            </>
          ) : match.raceTo ? (
            <>
              <span className="text-lg font-semibold tracking-widest uppercase">Race to</span>
              <span className="text-5xl font-black tabular-nums">{match.raceTo}</span>
            </>
          ) : (
            <span className="text-2xl font-bold tracking-widest uppercase">vs</span>
          )}
        </p>
        <Side name={names[1]} score={match.player2Score} won={winner === 2} align="left" testId="overlay-player2" />
      </div>
    </section>
  );
}

function Side({
  name,
  score,
  won,
  align,
  testId,
}: {
  name: string;
  score: number;
  won: boolean;
  align: "left" | "right";
  testId: string;
}) {
  const scoreBox = (
    <span
      className={
        "flex w-32 shrink-0 items-center justify-center text-7xl font-black tabular-nums " +
        (won ? "bg-amber-400 text-slate-950" : "bg-slate-800")
      }
      data-testid="overlay-score"
    >
      {score}
    </span>
  );
  return (
    <div
      className={`flex min-w-0 flex-1 items-stretch ${align === "right" ? "" : "flex-row-reverse"}`}
      data-testid={testId}
    >
      <p
        className={
          "flex min-w-0 flex-1 items-center px-8 py-5 text-5xl font-extrabold " +
          (align === "right" ? "justify-end text-right" : "justify-start text-left")
        }
      >
        {won ? <span className="sr-only">Winner: </span> : null}
        <span className="truncate">{name}</span>
      </p>
      {scoreBox}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // In the bar's place, as the scoreboard says it: a code that is no table's, or too many of them from here.
  return (
    <main id="main" className="stream-overlay flex min-h-screen items-end justify-center p-16">
      <h1 className="rounded-xl bg-slate-950/85 px-8 py-4 text-3xl font-bold text-white">
        {tooManyCodes(error) ? "Too many wrong codes" : notFound ? "Invalid access code" : "Something went wrong"}
      </h1>
    </main>
  );
}
