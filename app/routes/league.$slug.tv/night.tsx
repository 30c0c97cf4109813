// What the league night's TV draws: the league and the night in the header; the night's fixtures, each with its
// frame score and where it stands, beside the tables of the divisions playing. Laid out in rem for 1920×1080 (the
// root's font size follows the screen, app.css), each column scaled down when it would not fit. Always dark: a pub's
// screen is seen across a dim room.
import { Logo } from "~/components/icons.tsx";
import { Fitted, muted, pill, Reconnecting } from "~/components/tv-screen.tsx";
import { formatDate } from "~/domain/dates.ts";
import { LEAGUE_TV, pointsWithPenalty, signedDifference } from "~/features/leagues/domain/league-night.ts";
import type { LeagueTv } from "./route.tsx";

type Season = NonNullable<LeagueTv["season"]>;

const nightTitles = {
  tonight: "Tonight",
  next: "Next league night",
  last: "Last league night",
  none: "No fixtures yet",
} as const;

/** Where a fixture stands, said on the screen (a fixture still to start says nothing). */
const STATUS: Record<string, { label: string; tone: string } | undefined> = {
  in_progress: { label: "In play", tone: "bg-red-900 text-red-100" },
  disputed: { label: "Disputed", tone: "bg-amber-900 text-amber-100" },
  played: { label: "Played", tone: "bg-baize-900 text-baize-100" },
  awarded: { label: "Awarded", tone: "bg-baize-900 text-baize-100" },
};

export function LeagueTvView({ tv }: { tv: LeagueTv }) {
  const { season } = tv;
  const live = season?.fixtures.some((f) => f.status === "in_progress") ?? false;
  return (
    <main
      id="main"
      className={
        "dark flex h-screen flex-col overflow-hidden bg-slate-950 px-[3rem] pt-[2rem] pb-[1.5rem] text-slate-100 " +
        "[color-scheme:dark]"
      }
      data-tv={season?.id ?? tv.league.slug}
      data-channel={season ? `/api/live/seasons/${encodeURIComponent(season.id)}` : undefined}
      data-address={tv.address}
      data-seconds={tv.seconds}
    >
      <header className="flex h-[8.5rem] shrink-0 items-start justify-between gap-[2rem]">
        <div className="min-w-0">
          <p className="flex items-center gap-[1rem] text-[1.5rem] font-semibold">
            <Logo className="size-[2rem] text-baize-400" />
            {live ? <span className={`${pill} bg-red-900 text-red-100`}>Live</span> : null}
            <Reconnecting />
          </p>
          <h1 className="mt-[0.5rem] truncate text-[2.5rem] leading-tight font-bold tracking-tight">
            {tv.league.name}
          </h1>
          <p className={`truncate text-[1.35rem] ${muted}`}>
            {[season?.name, tv.venue ?? "All venues"].filter(Boolean).join(" · ")}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <h2 className="text-[2.25rem] leading-tight font-bold" data-testid="tv-night">
            {season ? nightTitles[season.night.kind] : "No season yet"}
          </h2>
          {season?.night.date ? <p className={`text-[1.35rem] ${muted}`}>{formatDate(season.night.date)}</p> : null}
        </div>
      </header>
      {season ? (
        <div className="flex min-h-0 flex-1 gap-[2rem]">
          <Fitted scale={season.scale.fixtures} width={LEAGUE_TV.fixturesWidth}>
            <Fixtures season={season} venue={tv.venue} />
            {season.merit.length > 0 ? <Merit season={season} /> : null}
          </Fitted>
          <Fitted scale={season.scale.tables} width={LEAGUE_TV.tablesWidth}>
            {season.tables.map((t) => (
              <DivisionTable key={t.id} table={t} />
            ))}
          </Fitted>
        </div>
      ) : (
        <p className={`flex flex-1 items-center justify-center text-[3rem] ${muted}`}>
          The league's tables and fixtures appear here once its secretary sets up a season.
        </p>
      )}
    </main>
  );
}

/** Home and away beside a score column of one width, so the names line up down the screen; two lines each at most. */
const teamsLine = "grid grid-cols-[1fr_7rem_1fr] items-center gap-[1rem] text-[2rem] leading-[1.15] font-bold";
const scoreText = "text-[3rem] font-extrabold text-chalk-400 tabular-nums";

