// Before the break-off (issue 19): the player's check-in, leaving (with its
// confirmation) and the reserve list; the director's view of who is in, the
// reserve list and the venue's check-in QR code. Plain forms and URL-driven
// dialogs: all of it works without JavaScript.
import { Form, Link } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { LocalDateTime } from "~/components/local-date-time.tsx";
import { checkedInText, reservePositionText } from "~/domain/floor.ts";

type Me = { entered: boolean; checkedIn: boolean; reservePosition: number | null; captain: boolean };

const note = "text-sm text-slate-600 dark:text-slate-300";

/** The player's part of the entry card while the tournament is open. */
export function PlayerFloor({
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
          <Form method="post" action={`/tournament/${slug}`}>
            <input type="hidden" name="intent" value="check-in" />
            <button type="submit" className="btn-primary w-full">
              I'm here — check in
            </button>
          </Form>
        )}
        {me.captain ? (
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
        <Form method="post" action={`/tournament/${slug}`}>
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
    <Form method="post" action={`/tournament/${slug}`} className="mt-3 space-y-2">
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

/** Leaving, said plainly before the player confirms: what comes back and what does not. */
export function LeaveDialog({ open, slug, name, text }: { open: boolean; slug: string; name: string; text: string }) {
  const busy = useIsSubmitting();
  return (
    <ConfirmDialog
      open={open}
      title={`Leave ${name}?`}
      description={<p data-testid="leave-terms">{text}</p>}
      confirmLabel="Leave tournament"
      cancelTo={`/tournament/${slug}`}
      action={`/tournament/${slug}`}
      destructive
      busy={busy}
    >
      <input type="hidden" name="intent" value="leave" />
    </ConfirmDialog>
  );
}

type Floor = {
  entries: { registrationId: string; name: string; checkedInAt: number | null }[];
  absent: number;
  reserves: {
    id: string;
    name: string;
    state: "waiting" | "offered";
    position: number | null;
    offerExpiresAt: number | null;
  }[];
};

/** The director's floor before the start: who is in, the reserve list, the venue's QR code. */
export function FloorCard({ floor, slug, name }: { floor: Floor; slug: string; name: string }) {
  const present = floor.entries.length - floor.absent;
  return (
    <section className="card space-y-4" aria-labelledby="floor-title">
      <h2 id="floor-title" className="text-lg font-semibold">
        Check-in
      </h2>
      <p className="text-sm font-medium" data-testid="checked-in-count">
        {checkedInText(present, floor.entries.length)}
      </p>
      {floor.entries.length > 0 ? (
        <ul className="space-y-1 text-sm" aria-label="Who is in">
          {floor.entries.map((e) => (
            <li key={e.registrationId} className="flex justify-between gap-2">
              <span>{e.name}</span>
              {e.checkedInAt !== null ? (
                <span className="font-semibold text-baize-800 dark:text-baize-300">✓ Here</span>
              ) : (
                <span className="text-slate-500 dark:text-slate-400">Not yet</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={note}>No paid entries yet.</p>
      )}
      <div>
        <h3 className="text-base font-semibold">Reserve list</h3>
        {floor.reserves.length === 0 ? (
          <p className={`${note} mt-1`}>Nobody is waiting.</p>
        ) : (
          <ol className="mt-1 space-y-1 text-sm" data-testid="reserve-list">
            {floor.reserves.map((r) => (
              <li key={r.id} className="flex justify-between gap-2">
                <span>
                  {r.position !== null ? `${r.position}. ` : ""}
                  {r.name}
                </span>
                {r.state === "offered" && r.offerExpiresAt !== null ? (
                  <span className="text-amber-800 dark:text-amber-300">
                    Offered a place, until <LocalDateTime instant={r.offerExpiresAt} />
                  </span>
                ) : (
                  <span className="text-slate-500 dark:text-slate-400">Waiting</span>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div>
        <h3 className="text-base font-semibold">Venue QR code</h3>
        <p className={`${note} mt-1`}>Print it or show it on a screen: players scan it to check in.</p>
        <img
          src={`/tournament/${slug}/check-in.svg`}
          alt={`QR code: check in to ${name}`}
          width={160}
          height={160}
          loading="lazy"
          className="mt-2 rounded-md bg-white p-1"
        />
        <a
          href={`/tournament/${slug}/check-in.svg`}
          className={
            "mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-baize-700 hover:underline " +
            "dark:text-baize-300"
          }
        >
          Open the QR code to print
        </a>
      </div>
    </section>
  );
}
