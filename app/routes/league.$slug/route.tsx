// A league's public page (DESIGN §11): the season being played (or the one `?season=` names, chosen from the league's
// seasons by a plain GET form), its divisions, each with its teams, its table and its fixtures and results week by
// week. One round trip; no e-mail is read.
import { data, Form, Link, useLoaderData } from "react-router";
import { leagueChannel, useLiveRevalidation } from "~/components/live.ts";
import { SeasonAverages } from "~/components/league-averages.tsx";
import { FixtureList } from "~/components/league-fixtures.tsx";
import { LeagueTable } from "~/components/league-table.tsx";
import { PageNotFound } from "~/components/not-found.tsx";
import { nameLinkClass, plainInputClass } from "~/components/styles.ts";
import { leagueHonoursPath, leaguePath, leagueTeamPath, leagueTvPath } from "~/domain/anchors.ts";
import { formatDate } from "~/domain/dates.ts";
import type { Points } from "~/features/leagues/domain/standings.ts";
import { leagueSeasonPageQuery } from "~/features/leagues/server/league-pages.server.ts";
import { visitor } from "~/web/access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.slug.length > 120) throw data("League not found", { status: 404 });
  const named = new URL(request.url).searchParams.get("season")?.slice(0, 160) || null;
  const { page } = await (await visitor(context)).read({ page: leagueSeasonPageQuery(params.slug, named) });
  if (!page) throw data("League not found", { status: 404 });
  const { league, seasons, season } = page;
  return {
    league,
    seasons: seasons.map((s) => ({ slug: s.slug, name: s.name })),
    named,
    season: season && {
      id: season.season.id,
      slug: season.season.slug,
      name: season.season.name,
      status: season.season.status,
      startDate: season.season.startDate,
      divisions: season.divisions.map((d) => ({
        id: d.id,
        name: d.name,
        teams: d.teams,
        standings: d.standings,
        tieBreaks: d.tieBreaks,
        fixtures: season.fixtures.filter((f) => f.divisionId === d.id),
      })),
      published: season.fixtures.length > 0,
      points: season.season.points,
      penalties: season.penalties,
    },
    averages: page.averages,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.league.name} — Break & Run` : "League not found — Break & Run" },
];

type Page = ReturnType<typeof useLoaderData<typeof loader>>;
type Division = NonNullable<Page["season"]>["divisions"][number];

const muted = "text-slate-600 dark:text-slate-400";
const seasonStatus = { draft: "Starting soon", active: "Being played", finished: "Finished" } as const;

export default function LeaguePage() {
  const page = useLoaderData<typeof loader>();
  const { season } = page;
  // A season being played moves as its cards are scored (push): each change reads the page again.
  useLiveRevalidation(season?.status === "active" ? [leagueChannel("seasons", season.id)] : [], false);
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{page.league.name}</h1>
        {season ? (
          <p className={`mt-2 text-sm ${muted}`} data-testid="season-line">
            {season.name} · {seasonStatus[season.status as keyof typeof seasonStatus] ?? season.status} · from{" "}
            {formatDate(season.startDate)}
          </p>
        ) : null}
        {page.seasons.length > 1 ? <SeasonChooser page={page} /> : null}
        <p className="mt-2 flex flex-wrap gap-x-5">
          <Link
            to={leagueHonoursPath(page.league.slug)}
            className={`inline-flex min-h-11 items-center text-sm font-semibold underline ${nameLinkClass}`}
          >
            Roll of honour
          </Link>
          {/* The pub's screen: a page of its own (never hydrated), so a document load. */}
          {season ? (
            <a
              href={leagueTvPath(page.league.slug, { season: page.named })}
              className={`inline-flex min-h-11 items-center text-sm underline ${muted}`}
            >
              TV mode
            </a>
          ) : null}
        </p>
      </div>

      {page.seasons.length === 0 ? (
        <section className="card text-center" aria-labelledby="no-season-title">
          <h2 id="no-season-title" className="text-lg font-semibold">
            No season yet
          </h2>
          <p className={`mt-1 ${muted}`}>
            The league's secretary has not set up a season: its teams and fixtures appear here once they do.
          </p>
        </section>
      ) : !season ? (
        <section className="card text-center" aria-labelledby="no-season-title">
          <h2 id="no-season-title" className="text-lg font-semibold">
            Season not found
          </h2>
          <p className={`mt-1 ${muted}`}>
            That is not one of this league's seasons.{" "}
            <Link to={leaguePath(page.league.slug)} className="font-semibold underline">
              See the current season
            </Link>
          </p>
        </section>
      ) : season.divisions.length === 0 ? (
        <section className="card text-center" aria-labelledby="no-division-title">
          <h2 id="no-division-title" className="text-lg font-semibold">
            No divisions yet
          </h2>
          <p className={`mt-1 ${muted}`}>Its divisions and teams appear here once the secretary adds them.</p>
        </section>
      ) : (
        season.divisions.map((d) => (
          <DivisionCard
            key={d.id}
            division={d}
            leagueSlug={page.league.slug}
            published={season.published}
            points={season.points}
            penalties={season.penalties}
          />
        ))
      )}
      {season && season.divisions.length > 0 && page.averages ? (
        <SeasonAverages averages={page.averages} leagueSlug={page.league.slug} />
      ) : null}
    </main>
  );
}

/** The league's seasons: a GET form, so choosing one works without JavaScript (and the address can be shared). */
function SeasonChooser({ page }: { page: Page }) {
  return (
    <Form method="get" className="mt-3 flex items-end gap-2" aria-label="Choose a season">
      <div className="min-w-0 flex-1 sm:max-w-xs">
        <label htmlFor="season" className="block text-sm font-medium">
          Season
        </label>
        <select
          id="season"
          name="season"
          defaultValue={page.season?.slug ?? page.named ?? ""}
          className={`${plainInputClass} mt-1 min-h-11`}
        >
          {[...page.seasons].reverse().map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary min-h-11">
        Show
      </button>
    </Form>
  );
}

function DivisionCard({
  division,
  leagueSlug,
  published,
  points,
  penalties,
}: {
  division: Division;
  leagueSlug: string;
  published: boolean;
  points: Points;
  penalties: NonNullable<Page["season"]>["penalties"];
}) {
  const titleId = `division-${division.id}`;
  return (
    <section className="card space-y-5" aria-labelledby={titleId} data-testid="division">
      <h2 id={titleId} className="text-xl font-semibold">
        {division.name}
      </h2>

      <div>
        <h3 className="text-base font-semibold">Teams</h3>
        {division.teams.length === 0 ? (
          <p className={`mt-1 text-sm ${muted}`}>No teams yet.</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
            {division.teams.map((t) => (
              <li key={t.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                <Link to={leagueTeamPath(leagueSlug, t.id)} className={`font-medium underline ${nameLinkClass}`}>
                  {t.name}
                </Link>
                <span className={`text-sm ${muted}`}>{t.venue}</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <LeagueTable
        name={division.name}
        standings={division.standings}
        tieBreaks={division.tieBreaks}
        points={points}
        penalties={penalties}
        leagueSlug={leagueSlug}
      />

      <div>
        <h3 className="text-base font-semibold">Fixtures and results</h3>
        {published ? (
          division.fixtures.length === 0 ? (
            <p className={`mt-1 text-sm ${muted}`}>No fixtures in this division.</p>
          ) : (
            <FixtureList fixtures={division.fixtures} leagueSlug={leagueSlug} headingLevel={4} />
          )
        ) : (
          <p className={`mt-1 text-sm ${muted}`}>Fixtures not yet published</p>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <PageNotFound what="League" />;
}
