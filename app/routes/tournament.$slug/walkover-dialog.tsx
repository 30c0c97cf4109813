// The floor's no-show walkover, confirmed in a dialog that opens from the "Walkover to …" link
// (?confirm=walkover&match=…&winner=…), so it works without JavaScript; the page loads it only when it opens
// (decision 016). It names who gets the walkover and who did not turn up: that one is withdrawn (decision 021).
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import type { NoShowWalkover } from "~/features/floor/domain/queue-views.ts";
import { pageActionPath } from "~/features/tournaments/domain/page-actions.ts";
import { usePageSubmitting } from "./page-action.ts";

export function WalkoverDialog({ walkover: w, slug }: { walkover: NoShowWalkover; slug: string }) {
  const busy = usePageSubmitting();
  const back = `/tournament/${slug}?tab=floor`;
  return (
    <ConfirmDialog
      open
      title={`Walkover to ${w.winner.name}?`}
      description={
        <p data-testid="walkover-terms">
          {w.absent.name} has not turned up for {w.title} on {w.table}. {w.winner.name} gets the walkover, and{" "}
          {w.absent.name} is withdrawn for the night: their later matches become walkovers and they are never called
          again. This cannot be undone.
        </p>
      }
      confirmLabel={`Walkover to ${w.winner.name}`}
      cancelTo={`${back}#queue`}
      action={pageActionPath(slug, "results", true)}
      navigate={false}
      destructive
      busy={busy}
    >
      <input type="hidden" name="intent" value="record-result" />
      <input type="hidden" name="matchId" value={w.matchId} />
      <input type="hidden" name="winnerId" value={w.winner.id} />
      <input type="hidden" name="outcome" value="walkover" />
      <input type="hidden" name="noShow" value="true" />
    </ConfirmDialog>
  );
}
