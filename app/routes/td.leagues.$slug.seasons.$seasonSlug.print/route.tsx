// A season's fixture list on paper, for its secretary: week by week, each fixture's home and away teams, venue and
// any date of its own or postponement, at A4 portrait in black on white (`print-portrait` in app.css). No client
// code of its own beyond the Print button.
import { data, Link, useLoaderData } from "react-router";
import { fixtureWeeks } from "~/components/fixture-weeks.ts";
import { PrintButton } from "~/components/print-button.tsx";
import { nightLabel, seasonStatusLabel } from "~/components/season-status.tsx";
import { formatDate, formatDateTime } from "~/domain/dates.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { seasonPageQuery } from "~/features/leagues/server/season-read.server.ts";
import { leagueSecretaryQuery } from "~/features/leagues/server/secretary.server.ts";
import { signedIn } from "~/web/access.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Season"} fixtures — Break & Run` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const secretary = await signedIn(request, context, "organiser");
  const { owner, page } = await secretary.read({
    owner: leagueSecretaryQuery(params.slug),
    page: seasonPageQuery(params.seasonSlug),
  });
  if (!owner || !page || page.league.id !== owner.id || owner.organiserId !== secretary.id) {
    throw data(LEAGUE_MESSAGES.seasonNotFound, { status: 404 });
  }
  const { season } = page;
  return {
    back: `/td/leagues/${page.league.slug}/seasons/${season.slug}`,
    title: `${page.league.name} — ${season.name}`,
    about: [
      `${nightLabel(season.night)}s from ${formatDate(season.startDate)}`,
      seasonStatusLabel(season.status),
      `printed ${formatDateTime(Date.now())}`,
    ].join(" · "),
    weeks: fixtureWeeks(page.fixtures, page.season, page.divisions.length > 1 ? page.divisions : []),
    divided: page.divisions.length > 1,
  };
}

export default function SeasonFixturesPrint() {
  const page = useLoaderData<typeof loader>();
  const cell = "border-b border-slate-300 py-1.5 pr-3 align-top dark:border-slate-700";
  return (
    <main id="main" className="print-portrait mx-auto max-w-3xl px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={page.back} className="text-sm font-medium text-baize-700 underline dark:text-baize-300">
          ← Back to the season
        </Link>
        <PrintButton
          label="Print fixtures"
          fallback={
            <p className="text-sm font-medium" data-testid="print-hint">
              Use your browser's Print to print the fixtures (A4 portrait).
            </p>
          }
        />
      </div>
      <h1 className="mt-4 text-3xl font-bold tracking-tight wrap-anywhere">{page.title}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{page.about}</p>
      {page.weeks.length === 0 ? (
        <p className="mt-6">No fixtures made yet.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm" data-testid="printed-fixtures">
          <thead>
            <tr>
              <th scope="col" className={cell}>
                Home
              </th>
              <th scope="col" className={cell}>
                Away
              </th>
              <th scope="col" className={cell}>
                Venue
              </th>
            </tr>
          </thead>
          {page.weeks.map((w) => (
            <tbody key={w.week} className="break-inside-avoid">
              <tr>
                <th scope="colgroup" colSpan={3} className={`${cell} pt-4 text-base`}>
                  {`Week ${w.week} · ${w.dateText}`}
                </th>
              </tr>
              {w.fixtures.map((f) => (
                <tr key={f.id}>
                  <td className={`${cell} break-words`}>{f.home}</td>
                  <td className={`${cell} break-words`}>{f.away}</td>
                  <td className={`${cell} break-words`}>
                    {f.venue}
                    {f.division ? <span className="block text-xs">{f.division}</span> : null}
                    {f.status === "postponed" ? (
                      <span className="block font-semibold">Postponed</span>
                    ) : f.movedTo ? (
                      <span className="block font-semibold">{`On ${f.movedTo}`}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      )}
    </main>
  );
}
