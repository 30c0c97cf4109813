// Leaving a tournament before the start (decisions 013–015), confirmed in a dialog
// that opens from a link (?confirm=leave), so it works without JavaScript;
// the page loads it only when it opens (decision 016).
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { pageActionPath } from "~/features/tournaments/domain/page-actions.ts";
import { usePageSubmitting } from "./page-action.ts";

/** Leaving, said plainly before the player confirms: what comes back and what does not. */
export function LeaveDialog({ slug, name, text }: { slug: string; name: string; text: string }) {
  const busy = usePageSubmitting();
  return (
    <ConfirmDialog
      open
      title={`Leave ${name}?`}
      description={<p data-testid="leave-terms">{text}</p>}
      confirmLabel="Leave tournament"
      cancelTo={`/tournament/${slug}`}
      action={pageActionPath(slug, "entry")}
      navigate={false}
      destructive
      busy={busy}
    >
      <input type="hidden" name="intent" value="leave" />
    </ConfirmDialog>
  );
}
