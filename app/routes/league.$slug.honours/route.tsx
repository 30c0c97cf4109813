// A league's roll of honour (DESIGN §11): every finished season's champions, the latest season first, each division's
// in order. Public, one round trip; no e-mail is read.
import { data, Link, useLoaderData } from "react-router";
import { TrophyIcon } from "~/components/icons.tsx";
import { leaguePath, leagueTeamPath } from "~/domain/anchors.ts";
import { formatDate } from "~/domain/dates.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { honoursQuery } from "~/features/leagues/server/season-finish.server.ts";
import { visitor } from "~/web/access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.slug.length > 120) throw data(LEAGUE_MESSAGES.leagueNotFound, { status: 404 });
  const { page } = await (await visitor(context)).read({ page: honoursQuery(params.slug) });
  if (!page.league) throw data(LEAGUE_MESSAGES.leagueNotFound, { status: 404 });
  const seasons: {
    slug: string;
    name: string;
    startDate: string;
    champions: { division: string; team: string; teamId: string }[];
  }[] = [];
  for (const h of page.honours) {
    const last = seasons.at(-1);
    const champion = { division: h.division, team: h.team, teamId: h.teamId };
    if (last?.slug === h.seasonSlug) last.champions.push(champion);
    else seasons.push({ slug: h.seasonSlug, name: h.season, startDate: h.startDate, champions: [champion] });
  }
  return { league: page.league, seasons };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData ? `Roll of honour — ${loaderData.league.name} — Break & Run` : "League not found — Break & Run",
  },
];

const muted = "text-slate-600 dark:text-slate-400";

export default function LeagueHonours() {
  const { league, seasons } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <div>
        <Link to={leaguePath(league.slug)} className="text-sm font-medium text-baize-700 dark:text-baize-300">
          {`← ${league.name}`}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight break-words sm:text-4xl">Roll of honour</h1>
        <p className={`mt-2 text-sm ${muted}`}>Each finished season's champions, division by division.</p>
      </div>
      {seasons.length === 0 ? (
        <section className="card text-center" aria-labelledby="no-honours-title">
          <h2 id="no-honours-title" className="text-lg font-semibold">
            No champions yet
          </h2>
          <p className={`mt-1 ${muted}`}>Each division's champion is listed here once its season is finished.</p>
        </section>
      ) : (
        <ol className="space-y-4" aria-label="Seasons" data-testid="honours">
          {seasons.map((s) => (
            <li key={s.slug} className="card" data-testid="honours-season">
              <h2 className="flex flex-wrap items-baseline justify-between gap-x-3 text-lg font-semibold">
                <Link to={leaguePath(league.slug, s.slug)} className="underline wrap-anywhere">
                  {s.name}
                </Link>
                <span className={`text-sm font-normal ${muted}`}>{`from ${formatDate(s.startDate)}`}</span>
              </h2>
              <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
                {s.champions.map((c) => (
                  <div key={c.division} className="flex flex-wrap items-center justify-between gap-x-3 py-2">
                    <dt className={muted}>{c.division}</dt>
                    <dd className="inline-flex min-w-0 items-center gap-1.5 font-semibold wrap-anywhere">
                      <TrophyIcon width={18} height={18} className="shrink-0 text-amber-500" aria-hidden="true" />
                      <Link to={leagueTeamPath(league.slug, c.teamId)} className="underline">
                        {c.team}
                      </Link>
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
