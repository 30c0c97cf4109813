// Withdrawing an entry during play (decision 021): the director's list of entries with a Withdraw beside each one
// still in, and the confirmation dialog it opens (?confirm=withdraw&entry=…), so it all works without JavaScript.
import { Link } from "react-router";
import { Badge } from "~/components/badges.tsx";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { noteClass as note } from "~/components/styles.ts";

type Entries = { teamEvent: boolean; rows: { registrationId: string; name: string; withdrawn: boolean }[] };

export function EntriesCard({ entries, slug }: { entries: Entries; slug: string }) {
  const noun = entries.teamEvent ? "Teams" : "Players";
  return (
    <section className="card space-y-3" aria-labelledby="entries-title" id="entries">
      <h2 id="entries-title" className="text-lg font-semibold">
        {noun}
      </h2>
      <p className={note}>
        {entries.teamEvent ? "A team" : "Someone"} has to leave? Withdraw {entries.teamEvent ? "it" : "them"}: their
        remaining matches become walkovers.
      </p>
      <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label={`${noun} in play`}>
        {entries.rows.map((e) => (
          <li key={e.registrationId} className="flex min-h-11 items-center justify-between gap-2 py-1">
            <span className={e.withdrawn ? "text-slate-500 dark:text-slate-400" : undefined}>{e.name}</span>
            {e.withdrawn ? (
              <Badge tone="slate">Withdrawn</Badge>
            ) : (
              <Link
                to={`/tournament/${slug}?tab=bracket&confirm=withdraw&entry=${encodeURIComponent(e.registrationId)}`}
                preventScrollReset
                className="btn-ghost min-h-9 px-2 py-1 text-xs"
                aria-label={`Withdraw ${e.name}`}
              >
                Withdraw
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the director is told before confirming: the remaining matches are walkovers, nothing is refunded. */
function withdrawText(name: string, teamEvent: boolean): string {
  return (
    `${name} had to leave? Their remaining matches become walkovers to ` +
    `${teamEvent ? "the other teams" : "their opponents"} ` +
    "as they come up, and never reach a table. Places already won stand. Nothing is refunded."
  );
}

/** "Withdraw Sam?": what happens, said before the director confirms. */
export function WithdrawDialog({
  entry,
  teamEvent,
  slug,
}: {
  entry: { registrationId: string; name: string };
  teamEvent: boolean;
  slug: string;
}) {
  const busy = useIsSubmitting();
  return (
    <ConfirmDialog
      open
      title={`Withdraw ${entry.name}?`}
      description={<p>{withdrawText(entry.name, teamEvent)}</p>}
      confirmLabel={`Withdraw ${entry.name}`}
      cancelTo={`/tournament/${slug}?tab=bracket#entries`}
      destructive
      busy={busy}
    >
      <input type="hidden" name="intent" value="withdraw-entry" />
      <input type="hidden" name="registrationId" value={entry.registrationId} />
    </ConfirmDialog>
  );
}
