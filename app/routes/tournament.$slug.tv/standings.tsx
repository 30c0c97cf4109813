// The TV's tables of places: a league's or each group's standings, and a series' ranking.
import type { LeagueRowView } from "~/components/league-view.tsx";
import type { TvScreen } from "~/features/screens/domain/tv.ts";
import { muted } from "~/components/tv-screen.tsx";

type Body = TvScreen["body"];

type StandingsBody = Extract<Body, { kind: "standings" }>;

export function Standings({ body }: { body: StandingsBody }) {
  if (body.league) return <StandingsTable rows={body.league} caption="Standings" />;
  return (
    <div className="grid gap-x-[3rem] gap-y-[2rem]" style={{ gridTemplateColumns: `repeat(${body.columns}, 1fr)` }}>
      {(body.groups ?? []).map((g) => (
        <section key={g.group} aria-labelledby={`tv-group-${g.group}`}>
          <h3 id={`tv-group-${g.group}`} className="mb-[0.5rem] text-[1.75rem] font-bold">
            Group {g.group}
          </h3>
          <StandingsTable rows={g.rows} caption={`Group ${g.group} standings`} />
        </section>
      ))}
    </div>
  );
}

const cell = "w-[6rem] px-[0.75rem] text-center tabular-nums";

function StandingsTable({ rows, caption }: { rows: LeagueRowView[]; caption: string }) {
  const decided = rows.some((r) => r.place !== null);
  return (
    <table className="w-full table-fixed text-[1.6rem]" data-testid="tv-standings">
      <caption className="sr-only">{caption}</caption>
      <thead className={`border-b-2 border-slate-300 text-[1.1rem] uppercase dark:border-slate-600 ${muted}`}>
        <tr className="h-[2.75rem]">
          <th scope="col" className={cell}>
            {decided ? "Place" : "Pos"}
          </th>
          <th scope="col" className="px-[0.75rem] text-left">
            Player
          </th>
          <th scope="col" className={cell}>
            <abbr title="Played">P</abbr>
          </th>
          <th scope="col" className={cell}>
            <abbr title="Won">W</abbr>
          </th>
          <th scope="col" className={cell}>
            <abbr title="Lost">L</abbr>
          </th>
          <th scope="col" className={`${cell} w-[8rem]`}>
            Racks
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.playerId} className="h-[3.25rem] border-b border-slate-200 last:border-0 dark:border-slate-800">
            <td className={`${cell} font-semibold`}>{r.place ?? r.position}</td>
            <td className="max-w-0 truncate px-[0.75rem] font-semibold">
              {r.name}
              {r.through ? (
                <span
                  className={
                    "ml-[0.75rem] rounded bg-baize-100 px-[0.5rem] text-[1rem] text-baize-900 " +
                    "dark:bg-baize-900 dark:text-baize-100"
                  }
                >
                  Through
                </span>
              ) : null}
            </td>
            <td className={cell}>{r.played}</td>
            <td className={cell}>{r.won}</td>
            <td className={cell}>{r.lost}</td>
            <td className={cell}>
              {r.racksFor}–{r.racksAgainst}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A series' ranking (decision 029): the top of the table, the qualifying line after the top N. */
export function SeriesRanking({ body }: { body: Extract<Body, { kind: "series" }> }) {
  return (
    <section className="flex h-full flex-col gap-[1rem]" data-testid="tv-series">
      <h3 className="text-[2rem] font-bold">{body.name}</h3>
      {body.rows.length === 0 ? (
        <p className={`text-[2rem] ${muted}`}>No nights finalized yet</p>
      ) : (
        <table className="w-full text-left text-[1.75rem]">
          <thead className={`text-[1.25rem] ${muted}`}>
            <tr>
              <th className="w-[5rem] py-[0.25rem]">Pos</th>
              <th>Player</th>
              <th className="w-[9rem] text-right">Points</th>
              <th className="w-[9rem] text-right">Nights</th>
              <th className="w-[9rem] text-right">Wins</th>
            </tr>
          </thead>
          <tbody>
            {body.rows.map((row, i) => {
              const line = body.qualify !== null && row.qualifies && !body.rows[i + 1]?.qualifies;
              return (
                <tr
                  key={row.playerId}
                  className={
                    line
                      ? "border-b-4 border-dashed border-baize-600"
                      : "border-b border-slate-200 dark:border-slate-700"
                  }
                >
                  <td className="py-[0.35rem] font-bold tabular-nums">{row.position}</td>
                  <td className="truncate font-semibold">{row.name}</td>
                  <td className="text-right font-bold tabular-nums">{row.points}</td>
                  <td className="text-right tabular-nums">{row.played}</td>
                  <td className="text-right tabular-nums">{row.wins}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {body.more > 0 ? <p className={`text-[1.25rem] ${muted}`}>and {body.more} more on the series' page</p> : null}
    </section>
  );
}
