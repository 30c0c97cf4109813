// A division's table as the public pages show it (DESIGN §11): position, team, played, won, drawn, lost, frames for
// and against, points with any deduction beside them; under it the points the season gives, the tie-breaks in order,
// what settled each tie, and why any points were deducted — so that nobody has to explain the table.
import { Link } from "react-router";
import { nameLinkClass } from "~/components/styles.ts";
import { leagueTeamPath } from "~/domain/anchors.ts";
import { TIE_BREAK_RULE, type Points, type Standing } from "~/features/leagues/domain/standings.ts";

const muted = "text-slate-600 dark:text-slate-400";
const num = "py-2 pl-2 text-right tabular-nums";

/** "2 a win, 1 a draw, 0 a loss and 1 a frame won" (the frame's part only when it gives any). */
export function describePoints(points: Points): string {
  const match = `${points.win} a win, ${points.draw} a draw, ${points.loss} a loss`;
  return points.frame > 0 ? `${match} and ${points.frame} a frame won` : match;
}

type Penalty = { id: string; teamId: string; points: number; reason: string };

export function LeagueTable({
  name,
  standings,
  tieBreaks,
  points,
  penalties,
  leagueSlug,
}: {
  name: string;
  standings: readonly Standing[];
  tieBreaks: readonly string[];
  points: Points;
  penalties: readonly Penalty[];
  leagueSlug: string;
}) {
  const teams: ReadonlyMap<string, string> = new Map(standings.map((s) => [s.teamId, s.team]));
  const deducted = penalties.filter((p) => teams.has(p.teamId));
  const th = "py-2 pl-2 text-right font-medium";
  return (
    <div>
      <h3 className="text-base font-semibold">Table</h3>
      {standings.length === 0 ? (
        <p className={`mt-1 text-sm ${muted}`}>The table fills once the division has teams.</p>
      ) : (
        <div className="mt-1 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="league-table">
            <caption className="sr-only">{`${name} table`}</caption>
            <thead className={muted}>
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className="py-2 pr-2 font-medium">
                  <abbr title="Position">Pos</abbr>
                </th>
                <th scope="col" className="w-full py-2 font-medium">
                  Team
                </th>
                {(["Played", "Won", "Drawn", "Lost"] as const).map((label) => (
                  <th key={label} scope="col" className={th}>
                    <abbr title={label}>{label[0]}</abbr>
                  </th>
                ))}
                <th scope="col" className={th}>
                  <abbr title="Frames won and lost">Frames</abbr>
                </th>
                <th scope="col" className={th}>
                  <abbr title="Points">Pts</abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {standings.map((row) => (
                <tr
                  key={row.teamId}
                  className="border-b border-slate-100 last:border-0 dark:border-slate-800/60"
                  data-testid="table-row"
                >
                  <td className="py-2 pr-2 tabular-nums">{row.position}</td>
                  <th scope="row" className="py-2 font-medium">
                    <Link to={leagueTeamPath(leagueSlug, row.teamId)} className={`underline ${nameLinkClass}`}>
                      {row.team}
                    </Link>
                  </th>
                  <td className={num}>{row.played}</td>
                  <td className={num}>{row.won}</td>
                  <td className={num}>{row.drawn}</td>
                  <td className={num}>{row.lost}</td>
                  <td className={`${num} whitespace-nowrap`}>
                    {row.framesFor}–{row.framesAgainst}
                  </td>
                  <td className={`${num} whitespace-nowrap font-semibold`} data-testid="table-points">
                    {row.points < 0 ? `−${-row.points}` : row.points}
                    {row.penalty > 0 ? (
                      <span className="ml-1 font-normal text-red-700 dark:text-red-400">
                        <span aria-hidden="true">(−{row.penalty})</span>
                        <span className="sr-only">{`, ${row.penalty} deducted`}</span>
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <TableRules points={points} tieBreaks={tieBreaks} penalties={deducted} teams={teams} leagueSlug={leagueSlug} />
    </div>
  );
}

/** Under the table: the points a result gives, the tie-breaks in order, each tie settled, and why points came off. */
function TableRules({
  points,
  tieBreaks,
  penalties,
  teams,
  leagueSlug,
}: {
  points: Points;
  tieBreaks: readonly string[];
  penalties: readonly Penalty[];
  teams: ReadonlyMap<string, string>;
  leagueSlug: string;
}) {
  const deducted = penalties;
  return (
    <div className={`mt-2 space-y-1 text-xs ${muted}`} data-testid="table-rules">
      <p>{`Points: ${describePoints(points)}. ${TIE_BREAK_RULE}`}</p>
      {tieBreaks.length > 0 ? (
        <ul className="list-inside list-disc" aria-label="Ties settled" data-testid="tie-breaks">
          {tieBreaks.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {deducted.length > 0 ? (
        <ul aria-label="Points deducted" data-testid="table-penalties">
          {deducted.map((p) => (
            <li key={p.id}>
              <span className="text-red-700 dark:text-red-400">{`−${p.points}`}</span>{" "}
              <Link to={leagueTeamPath(leagueSlug, p.teamId)} className="underline">
                {teams.get(p.teamId)}
              </Link>
              {`: ${p.reason}`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
