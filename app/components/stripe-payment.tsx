// Stripe's Payment Element, for an entry's checkout and a balance top-up.
// Stripe.js is loaded only here, lazily; if it cannot load (offline,
// blocked) the payer sees why instead of a blank card.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useEffect, useState, type FormEvent } from "react";
import { CardError } from "./card-error.tsx";

let stripePromise: Promise<Stripe | null> | undefined;

/** What a card form pays: the intent's secret, where Stripe comes back to, the button's words. */
export type StripeIntent = { clientSecret: string; returnUrl: string; payLabel: string };

/** `failure`: the last card's, back from Stripe's return. */
export function StripePayment({
  failure,
  publishableKey,
  payment,
}: {
  failure: string | null;
  publishableKey: string | null;
  payment: StripeIntent | null;
}) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is Try again: each new attempt reloads Stripe
  useEffect(() => {
    if (!publishableKey) {
      setFailed(true);
      return;
    }
    let cancelled = false;
    setFailed(false);
    stripePromise ??= import("@stripe/stripe-js/pure").then(({ loadStripe }) => loadStripe(publishableKey));
    stripePromise
      .then((loaded) => {
        if (cancelled) return;
        if (loaded) setStripe(loaded);
        else setFailed(true);
      })
      .catch(() => {
        stripePromise = undefined;
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [publishableKey, attempt]);

  if (failed) {
    return (
      <div className="mt-4 space-y-3" role="alert">
        <p className="text-sm text-red-700 dark:text-red-400">
          The card form could not be loaded. Check your connection and try again.
        </p>
        <button type="button" className="btn-secondary w-full" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  }
  if (!stripe || !payment) {
    return <PreparingPayment />;
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret: payment.clientSecret }}>
      <StripeCardForm failure={failure} payment={payment} />
    </Elements>
  );
}

function StripeCardForm({ failure, payment }: { failure: string | null; payment: StripeIntent }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [failed, setFailed] = useState(failure);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setFailed(null);
    setProcessing(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: payment.returnUrl },
    });
    // Only reached when confirmation failed; success redirects to return_url. The Payment Element shows a field's
    // own mistake (an incomplete number) beside that field; any other failure (declined) stands just under it.
    if (error?.type !== "validation_error") setFailed(error?.message ?? "The payment could not be completed.");
    setProcessing(false);
  }

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4">
      <PaymentElement onReady={() => setReady(true)} />
      <CardError message={failed} />
      <button type="submit" className="btn-primary w-full" disabled={!ready || processing || !stripe}>
        {processing ? "Processing..." : payment.payLabel}
      </button>
    </form>
  );
}

/** While the payment form is on its way: a spinner that screen readers announce. */
export function PreparingPayment() {
  return (
    <p className="mt-4 flex items-center gap-3 text-slate-600 dark:text-slate-300" role="status">
      <span
        className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-baize-600"
        aria-hidden="true"
      />
      Preparing payment...
    </p>
  );
}
