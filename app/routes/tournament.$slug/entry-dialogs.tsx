// The dialogs about one entry, opened by the address so they work without JavaScript: taking a cash entry out
// before the start (?confirm=remove-walk-in&entry=…), and withdrawing an entry during play (?confirm=withdraw, the
// list; ?confirm=withdraw&entry=…, the confirmation). Loaded only when one opens (decision 016).
import { Link } from "react-router";
import { ConfirmDialog, ModalDialog } from "~/components/confirm-dialog.tsx";
import { pageActionPath } from "~/features/tournaments/domain/page-actions.ts";
import { usePageSubmitting } from "./page-action.ts";

/** Taking a cash entry out before the start: the director hands the cash back; nothing in the ledger. */
export function RemoveWalkInDialog({ walkIn, slug }: { walkIn: { entryId: string; name: string }; slug: string }) {
  const busy = usePageSubmitting();
  return (
    <ConfirmDialog
      open
      title={`Remove ${walkIn.name}?`}
      description="They paid at the bar: hand their cash back. Nothing is written to anyone's balance."
      confirmLabel="Remove entry"
      cancelTo={`/tournament/${slug}#walk-ins`}
      action={pageActionPath(slug, "entries")}
      navigate={false}
      destructive
      busy={busy}
    >
      <input type="hidden" name="intent" value="remove-walk-in" />
      <input type="hidden" name="entryId" value={walkIn.entryId} />
    </ConfirmDialog>
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
  const busy = usePageSubmitting();
  return (
    <ConfirmDialog
      open
      title={`Withdraw ${entry.name}?`}
      description={<p>{withdrawText(entry.name, teamEvent)}</p>}
      confirmLabel={`Withdraw ${entry.name}`}
      cancelTo={`/tournament/${slug}?tab=floor&confirm=withdraw`}
      // Back to the floor, the director's screen during play.
      action={pageActionPath(slug, "entries", true)}
      navigate={false}
      destructive
      busy={busy}
    >
      <input type="hidden" name="intent" value="withdraw-entry" />
      <input type="hidden" name="registrationId" value={entry.registrationId} />
    </ConfirmDialog>
  );
}

type Entries = { teamEvent: boolean; rows: { registrationId: string; name: string }[] };

/**
 * "Withdraw a player" (?confirm=withdraw, opened from the director's card during play): the entries still in the
 * event — not withdrawn, not knocked out — each with Withdraw, leading to its confirmation.
 */
export function WithdrawListDialog({ entries, slug }: { entries: Entries; slug: string }) {
  const noun = entries.teamEvent ? "team" : "player";
  const back = `/tournament/${slug}?tab=floor`;
  const who = entries.teamEvent ? "A team" : "Someone";
  return (
    <ModalDialog
      title={`Withdraw a ${noun}`}
      description={`${who} has to leave? Their remaining matches become walkovers.`}
      cancelTo={back}
    >
      {entries.rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Nobody is left to withdraw.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label={`${noun}s in play`}>
          {entries.rows.map((e) => (
            <li key={e.registrationId} className="flex min-h-11 items-center justify-between gap-2 py-1">
              <span className="min-w-0 break-words">{e.name}</span>
              <Link
                to={`${back}&confirm=withdraw&entry=${encodeURIComponent(e.registrationId)}`}
                replace
                preventScrollReset
                className="btn-ghost min-h-9 shrink-0 px-2 py-1 text-xs"
                aria-label={`Withdraw ${e.name}`}
              >
                Withdraw
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex justify-end">
        <Link to={back} replace preventScrollReset className="btn-secondary">
          Close
        </Link>
      </div>
    </ModalDialog>
  );
}