function Fixtures({ season, venue }: { season: Season; venue: string | null }) {
  return (
    <section aria-labelledby="tv-fixtures">
      <h3 id="tv-fixtures" className="h-[3.5rem] text-[1.75rem] font-bold">
        Fixtures
      </h3>
      {season.fixtures.length === 0 ? (
        <p className={`text-[1.75rem] ${muted}`}>
          {venue ? `No fixtures at ${venue} on the calendar.` : "No fixtures on the calendar."}
        </p>
      ) : (
        <ul>
          {season.fixtures.map((f) => {
            const status = STATUS[f.status];
            const scored = f.homeScore !== null && f.awayScore !== null;
            return (
              <li
                key={f.id}
                className={
                  "mb-[0.75rem] flex h-[7.75rem] flex-col justify-center rounded-[1rem] bg-slate-900 px-[1.5rem]"
                }
                data-testid="tv-fixture"
              >
                <p className={`flex items-center justify-between gap-[1rem] text-[1.35rem] ${muted}`}>
                  <span className="truncate">{venue ? f.division : `${f.division} · ${f.venue}`}</span>
                  {status ? (
                    <span className={`${pill} shrink-0 font-semibold ${status.tone}`} data-testid="tv-status">
                      {status.label}
                    </span>
                  ) : null}
                </p>
                <p className={teamsLine}>
                  <span className="line-clamp-2 text-right break-words">{f.home}</span>
                  <span className={`text-center ${scored ? scoreText : muted}`} data-testid="tv-score">
                    {scored ? `${f.homeScore}–${f.awayScore}` : "v"}
                  </span>
                  <span className="line-clamp-2 break-words">{f.away}</span>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The merit table's top few: rank, player and team, frames won of played, win percentage. */
function Merit({ season }: { season: Season }) {
  return (
    <section aria-labelledby="tv-merit" className="mt-[2rem]">
      <h3 id="tv-merit" className="h-[3.5rem] text-[1.75rem] font-bold">
        Averages
      </h3>
      <ol data-testid="tv-merit">
        {season.merit.map((p, index) => (
          <li key={p.playerId} className="flex h-[3.5rem] items-center gap-[1rem] text-[1.6rem]">
            <span className={`w-[2.5rem] tabular-nums ${muted}`}>{index + 1}</span>
            <span className="min-w-0 flex-1 truncate font-semibold">
              {p.name}
              <span className={`font-normal ${muted}`}>{` · ${p.team}`}</span>
            </span>
            <span className={`tabular-nums ${muted}`}>{`${p.won}/${p.played}`}</span>
            <span className="w-[6.5rem] text-right font-bold tabular-nums">{`${p.winPercent.toFixed(1)}%`}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

const cell = "w-[4.75rem] text-center tabular-nums";

function DivisionTable({ table }: { table: Season["tables"][number] }) {
  const titleId = `tv-table-${table.id}`;
  return (
    <section aria-labelledby={titleId} className="mb-[2rem]">
      <h3 id={titleId} className="h-[3.5rem] truncate text-[1.75rem] font-bold">
        {table.name}
      </h3>
      {table.standings.length === 0 ? (
        <p className={`h-[3.75rem] text-[1.85rem] ${muted}`}>No teams yet</p>
      ) : (
        <table className="w-full table-fixed text-[1.85rem]" data-testid="tv-table">
          <caption className="sr-only">{`${table.name} table`}</caption>
          <thead className={`border-b-2 border-slate-600 text-[1.2rem] uppercase ${muted}`}>
            <tr className="h-[3rem]">
              <th scope="col" className={cell}>
                Pos
              </th>
              <th scope="col" className="px-[0.75rem] text-left">
                Team
              </th>
              {(["Played", "Won", "Drawn", "Lost"] as const).map((title) => (
                <th key={title} scope="col" className={cell}>
                  <abbr title={title} className="no-underline">
                    {title[0]}
                  </abbr>
                </th>
              ))}
              <th scope="col" className={`${cell} w-[8.5rem]`}>
                Frames
              </th>
              <th scope="col" className={`${cell} w-[5.5rem]`}>
                <abbr title="Frame difference" className="no-underline">
                  +/−
                </abbr>
              </th>
              <th scope="col" className={`${cell} w-[9.5rem]`}>
                <abbr title="Points" className="no-underline">
                  Pts
                </abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {table.standings.map((r) => (
              <tr key={r.teamId} className="h-[3.75rem] border-b border-slate-800 last:border-0">
                <td className={`${cell} font-semibold`}>{r.position}</td>
                <td className="max-w-0 truncate px-[0.75rem] font-semibold">{r.team}</td>
                <td className={cell}>{r.played}</td>
                <td className={cell}>{r.won}</td>
                <td className={cell}>{r.drawn}</td>
                <td className={cell}>{r.lost}</td>
                <td className={cell}>
                  {r.framesFor}–{r.framesAgainst}
                </td>
                <td className={cell}>{signedDifference(r.framesFor - r.framesAgainst)}</td>
                <td className={`${cell} font-bold`} data-testid="tv-points">
                  {pointsWithPenalty(r.points, r.penalty)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
