// The TV's bracket pages: the rounds of a bracket (or of a part of one) side by side, joined by lines.
import { joinsOf } from "~/components/bracket-joins.ts";
import { byesOnlyText, unreachable } from "~/features/play/domain/bracket-rounds.ts";
import { TrophyIcon } from "~/components/icons.tsx";
import type { MatchView } from "~/features/play/domain/play.ts";
import type { BracketPart } from "~/features/screens/domain/tv.ts";
import { muted } from "~/components/tv-screen.tsx";

/** A bracket page: its rounds side by side, every match an equal share of its column, joined by lines. */
export function TvBracket({ part }: { part: BracketPart }) {
  const join = joinsOf(part.rounds.flatMap((r) => r.matches));
  return (
    <ol className="bracket-joined grid h-full auto-cols-fr grid-flow-col gap-[2rem]">
      {part.rounds.map((round) => (
        <li key={round.label} className="flex min-w-0 flex-col">
          <h3 className={`mb-[0.75rem] h-[2rem] truncate text-[1.35rem] font-semibold uppercase ${muted}`}>
            {round.label}
          </h3>
          <ol className="flex flex-1 flex-col">
            {round.matches.every(unreachable) ? (
              <li className={`flex flex-1 items-center text-[1.2rem] italic ${muted}`}>{byesOnlyText}</li>
            ) : null}
            {round.matches.map((m) => {
              if (unreachable(m)) return <li key={m.id} aria-hidden="true" className="flex-1" />;
              const lines = join(m);
              return (
                <li
                  key={m.id}
                  className="relative flex flex-1 items-center py-[0.4rem]"
                  data-out={lines.out ?? undefined}
                  data-fed={lines.fed ? "" : undefined}
                >
                  <BracketCard match={m} />
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function BracketCard({ match: m }: { match: MatchView }) {
  const live = m.status === "in_progress";
  const scored =
    m.outcome === "played" && !m.isBye && (m.status === "completed" || m.player1Score + m.player2Score > 0);
  return (
    <article
      aria-label={`${m.label}, match ${m.matchNumber}`}
      data-testid="tv-match"
      data-status={m.status}
      className={
        "relative w-full rounded-[0.5rem] border-2 bg-white px-[0.75rem] py-[0.4rem] dark:bg-slate-900 " +
        (live ? "border-baize-500" : "border-slate-200 dark:border-slate-700")
      }
    >
      {live && m.tableName ? (
        <span
          className={
            "absolute -top-[0.8rem] right-[0.5rem] rounded bg-baize-700 px-[0.4rem] text-[0.9rem] leading-snug " +
            "font-semibold text-white"
          }
        >
          {m.tableName}
        </span>
      ) : null}
      {(["player1", "player2"] as const).map((slot) => {
        const id = m[`${slot}Id`];
        const won = m.winnerId !== null && m.winnerId === id;
        const name = m[slot]?.name ?? null;
        return (
          <p
            key={slot}
            className={
              "flex h-[2rem] items-center justify-between gap-[0.5rem] text-[1.35rem]" + (won ? " font-bold" : "")
            }
          >
            <span className="flex min-w-0 items-center gap-[0.4rem]">
              {won ? <TrophyIcon width="1em" height="1em" className="shrink-0 text-amber-500" /> : null}
              <span className={`truncate ${name ? "" : "text-slate-500 italic dark:text-slate-400"}`}>
                {name ?? (m.isBye && !id ? "Bye" : "TBD")}
              </span>
              {won ? <span className="sr-only">(winner)</span> : null}
            </span>
            {scored ? <span className="tabular-nums">{m[`${slot}Score`]}</span> : null}
            {m.outcome !== "played" && won ? <abbr title="Walkover">W/O</abbr> : null}
          </p>
        );
      })}
    </article>
  );
}
