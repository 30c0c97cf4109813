// The TV's pages of the floor: what is on each table now, and the matches waiting for one.
import { formatTime } from "~/domain/dates.ts";
import type { TvScreen, TvTable } from "~/features/screens/domain/tv.ts";
import { muted } from "~/components/tv-screen.tsx";

type Body = TvScreen["body"];

export function Tables({ tables, columns }: { tables: TvTable[]; columns: number }) {
  return (
    <ul className="grid gap-[1.5rem]" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {tables.map((table) => (
        <li
          key={table.id}
          className={
            "flex h-[11rem] min-w-0 flex-col rounded-[0.75rem] border-2 px-[1.25rem] py-[0.75rem] " +
            (table.match
              ? "border-baize-500 bg-white dark:bg-slate-900"
              : "border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800")
          }
          data-testid="tv-table"
        >
          <div className="flex items-baseline justify-between gap-[1rem]">
            <h3 className="truncate text-[1.75rem] font-bold">{table.name}</h3>
            <p className={`truncate text-[1.2rem] ${muted}`}>
              {table.match
                ? table.match.awaitingApproval
                  ? "Result waiting for approval"
                  : table.match.title
                : { free: "Free", elsewhere: "In use", resting: "Not in use", playing: "" }[table.state]}
            </p>
          </div>
          {table.match ? (
            <div className="mt-auto space-y-[0.25rem]">
              <ScoreLine name={table.match.player1} score={table.match.score1} />
              <ScoreLine name={table.match.player2} score={table.match.score2} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ScoreLine({ name, score }: { name: string; score: number }) {
  return (
    <p className="flex items-center justify-between gap-[1rem] text-[1.9rem] leading-tight font-semibold">
      <span className="truncate">{name}</span>
      <span className="text-[2.25rem] font-bold tabular-nums" data-testid="tv-score">
        {score}
      </span>
    </p>
  );
}

export function UpNext({
  queue,
  more,
  now,
}: {
  queue: Extract<Body, { kind: "next" }>["queue"];
  more: number;
  now: number;
}) {
  return (
    <div>
      <ol className="divide-y-2 divide-slate-200 dark:divide-slate-700">
        {queue.map((q, i) => (
          <li key={q.matchId} className="flex h-[5.5rem] items-center gap-[2rem]" data-testid="tv-next">
            <span className={`w-[3rem] text-[2.25rem] font-bold tabular-nums ${muted}`}>{i + 1}</span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-[2rem] font-semibold">
                {q.player1} <span className={`font-normal ${muted}`}>vs</span> {q.player2}
              </p>
              <p className={`truncate text-[1.25rem] ${muted}`}>
                {q.title}
                {q.pinned ? ` · kept for ${q.pinned}` : ""}
              </p>
            </div>
            <p className="shrink-0 text-right text-[1.75rem] font-semibold">
              {q.starts === null || q.at === null ? (
                "Waiting for a table"
              ) : (
                <>
                  {q.starts === "now" ? "Any minute now" : `Starts ${q.starts}`}
                  <span className={`block text-[1.25rem] font-normal ${muted}`}>
                    about {formatTime(Math.max(q.at, now))}
                  </span>
                </>
              )}
            </p>
          </li>
        ))}
      </ol>
      {more > 0 ? <p className={`mt-[1rem] text-[1.5rem] ${muted}`}>and {more} more waiting</p> : null}
    </div>
  );
}
