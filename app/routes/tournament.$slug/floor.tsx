// The floor (decision 013): the director's first screen during play, on a laptop and on a phone. What waits for them —
// results from the tables to approve — then every table with its match, live rack score, how long it has been on
// and its no-show clock, then "Up next" with when each match should start (decisions 012–015). The bracket is the
// next tab. Plain forms and links, so it all works without JavaScript; with it the clocks tick, the walkover
// appears on time, and the push channel's news reads the page again (the scores).
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/badges.tsx";
import { LocalDateTime } from "~/components/local-date-time.tsx";
import type { MatchView } from "~/features/play/domain/play.ts";
import { clockText, startsInText } from "~/features/floor/domain/queue.ts";
import { type QueuePanel, UNSCORED_MINUTES } from "~/features/floor/domain/queue-views.ts";
import { AwaitingApproval } from "./director.tsx";
import { FloorSettings, selectClass } from "./queue.tsx";
import { pageActionPath } from "~/features/tournaments/domain/page-actions.ts";

/** The time now, ticking once a second after hydration; the server's time before. */
function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Floor = {
  floor: QueuePanel;
  /** The bracket's matches: those whose result from a table waits for approval. */
  matches: MatchView[];
  slug: string;
  /** The tournament's race (null: none set, the table says who won). */
  raceTo: number | null;
};

