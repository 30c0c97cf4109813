// The director's entrants and their ratings before the start (decision 027): a provisional player's rating can be
// set where the director knows it starts; results take over from there. A plain form, so it works without
// JavaScript; a refused save comes back with what was typed and each message beside its player's field.
import { Form } from "react-router";
import { pageActionPath, type StartingRatingsReply } from "~/features/tournaments/domain/page-actions.ts";
import { Badge } from "~/components/badges.tsx";
import { fieldSurfaceClass, noteClass as note } from "~/components/styles.ts";
import {
  MAX_STARTING_RATING,
  MIN_STARTING_RATING,
  STARTING_RATINGS_INTENT,
  type ShownEntrant,
} from "~/features/ratings/domain/starting-ratings.ts";
import { usePageSubmitting } from "./page-action.ts";
import { Panel } from "./panel.tsx";

type Reply = StartingRatingsReply | null;

const errorClass = "text-sm font-medium text-red-700 dark:text-red-400";

export function StartingRatingsCard({
  entrants,
  slug,
  reply,
  open,
}: {
  entrants: ShownEntrant[];
  slug: string;
  reply: StartingRatingsReply | null;
  /** Open when the page is drawn (a refused save opens it too). */
  open: boolean;
}) {
  const busy = usePageSubmitting();
  const provisional = entrants.filter((e) => e.provisional);
  const unplaced = reply && Object.keys(reply.errors).length === 0 ? reply.message : null;
  return (
    <Panel
      id="starting-ratings"
      titleId="starting-ratings-title"
      title="Starting ratings"
      summary={
        entrants.length === 0
          ? "No paid entries yet"
          : provisional.length === 0
            ? "Every entrant is rated"
            : `${provisional.length} provisional`
      }
      open={open || reply !== null}
    >
      {entrants.length === 0 ? (
        <p className={note}>Paid entries appear here with their ratings.</p>
      ) : (
        <>
          <p className={note}>
            {provisional.length > 0
              ? `You know the regulars: set where a provisional player's rating starts (${MIN_STARTING_RATING}–` +
                `${MAX_STARTING_RATING}; new players start at 500). Their results take over from there.`
              : "Every entrant has played 100 racks: their ratings come from their results."}
          </p>
          <Form
            method="post"
            navigate={false}
            action={pageActionPath(slug, "ratings")}
            preventScrollReset
            className="space-y-3"
            aria-label="Starting ratings"
          >
            <input type="hidden" name="intent" value={STARTING_RATINGS_INTENT} />
            <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="entrant-ratings">
              {entrants.map((e) => (
                <Row key={`${e.playerId}-${e.rating}`} entrant={e} reply={reply} />
              ))}
            </ul>
            {unplaced ? (
              <p role="alert" className={errorClass}>
                {unplaced}
              </p>
            ) : null}
            {provisional.length > 0 ? (
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                {busy ? "Saving..." : "Save ratings"}
              </button>
            ) : null}
          </Form>
        </>
      )}
    </Panel>
  );
}

function Row({ entrant: e, reply }: { entrant: ShownEntrant; reply: Reply }) {
  const id = `rating-${e.playerId}`;
  const error = reply?.errors[e.playerId];
  const detail = e.setByName ? `Set by ${e.setByName}` : null;
  if (!e.provisional) {
    return (
      <li className="flex min-h-11 items-center justify-between gap-3 py-2">
        <span className="min-w-0 break-words font-medium">{e.name}</span>
        <span className="text-sm tabular-nums">
          <span className="sr-only">Rated </span>
          {e.rating}
        </span>
      </li>
    );
  }
  return (
    <li className="py-2">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <label htmlFor={id} className="block min-w-0 break-words font-medium">
            {e.name}
            {/* The seeding list names its fields by the entrant too: this one says what it is. */}
            <span className="sr-only">, starting rating</span>
          </label>
          <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-400">
            <Badge tone="amber">Provisional</Badge>
            {detail}
          </span>
        </div>
        <input type="hidden" name={`was:${e.playerId}`} value={String(e.rating)} />
        <input
          id={id}
          name={`rating:${e.playerId}`}
          type="number"
          inputMode="numeric"
          required
          min={MIN_STARTING_RATING}
          max={MAX_STARTING_RATING}
          step={1}
          defaultValue={reply?.values[e.playerId] ?? String(e.rating)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`w-24 shrink-0 ${fieldSurfaceClass} px-3 py-2 text-base tabular-nums`}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className={`${errorClass} mt-1`}>
          {error}
        </p>
      ) : null}
    </li>
  );
}
