// The live bracket: rounds side by side (scrolling sideways on a phone),
// each a labelled list of matches so screen readers read it in order. A
// double elimination shows its winners' bracket, losers' bracket and grand
// final one under the other, each with its heading.
import type { ReactNode } from "react";
import type { BracketSide } from "~/domain/bracket.ts";
import type { MatchView } from "~/domain/play.ts";
import { Badge } from "./badges.tsx";
import { TrophyIcon } from "./icons.tsx";

export type BracketMatchView = Omit<MatchView, "tableId" | "nextMatchId">;

const statusText = { pending: "Pending", in_progress: "In progress", completed: "Completed" } as const;
const statusTone = { pending: "slate", in_progress: "green", completed: "blue" } as const;

const bracketHeadings: Record<BracketSide, string> = {
  winners: "Winners' bracket",
  losers: "Losers' bracket",
  grand_final: "Grand final",
  group: "Groups",
  knockout: "Knockout",
};

type Controls<M> = {
  /** The director's buttons under a match (none for everyone else). */
  renderControls?: (match: M) => ReactNode;
};

export function BracketView<M extends BracketMatchView>({ matches, renderControls }: { matches: M[] } & Controls<M>) {
  // A losers' match nobody can reach is not shown: it is not a match.
  const shown = matches.filter((m) => !(m.isBye && m.player1Id === null && m.player2Id === null));
  const sides = [...new Set(shown.map((m) => m.bracket))];
  if (sides.length <= 1) {
    return <BracketRounds matches={shown} id="bracket" label="Bracket" renderControls={renderControls} />;
  }
  return (
    <div className="space-y-6">
      {sides.map((side) => (
        <section key={side} aria-labelledby={`bracket-${side}`}>
          <h3 id={`bracket-${side}`} className="mb-2 text-base font-semibold">
            {bracketHeadings[side]}
          </h3>
          <BracketRounds
            matches={shown.filter((m) => m.bracket === side)}
            id={side}
            label={bracketHeadings[side]}
            renderControls={renderControls}
          />
        </section>
      ))}
    </div>
  );
}

/** One bracket's rounds side by side, each named as its matches are ("Semi-Finals", "Losers Round 2"). */
function BracketRounds<M extends BracketMatchView>({
  matches,
  id,
  label: name,
  renderControls,
}: { matches: M[]; id: string; label: string } & Controls<M>) {
  const roundNumbers = [...new Set(matches.map((m) => m.round))].sort((a, b) => a - b);
  const byRound = roundNumbers.map((round) => matches.filter((m) => m.round === round));
  const tallest = Math.max(0, ...byRound.map((list) => list.length));
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a sideways-scrolling region takes focus so arrow keys scroll it
    <section className="relative -mx-4 overflow-x-auto px-4 pb-4" tabIndex={0} aria-label={`${name}, scrolls sideways`}>
      <ol className="flex min-w-max gap-4">
        {byRound.map((list, index) => {
          const label = list[0]?.label ?? `Round ${index + 1}`;
          return (
            <li key={label} className="w-64 shrink-0 sm:w-72">
              <section aria-labelledby={`${id}-round-${index + 1}`}>
                <h3
                  id={`${id}-round-${index + 1}`}
                  className={
                    "sticky left-0 mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase " +
                    "dark:text-slate-400"
                  }
                >
                  {label}
                </h3>
                <ol className="flex flex-col justify-around gap-3" style={{ minHeight: `${tallest * 7}rem` }}>
                  {list.map((match) => (
                    <li key={match.id}>
                      <MatchCard match={match} label={`${label}, match ${match.matchNumber}`}>
                        {renderControls?.(match)}
                      </MatchCard>
                    </li>
                  ))}
                </ol>
              </section>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function MatchCard({ match, label, children }: { match: BracketMatchView; label: string; children?: ReactNode }) {
  return (
    <article
      aria-label={label}
      // Where the focus goes when a dialog opened from this card closes and its opener is gone.
      data-focus-return=""
      tabIndex={-1}
      data-testid="match"
      data-status={match.status}
      className={
        "rounded-lg border bg-white p-3 text-sm shadow-sm dark:bg-slate-900 " +
        (match.status === "in_progress"
          ? "border-baize-500 ring-1 ring-baize-500"
          : "border-slate-200 dark:border-slate-700")
      }
    >
      <div className="mb-2 flex items-center justify-between gap-2 text-xs">
        <span className="text-slate-500 dark:text-slate-400">Match {match.matchNumber}</span>
        <span className="flex items-center gap-1.5">
          {match.tableName ? <span className="font-medium">{match.tableName}</span> : null}
          {match.isBye ? (
            <Badge tone="slate">Bye</Badge>
          ) : match.outcome === "played" ? (
            <Badge tone={statusTone[match.status]}>{statusText[match.status]}</Badge>
          ) : (
            <Badge tone="slate">
              <abbr title={match.outcome === "walkover" ? "Walkover" : "Double forfeit"}>W/O</abbr>
            </Badge>
          )}
        </span>
      </div>
      {match.isBye && match.bracket === "grand_final" ? (
        <p className="text-slate-500 italic dark:text-slate-400">Not needed</p>
      ) : null}
      <PlayerLine
        name={match.player1?.name ?? null}
        score={match.player1Score}
        winner={match.winnerId !== null && match.winnerId === match.player1Id}
        showScore={match.status === "completed" && !match.isBye && match.outcome === "played"}
        bye={match.isBye && !match.player1Id}
      />
      <PlayerLine
        name={match.player2?.name ?? null}
        score={match.player2Score}
        winner={match.winnerId !== null && match.winnerId === match.player2Id}
        showScore={match.status === "completed" && !match.isBye && match.outcome === "played"}
        bye={match.isBye && !match.player2Id}
      />
      {children ? <div className="mt-3 border-t border-slate-100 pt-3 dark:border-slate-800">{children}</div> : null}
    </article>
  );
}

function PlayerLine({
  name,
  score,
  winner,
  showScore,
  bye,
}: {
  name: string | null;
  score: number;
  winner: boolean;
  showScore: boolean;
  bye: boolean;
}) {
  return (
    <div className={`flex items-center justify-between gap-2 py-0.5 ${winner ? "font-bold" : ""}`}>
      <span className="flex min-w-0 items-center gap-1.5">
        {winner ? <TrophyIcon width={14} height={14} className="shrink-0 text-amber-500" /> : null}
        <span className={`truncate ${name ? "" : "text-slate-500 italic dark:text-slate-400"}`}>
          {name ?? (bye ? "Bye" : "TBD")}
        </span>
        {winner ? <span className="sr-only">(winner)</span> : null}
      </span>
      {showScore ? <span className="tabular-nums">{score}</span> : null}
    </div>
  );
}
