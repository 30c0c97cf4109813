// The live bracket: rounds side by side, each a labelled list of matches so
// screen readers read it in order. A double elimination shows its winners'
// bracket, losers' bracket and grand final one under the other, each with its
// heading. On the tournament page the rounds scroll sideways inside their own
// box, with a shadow at an edge while there is more that way; the wall view
// (a laptop or the pub's TV) stretches them across the screen and joins each
// match to the next with lines drawn in CSS.
import type { ReactNode } from "react";
import type { BracketSide } from "~/features/play/domain/bracket.ts";
import { matchAnchor, profilePath } from "~/domain/anchors.ts";
import { bracketHeadings } from "~/features/screens/domain/draw-sheet.ts";
import { raceLabel } from "~/features/play/domain/races.ts";
import type { MatchView } from "~/features/play/domain/play.ts";
import { bracketRounds, byesOnlyText, unreachable } from "~/features/play/domain/bracket-rounds.ts";
import { Badge } from "./badges.tsx";
import { TrophyIcon } from "./icons.tsx";
import { nameLinkClass } from "./styles.ts";

export type BracketMatchView = Omit<MatchView, "tableId">;

const statusText = { pending: "Pending", in_progress: "In progress", completed: "Completed" } as const;
const statusTone = { pending: "slate", in_progress: "green", completed: "blue" } as const;

type Variant = "page" | "wall";

type Options<M> = {
  /** The director's buttons under a match (none for everyone else). */
  renderControls?: (match: M) => ReactNode;
  /** The signed-in player: their matches stand out, with "(you)" beside their name. */
  you?: string | null;
  /** "wall": the full-width view, rounds stretched across the screen and joined by lines. */
  variant?: Variant;
  /** Each player's name links to their profile: singles only (a team is not rated, so its name links nowhere). */
  profiles?: boolean;
  /** The wall's lines: how each match joins the next (the wall view's module, so only the wall loads it). */
  joins?: (matches: readonly BracketMatchView[]) => (match: BracketMatchView) => Join;
};

/** How a match joins the next on the wall: half of a pair's bracket line (top or bottom), or a straight line. */
export type Join = { out: "top" | "bottom" | "straight" | null; fed: boolean };

