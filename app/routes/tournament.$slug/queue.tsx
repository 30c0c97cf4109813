// The director's floor (decisions 013–015): what the switch and the no-show minutes are
// set to (changed in the settings dialog, with table scoring's), the tables
// with what is on each and its no-show clock, and the queue — "Up next", with
// when each match should start. Plain forms and links, so it all works
// without JavaScript; with it the clocks tick and the walkover appears on time.
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/badges.tsx";
import { LocalDateTime } from "~/components/local-date-time.tsx";
import { clockText, startsInText } from "~/domain/queue.ts";
import type { QueuePanel } from "~/domain/queue-views.ts";

/** The small selects of the director's tools: a match's table, a match kept for a table. */
export const selectClass =
  "min-h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-xs " +
  "dark:border-slate-700 dark:bg-slate-950";

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

export function QueueCard({ queue: floor, slug }: { queue: QueuePanel; slug: string }) {
  const now = useNow(floor.now);
  const live = floor.status === "in_progress";
  return (
    <section className="card space-y-5" aria-labelledby="queue-title" id="queue">
      <h2 id="queue-title" className="text-lg font-semibold">
        Tables and queue
      </h2>
      <FloorSettings floor={floor} slug={slug} />
      {live ? <TablesList floor={floor} now={now} slug={slug} /> : null}
      {live ? <UpNext floor={floor} now={now} slug={slug} /> : null}
    </section>
  );
}

/**
 * What the floor is set to, and the way to the tournament's settings: a dialog (director-dialogs.tsx) whose code
 * loads only when it opens (decision 016).
 */
function FloorSettings({ floor, slug }: { floor: QueuePanel; slug: string }) {
  const playing = floor.status === "in_progress";
  return (
    <div className="space-y-3 text-sm" data-testid="floor-settings">
      <p>
        {floor.autoAssign ? "Tables are assigned automatically" : "You assign the tables"}; a called match is a no-show
        after {floor.noShowMinutes} min.
      </p>
      <Link
        to={`/tournament/${slug}?${playing ? "tab=bracket&" : ""}confirm=settings`}
        preventScrollReset
        className="btn-secondary w-full"
      >
        Tournament settings
      </Link>
    </div>
  );
}

function TablesList({ floor, now, slug }: { floor: QueuePanel; now: number; slug: string }) {
  if (floor.tables.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        You have no tables yet. <Link to="/td/tables">Add your tables</Link> to put matches on them.
      </p>
    );
  }
  return (
    <div>
      <h3 className="text-sm font-semibold">Tables</h3>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {floor.tables.map((table) => (
          <li key={table.id} className="space-y-2 py-3" data-testid="queue-table">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{table.name}</span>
              {table.playing ? (
                <Badge tone="green">Playing</Badge>
              ) : table.busyElsewhere ? (
                <Badge tone="slate">In use</Badge>
              ) : (
                <Badge tone="blue">Free</Badge>
              )}
              {table.inRotation ? null : <Badge tone="amber">Out of rotation</Badge>}
              <Form method="post" preventScrollReset className="ml-auto">
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
            </div>
            {table.playing ? <Playing playing={table.playing} now={now} slug={slug} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

type Called = NonNullable<QueuePanel["tables"][number]["playing"]>;

/**
 * A called match: its players, the no-show clock, and once the time is up a walkover for whoever is there — only
 * while nobody is playing it (no racks scored, nothing waiting for approval: the panel's walkoverAllowed). Each
 * leads to a confirmation naming both players (walkover-dialog.tsx, loaded when it opens).
 */
function Playing({ playing, now, slug }: { playing: Called; now: number; slug: string }) {
  const due = playing.walkoverAllowed && now >= playing.noShowAt;
  const ask = `/tournament/${slug}?tab=bracket&confirm=walkover&match=${encodeURIComponent(playing.matchId)}`;
  return (
    <div className="space-y-2 text-sm">
      <p>
        {playing.player1.name} vs {playing.player2.name}
        <span className="block text-xs text-slate-600 dark:text-slate-400">{playing.title}</span>
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400" data-called-at={playing.calledAt}>
        Called <LocalDateTime instant={playing.calledAt} timeOnly /> ·{" "}
        <span className="font-mono tabular-nums" role="timer" aria-label="Time since called">
          {clockText(now - playing.calledAt)}
        </span>
      </p>
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

function UpNext({ floor, now, slug }: { floor: QueuePanel; now: number; slug: string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold">Up next</h3>
      {floor.queue.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No match is waiting for a table.</p>
      ) : (
        <ol className="mt-2 space-y-3" data-testid="up-next">
          {floor.queue.map((q) => (
            <li key={q.matchId} className="space-y-1 text-sm">
              <p className="font-medium">{q.players}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {q.title}
                {q.pinnedTableName ? ` · kept for ${q.pinnedTableName}` : ""} ·{" "}
                {q.estimatedStart === null ? "no table for it" : `starts ${startsInText(q.estimatedStart, now)}`}
              </p>
              <Form method="post" preventScrollReset className="flex gap-2" action={`/tournament/${slug}`}>
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
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
        Start times reckon {floor.averageMinutes} minutes a match, the average at this venue so far.
      </p>
    </div>
  );
}
