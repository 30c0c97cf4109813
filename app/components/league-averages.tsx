// A league season's averages (DESIGN §11): the merit table on the league's page, a player's line in a team's roster,
// and a player's league seasons on their profile. Real tables with their headers, scrolling sideways in their own box
// on a narrow phone; the players not yet qualified under a line of their own, greyed.
import { Link } from "react-router";
import { leaguePath, leagueTeamPath, profilePath } from "~/domain/anchors.ts";
import type { Average } from "~/features/leagues/domain/averages.ts";
import { nameLinkClass } from "./styles.ts";

type Line = Pick<Average, "played" | "won" | "lost" | "winPercent">;

const muted = "text-slate-600 dark:text-slate-400";
const num = "px-1 py-2 text-right tabular-nums sm:px-2";
const headNum = `${num} font-medium`;
/** 66.7, 100.0, 0.0: always the one decimal, so the column lines up. */
const percent = (line: Line) => line.winPercent.toFixed(1);

/** The P W L and win % headers, each spelled out for a screen reader. */
function LineHeaders() {
  return (
    <>
      <th scope="col" className={headNum}>
        <abbr title="Played">P</abbr>
      </th>
      <th scope="col" className={headNum}>
        <abbr title="Won">W</abbr>
      </th>
      <th scope="col" className={headNum}>
        <abbr title="Lost">L</abbr>
      </th>
      <th scope="col" className={headNum}>
        Win %
      </th>
    </>
  );
}

function LineCells({ line }: { line: Line }) {
  return (
    <>
      <td className={num}>{line.played}</td>
      <td className={num}>{line.won}</td>
      <td className={num}>{line.lost}</td>
      <td className={`${num} font-semibold`}>{percent(line)}</td>
    </>
  );
}

/** The merit table: the qualified ranked, then the rest under their line; an empty state before any frame counts. */
export function SeasonAverages({
  averages,
  leagueSlug,
}: {
  averages: { meritMinFrames: number; players: readonly Average[] };
  leagueSlug: string;
}) {
  const { meritMinFrames, players } = averages;
  const ranked = players.filter((p) => p.qualified);
  const waiting = players.filter((p) => !p.qualified);
  const minimum = meritMinFrames === 1 ? "1 frame" : `${meritMinFrames} frames`;
  return (
    <section className="card" aria-labelledby="averages-title" data-testid="averages">
      <h2 id="averages-title" className="text-xl font-semibold">
        Averages
      </h2>
      {!players.some((p) => p.played > 0) ? (
        <p className={`mt-1 text-sm ${muted}`}>
          The players' averages appear here once a match card is confirmed: singles frames won and lost.
        </p>
      ) : (
        <>
          <p className={`mt-1 text-sm ${muted}`}>
            Singles frames of confirmed cards, ranked by win percentage, then frames won.
            {meritMinFrames > 1 ? ` Players qualify after ${minimum}.` : ""}
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroller takes focus so arrow keys scroll it */}
          <section className="-mx-4 mt-2 overflow-x-auto px-4" tabIndex={0} aria-label="Averages, scrolls sideways">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Averages: each player's singles frames played, won and lost, win percentage and rating
              </caption>
              <thead className={muted}>
                <tr className="border-b border-slate-200 dark:border-slate-800">
                  <th scope="col" className="py-2 pr-1.5 font-medium">
                    <abbr title="Rank">#</abbr>
                  </th>
                  <th scope="col" className="w-full py-2 pr-1.5 font-medium sm:w-1/2">
                    Player
                  </th>
                  <th scope="col" className="hidden py-2 pr-1.5 font-medium sm:table-cell sm:w-1/2">
                    Team
                  </th>
                  <LineHeaders />
                  <th scope="col" className={`${headNum} pr-0`}>
                    Rating
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {ranked.length === 0 ? (
                  <tr>
                    <td colSpan={8} className={`py-3 text-center ${muted}`}>
                      Nobody has played {minimum} yet
                    </td>
                  </tr>
                ) : (
                  ranked.map((p, i) => <AverageRow key={p.playerId} player={p} rank={i + 1} leagueSlug={leagueSlug} />)
                )}
              </tbody>
              {waiting.length > 0 ? (
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="not-qualified">
                  <tr className="border-t-2 border-slate-300 dark:border-slate-600">
                    <th scope="colgroup" colSpan={8} className={`pt-3 pb-1 text-left text-xs font-semibold ${muted}`}>
                      {meritMinFrames > 1 ? `Not yet qualified (fewer than ${minimum})` : "No frames played yet"}
                    </th>
                  </tr>
                  {waiting.map((p) => (
                    <AverageRow key={p.playerId} player={p} rank={null} leagueSlug={leagueSlug} />
                  ))}
                </tbody>
              ) : null}
            </table>
          </section>
        </>
      )}
    </section>
  );
}

