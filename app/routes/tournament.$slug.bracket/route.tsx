// The bracket on a wall: a laptop or the pub's TV. Public like the
// tournament page, the whole width of the screen, rounds joined by lines.
// While play is on it follows the evening: with JavaScript the data is
// revalidated every 10 s, without it the page reloads itself every 30 s.
import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { isNetworkError } from "~/components/data-reads.ts";
import { ConnectionLost } from "~/components/document.tsx";
import { Badge, statusTone } from "~/components/badges.tsx";
import { BracketView } from "~/components/bracket-view.tsx";
import { PrintButton } from "~/components/print-button.tsx";
import { Logo } from "~/components/icons.tsx";
import { useLiveRevalidation, useRedrawn } from "~/components/live.ts";
import { ThemeToggle } from "~/components/theme-toggle.tsx";
import { joinsOf } from "~/components/bracket-joins.ts";
import { formatDate } from "~/domain/dates.ts";
import { statusLabels } from "~/domain/tournaments.ts";
import { visitor } from "~/web/access.server.ts";
import { matchesQuery } from "~/features/play/server/match-reads.server.ts";
import { tournamentBySlugQuery } from "~/features/tournaments/server/tournaments.server.ts";
import type { Route } from "./+types/route";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.slug.length > 120) throw data({ message: "Tournament not found" }, { status: 404 });
  const viewer = await visitor(context);
  const now = Date.now();
  // One round trip: the tournament, its bracket and who is looking.
  const { tournament, user, matches } = await viewer.read({
    tournament: tournamentBySlugQuery(params.slug),
    matches: matchesQuery({ slug: params.slug }),
  });
  if (!tournament) throw data({ message: "Tournament not found" }, { status: 404 });
  const playing = user?.userType === "player" && tournament.players.some((p) => p.id === user.id);
  return {
    tournament: {
      id: tournament.id,
      slug: tournament.slug,
      name: tournament.name,
      venue: tournament.venue,
      date: tournament.date,
      time: tournament.time,
      status: tournament.status,
    },
    matches: tournament.status === "open" ? [] : matches,
    you: playing && user ? user.id : null,
    // Names link to the players' profiles in singles; a team is not rated (decision 027).
    profiles: tournament.matchType === "1v1",
    /** When it was read (ms): the push channel's news from before adds nothing. */
    readAt: now,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData ? `${loaderData.tournament.name} — Bracket — Break & Run` : "Tournament not found — Break & Run",
  },
];

// Fetched with the first message that needs it.
const redraw = () => import("./redraw-matches.ts").then((module) => module.redrawMatches);

export default function WallBracket() {
  const read = useLoaderData<typeof loader>();
  const { tournament: t, you, profiles } = read;
  const live = t.status === "in_progress";
  // A result, a rack or a call carries the matches it changed: the wall redraws them without reading the page.
  const { shown, drawn } = useRedrawn(t.id, live, read, read.readAt, redraw);
  const matches = shown ?? read.matches;
  useLiveRevalidation(live || t.status === "open" ? [t.id] : [], live, drawn);
  return (
    <>
      {live ? (
        <noscript>
          <meta httpEquiv="refresh" content="30" />
        </noscript>
      ) : null}
      <main id="main" className="print-page print-bracket min-h-screen px-4 py-4 sm:px-6 lg:px-8">
        <header className="mb-6 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to="/"
                className="flex items-center gap-2 rounded-md font-bold tracking-tight"
                aria-label="Break & Run"
              >
                <Logo className="text-baize-700 dark:text-baize-400" />
              </Link>
              <Badge tone={live ? "red" : statusTone[t.status]}>{live ? "Live" : statusLabels[t.status]}</Badge>
            </div>
            <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl xl:text-4xl">{t.name}</h1>
            <p className="mt-1 text-slate-700 lg:text-lg dark:text-slate-300">
              {t.venue} · {formatDate(t.date)} · {t.time}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 print:hidden">
            <PrintButton />
            <Link to={`/tournament/${t.slug}/draw`} className="btn-secondary">
              Draw sheet
            </Link>
            <ThemeToggle />
            {/* The TV's page is never hydrated: a document load, so its own script runs (decision 023). */}
            <Link to={`/tournament/${t.slug}/tv`} reloadDocument className="btn-secondary">
              TV mode
            </Link>
            <Link to={`/tournament/${t.slug}?tab=bracket`} className="btn-secondary">
              Tournament page
            </Link>
          </div>
        </header>
        {matches.length === 0 ? (
          <p className="text-lg text-slate-600 dark:text-slate-300">
            The bracket appears here when the tournament starts.
          </p>
        ) : (
          <>
            <h2 className="sr-only">Bracket</h2>
            <BracketView matches={matches} you={you} variant="wall" joins={joinsOf} profiles={profiles} />
          </>
        )}
      </main>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isNetworkError(error)) return <ConnectionLost />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "Tournament not found" : "Something went wrong"}</h1>
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </main>
  );
}
