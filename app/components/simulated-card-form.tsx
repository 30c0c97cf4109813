// The simulated provider's test card form (DESIGN §4), for an entry's checkout and a balance top-up: a plain form
// to the confirm endpoint without JavaScript (it comes back to `returnTo`), a fetch with it. A declined card's
// message stands under the field, above Pay.
import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { CARD_ERROR_ID, CardError } from "./card-error.tsx";
import { inputClass } from "./styles.ts";

export function SimulatedCardForm({
  intentId,
  returnTo,
  payLabel,
  failure,
}: {
  intentId: string;
  /** Where the provider's answer comes back to (a path of ours). */
  returnTo: string;
  payLabel: string;
  /** The last card's failure, back from the provider's return (without JavaScript). */
  failure: string | null;
}) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState(failure);
  const cardField = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  // The card that failed is the thing to change: the message stands just under its field, and a focus that Pay took
  // with it while disabled goes back to the field.
  const fail = (message: string) => {
    setError(message);
    if (!document.activeElement || document.activeElement === document.body) cardField.current?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const cardNumber = String(new FormData(event.currentTarget).get("cardNumber") ?? "");
    setError(null);
    setProcessing(true);
    try {
      const response = await fetch(`/api/dev/payments/${intentId}/confirm`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ cardNumber }),
      });
      const body = (await response.json()) as { status?: string; message?: string; returnUrl?: string };
      if (response.ok && body.status === "succeeded") {
        const outcome = new URLSearchParams({ payment_intent: intentId, redirect_status: "succeeded" });
        navigate(`${returnTo}${returnTo.includes("?") ? "&" : "?"}${outcome}`, {
          replace: true,
        });
        return;
      }
      fail(body.message ?? "The payment could not be completed.");
    } catch {
      fail("Could not reach the payment service. Check your connection.");
    }
    setProcessing(false);
  }

  return (
    <form method="post" action={`/api/dev/payments/${intentId}/confirm`} onSubmit={onSubmit} className="mt-4 space-y-4">
      <p
        className={
          "rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 " +
          "dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        }
      >
        TEST MODE — use card 4242 4242 4242 4242 (4000 0000 0000 0002 is declined)
      </p>
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="space-y-1.5">
        <label htmlFor="cardNumber" className="block text-sm font-medium">
          Card number
        </label>
        <input
          ref={cardField}
          id="cardNumber"
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          maxLength={23}
          placeholder="4242 4242 4242 4242"
          aria-invalid={error ? true : undefined}
          aria-describedby={CARD_ERROR_ID}
          className={`${inputClass} font-mono`}
        />
      </div>
      <CardError message={error} />
      <button type="submit" className="btn-primary w-full" disabled={processing}>
        {processing ? "Processing..." : payLabel}
      </button>
    </form>
  );
}