function AverageRow({ player: p, rank, leagueSlug }: { player: Average; rank: number | null; leagueSlug: string }) {
  const team = (
    <Link to={leagueTeamPath(leagueSlug, p.teamId)} className={`underline ${nameLinkClass}`}>
      {p.team}
    </Link>
  );
  return (
    <tr className={rank === null ? muted : undefined}>
      <td className="py-2 pr-1.5 tabular-nums">
        {rank ?? (
          <>
            <span aria-hidden="true">–</span>
            <span className="sr-only">Not ranked</span>
          </>
        )}
      </td>
      <th scope="row" className="py-2 pr-1.5 font-medium [overflow-wrap:anywhere]">
        <Link to={profilePath(p.playerId)} className={nameLinkClass}>
          {p.name}
        </Link>
        <span className={`block text-xs font-normal sm:hidden ${muted}`}>{team}</span>
      </th>
      <td className="hidden py-2 pr-1.5 sm:table-cell">{team}</td>
      <LineCells line={p} />
      <td className={`${num} pr-0`}>{p.rating}</td>
    </tr>
  );
}

/** A player's line in their team's roster: frames played, won, lost and the win percentage. */
export function RosterAverage({ line }: { line: Line }) {
  const pairs = [
    ["P", "Played", String(line.played)],
    ["W", "Won", String(line.won)],
    ["L", "Lost", String(line.lost)],
  ] as const;
  return (
    <dl className={`ml-auto flex gap-3 text-sm tabular-nums ${muted}`} aria-label="Singles frames this season">
      {pairs.map(([short, long, value]) => (
        <div key={short} className="flex gap-1">
          <dt>
            <abbr title={long}>{short}</abbr>
          </dt>
          <dd className="font-medium text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
      <div className="flex gap-1">
        <dt className="sr-only">Win percentage</dt>
        <dd className="min-w-[4rem] text-right font-semibold text-slate-900 dark:text-slate-100">{percent(line)}%</dd>
      </div>
    </dl>
  );
}

type PlayerSeason = Line & {
  seasonId: string;
  seasonSlug: string;
  season: string;
  leagueSlug: string;
  league: string;
  teamId: string;
  team: string;
};

/** A player's league seasons, the latest first: the league (its page for that season), the team, their line. */
export function PlayerLeagueSeasons({ seasons }: { seasons: readonly PlayerSeason[] }) {
  return (
    <div className="-mx-4 mt-2 overflow-x-auto px-4">
      <table className="w-full text-left text-sm" data-testid="league-seasons">
        <caption className="sr-only">League seasons: singles frames played, won and lost, and win percentage</caption>
        <thead className={muted}>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th scope="col" className="w-full py-2 pr-1.5 font-medium">
              Season
            </th>
            <LineHeaders />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {seasons.map((s) => (
            <tr key={s.seasonId}>
              <th scope="row" className="py-2 pr-1.5 font-normal">
                <Link
                  to={leaguePath(s.leagueSlug, s.seasonSlug)}
                  className="font-semibold break-words text-baize-700 hover:underline dark:text-baize-300"
                >
                  {s.league}
                </Link>
                <span className={`block text-sm ${muted}`}>
                  {s.season} ·{" "}
                  <Link to={leagueTeamPath(s.leagueSlug, s.teamId)} className={`underline ${nameLinkClass}`}>
                    {s.team}
                  </Link>
                </span>
              </th>
              <LineCells line={s} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
