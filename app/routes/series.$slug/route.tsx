// A series' page (decision 029): public, like a tournament. The ranking (shared points share a position; with best
// N the nights that count marked), the qualifying line after the top N, and the nights: finalized ones with their
// winners, coming ones with a link to join. Worked out from the finalized nights' places in the loader (one read).
import { PageNotFound } from "~/components/not-found.tsx";
import { data, Link, useLoaderData } from "react-router";
import { Badge } from "~/components/badges.tsx";
import { useLiveRevalidation } from "~/components/live.ts";
import { profilePath, seriesCalendarPath } from "~/domain/anchors.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { rulesText } from "~/features/series/domain/series.ts";
import { visitor } from "~/web/access.server.ts";
import { seriesPageQuery } from "~/features/series/server/series.server.ts";
import type { Route } from "./+types/route";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.slug.length > 120) throw data("Series not found", { status: 404 });
  const { page } = await (await visitor(context)).read({ page: seriesPageQuery(params.slug) });
  if (!page) throw data("Series not found", { status: 404 });
  return {
    name: page.series.name,
    slug: page.series.slug,
    rules: { bestOf: page.rules.bestOf, qualify: page.rules.qualify },
    rulesText: rulesText(page.rules),
    nights: page.nights,
    standings: page.standings,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.name} — Break & Run` : "Series not found — Break & Run" },
];

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

const muted = "text-slate-600 dark:text-slate-400";
const countingNight =
  "rounded bg-baize-100 px-1.5 font-semibold tabular-nums text-baize-900 dark:bg-baize-900 dark:text-baize-100";
const when = (startsAt: number | null) => (startsAt === null ? "Date to be set" : formatDateTime(startsAt));

export default function SeriesPage() {
  const page = useLoaderData<typeof loader>();
  // The ranking moves the moment a night being played is finalized (push): its channel's "finalize" reads the page
  // again; its other news (results, taps) change no ranking and read nothing.
  useLiveRevalidation(
    page.nights.filter((n) => n.status === "in_progress").map((n) => n.id),
    false,
    (news) => (news as { what?: unknown } | null)?.what !== "finalize",
  );
  // The latest night first.
  const past = page.nights.filter((n) => n.status === "finished").reverse();
  const coming = page.nights.filter((n) => n.status !== "finished");
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.name}</h1>
        <p className={`mt-2 text-sm ${muted}`}>{page.rulesText}</p>
        <SubscribeLink slug={page.slug} />
      </div>

      <section className="card" aria-labelledby="ranking-title">
        <h2 id="ranking-title" className="text-lg font-semibold">
          Ranking
        </h2>
        {page.standings.length === 0 ? (
          <p className="mt-2 text-sm">No nights finalized yet</p>
        ) : (
          <Ranking page={page} />
        )}
      </section>

      <section className="card" aria-labelledby="coming-title">
        <h2 id="coming-title" className="text-lg font-semibold">
          Coming up
        </h2>
        {coming.length === 0 ? (
          <p className="mt-2 text-sm">No nights scheduled.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {coming.map((n) => (
              <li key={n.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{n.name}</span>
                  <span className={`block text-sm ${muted}`}>{when(n.startsAt)}</span>
                </span>
                {n.status === "open" ? (
                  <Link to={`/tournament/${n.slug}`} className="btn-primary" aria-label={`Join ${n.name}`}>
                    Join
                  </Link>
                ) : (
                  <span className="flex items-center gap-2">
                    <Badge tone="blue">In progress</Badge>
                    <Link to={`/tournament/${n.slug}`} className="underline">
                      Follow
                    </Link>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="past-title">
        <h2 id="past-title" className="text-lg font-semibold">
          Past nights
        </h2>
        {past.length === 0 ? (
          <p className="mt-2 text-sm">None yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {past.map((n) => (
              <li key={n.id} className="py-2">
                <Link to={`/tournament/${n.slug}`} className="font-medium underline">
                  {n.name}
                </Link>
                <span className={`block text-sm ${muted}`}>
                  {when(n.startsAt)}
                  {n.winners.length > 0
                    ? ` · Won by ${n.winners.join(" and ")}`
                    : n.finalized
                      ? ""
                      : " · Not finalized"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

function Ranking({ page }: { page: Page }) {
  const bestOf = page.rules.bestOf;
  const lastQualifier = page.standings.findLastIndex((s) => s.qualifies);
  const cell = "py-2 pr-3";
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="ranking">
        <thead className={muted}>
          <tr>
            <th scope="col" className={`${cell} font-medium`}>
              Pos
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Player
            </th>
            <th scope="col" className={`${cell} text-right font-medium`}>
              Points
            </th>
            <th scope="col" className={`${cell} text-right font-medium`}>
              Nights
            </th>
            <th scope="col" className={`${cell} text-right font-medium`}>
              Wins
            </th>
            {bestOf === null ? null : (
              <th scope="col" className="hidden py-2 font-medium sm:table-cell">
                Night by night
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {page.standings.map((s, i) => (
            <tr
              key={s.playerId}
              className={
                i === lastQualifier && i < page.standings.length - 1
                  ? "border-b-2 border-dashed border-baize-600"
                  : "border-b border-slate-200 dark:border-slate-800"
              }
            >
              <td className={`${cell} tabular-nums`}>{s.position}</td>
              <td className={cell}>
                <a href={profilePath(s.playerId)} className="underline">
                  {s.name}
                </a>
                {s.qualifies ? <span className="sr-only"> (qualifies)</span> : null}
                {bestOf === null ? null : (
                  <div className="mt-1 sm:hidden">
                    <NightChips standing={s} />
                  </div>
                )}
              </td>
              <td className={`${cell} text-right font-semibold tabular-nums`}>{s.points}</td>
              <td className={`${cell} text-right tabular-nums`}>{s.played}</td>
              <td className={`${cell} text-right tabular-nums`}>{s.wins}</td>
              {bestOf === null ? null : (
                <td className="hidden py-2 sm:table-cell">
                  <NightChips standing={s} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {page.rules.qualify === null ? null : (
        <p className={`mt-2 text-sm ${muted}`} data-testid="qualifying-line">
          {page.standings.some((row) => !row.qualifies)
            ? `The top ${page.rules.qualify} qualify for the final: the dashed line marks the cut.`
            : `The top ${page.rules.qualify} qualify for the final: everyone ranked so far is in.`}
        </p>
      )}
      {bestOf === null ? null : (
        <p className={`mt-1 text-sm ${muted}`}>
          {`Only each player's best ${bestOf} nights count: highlighted; the others are struck through.`}
        </p>
      )}
    </div>
  );
}

/** The series' calendar feed: a calendar app subscribed to it gets each night as it is added or moved. */
function SubscribeLink({ slug }: { slug: string }) {
  return (
    <p className="mt-2 text-sm">
      <a
        href={seriesCalendarPath(slug)}
        className="inline-flex min-h-11 items-center font-semibold text-baize-700 hover:underline dark:text-baize-300"
      >
        Subscribe to calendar
      </a>
      <span className={`block ${muted}`}>
        Add this link to your calendar app as a subscription: the coming nights appear, and new ones as they are added.
      </span>
    </p>
  );
}

/** A player's nights' points in the order played: those that count highlighted, the others struck through. */
function NightChips({ standing }: { standing: Page["standings"][number] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`${standing.name}'s nights`}>
      {standing.nights.map((n) => (
        <li
          key={n.tournamentId}
          className={n.counts ? countingNight : `rounded px-1.5 tabular-nums line-through ${muted}`}
        >
          {n.points}
          <span className="sr-only">{n.counts ? " (counts)" : " (does not count)"}</span>
        </li>
      ))}
    </ul>
  );
}

export function ErrorBoundary() {
  return <PageNotFound what="Series" />;
}
