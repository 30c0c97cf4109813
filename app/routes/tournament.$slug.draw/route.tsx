// The draw sheet (decision 026): every match by bracket or group and round — the players (a blank where a name is still
// to come), the table, and the score or two empty boxes to write it in — for the director to print, pin up and write
// on. Once the tournament is finished it leads with the results and the prizes: the results' printable page. Public,
// like the bracket. Printed at A4 landscape (`print-page` in app.css): no buttons, black on white in either theme.
import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { LeagueView } from "~/components/league-view.tsx";
import { PrintButton } from "~/components/print-button.tsx";
import { TournamentResults } from "~/components/tournament-results.tsx";
import { bracketTab } from "~/features/play/domain/bracket-tab.ts";
import { byesOnlyText } from "~/features/play/domain/bracket-rounds.ts";
import { formatDate } from "~/domain/dates.ts";
import { drawSheet, type SheetRound, type SheetSide } from "~/features/screens/domain/draw-sheet.ts";
import { tournamentResults } from "~/features/play/domain/results.ts";
import { visitor } from "~/web/access.server.ts";
import { paidPrizesQuery } from "~/features/play/server/finalize.server.ts";
import { matchesQuery } from "~/features/play/server/match-reads.server.ts";
import { tournamentBySlugQuery } from "~/features/tournaments/server/tournaments.server.ts";
import type { Route } from "./+types/route";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.slug.length > 120) throw data("Tournament not found", { status: 404 });
  const slug = { slug: params.slug };
  // One round trip: the tournament, its matches and the prizes paid.
  const { tournament, matches, prizes } = await (await visitor(context)).read({
    tournament: tournamentBySlugQuery(params.slug),
    matches: matchesQuery(slug),
    prizes: paidPrizesQuery(slug),
  });
  if (!tournament) throw data("Tournament not found", { status: 404 });
  const drawn = tournament.status === "open" ? [] : matches;
  // A league's table and results grid, each group's: as the tournament page's bracket tab works them out.
  const { league, groups } = bracketTab({ tournament, matches: drawn }, null);
  return {
    tournament: {
      slug: tournament.slug,
      name: tournament.name,
      venue: tournament.venue,
      date: tournament.date,
      time: tournament.time,
    },
    sections: drawSheet(drawn),
    league: league ? { rows: league, matches: drawn } : null,
    groups: groups?.map(({ group, rows }) => ({
      id: `group-${group.toLowerCase()}`,
      rows,
      matches: drawn.filter((m) => m.group === group),
    })),
    results: tournament.status === "finished" ? tournamentResults(drawn, prizes) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.tournament.name} — ${loaderData.results ? "Results" : "Draw sheet"} — Break & Run`
      : "Tournament not found — Break & Run",
  },
];

export default function DrawSheet() {
  const { tournament: t, sections, results, league, groups } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="print-page mx-auto max-w-6xl px-4 py-6">
      <Link
        to={`/tournament/${t.slug}`}
        className="text-sm font-medium text-baize-700 underline print:hidden dark:text-baize-300"
      >
        ← Tournament page
      </Link>
      <header className="sheet-header mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t.name}</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {results ? "Results" : "Draw sheet"} · {t.venue} · {formatDate(t.date)} · {t.time}
          </p>
        </div>
        <PrintButton
          fallback={
            <p className="text-sm font-medium print:hidden" data-testid="print-hint">
              Use your browser's Print to print this sheet (A4 landscape).
            </p>
          }
        />
      </header>
      {results ? <TournamentResults results={results} /> : null}
      {league ? (
        <section className="sheet-league mt-8" aria-labelledby="sheet-league">
          <h2 id="sheet-league" className="mb-3 text-xl font-bold">
            League table
          </h2>
          <LeagueView id="league" rows={league.rows} matches={league.matches} />
        </section>
      ) : null}
      {sections.length === 0 ? (
        <p className="mt-6 text-lg text-slate-600 dark:text-slate-300">
          The draw appears here when the tournament starts.
        </p>
      ) : (
        sections.map((section) => (
          <section key={section.id} className="sheet-section mt-8" aria-labelledby={`sheet-${section.id}`}>
            {sections.length > 1 ? (
              <h2 id={`sheet-${section.id}`} className="text-xl font-bold">
                {section.heading}
              </h2>
            ) : (
              <h2 id={`sheet-${section.id}`} className="sr-only">
                Matches
              </h2>
            )}
            {groups?.map((group) =>
              group.id === section.id ? (
                <div key={group.id} className="sheet-league mt-3">
                  <LeagueView id={group.id} rows={group.rows} matches={group.matches} />
                </div>
              ) : null,
            )}
            <div className="sheet-rounds mt-3 grid gap-6 lg:grid-cols-2">
              {section.rounds.map((round) => (
                <RoundTable key={round.label} round={round} />
              ))}
            </div>
          </section>
        ))
      )}
    </main>
  );
}

const cell = "border-b border-slate-200 px-2 py-1.5 dark:border-slate-700";

function RoundTable({ round }: { round: SheetRound }) {
  return (
    <table className="sheet-round w-full table-fixed text-sm" data-testid="sheet-round">
      <caption
        className={"mb-1 text-left text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300"}
      >
        {round.label}
      </caption>
      {/* Fixed columns: every round's boxes and names line up down the sheet. */}
      <colgroup>
        <col className="w-8 sm:w-10" />
        <col />
        <col className="w-11 sm:w-12" />
        <col className="w-11 sm:w-12" />
        <col />
        <col className="w-16 sm:w-24" />
      </colgroup>
      <thead>
        <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
          <th scope="col" className={cell}>
            No.
          </th>
          <th scope="col" className={cell}>
            Player
          </th>
          <th scope="col" colSpan={2} className={`${cell} text-center`}>
            Racks
          </th>
          <th scope="col" className={cell}>
            Player
          </th>
          <th scope="col" className={cell}>
            Table
          </th>
        </tr>
      </thead>
      <tbody>
        {round.rows.length === 0 ? (
          <tr>
            <td colSpan={6} className={`${cell} text-slate-600 italic dark:text-slate-400`}>
              {byesOnlyText}
            </td>
          </tr>
        ) : null}
        {round.rows.map((row) => (
          <tr key={row.id} data-testid="sheet-match">
            <td className={`${cell} tabular-nums`}>{row.matchNumber}</td>
            <td className={`${cell} break-words`}>
              <SideName side={row.sides[0]} />
            </td>
            {row.score === "W/O" ? (
              <td colSpan={2} className={`${cell} text-center font-semibold`}>
                <abbr title="Walkover">W/O</abbr>
              </td>
            ) : (
              [0, 1].map((i) => (
                <td key={i} className={`${cell} text-center font-semibold tabular-nums`}>
                  {row.score ? row.score[i] : row.sides.some((s) => s.bye) ? "–" : <ScoreBox />}
                </td>
              ))
            )}
            <td className={`${cell} break-words`}>
              <SideName side={row.sides[1]} />
            </td>
            {/* A line for the table while the match is to be played; a decided one keeps the table it was on. */}
            <td className={cell}>{row.tableName ?? (row.score === null ? <Blank label="No table yet" /> : null)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SideName({ side }: { side: SheetSide }) {
  if (side.bye) return <span className="text-slate-600 italic dark:text-slate-400">Bye</span>;
  if (side.name === null) return <Blank label="To be decided" />;
  return (
    <span className={side.won ? "font-bold" : undefined}>
      {side.name}
      {side.won ? <span className="sr-only"> (winner)</span> : null}
    </span>
  );
}

/** A line to write on. */
function Blank({ label }: { label: string }) {
  return (
    <span className="sheet-blank inline-block w-full min-w-16 border-b border-dashed border-slate-400">
      <span className="sr-only">{label}</span>&nbsp;
    </span>
  );
}

/** An empty box to write a score in. */
function ScoreBox() {
  return (
    <span
      className="sheet-score-box inline-block h-7 w-9 rounded border border-slate-400 align-middle"
      data-testid="score-box"
    >
      <span className="sr-only">Not played</span>
    </span>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "Tournament not found" : "Something went wrong"}</h1>
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </main>
  );
}
