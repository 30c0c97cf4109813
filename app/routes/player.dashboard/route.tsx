import { Form, Link, useActionData, useLoaderData } from "react-router";
import { AppShell, playerNav } from "~/components/app-shell.tsx";
import { ActionToast } from "~/components/form.tsx";
import { SignedInDevices, SignOutOthersDialog } from "~/components/signed-in-devices.tsx";
import { BalanceCard, StatsError, TransactionsList, WithdrawDialog } from "~/components/money-panels.tsx";
import { formatDate } from "~/domain/dates.ts";
import { formatGBP } from "~/domain/money.ts";
import { LIST_FORMAT_LABEL } from "~/domain/tournaments.ts";
import { winRate } from "~/domain/withdrawals.ts";
import { playerStatsQuery, recentTransactionsQuery } from "~/services/dashboard.server.ts";
import { signedIn } from "~/services/access.server.ts";
import { browseForPlayerQuery, matchesSearch } from "~/services/tournaments.server.ts";
import { dashboardAction } from "~/services/dashboard-form.server.ts";
import { signedInDevicesQuery } from "~/services/sessions.server.ts";
import { Stat } from "../td.dashboard/route.tsx";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "player");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  // The whole page in one round trip, the session's check first.
  const { user, browse, transactions, stats, devices } = await claim.read({
    browse: browseForPlayerQuery(claim.id),
    transactions: recentTransactionsQuery("player", claim.id),
    stats: playerStatsQuery(claim.id),
    devices: signedInDevicesQuery(claim.session, Date.now()),
  });
  return {
    name: user.name,
    balancePence: user.balancePence,
    q,
    open: browse.available.filter((t) => matchesSearch(t, q)).slice(0, 12),
    transactions,
    stats,
    devices,
    withdrawOpen: url.searchParams.get("withdraw") === "1",
    signOutOthersOpen: url.searchParams.get("devices") === "sign-out-others",
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return dashboardAction(request, context, "/player/dashboard");
}

export default function PlayerDashboard() {
  const { name, balancePence, q, open, transactions, stats, devices, withdrawOpen, signOutOthersOpen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AppShell nav={playerNav}>
      <ActionToast toast={actionData?.toast} />
      <h1 className="text-3xl font-bold tracking-tight">Welcome, {name}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">Find your next tournament, check your results and winnings.</p>

      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <section className="card" aria-labelledby="find-title">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="find-title" className="text-lg font-semibold">
                Open Tournaments
              </h2>
              <Link to="/player/tournaments?tab=available" className="text-sm font-semibold text-baize-700 hover:underline dark:text-baize-300">
                Browse All
              </Link>
            </div>
            <Form method="get" role="search" className="mt-3 flex gap-2">
              <label htmlFor="dashboard-q" className="sr-only">
                Search tournaments
              </label>
              <input
                id="dashboard-q"
                name="q"
                type="search"
                defaultValue={q}
                maxLength={100}
                placeholder="Search tournaments, venues, or directors..."
                className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base dark:border-slate-700 dark:bg-slate-950"
              />
              <button type="submit" className="btn-secondary shrink-0">
                Search
              </button>
            </Form>
            {open.length === 0 ? (
              <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
                {q ? "No open tournaments match your search." : "There are no open tournaments at the moment. Check back soon!"}
              </p>
            ) : (
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {open.map((t) => (
                  <li key={t.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                    <Link to={`/tournament/${t.slug}`} className="font-semibold hover:underline">
                      {t.name}
                    </Link>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {t.venue} · {t.format || LIST_FORMAT_LABEL}
                    </p>
                    <p className="mt-1 text-sm">
                      {formatDate(t.date)} · {t.time} · {formatGBP(t.entryFeePence + t.siteFeePence)} · {t.playerCount}/{t.maxPlayers}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <TransactionsList transactions={transactions} />
        </div>
        <div className="space-y-6">
          <BalanceCard balancePence={balancePence} withdrawHref="/player/dashboard?withdraw=1" />
          <section className="card" aria-labelledby="stats-title">
            <h2 id="stats-title" className="text-lg font-semibold">
              Your Statistics
            </h2>
            {stats ? (
              <dl className="mt-3 grid grid-cols-2 gap-4 text-sm">
                <Stat label="Tournaments played" value={String(stats.tournamentsPlayed)} />
                <Stat label="Tournaments won" value={String(stats.tournamentsWon)} />
                <Stat label="Matches played" value={String(stats.matchesPlayed)} />
                <Stat label="Matches won" value={String(stats.matchesWon)} />
                <Stat label="Match win rate" value={winRate(stats.matchesWon, stats.matchesPlayed)} />
                <Stat label="Tournament win rate" value={winRate(stats.tournamentsWon, stats.tournamentsPlayed)} />
                <Stat className="col-span-2" label="Total earnings" value={formatGBP(stats.totalEarningsPence)} />
              </dl>
            ) : (
              <StatsError />
            )}
          </section>
          <SignedInDevices devices={devices} dashboard="/player/dashboard" />
        </div>
      </div>
      <WithdrawDialog open={withdrawOpen} balancePence={balancePence} cancelTo="/player/dashboard" error={actionData?.withdrawError} />
      <SignOutOthersDialog open={signOutOthersOpen} others={devices.filter((d) => !d.current).length} dashboard="/player/dashboard" />
    </AppShell>
  );
}
