// The checkout's parts: the hold's countdown, what the entry costs, paying from the balance, and paying by card.
import type { ComponentProps } from "react";
import { Form } from "react-router";
import { CardError } from "~/components/card-error.tsx";
import { CardPayment } from "~/components/card-payment.tsx";
import { LocalDateTime } from "~/components/local-date-time.tsx";
import { PreparingPayment } from "~/components/stripe-payment.tsx";
import { totalRowClass } from "~/components/styles.ts";
import { formatGBP, penceToDecimal } from "~/domain/pence.ts";
import { HOLD_EXPIRED, holdCountdown } from "~/features/entries/domain/holds.ts";

const noticeClass =
  "rounded-lg border border-baize-200 bg-baize-50 px-3 py-2 text-sm font-medium text-baize-900 " +
  "dark:border-baize-800 dark:bg-baize-950 dark:text-baize-100";

/** How long the place is held: until when, and (with JavaScript) the time left. */
export function HoldNotice({ until, remaining }: { until: number; remaining: number | null }) {
  return (
    <p className={`mt-4 ${noticeClass}`} data-testid="hold">
      Your place is held until <LocalDateTime instant={until} timeOnly />
      {remaining !== null ? (
        <>
          {" "}
          · <span role="timer">{holdCountdown(remaining)} left</span>
        </>
      ) : null}
    </p>
  );
}

/** The total first, then the entry fee and the site fee it is made of (each times the team's size). */
export function PaymentSummary({
  tournament: t,
}: {
  tournament: { entryFeePence: number; siteFeePence: number; teamSize: number; totalPence: number };
}) {
  return (
    <section className="card mt-4" aria-labelledby="summary-title">
      <h2 id="summary-title" className="text-lg font-semibold">
        Payment Summary
      </h2>
      <dl className="mt-3 space-y-1.5 text-sm">
        <div className={totalRowClass}>
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="checkout-total">
            £{penceToDecimal(t.totalPence)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>Entry Fee{t.teamSize > 1 ? ` × ${t.teamSize} players` : ""}</dt>
          <dd className="tabular-nums">£{penceToDecimal(t.entryFeePence * t.teamSize)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Site Fee{t.teamSize > 1 ? ` × ${t.teamSize} players` : ""}</dt>
          <dd className="tabular-nums">£{penceToDecimal(t.siteFeePence * t.teamSize)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Paying the whole entry from the balance, at the price shown. */
export function PayFromBalance({ balancePence, totalPence }: { balancePence: number; totalPence: number }) {
  return (
    <section className="card mt-4" aria-labelledby="balance-title">
      <h2 id="balance-title" className="text-lg font-semibold">
        Pay from your balance
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">You have {formatGBP(balancePence)} available.</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="balance" />
        {/* The price the player agreed to: a fee changed since this page was read is refused, not charged. */}
        <input type="hidden" name="pence" value={totalPence} />
        <button type="submit" className="btn-primary w-full">
          Pay {formatGBP(totalPence)} from balance
        </button>
      </Form>
    </section>
  );
}

/**
 * Paying by card: the card form once the place is held, a moment's wait while it is (or, without JavaScript, the
 * button that holds it), or the hold run out; a declined card's message.
 */
export function PayByCard({
  heading,
  failure,
  expired,
  hydrated,
  card,
}: {
  heading: string;
  failure: { id: string; message: string } | null;
  expired: boolean;
  hydrated: boolean;
  /** The card form's payment and settings, once the place is held. */
  card: ComponentProps<typeof CardPayment> | null;
}) {
  return (
    <section className="card mt-4" aria-labelledby="pay-title">
      <h2 id="pay-title" className="text-lg font-semibold">
        {heading}
      </h2>
      {/* A declined card's message stands under the card field (card-error.tsx); with no card form, here. */}
      {failure && (expired || !card) ? (
        <div className="mt-4">
          <CardError message={failure.message} />
        </div>
      ) : null}
      {expired ? (
        <HoldExpired />
      ) : card ? (
        <CardPayment {...card} />
      ) : hydrated ? (
        <PreparingPayment />
      ) : (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="join" />
          <button type="submit" className="btn-primary w-full">
            Continue to payment
          </button>
        </Form>
      )}
    </section>
  );
}

/** The hold ran out: nothing is kept, so joining again is a choice the player makes. */
function HoldExpired() {
  return (
    <div className="mt-4 space-y-3">
      <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
        {HOLD_EXPIRED}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="join" />
        <button type="submit" className="btn-primary w-full">
          Join again
        </button>
      </Form>
    </div>
  );
}