export function FloorTab({ floor, matches, slug, raceTo }: Floor) {
  const now = useNow(floor.now);
  // The floor's own forms come back here, not to the bracket.
  const here = pageActionPath(slug, "floor", true);
  const waiting = matches.filter((m) => m.awaitingApproval && m.status !== "completed");
  return (
    // #queue: where the settings dialog's Cancel comes back to, as before the start.
    <div className="mt-4 space-y-6" id="queue">
      <h2 className="sr-only">The floor</h2>
      {waiting.length > 0 ? (
        <section
          aria-labelledby="approvals-title"
          id="approvals"
          className="card space-y-3 border-amber-300 dark:border-amber-700"
        >
          <h3 id="approvals-title" className="text-lg font-semibold">
            Waiting for your approval
          </h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {waiting.map((m) => (
              <li key={m.id}>
                <AwaitingApproval match={m} slug={slug} onFloor />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="floor-tables-title" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="floor-tables-title" className="text-lg font-semibold">
            Tables
          </h3>
          <Link
            to={`/tournament/${slug}?tab=bracket`}
            className="text-sm font-semibold text-baize-700 hover:underline dark:text-baize-300"
          >
            Open the bracket
          </Link>
        </div>
        <TablesList floor={floor} now={now} slug={slug} raceTo={raceTo} action={here} />
      </section>
      <section aria-labelledby="up-next-title" className="card space-y-3">
        <h3 id="up-next-title" className="text-lg font-semibold">
          Up next
        </h3>
        <UpNext floor={floor} now={now} action={here} />
      </section>
      <section aria-label="Floor settings" className="card">
        <FloorSettings floor={floor} slug={slug} />
      </section>
    </div>
  );
}

type Tables = { floor: QueuePanel; now: number; slug: string; raceTo: number | null; action: string };

function TablesList({ floor, now, slug, raceTo, action }: Tables) {
  if (floor.tables.length === 0) {
    return (
      <p className="card text-sm text-slate-600 dark:text-slate-400">
        You have no tables yet. <Link to="/td/tables">Add your tables</Link> to put matches on them.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {floor.tables.map((table) => (
        <li key={table.id} className="card space-y-3 p-4" data-testid="queue-table" aria-label={table.name}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold">{table.name}</span>
            {table.playing ? (
              table.playing.awaitingApproval ? (
                <Badge tone="amber">Waiting for approval</Badge>
              ) : (
                <Badge tone="green">Playing</Badge>
              )
            ) : table.busyElsewhere ? (
              <Badge tone="slate">In use</Badge>
            ) : (
              <Badge tone="blue">Free</Badge>
            )}
            {table.inRotation ? null : <Badge tone="amber">Out of rotation</Badge>}
            {table.tablet === false ? <Badge tone="slate">No tablet</Badge> : null}
          </div>
          {table.playing ? (
            <Playing playing={table.playing} now={now} slug={slug} raceTo={raceTo} tablet={table.tablet} />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {table.busyElsewhere
                ? "A match of another of your tournaments is on it."
                : table.inRotation
                  ? "Waiting for the next match."
                  : "Matches are not put on it."}
            </p>
          )}
          <Form method="post" navigate={false} action={action} preventScrollReset>
            <input type="hidden" name="intent" value="table-rotation" />
            <input type="hidden" name="tableId" value={table.id} />
            <input type="hidden" name="inRotation" value={table.inRotation ? "false" : "true"} />
            <button
              type="submit"
              className="btn-ghost min-h-9 px-2 py-1 text-xs"
              aria-label={`${table.inRotation ? "Take out of rotation" : "Put back in rotation"}: ${table.name}`}
            >
              {table.inRotation ? "Take out of rotation" : "Put back in rotation"}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

type Called = NonNullable<QueuePanel["tables"][number]["playing"]>;

/**
 * A called match: its players and live rack score, how long it has been on, and once the no-show time is up a
 * walkover for whoever is there — only while nobody is playing it (no racks scored, nothing waiting for approval:
 * the panel's walkoverAllowed). Each leads to a confirmation naming both players (walkover-dialog.tsx, loaded when
 * it opens).
 */
function Playing({
  playing,
  now,
  slug,
  raceTo,
  tablet,
}: {
  playing: Called;
  now: number;
  slug: string;
  raceTo: number | null;
  tablet: boolean | null;
}) {
  const due = playing.walkoverAllowed && now >= playing.noShowAt;
  const unscored = playing.unscoredAt !== null && now >= playing.unscoredAt;
  // The director's own result form, on the floor: for a table nobody scores at.
  const scoreHere = (
    <Link
      to={`/tournament/${slug}?tab=floor&result=${encodeURIComponent(playing.matchId)}`}
      preventScrollReset
      className="btn-secondary min-h-9 px-3 py-1 text-xs"
      aria-label={`Score it here: ${playing.player1.name} vs ${playing.player2.name}`}
    >
      Score it here
    </Link>
  );
  const ask = `/tournament/${slug}?tab=floor&confirm=walkover&match=${encodeURIComponent(playing.matchId)}`;
  const sides = [
    { ...playing.player1, racks: playing.score[0] },
    { ...playing.player2, racks: playing.score[1] },
  ];
  return (
    <div className="space-y-2 text-sm">
      <dl className="space-y-1" aria-label="Score">
        {sides.map((side) => (
          <div key={side.id} className="flex items-baseline justify-between gap-3">
            <dt className="min-w-0 truncate text-base font-medium">{side.name}</dt>
            <dd className="font-mono text-2xl font-bold tabular-nums">{side.racks}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {playing.title} ·{" "}
        {playing.races.race1 !== playing.races.race2
          ? `race ${playing.races.race1}–${playing.races.race2}`
          : raceTo === null
            ? "no race set"
            : `race to ${raceTo}`}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400" data-called-at={playing.calledAt}>
        Called <LocalDateTime instant={playing.calledAt} timeOnly /> · on for{" "}
        <span className="font-mono tabular-nums" role="timer" aria-label="Time since called">
          {clockText(now - playing.calledAt)}
        </span>
      </p>
      {tablet === false && !playing.awaitingApproval ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-xs text-slate-600 dark:text-slate-400">No tablet on this table: record the result here.</p>
          {scoreHere}
        </div>
      ) : unscored ? (
        <div className="flex flex-wrap items-center gap-2" data-unscored="">
          <p className="text-xs font-medium text-amber-800 dark:text-amber-200">
            No rack scored in {UNSCORED_MINUTES} minutes. Is the tablet scoring it?
          </p>
          {scoreHere}
        </div>
      ) : null}
      {playing.awaitingApproval ? (
        <a href="#approvals" className="text-xs font-semibold text-amber-800 underline dark:text-amber-200">
          The table confirmed a result: approve it above
        </a>
      ) : null}
      {due ? (
        <div className="space-y-1">
          <p className="text-xs font-medium text-amber-800 dark:text-amber-200">
            No-show time is up. If only one player is here, give them the walkover: the other is withdrawn and never
            called again.
          </p>
          <div className="flex flex-wrap gap-2">
            {[playing.player1, playing.player2].map((p) => (
              <Link
                key={p.id}
                to={`${ask}&winner=${encodeURIComponent(p.id)}`}
                preventScrollReset
                className="btn-secondary min-h-9 px-3 py-1 text-xs"
              >
                Walkover to {p.name}
              </Link>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function UpNext({ floor, now, action }: { floor: QueuePanel; now: number; action: string }) {
  return (
    <>
      {floor.queue.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No match is waiting for a table.</p>
      ) : (
        <ol className="space-y-3" data-testid="up-next">
          {floor.queue.map((q) => (
            <li key={q.matchId} className="space-y-1 text-sm">
              <p className="font-medium">{q.players}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {q.title}
                {q.pinnedTableName ? ` · kept for ${q.pinnedTableName}` : ""} ·{" "}
                {q.estimatedStart === null ? "no table for it" : `starts ${startsInText(q.estimatedStart, now)}`}
              </p>
              <Form method="post" navigate={false} action={action} preventScrollReset className="flex max-w-md gap-2">
                <input type="hidden" name="intent" value="pin-table" />
                <input type="hidden" name="matchId" value={q.matchId} />
                <label className="sr-only" htmlFor={`pin-${q.matchId}`}>
                  Keep {q.title} for a table
                </label>
                <select
                  id={`pin-${q.matchId}`}
                  name="tableId"
                  defaultValue={q.pinnedTableId ?? ""}
                  className={selectClass}
                >
                  <option value="">Any table</option>
                  {floor.tables.map((t) => (
                    <option key={t.id} value={t.id}>
                      Keep for {t.name}
                    </option>
                  ))}
                </select>
                <button type="submit" className="btn-ghost min-h-9 px-3 py-1 text-xs">
                  Pin
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Start times reckon {floor.averageMinutes} minutes a match, the average at this venue so far.
      </p>
    </>
  );
}
