// A league night on the pub's TV (DESIGN §11; TV mode, decision 023): tonight's fixtures with their frame scores —
// else the season's next night's — at one venue (`?venue=`) or all, beside the tables of the divisions playing.
// Server-rendered and never hydrated, like the tournament's TV: without a script the page reads itself again every
// 30 s; /tv.js cancels that and follows the season's push channel, so each frame recorded shows at once.
import { useEffect } from "react";
import { data, useLoaderData } from "react-router";
import { PageNotFound } from "~/components/not-found.tsx";
import type { StaticPage } from "~/components/static-page.ts";
import { leagueTvPath } from "~/domain/anchors.ts";
import {
  divisionsOfNight,
  leagueNight,
  leagueTvScale,
  meritRowsThatFit,
  nightOf,
} from "~/features/leagues/domain/league-night.ts";
import { leagueSeasonPageQuery } from "~/features/leagues/server/league-pages.server.ts";
import { visitor } from "~/web/access.server.ts";
import { LeagueTvView } from "./night.tsx";
import type { Route } from "./+types/route";

export const handle = { hydrate: false, script: "/tv.js" } satisfies StaticPage;

/** How often the page reads itself again: without the script, its only news; with it, a check beside the push. */
const SECONDS = 30;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.slug.length > 120) throw data("League not found", { status: 404 });
  const search = new URL(request.url).searchParams;
  const named = search.get("season")?.slice(0, 160) || null;
  const venue = search.get("venue")?.trim().slice(0, 120) || null;
  const { page } = await (await visitor(context)).read({ page: leagueSeasonPageQuery(params.slug, named) });
  if (!page) throw data("League not found", { status: 404 });
  const { league, season, averages } = page;
  const address = leagueTvPath(league.slug, { season: named, venue });
  if (!season) return { league, venue, address, seconds: SECONDS, season: null };
  const night = leagueNight(season.fixtures, { today: nightOf(Date.now()), venue });
  const divisionName = new Map(season.divisions.map((d) => [d.id, d.name]));
  const tables = divisionsOfNight(season.divisions, night.fixtures, venue).map((d) => ({
    id: d.id,
    name: d.name,
    standings: d.standings,
  }));
  // The merit table's top, as many as fit under the night's fixtures: qualified players in its order.
  const qualified = (averages?.players ?? []).filter((p) => p.qualified);
  const merit = qualified.slice(0, meritRowsThatFit(night.fixtures.length, qualified.length)).map((p) => ({
    playerId: p.playerId,
    name: p.name,
    team: p.team,
    won: p.won,
    played: p.played,
    winPercent: p.winPercent,
  }));
  return {
    league,
    venue,
    address,
    seconds: SECONDS,
    season: {
      merit,
      id: season.season.id,
      name: season.season.name,
      night: { kind: night.kind, date: night.date },
      fixtures: night.fixtures.map((f) => ({
        id: f.id,
        division: divisionName.get(f.divisionId) ?? "",
        home: f.home,
        away: f.away,
        venue: f.venue,
        status: f.status,
        homeScore: f.homeScore,
        awayScore: f.awayScore,
      })),
      tables,
      scale: leagueTvScale(
        night.fixtures.length,
        tables.map((t) => Math.max(1, t.standings.length)),
        merit.length,
      ),
    },
  };
}

export type LeagueTv = ReturnType<typeof useLoaderData<typeof loader>>;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.league.name}${loaderData.venue ? ` at ${loaderData.venue}` : ""} — TV — Break & Run` },
        // For a screen whose script cannot run: the page read again; the script removes this and follows the push.
        { httpEquiv: "refresh", content: `${loaderData.seconds};url=${loaderData.address}` },
      ]
    : [{ title: "League not found — Break & Run" }];

export default function LeagueTvPage() {
  const tv = useLoaderData<typeof loader>();
  // Only a client-side navigation renders this in the browser (the page is never hydrated): load the real page,
  // whose own script keeps it current.
  useEffect(() => window.location.replace(window.location.href), []);
  return <LeagueTvView tv={tv} />;
}

export function ErrorBoundary() {
  return <PageNotFound what="League" />;
}
