import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useFetcher, useLoaderData } from "react-router";
import { useHydrated } from "~/components/hydrated.ts";
import { appContext } from "~/context.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { DomainError, isDomainError } from "~/domain/errors.ts";
import { known } from "~/db/batch.server.ts";
import { formatGBP, penceToDecimal } from "~/domain/pence.ts";
import { teamSize } from "~/features/entries/domain/teams.ts";
import { headlinePrice } from "~/features/money/domain/headline-price.ts";
import { headline } from "~/domain/tournaments.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { getPaymentsProvider, paymentsAreSimulated } from "~/features/money/server/payments/index.server.ts";
import { checkoutEntryQuery } from "~/features/entries/server/joining.server.ts";
import { join, payEntryFromBalance } from "~/features/entries/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { paymentQuery, verifyPayment } from "~/features/money/server/payment-confirmation.server.ts";
import { flashToast } from "~/web/session.server.ts";
import { tournamentBySlugQuery } from "~/features/tournaments/server/tournaments.server.ts";
import { HoldNotice, PayByCard, PayFromBalance, PaymentSummary } from "./sections.tsx";
import type { Route } from "./+types/route";

// Named for the tournament being paid for: a tab or a history entry says which night the payment was for.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Checkout: ${loaderData.tournament.name} — Break & Run` : "Checkout — Break & Run" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context);
  const { env, database } = context.get(appContext);
  if (params.slug.length > 120) throw data({ message: "Tournament not found" }, { status: 404 });
  const url = new URL(request.url);
  const returnedIntent = url.searchParams.get("redirect_status")
    ? url.searchParams.get("payment_intent")?.slice(0, 255)
    : undefined;
  const now = Date.now();
  // The user, the tournament, the player's entry (and a returned payment) in one round trip.
  const { user, tournament, entry, returned } = await claim.read({
    tournament: tournamentBySlugQuery(params.slug, now),
    entry: claim.userType === "player" ? checkoutEntryQuery(claim.id, { slug: params.slug }, now) : known(null),
    returned: returnedIntent ? paymentQuery(returnedIntent) : known(null),
  });
  if (!tournament) throw data({ message: "Tournament not found" }, { status: 404 });
  const tournamentPath = `/tournament/${tournament.slug}`;
  if (user.userType !== "player") throw redirect(tournamentPath);

  let failure: string | null = null;
  if (returnedIntent) {
    // The return from the provider: ask it, never trust the URL.
    try {
      const result = await perform(context.get(appContext), claim, verifyPayment, {
        provider: await getPaymentsProvider(env, database),
        playerId: user.id,
        found: returned,
      });
      if (result.success && result.paid) throw redirect(`${tournamentPath}?payment=success`);
      if (result.success) {
        throw redirectWithCookies(tournamentPath, [
          await flashToast(env, {
            type: "error",
            title: result.outcome === "refunded" ? "Payment refunded" : "Added to your balance",
            description: result.message,
          }),
        ]);
      }
      failure = result.message;
    } catch (error) {
      if (error instanceof Response) throw error;
      console.error("verify-payment failed", error);
      throw redirect(tournamentPath);
    }
  }

  if (entry?.kind === "paid") throw redirect(tournamentPath);

  let payment: { intentId: string; clientSecret: string } | null = null;
  if (entry?.kind === "held" && entry.paymentIntentId) {
    const provider = await getPaymentsProvider(env, database);
    const intent = await provider.retrieveIntent(entry.paymentIntentId);
    if (intent && intent.status !== "succeeded" && intent.status !== "canceled") {
      payment = { intentId: intent.id, clientSecret: intent.clientSecret };
    }
  }
  // A team's captain pays for the whole team (decision 011).
  const { totalPence } = headlinePrice(tournament);
  const size = teamSize(tournament.matchType);
  // A team event's place is held by naming the team on the tournament page: nothing to reserve here without one.
  if (size > 1 && entry?.kind !== "held" && !returnedIntent) throw redirect(tournamentPath);
  return {
    tournament: { ...headline(tournament), totalPence, teamSize: size },
    mode: paymentsAreSimulated(env) ? ("simulated" as const) : ("stripe" as const),
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    payment,
    holdExpiresAt: entry?.kind === "held" ? entry.holdExpiresAt : null,
    /** The place was held and the hold ran out: say so rather than quietly holding a new one. */
    holdExpired: entry?.kind === "expired",
    now,
    balancePence: user.balancePence,
    canPayFromBalance: user.balancePence >= totalPence,
    /** A card that did not go through, back from the provider (or the simulated form without JavaScript). */
    failure: failure ? { id: `failed-${returnedIntent}`, message: failure } : null,
    origin: env.APP_URL,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const claim = await signedIn(request, context);
  const app = context.get(appContext);
  const { env, database } = app;
  const form = await request.formData();
  const intent = form.get("intent");
  if (params.slug.length > 120) throw data({ message: "Tournament not found" }, { status: 404 });
  const provider = intent === "balance" ? null : await getPaymentsProvider(env, database);
  const tournament = { slug: params.slug };
  const tournamentPath = `/tournament/${params.slug}`;
  try {
    if (claim.userType !== "player") {
      await claim.read(); // a session that is over signs in again first
      throw new DomainError(403, "Only players can join tournaments");
    }
    // Each asserts the session in its own batches.
    if (!provider) {
      const seen = form.get("pence");
      const expectedPence = typeof seen === "string" && /^\d{1,9}$/.test(seen) ? Number(seen) : undefined;
      const paid = await perform(app, claim, payEntryFromBalance, { playerId: claim.id, tournament, expectedPence });
      return redirectWithCookies(tournamentPath, [
        await flashToast(env, {
          type: "success",
          title: "You're registered!",
          description: `Paid ${formatGBP(paid.amountPence)} from your balance.`,
        }),
      ]);
    }
    // A team event's join form names the team and the teammates: each an e-mail, with an optional name beside it.
    const teamName = form.get("teamName");
    const names = form.getAll("teammateNames");
    const teammates = form.getAll("teammates").map((email, i) => ({ email, name: names[i] }));
    const team = teamName === null ? undefined : { teamName, teammates };
    const result = await perform(app, claim, join, { provider, playerId: claim.id, tournament, team });
    if ("paid" in result && result.paid) {
      return redirectWithCookies(tournamentPath, [
        await flashToast(env, {
          type: "success",
          title: "You're registered!",
          description: "This tournament is free to enter.",
        }),
      ]);
    }
    return redirect(`${tournamentPath}/checkout`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.status === 404) throw data({ message: "Tournament not found" }, { status: 404 });
    return redirectWithCookies(tournamentPath, [
      await flashToast(env, { type: "error", title: "Could not join", description: error.message }),
    ]);
  }
}

