// The director's floor settings (decisions 013–015) before the start: what the switch and the no-show minutes are set
// to, and the way to change them (with table scoring's) in the settings dialog. During play the floor tab
// (floor.tsx) shows them with the tables and the queue.
import { Link } from "react-router";
import type { QueuePanel } from "~/features/floor/domain/queue-views.ts";
import { Panel } from "./panel.tsx";

/** The small selects of the director's tools: a match's table, a match kept for a table. */
export const selectClass =
  "min-h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-xs " +
  "dark:border-slate-700 dark:bg-slate-950";

export function QueueCard({ queue: floor, slug, open }: { queue: QueuePanel; slug: string; open: boolean }) {
  return (
    <Panel
      id="queue"
      titleId="queue-title"
      title="Tables and queue"
      summary={floor.autoAssign ? "Tables assigned automatically" : "You assign the tables"}
      open={open}
    >
      <FloorSettings floor={floor} slug={slug} />
    </Panel>
  );
}

/**
 * What the floor is set to, and the way to the tournament's settings: a dialog (director-dialogs.tsx) whose code
 * loads only when it opens (decision 016).
 */
export function FloorSettings({ floor, slug }: { floor: QueuePanel; slug: string }) {
  const playing = floor.status === "in_progress";
  return (
    <div className="space-y-3 text-sm" data-testid="floor-settings">
      <p>
        {floor.autoAssign ? "Tables are assigned automatically" : "You assign the tables"}; a called match is a no-show
        after {floor.noShowMinutes} min.
      </p>
      <Link
        to={`/tournament/${slug}?${playing ? "tab=floor&" : ""}confirm=settings`}
        preventScrollReset
        className="btn-secondary w-full sm:w-auto"
      >
        Tournament settings
      </Link>
    </div>
  );
}
