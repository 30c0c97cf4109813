// A round robin's standings and results grid: real tables, so a
// screen reader reads them with their headers; both scroll sideways inside
// their own box on a phone. The fixtures per round are the bracket view's.
import { profilePath } from "~/domain/anchors.ts";
import type { MatchView } from "~/features/play/domain/play.ts";
import { nameLinkClass } from "./styles.ts";

export type LeagueRowView = {
  playerId: string;
  name: string;
  /** The current position (shared while level), and the final place once every match is decided. */
  position: number;
  place: string | null;
  played: number;
  won: number;
  lost: number;
  racksFor: number;
  racksAgainst: number;
  /** Groups into a knockout: gone through to the knockout. */
  through?: boolean;
};

type GridMatch = Pick<
  MatchView,
  "id" | "player1Id" | "player2Id" | "player1Score" | "player2Score" | "winnerId" | "status" | "outcome"
>;

const throughClass =
  "ml-2 rounded bg-baize-100 px-1.5 py-0.5 text-xs font-semibold text-baize-900 dark:bg-baize-900 dark:text-baize-100";
const cell = "px-2 py-1.5 text-center tabular-nums";
const headCell = "px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";

/**
 * A league's standings and results grid; `id` names it on a page with several (a group's "group-b"), whose
 * headings then sit a level lower.
 */
export function LeagueView({
  rows,
  matches,
  id = "league",
  nested = false,
  profiles = false,
}: {
  rows: LeagueRowView[];
  matches: GridMatch[];
  id?: string;
  nested?: boolean;
  /** Names link to the players' profiles (singles only: a team is not rated). */
  profiles?: boolean;
}) {
  const decided = rows.some((row) => row.place !== null);
  const Heading = nested ? "h4" : "h3";
  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-standings`}>
        <Heading id={`${id}-standings`} className="mb-2 text-base font-semibold">
          Standings
        </Heading>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so arrow keys scroll it */}
        <section className="relative -mx-4 overflow-x-auto px-4" tabIndex={0} aria-label="Standings, scrolls sideways">
          <table className="w-full min-w-max text-sm" data-testid={`${id}-standings`}>
            <caption className="sr-only">
              {decided ? "Final standings" : "Standings so far"}: wins, then head-to-head, rack difference and racks won
            </caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                <th scope="col" className={headCell}>
                  {decided ? "Place" : "Pos"}
                </th>
                <th scope="col" className={`${headCell} text-left`}>
                  Player
                </th>
                <th scope="col" className={headCell}>
                  <abbr title="Played">P</abbr>
                </th>
                <th scope="col" className={headCell}>
                  <abbr title="Won">W</abbr>
                </th>
                <th scope="col" className={headCell}>
                  <abbr title="Lost">L</abbr>
                </th>
                <th scope="col" className={headCell}>
                  Racks
                </th>
                <th scope="col" className={headCell}>
                  <abbr title="Rack difference">+/−</abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const difference = row.racksFor - row.racksAgainst;
                return (
                  <tr key={row.playerId} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                    <td className={`${cell} font-semibold`}>{row.place ?? row.position}</td>
                    <th scope="row" className="px-2 py-1.5 text-left font-medium">
                      <Name row={row} profiles={profiles} />
                      {row.through ? <span className={throughClass}>Through</span> : null}
                    </th>
                    <td className={cell}>{row.played}</td>
                    <td className={cell}>{row.won}</td>
                    <td className={cell}>{row.lost}</td>
                    <td className={cell}>
                      {row.racksFor}–{row.racksAgainst}
                    </td>
                    <td className={cell}>{difference > 0 ? `+${difference}` : difference}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </section>
      <ResultsGrid rows={rows} matches={matches} id={id} Heading={Heading} profiles={profiles} />
    </div>
  );
}

/** Every pairing's result, read along the row: "5–3" is the row player's racks first. */
function ResultsGrid({
  rows,
  matches,
  id,
  Heading,
  profiles,
}: {
  rows: LeagueRowView[];
  matches: GridMatch[];
  id: string;
  Heading: "h3" | "h4";
  profiles: boolean;
}) {
  const between = new Map<string, GridMatch>();
  for (const m of matches) {
    if (m.player1Id === null || m.player2Id === null) continue;
    between.set(`${m.player1Id} ${m.player2Id}`, m);
    between.set(`${m.player2Id} ${m.player1Id}`, m);
  }
  const result = (rowId: string, columnId: string) => {
    const m = between.get(`${rowId} ${columnId}`);
    if (m?.status !== "completed") return { text: "", label: "not played yet", tone: "" };
    const won = m.winnerId === rowId;
    if (m.outcome !== "played") {
      const how = m.outcome === "walkover" ? (won ? "won by walkover" : "lost by walkover") : "double forfeit";
      return { text: "W/O", label: how, tone: won ? "font-semibold" : "text-slate-500 dark:text-slate-400" };
    }
    const [own, theirs] = m.player1Id === rowId ? [m.player1Score, m.player2Score] : [m.player2Score, m.player1Score];
    return {
      text: `${own}–${theirs}`,
      label: `${won ? "won" : "lost"} ${own}–${theirs}`,
      tone: won ? "font-semibold text-baize-800 dark:text-baize-300" : "text-slate-600 dark:text-slate-400",
    };
  };
  return (
    <section aria-labelledby={`${id}-grid`}>
      <Heading id={`${id}-grid`} className="mb-2 text-base font-semibold">
        Results grid
      </Heading>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so arrow keys scroll it */}
      <section className="relative -mx-4 overflow-x-auto px-4" tabIndex={0} aria-label="Results grid, scrolls sideways">
        <table className="min-w-max border-collapse text-sm" data-testid={`${id}-grid`}>
          <caption className="sr-only">
            Each row's result against each column's player, the row player's racks first
          </caption>
          <thead>
            <tr>
              <td />
              {rows.map((row, index) => (
                <th key={row.playerId} scope="col" className={`${headCell} w-14`}>
                  <span aria-hidden="true">{index + 1}</span>
                  <span className="sr-only">{row.name}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.playerId} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="max-w-40 truncate px-2 py-1.5 text-left font-medium">
                  <span aria-hidden="true" className="mr-1 text-slate-500 dark:text-slate-400">
                    {index + 1}
                  </span>
                  <Name row={row} profiles={profiles} />
                </th>
                {rows.map((column) => {
                  if (column.playerId === row.playerId) {
                    return (
                      <td key={column.playerId} className={`${cell} bg-slate-100 dark:bg-slate-800`}>
                        <span className="sr-only">—</span>
                      </td>
                    );
                  }
                  const shown = result(row.playerId, column.playerId);
                  return (
                    <td key={column.playerId} className={`${cell} ${shown.tone}`}>
                      <span aria-hidden="true">{shown.text}</span>
                      <span className="sr-only">{shown.label}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

/** A row's player: a link to their profile in singles, plain text for a team. */
function Name({ row, profiles }: { row: LeagueRowView; profiles: boolean }) {
  return profiles ? (
    <a href={profilePath(row.playerId)} className={nameLinkClass}>
      {row.name}
    </a>
  ) : (
    row.name
  );
}
