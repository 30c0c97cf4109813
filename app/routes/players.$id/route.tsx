// A player's profile (decision 027): public, like a bracket. The rating (marked provisional), its chart drawn on
// the server as SVG, titles won, series and league seasons, recent matches with scores, and head-to-head against any
// opponent (a plain GET form). Read from the stored steps of the ratings' replay (decision 027); never an e-mail or a
// balance.
import { PageNotFound } from "~/components/not-found.tsx";
import { data, Form, Link, useLoaderData } from "react-router";
import { Badge } from "~/components/badges.tsx";
import { plainInputClass } from "~/components/styles.ts";
import { known } from "~/db/batch.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { headToHead, playerProfile } from "~/features/ratings/domain/player-profile.ts";
import { ratingChart, type RatingChart } from "~/features/ratings/domain/rating-chart.ts";
import { appContext } from "~/context.server.ts";
import { visitor } from "~/web/access.server.ts";
import { playerStatsQuery } from "~/features/money/server/dashboard.server.ts";
import { playerSeasonsQuery } from "~/features/ratings/server/player-seasons.server.ts";
import { headToHeadQuery, profileQuery, withCurrentRatings } from "~/features/ratings/server/ratings.server.ts";
import { SeasonList } from "~/components/season-list.tsx";
import { PlayerLeagueSeasons } from "~/components/league-averages.tsx";
import { playerLeagueSeasonsQuery } from "~/features/leagues/server/averages.server.ts";
import type { Route } from "./+types/route";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.id.length > 64) throw data("Player not found", { status: 404 });
  const vs = (new URL(request.url).searchParams.get("vs") ?? "").slice(0, 64);
  // One round trip: the profile's results, the titles, the series and league seasons, and the head-to-head asked for.
  const caller = await visitor(context);
  const { profile, stats, seasons, leagueSeasons, versus } = await withCurrentRatings(
    context.get(appContext).database,
    async () => {
      const read = await caller.read({
        profile: profileQuery(params.id),
        stats: playerStatsQuery(params.id),
        seasons: playerSeasonsQuery(params.id),
        leagueSeasons: playerLeagueSeasonsQuery(params.id),
        versus: vs && vs !== params.id ? headToHeadQuery(params.id, vs) : known(null),
      });
      return { ...read, pending: read.profile.pending };
    },
  );
  if (!profile.player) throw data("Player not found", { status: 404 });
  const shown = playerProfile(profile.player, profile);
  const opponents = new Map(shown.recent.map((m) => [m.opponentId, m.opponent]));
  return {
    profile: shown,
    chart: ratingChart(shown.history),
    titles: stats.tournamentsWon,
    seasons,
    leagueSeasons,
    opponents: [...opponents].map(([id, name]) => ({ id, name })),
    versus:
      versus?.player && versus.other
        ? { id: vs, name: opponents.get(vs) ?? "that player", ...headToHead(params.id, versus.matches) }
        : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.profile.name} — Break & Run` : "Player not found — Break & Run" },
];

export default function PlayerProfile() {
  const { profile: p, chart, titles, seasons, leagueSeasons, opponents, versus } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <RatingHeading profile={p} />

      <section className="card" aria-labelledby="chart-title">
        <h2 id="chart-title" className="text-lg font-semibold">
          Rating over time
        </h2>
        {chart ? <Chart chart={chart} /> : <p className="mt-2 text-sm">No rated matches yet.</p>}
      </section>

      <section className="card" aria-labelledby="titles-title">
        <h2 id="titles-title" className="text-lg font-semibold">
          Titles won
        </h2>
        <p className="mt-2 text-2xl font-bold tabular-nums">{titles}</p>
      </section>

      <section className="card" aria-labelledby="series-title">
        <h2 id="series-title" className="text-lg font-semibold">
          Series
        </h2>
        {seasons.length === 0 ? (
          <p className="mt-2 text-sm">No series nights played yet.</p>
        ) : (
          <SeasonList seasons={seasons} />
        )}
      </section>

      {leagueSeasons.length > 0 ? (
        <section className="card" aria-labelledby="league-seasons-title">
          <h2 id="league-seasons-title" className="text-lg font-semibold">
            League seasons
          </h2>
          <PlayerLeagueSeasons seasons={leagueSeasons} />
        </section>
      ) : null}

      <RecentMatches recent={p.recent} />

      <HeadToHead name={p.name} opponents={opponents} versus={versus} />
    </main>
  );
}

type Loaded = Awaited<ReturnType<typeof loader>>;

/** The player's name and rating: how many racks it rests on, provisional until 100, who set it to start with. */
function RatingHeading({ profile: p }: { profile: Loaded["profile"] }) {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{p.name}</h1>
      <p className="mt-3 flex flex-wrap items-baseline gap-3">
        <span className="text-sm text-slate-600 dark:text-slate-400">Rating</span>
        <span className="text-4xl font-extrabold tabular-nums" data-testid="rating">
          {p.rating}
        </span>
        {p.provisional ? <Badge tone="amber">Provisional</Badge> : null}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {p.racksPlayed === 1 ? "1 rack rated" : `${p.racksPlayed} racks rated`}
        {p.provisional ? " · provisional until 100 racks" : ""}
      </p>
      {p.setByName ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{`Starting rating set by ${p.setByName}`}</p>
      ) : null}
    </div>
  );
}

/** The latest matches, each with its opponent (linked), the score and the result. */
function RecentMatches({ recent }: { recent: Loaded["profile"]["recent"] }) {
  return (
    <section className="card" aria-labelledby="recent-title">
      <h2 id="recent-title" className="text-lg font-semibold">
        Recent matches
      </h2>
      {recent.length === 0 ? (
        <p className="mt-2 text-sm">No matches played yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  When
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Opponent
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Score
                </th>
                <th scope="col" className="py-2 font-medium">
                  Result
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {recent.map((m) => (
                <tr key={m.matchId}>
                  <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">
                    {formatDateTime(Date.parse(m.at))}
                  </td>
                  <td className="py-2 pr-3">
                    <Link
                      to={`/players/${m.opponentId}`}
                      className="font-medium text-baize-700 hover:underline dark:text-baize-300"
                    >
                      {m.opponent}
                    </Link>
                  </td>
                  <td className="py-2 pr-3 tabular-nums">
                    {m.racksFor}–{m.racksAgainst}
                  </td>
                  <td className="py-2">{m.won ? "Won" : "Lost"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The record against one opponent, chosen from those played (a plain GET form). */
function HeadToHead({ name, opponents, versus }: { name: string } & Pick<Loaded, "opponents" | "versus">) {
  return (
    <section className="card" aria-labelledby="h2h-title" id="head-to-head">
      <h2 id="h2h-title" className="text-lg font-semibold">
        Head to head
      </h2>
      {opponents.length === 0 ? (
        <p className="mt-2 text-sm">Once {name} has played someone, compare their record here.</p>
      ) : (
        <Form method="get" className="mt-3 flex max-w-md gap-2" preventScrollReset>
          <label htmlFor="vs" className="sr-only">
            Opponent
          </label>
          <select id="vs" name="vs" defaultValue={versus?.id ?? ""} className={`${plainInputClass} min-w-0 flex-1`}>
            <option value="">Choose an opponent</option>
            {opponents.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          <button type="submit" className="btn-secondary">
            Compare
          </button>
        </Form>
      )}
      {versus ? (
        <p className="mt-3 text-sm" data-testid="head-to-head">
          {`Against ${versus.name}: ${versus.matches} ${versus.matches === 1 ? "match" : "matches"}, ` +
            `${versus.wins} won, ${versus.losses} lost; racks ${versus.racksFor}–${versus.racksAgainst}.`}
        </p>
      ) : null}
    </section>
  );
}

/** The rating line, drawn from the server's points; text and lines in the page's colours, either theme. */
function Chart({ chart }: { chart: RatingChart }) {
  const first = chart.points[0];
  const last = chart.points.at(-1);
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      className="mt-3 h-auto w-full max-w-xl text-baize-700 dark:text-baize-400"
      role="img"
      aria-label={`Rating after each of ${chart.points.length} rated matches, from ${first?.rating} to ${last?.rating}`}
    >
      {chart.ticks.map((t) => (
        <g key={t.rating} className="text-slate-300 dark:text-slate-700">
          <line x1={28} x2={chart.width - 8} y1={t.y} y2={t.y} stroke="currentColor" strokeWidth={1} />
          <text x={24} y={t.y + 4} textAnchor="end" fontSize={13} className="fill-slate-600 dark:fill-slate-400">
            {t.rating}
          </text>
        </g>
      ))}
      <path d={chart.path} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" />
      {chart.points.map((pt) => (
        <circle key={pt.matchId} cx={pt.x} cy={pt.y} r={4} fill="currentColor">
          <title>{Math.round(pt.rating)}</title>
        </circle>
      ))}
    </svg>
  );
}

export function ErrorBoundary() {
  return <PageNotFound what="Player" />;
}
