// Before the break-off (decisions 013–015), the player's part: check-in, leaving (its
// confirmation is leave-dialog.tsx) and their place on the reserve list (the
// director's card is check-in-card.tsx). Plain forms and URL-driven dialogs: all
// of it works without JavaScript.
import { Form, Link } from "react-router";
import { noteClass as note } from "~/components/styles.ts";
import { reservePositionText } from "~/features/entries/domain/check-in.ts";
import { pageActionPath } from "~/features/tournaments/domain/page-actions.ts";

type Me = {
  entered: boolean;
  checkedIn: boolean;
  reservePosition: number | null;
  captain: boolean;
  paidAtBar: boolean;
};

/** The player's part of the entry card while the tournament is open. */
export function PlayerCheckIn({
  me,
  slug,
  full,
  checkin,
  signedOut,
}: {
  me: Me | null;
  slug: string;
  /** No place to take: the reserve list is offered. */
  full: boolean;
  /** Arrived by the venue's QR code (?checkin): the check-in comes first. */
  checkin: boolean;
  signedOut: boolean;
}) {
  if (signedOut) {
    return checkin ? (
      <Link
        to={`/login?${new URLSearchParams({ redirectTo: `/tournament/${slug}?checkin=1` })}`}
        className="btn-primary mt-3 w-full"
      >
        Sign in to check in
      </Link>
    ) : null;
  }
  if (!me) return null;
  if (me.entered) {
    return (
      <div className="mt-3 space-y-3" data-testid="check-in">
        {me.checkedIn ? (
          <p className="text-sm font-semibold text-baize-800 dark:text-baize-300">✓ You're checked in.</p>
        ) : (
          <Form method="post" navigate={false} action={pageActionPath(slug, "entry")}>
            <input type="hidden" name="intent" value="check-in" />
            <button type="submit" className="btn-primary w-full">
              I'm here — check in
            </button>
          </Form>
        )}
        {me.paidAtBar ? (
          <p className={note}>You paid at the bar: to leave, ask the director for your entry fee back.</p>
        ) : me.captain ? (
          <Link to={`/tournament/${slug}?confirm=leave`} preventScrollReset className="btn-ghost w-full text-sm">
            Leave tournament
          </Link>
        ) : null}
      </div>
    );
  }
  if (checkin && !full && me.reservePosition === null) {
    return <p className={`${note} mt-3`}>You're not entered in this tournament, so there is nothing to check in.</p>;
  }
  if (me.reservePosition !== null) {
    return (
      <div className="mt-3 space-y-2" data-testid="reserve-position">
        <p className="text-sm font-medium">{reservePositionText(me.reservePosition)}</p>
        <Form method="post" navigate={false} action={pageActionPath(slug, "entry")}>
          <input type="hidden" name="intent" value="leave" />
          <button type="submit" className="btn-ghost w-full text-sm">
            Leave the reserve list
          </button>
        </Form>
      </div>
    );
  }
  if (!full) return null;
  return (
    <Form method="post" navigate={false} action={pageActionPath(slug, "entry")} className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="reserve" />
      <p className={note}>
        Join the reserve list: nothing is charged. If a place frees, you get an e-mail and 15 minutes to pay.
      </p>
      <button type="submit" className="btn-secondary w-full">
        Join the reserve list
      </button>
    </Form>
  );
}
