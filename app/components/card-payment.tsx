// Paying by card, the same on the checkout and the top-up page: the simulated provider's card form (a plain form
// post, locally and in tests) or Stripe's Payment Element, each coming back to `returnPath` with the provider's
// answer; a declined card's message stands under the card field.
import { SimulatedCardForm } from "./simulated-card-form.tsx";
import { StripePayment } from "./stripe-payment.tsx";

type PaymentsMode = "simulated" | "stripe";

export function CardPayment({
  mode,
  payment,
  returnPath,
  origin,
  payLabel,
  failure,
  publishableKey,
}: {
  mode: PaymentsMode;
  /** The payment intent the card pays. */
  payment: { intentId: string; clientSecret: string };
  /** The page of ours the provider sends the payer back to. */
  returnPath: string;
  /** This site's origin: Stripe needs the whole address. */
  origin: string;
  payLabel: string;
  /** The last card's failure, back from the provider; a new one (a new id) draws a fresh form. */
  failure: { id: string; message: string } | null;
  publishableKey: string | null;
}) {
  return mode === "simulated" ? (
    <SimulatedCardForm
      key={failure?.id}
      intentId={payment.intentId}
      returnTo={returnPath}
      payLabel={payLabel}
      failure={failure?.message ?? null}
    />
  ) : (
    <StripePayment
      key={failure?.id}
      failure={failure?.message ?? null}
      publishableKey={publishableKey}
      payment={{ clientSecret: payment.clientSecret, returnUrl: `${origin}${returnPath}`, payLabel }}
    />
  );
}
