// Topping up a balance by card (DESIGN §10): a director whose balance can't
// cover what a finalize settles adds to it here, with the same provider and
// card form as an entry's checkout, and goes back to where they came from
// (the Finalize dialog). Works without JavaScript: the amount is a plain form,
// the test card form posts to the provider and comes back here.
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { CardError } from "~/components/card-error.tsx";
import { CardPayment } from "~/components/card-payment.tsx";
import { inputClass } from "~/components/styles.ts";
import { appContext } from "~/context.server.ts";
import { known } from "~/db/batch.server.ts";
import { dashboardPath } from "~/domain/accounts.ts";
import { isDomainError } from "~/domain/errors.ts";
import { formatGBP, parsePence, penceToDecimal } from "~/domain/pence.ts";
import { signedIn } from "~/web/access.server.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { getPaymentsProvider, paymentsAreSimulated } from "~/features/money/server/payments/index.server.ts";
import { flashToast } from "~/web/session.server.ts";
import { startTopUp, verifyTopUp } from "~/features/money/server/use-cases.server.ts";
import { topUpQuery } from "~/features/money/server/top-ups.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { safeRedirectPath } from "~/utils/redirect.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Top up your balance — Break & Run" }];

/** This page's address, with where to go back to and (once started) the top-up's intent. */
const pageUrl = (back: string, intent?: string) =>
  `/balance/top-up?${new URLSearchParams({ return: back, ...(intent ? { intent } : {}) })}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context);
  const app = context.get(appContext);
  const { env, database } = app;
  const url = new URL(request.url);
  const back = safeRedirectPath(url.searchParams.get("return"), dashboardPath(claim.userType));
  // Back from the provider (a redirect_status), or a top-up started here (intent).
  const returned = url.searchParams.get("redirect_status") ? url.searchParams.get("payment_intent") : null;
  const intentId = (returned ?? url.searchParams.get("intent"))?.slice(0, 255) ?? null;
  const { user, record } = await claim.read({ record: intentId ? topUpQuery(intentId) : known(null) });
  const mine = record && record.topUpUserType === claim.userType && record.topUpUserId === claim.id ? record : null;

  let failure: string | null = null;
  if (returned && mine) {
    // Ask the provider, never the URL.
    try {
      const verified = await perform(app, claim, verifyTopUp, {
        provider: await getPaymentsProvider(env, database),
        userType: claim.userType,
        userId: claim.id,
        record: mine,
      });
      if (verified.success) {
        throw redirectWithCookies(back, [
          await flashToast(env, { type: "success", title: "Balance topped up", description: verified.message }),
        ]);
      }
      failure = verified.message;
    } catch (error) {
      if (error instanceof Response || !isDomainError(error)) throw error;
      failure = error.message;
    }
  }
  const suggested = parsePence(url.searchParams.get("amount") ?? "");
  return {
    back,
    balancePence: user.balancePence,
    amount: suggested !== null && suggested > 0 ? penceToDecimal(suggested) : "",
    mode: paymentsAreSimulated(env) ? ("simulated" as const) : ("stripe" as const),
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    // A top-up still to pay: its card form.
    payment:
      mine && !mine.outcome && mine.status !== "succeeded" && mine.status !== "canceled"
        ? { intentId: mine.id, clientSecret: mine.clientSecret, amountPence: mine.amountPence }
        : null,
    failure: failure ? { id: `failed-${intentId}`, message: failure } : null,
    origin: env.APP_URL,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const claim = await signedIn(request, context);
  const app = context.get(appContext);
  const { env, database } = app;
  const form = await request.formData();
  const back = safeRedirectPath(form.get("return"), dashboardPath(claim.userType));
  const amount = String(form.get("amount") ?? "").slice(0, 20);
  try {
    const started = await perform(app, claim, startTopUp, {
      provider: await getPaymentsProvider(env, database),
      userType: claim.userType,
      userId: claim.id,
      amountPence: parsePence(amount) ?? -1,
    });
    throw redirect(pageUrl(back, started.paymentIntentId));
  } catch (error) {
    if (error instanceof Response || !isDomainError(error)) throw error;
    return data({ message: error.message, amount }, { status: error.status });
  }
}

export default function TopUp({ actionData }: Route.ComponentProps) {
  const { back, balancePence, amount, mode, publishableKey, payment, failure, origin } = useLoaderData<typeof loader>();
  const refused = actionData ?? null;
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-8">
      <div className="flex items-center gap-2">
        <Link to={back} className="btn-ghost -ml-2 px-2" aria-label="Back">
          ← Back
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Top up your balance</h1>
      </div>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Your balance is <strong data-testid="balance">{formatGBP(balancePence)}</strong>.
      </p>

      <section className="card mt-6" aria-labelledby="top-up-title">
        <h2 id="top-up-title" className="text-lg font-semibold">
          {payment ? `Pay ${formatGBP(payment.amountPence)} by card` : "How much to add"}
        </h2>
        {payment ? (
          <CardPayment
            mode={mode}
            payment={payment}
            returnPath={pageUrl(back)}
            origin={origin}
            payLabel={`Pay ${formatGBP(payment.amountPence)} & top up`}
            failure={failure}
            publishableKey={publishableKey}
          />
        ) : (
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="return" value={back} />
            {failure ? <CardError message={failure.message} /> : null}
            <div className="space-y-1.5">
              <label htmlFor="amount" className="block text-sm font-medium">
                Amount (£)
              </label>
              <input
                id="amount"
                name="amount"
                inputMode="decimal"
                required
                maxLength={12}
                defaultValue={refused?.amount ?? amount}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? "amount-error" : undefined}
                className={inputClass}
              />
              {refused ? (
                <p id="amount-error" role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                  {refused.message}
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn-primary w-full">
              Continue to payment
            </button>
          </Form>
        )}
      </section>
      <p className="mt-6 text-center text-xs text-slate-600 dark:text-slate-400">
        {mode === "simulated"
          ? "Test mode: payments are simulated and no real money moves."
          : "Payments are securely processed by Stripe. Your card details are never stored by Break & Run."}
      </p>
    </main>
  );
}