/** `name` tells one bracket on a page of several (a group's fixtures, the knockout after the groups). */
export function BracketView<M extends BracketMatchView>({
  matches,
  name,
  ...options
}: { matches: M[]; name?: { id: string; label: string } } & Options<M>) {
  // One section per bracket, and one per group where groups come before a knockout.
  const sections = [
    ...new Set(matches.filter((m) => !unreachable(m)).map((m) => (m.group === null ? m.bracket : `group:${m.group}`))),
  ].map((key) => {
    const group = key.startsWith("group:") ? key.slice("group:".length) : null;
    return group === null
      ? { id: key, heading: bracketHeadings[key as BracketSide], has: (m: M) => m.bracket === key && m.group === null }
      : { id: `group-${group.toLowerCase()}`, heading: `Group ${group}`, has: (m: M) => m.group === group };
  });
  if (sections.length <= 1) {
    return <BracketRounds matches={matches} id={name?.id ?? "bracket"} label={name?.label ?? "Bracket"} {...options} />;
  }
  return (
    <div className="space-y-6">
      {sections.map(({ id, heading, has }) => (
        <section key={id} aria-labelledby={`bracket-${id}`}>
          <h3 id={`bracket-${id}`} className="mb-2 text-base font-semibold lg:text-lg">
            {heading}
          </h3>
          <BracketRounds matches={matches.filter(has)} id={id} label={heading} {...options} />
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
  you = null,
  variant = "page",
  joins,
  profiles = false,
}: { matches: M[]; id: string; label: string } & Options<M>) {
  const wall = variant === "wall";
  // Every round the draw made, as the TV and the draw sheet have them. A losers' bye nobody has reached is not a match:
  // it is not shown (the wall keeps its place empty), but its round is.
  const rounds = bracketRounds(matches).map((r) => ({
    ...r,
    list: wall ? r.matches : r.matches.filter((m) => !unreachable(m)),
    byesOnly: r.matches.every(unreachable),
  }));
  const tallest = Math.max(0, ...rounds.map((r) => r.list.length));
  const join = wall ? joins?.(matches) : undefined;
  return (
    <div className="bracket-frame relative">
      <section
        className="bracket-scroller relative -mx-4 overflow-x-auto px-4 pb-4"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a sideways-scrolling region takes focus so arrows scroll it
        tabIndex={0}
        aria-label={`${name}, scrolls sideways`}
      >
        <ol
          className={
            wall
              ? "bracket-joined grid min-w-max auto-cols-[minmax(14rem,1fr)] grid-flow-col gap-8"
              : "flex min-w-max gap-4"
          }
        >
          {rounds.map(({ label, list, byesOnly }, index) => (
            // On the wall every round is as tall as the tallest and shares it equally between its matches, so
            // each match sits halfway between the two that feed it.
            <li key={label} className={wall ? "flex min-w-0 flex-col" : "w-64 shrink-0 sm:w-72"}>
              <section
                aria-labelledby={`${id}-round-${index + 1}`}
                className={wall ? "flex flex-1 flex-col" : undefined}
              >
                <h3
                  id={`${id}-round-${index + 1}`}
                  className={
                    "sticky left-0 mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase " +
                    // On the wall every column's heading is one line, so the rounds' matches (and lines) align.
                    "dark:text-slate-400" +
                    (wall ? " truncate" : "")
                  }
                >
                  {label}
                </h3>
                <ol
                  className={wall ? "flex flex-1 flex-col" : "flex flex-col justify-around gap-3"}
                  style={{ minHeight: `${tallest * (wall ? 6 : 7)}rem` }}
                >
                  {byesOnly ? (
                    <li className="flex flex-1 items-center text-sm text-slate-600 italic dark:text-slate-400">
                      {byesOnlyText}
                    </li>
                  ) : null}
                  {list.map((match) => {
                    if (byesOnly) return null;
                    if (wall && unreachable(match)) return <li key={match.id} aria-hidden="true" className="flex-1" />;
                    const lines = join?.(match);
                    return (
                      <li
                        key={match.id}
                        className={wall ? "relative flex flex-1 items-center py-2" : undefined}
                        data-out={lines?.out ?? undefined}
                        data-fed={lines?.fed ? "" : undefined}
                      >
                        <MatchCard
                          match={match}
                          label={`${label}, match ${match.matchNumber}`}
                          you={you}
                          wall={wall}
                          profiles={profiles}
                        >
                          {renderControls?.(match)}
                        </MatchCard>
                      </li>
                    );
                  })}
                </ol>
              </section>
            </li>
          ))}
        </ol>
      </section>
      {/* Shadows at the edges while there is more that way (CSS scroll-driven; none when it all fits). */}
      <span aria-hidden="true" className="bracket-fade bracket-fade-start" />
      <span aria-hidden="true" className="bracket-fade bracket-fade-end" />
    </div>
  );
}

function MatchCard({
  match,
  label,
  you,
  wall,
  profiles,
  children,
}: {
  match: BracketMatchView;
  label: string;
  you: string | null;
  wall: boolean;
  profiles: boolean;
  children?: ReactNode;
}) {
  const mine = you !== null && (match.player1Id === you || match.player2Id === you);
  return (
    <article
      id={matchAnchor(match.id)}
      aria-label={label}
      // Where the focus goes when a dialog opened from this card closes and its opener is gone.
      data-focus-return=""
      tabIndex={-1}
      data-testid="match"
      data-status={match.status}
      data-mine={mine ? "" : undefined}
      className={
        "w-full scroll-mt-24 rounded-lg border p-3 shadow-sm " +
        (wall ? "text-sm lg:text-base 2xl:text-lg " : "text-sm ") +
        (mine ? "bg-amber-50 dark:bg-amber-950/60 " : "bg-white dark:bg-slate-900 ") +
        (match.status === "in_progress"
          ? "border-baize-500 ring-1 ring-baize-500"
          : mine
            ? "border-amber-400 ring-1 ring-amber-400 dark:border-amber-500 dark:ring-amber-500"
            : "border-slate-200 dark:border-slate-700")
      }
    >
      <div className="mb-2 flex items-center justify-between gap-2 text-xs">
        <span className="text-slate-600 dark:text-slate-400">
          Match {match.matchNumber}
          {/* A handicapped match's own races (decision 028); a level race is the event's, shown on its page. */}
          {match.race1 !== match.race2 ? (
            <span data-testid="races" className="whitespace-nowrap">
              {" "}
              · {raceLabel(match)}
            </span>
          ) : null}
        </span>
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
      {(["player1", "player2"] as const).map((slot) => {
        const playerId = match[`${slot}Id`];
        return (
          <PlayerLine
            key={slot}
            name={match[slot]?.name ?? null}
            href={profiles && playerId !== null && match[slot] ? profilePath(playerId) : null}
            score={match[`${slot}Score`]}
            winner={match.winnerId !== null && match.winnerId === playerId}
            showScore={match.status === "completed" && !match.isBye && match.outcome === "played"}
            bye={match.isBye && !playerId}
            you={playerId !== null && playerId === you}
          />
        );
      })}
      {children ? <div className="mt-3 border-t border-slate-100 pt-3 dark:border-slate-800">{children}</div> : null}
    </article>
  );
}

function PlayerLine({
  name,
  href,
  score,
  winner,
  showScore,
  bye,
  you,
}: {
  name: string | null;
  /** Their profile, where the name links (a plain link: no per-name component for a 512-player bracket). */
  href: string | null;
  score: number;
  winner: boolean;
  showScore: boolean;
  bye: boolean;
  you: boolean;
}) {
  return (
    <div className={`flex items-center justify-between gap-2 py-0.5 ${winner ? "font-bold" : ""}`}>
      <span className="flex min-w-0 items-center gap-1.5">
        {winner ? <TrophyIcon width={14} height={14} className="shrink-0 text-amber-500" /> : null}
        {href ? (
          <a href={href} className={`truncate ${nameLinkClass}`}>
            {name}
          </a>
        ) : (
          <span className={`truncate ${name ? "" : "text-slate-500 italic dark:text-slate-400"}`}>
            {name ?? (bye ? "Bye" : "TBD")}
          </span>
        )}
        {you ? <span className="shrink-0 text-xs font-semibold text-amber-800 dark:text-amber-300">(you)</span> : null}
        {winner ? <span className="sr-only">(winner)</span> : null}
      </span>
      {showScore ? <span className="tabular-nums">{score}</span> : null}
    </div>
  );
}
