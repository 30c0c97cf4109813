// The series' ranking on paper (decision 029), for its director: position, player, points, nights and wins, the
// qualifying line, the rules and the date, at A4 portrait in black on white (`print-portrait` in app.css). No client
// code of its own beyond the Print button.
import { data, Link, useLoaderData } from "react-router";
import { PrintButton } from "~/components/print-button.tsx";
import { formatDateTime } from "~/domain/dates.ts";
import { rankingRow, rulesText } from "~/features/series/domain/series.ts";
import { signedIn } from "~/web/access.server.ts";
import { seriesPageQuery } from "~/features/series/server/series.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.name ?? "Series"} ranking — Break & Run` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const organiser = await signedIn(request, context, "organiser");
  if (params.slug.length > 120) throw data("Series not found", { status: 404 });
  const { page } = await organiser.read({ page: seriesPageQuery(params.slug) });
  if (!page || page.series.organiserId !== organiser.id) throw data("Series not found", { status: 404 });
  const finalized = page.nights.filter((n) => n.finalized).length;
  return {
    slug: page.series.slug,
    name: page.series.name,
    rulesText: rulesText(page.rules),
    qualify: page.rules.qualify,
    bestOf: page.rules.bestOf,
    asOf: `After ${finalized} ${finalized === 1 ? "night" : "nights"} · printed ${formatDateTime(Date.now())}`,
    standings: page.standings.map(rankingRow),
  };
}

export default function SeriesRankingPrint() {
  const page = useLoaderData<typeof loader>();
  const lastQualifier = page.standings.findLastIndex((s) => s.qualifies);
  const cell = "border-b border-slate-300 py-1.5 pr-3 dark:border-slate-700";
  return (
    <main id="main" className="print-portrait mx-auto max-w-3xl px-4 py-6">
      <div className="space-y-3 print:hidden">
        <Link
          to={`/td/series/${page.slug}`}
          className="text-sm font-medium text-baize-700 underline dark:text-baize-300"
        >
          ← Back to the series
        </Link>
        <PrintButton
          label="Print ranking"
          fallback={
            <p className="text-sm font-medium" data-testid="print-hint">
              Use your browser's Print to print the ranking (A4 portrait).
            </p>
          }
        />
      </div>
      <h1 className="mt-4 text-3xl font-bold tracking-tight wrap-anywhere">{page.name}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{page.asOf}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{page.rulesText}</p>
      {page.standings.length === 0 ? (
        <p className="mt-6">No nights finalized yet.</p>
      ) : (
        <table className="mt-4 w-full text-left" data-testid="printed-ranking">
          <thead>
            <tr>
              <th scope="col" className={cell}>
                Pos
              </th>
              <th scope="col" className={cell}>
                Player
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Points
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Nights
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Wins
              </th>
            </tr>
          </thead>
          <tbody>
            {page.standings.map((s, i) => (
              <tr
                key={s.playerId}
                className={i === lastQualifier && i < page.standings.length - 1 ? "qualifying-line" : undefined}
              >
                <td className={`${cell} tabular-nums`}>{s.position}</td>
                <td className={`${cell} wrap-anywhere`}>
                  {s.name}
                  {s.qualifies ? <span className="sr-only"> (qualifies)</span> : null}
                </td>
                <td className={`${cell} text-right font-semibold tabular-nums`}>{s.points}</td>
                <td className={`${cell} text-right tabular-nums`}>{s.played}</td>
                <td className={`${cell} text-right tabular-nums`}>{s.wins}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page.qualify === null || page.standings.length === 0 ? null : (
        <p className="mt-3 text-sm">{`The top ${page.qualify} qualify for the final: the line marks the cut.`}</p>
      )}
      {page.bestOf === null ? null : (
        <p className="mt-1 text-sm">{`Points from each player's best ${page.bestOf} nights.`}</p>
      )}
    </main>
  );
}