export default function Checkout() {
  const {
    tournament: t,
    payment,
    mode,
    failure,
    canPayFromBalance,
    balancePence,
    holdExpiresAt,
    holdExpired,
    now,
    publishableKey,
    origin,
  } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const payLabel = `Pay £${penceToDecimal(t.totalPence)} & Join Tournament`;
  const join = useFetcher();
  const started = useRef(false);
  const remaining = useHoldRemaining(holdExpiresAt, now);
  // The hold ran out: on the server's word, or while the page was open.
  const expired = holdExpired || (remaining !== null && remaining <= 0);
  // With JavaScript, reserving the place starts by itself — but not again once a hold has run out.
  useEffect(() => {
    if (!payment && !holdExpired && !started.current) {
      started.current = true;
      join.submit({ intent: "join" }, { method: "post" });
    }
  }, [payment, holdExpired, join]);

  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-8">
      <div className="flex items-center gap-2">
        <Link
          to={`/tournament/${t.slug}`}
          className="btn-ghost -ml-2 shrink-0 px-2 whitespace-nowrap"
          aria-label="Back to the tournament"
        >
          ← Back
        </Link>
        <div>
          <p aria-hidden="true" className="text-sm font-semibold text-slate-600 dark:text-slate-400">
            Checkout
          </p>
          <h1 className="text-2xl font-bold tracking-tight">
            <span className="sr-only">Checkout: </span>
            {t.name}
          </h1>
        </div>
      </div>

      {holdExpiresAt !== null && !expired ? (
        <HoldNotice until={holdExpiresAt} remaining={hydrated ? remaining : null} />
      ) : null}

      <section className="card mt-6">
        <h2 className="text-lg font-semibold">Join {t.venue}</h2>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          {formatDate(t.date)} · {t.time}
        </p>
      </section>

      <PaymentSummary tournament={t} />

      {/* When the balance covers the entry, paying from it is the quick way: it comes first. */}
      {canPayFromBalance ? <PayFromBalance balancePence={balancePence} totalPence={t.totalPence} /> : null}

      <PayByCard
        heading={canPayFromBalance ? "Or pay by card" : "Pay by card"}
        failure={failure}
        expired={expired}
        hydrated={hydrated}
        card={
          payment
            ? {
                mode,
                payment,
                returnPath: `/tournament/${t.slug}/checkout`,
                origin,
                payLabel,
                failure,
                publishableKey,
              }
            : null
        }
      />

      <p className="mt-6 text-center text-xs text-slate-600 dark:text-slate-400">
        {mode === "simulated"
          ? "Payments are securely processed by the payment provider and card details are never stored. " +
            "Test mode: payments are simulated and no real money moves."
          : "Payments are securely processed by Stripe. Your card details are never stored by Break & Run."}
      </p>
    </main>
  );
}

/**
 * Milliseconds left of the hold, counted on this device from the server's
 * figure (so a wrong clock on the phone does not matter); null without a hold.
 */
function useHoldRemaining(holdExpiresAt: number | null, serverNow: number): number | null {
  const [remaining, setRemaining] = useState(holdExpiresAt === null ? null : holdExpiresAt - serverNow);
  useEffect(() => {
    if (holdExpiresAt === null) {
      setRemaining(null);
      return;
    }
    const loadedAt = Date.now();
    const left = () => holdExpiresAt - serverNow - (Date.now() - loadedAt);
    setRemaining(left());
    const timer = setInterval(() => {
      const next = left();
      setRemaining(next);
      if (next <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [holdExpiresAt, serverNow]);
  return remaining;
}
