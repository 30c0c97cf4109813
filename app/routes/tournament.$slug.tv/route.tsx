// TV mode (decision 023): the pub's 1080p or 4K screen that nobody touches. Each request draws one "page"
// of the tournament — a part of the bracket, the tables, up next, the standings, the champion — sized to fit the
// screen, and names the next. Server-rendered and never hydrated, like the tablet scoreboard (decision 009): without
// a script the page's own timed refresh goes to the next page; /tv.js cancels that, turns the pages itself
// without reloading and follows the tournament's push channel, so the page shown is redrawn the moment play moves.
import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { ErrorBoundary as PageError } from "~/components/document.tsx";
import type { StaticPage } from "~/components/static-page.ts";
import { tvScreen } from "~/features/screens/domain/tv.ts";
import { visitor } from "~/web/access.server.ts";
import { paidPrizesQuery } from "~/features/play/server/finalize.server.ts";
import { matchesQuery } from "~/features/play/server/match-reads.server.ts";
import { queueQuery } from "~/features/floor/server/queue-reads.server.ts";
import { tournamentSeriesQuery } from "~/features/series/server/series.server.ts";
import { tournamentBySlugQuery } from "~/features/tournaments/server/tournaments.server.ts";
import { TvScreenView, tvAddress } from "./screens.tsx";
import type { Route } from "./+types/route";

export const handle = { hydrate: false, script: "/tv.js" } satisfies StaticPage;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.slug.length > 120) throw data("Tournament not found", { status: 404 });
  const viewer = await visitor(context);
  const now = Date.now();
  const slug = { slug: params.slug };
  // One round trip: the tournament, its bracket, the prizes paid, its floor (the director's tables, the queue) and
  // its series.
  const { tournament, matches, prizes, floor, ranked } = await viewer.read({
    tournament: tournamentBySlugQuery(params.slug, now),
    matches: matchesQuery(slug),
    prizes: paidPrizesQuery(slug),
    floor: queueQuery(slug),
    // A night of a series (decision 029): the series' ranking has a page of its own.
    ranked: tournamentSeriesQuery(params.slug),
  });
  if (!tournament) throw data("Tournament not found", { status: 404 });
  const requested = new URL(request.url).searchParams.get("page");
  const series = ranked
    ? { name: ranked.series.name, qualify: ranked.rules.qualify, standings: ranked.standings }
    : null;
  return tvScreen({ tournament, matches, prizes, floor, series }, { requested, now });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.tournament.name} — TV — Break & Run` },
        // The next page, for a screen whose script cannot run; the script removes it and turns the pages itself.
        {
          httpEquiv: "refresh",
          content: `${loaderData.page.seconds};url=${tvAddress(loaderData.tournament.slug, loaderData.next.key)}`,
        },
      ]
    : [{ title: "Tournament not found — Break & Run" }];

export default function TvMode() {
  const screen = useLoaderData<typeof loader>();
  // Only a client-side navigation renders this in the browser (the page is never hydrated): load the real page,
  // whose own script keeps it turning.
  useEffect(() => window.location.replace(window.location.href), []);
  return <TvScreenView screen={screen} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <PageError />;
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 p-6 text-center">
      <h1 className="text-4xl font-bold">Tournament not found</h1>
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </main>
  );
}
