import { Link, useActionData, useLoaderData } from "react-router";
import { AppShell, organiserNav } from "~/components/app-shell.tsx";
import { Badge, statusTone } from "~/components/badges.tsx";
import { ActionToast } from "~/components/form.tsx";
import { SignedInDevices, SignOutOthersDialog } from "~/components/signed-in-devices.tsx";
import { BalanceCard, StatsError, TransactionsList, WithdrawDialog } from "~/components/money-panels.tsx";
import { formatDate } from "~/domain/dates.ts";
import { formatGBP } from "~/domain/money.ts";
import { statusLabels, type TournamentStatus } from "~/domain/tournaments.ts";
import { directorStatsQuery, directorTournamentsQuery, recentTransactionsQuery } from "~/services/dashboard.server.ts";
import { signedIn } from "~/services/access.server.ts";
import { dashboardAction } from "~/services/dashboard-form.server.ts";
import { signedInDevicesQuery } from "~/services/sessions.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "organiser");
  // The whole page in one round trip, the session's check first.
  const { user, all, transactions, devices, stats } = await claim.read({
    all: directorTournamentsQuery(claim.id),
    transactions: recentTransactionsQuery("organiser", claim.id),
    devices: signedInDevicesQuery(claim.session, Date.now()),
    stats: directorStatsQuery(claim.id),
  });
  const url = new URL(request.url);
  return {
    name: user.name,
    balancePence: user.balancePence,
    active: all.filter((t) => t.status !== "finished"),
    past: all.filter((t) => t.status === "finished").slice(0, 5),
    transactions,
    stats,
    devices,
    withdrawOpen: url.searchParams.get("withdraw") === "1",
    signOutOthersOpen: url.searchParams.get("devices") === "sign-out-others",
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return dashboardAction(request, context, "/td/dashboard");
}

export default function OrganiserDashboard() {
  const { name, balancePence, active, past, transactions, stats, devices, withdrawOpen, signOutOthersOpen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AppShell nav={organiserNav}>
      <ActionToast toast={actionData?.toast} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Welcome, {name}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">Your tournaments, takings and tables at a glance.</p>
        </div>
        <Link to="/td/create-tournament" className="btn-primary">
          Create Tournament
        </Link>
      </div>

      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <section className="card" aria-labelledby="active-title">
            <h2 id="active-title" className="text-lg font-semibold">
              Active Tournaments
            </h2>
            {active.length === 0 ? (
              <div className="mt-3 text-sm text-slate-600 dark:text-slate-300">
                <p>No active tournaments.</p>
                <Link to="/td/create-tournament" className="btn-secondary mt-3">
                  Create your first tournament
                </Link>
              </div>
            ) : (
              <TournamentList items={active} />
            )}
          </section>
          <section className="card" aria-labelledby="past-title">
            <h2 id="past-title" className="text-lg font-semibold">
              Past Tournaments
            </h2>
            {past.length === 0 ? <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">Finished tournaments will appear here.</p> : <TournamentList items={past} />}
          </section>
          <TransactionsList transactions={transactions} />
        </div>
        <div className="space-y-6">
          <BalanceCard balancePence={balancePence} withdrawHref="/td/dashboard?withdraw=1" />
          <section className="card" aria-labelledby="stats-title">
            <h2 id="stats-title" className="text-lg font-semibold">
              Statistics
            </h2>
            {stats ? (
              <dl className="mt-3 grid grid-cols-2 gap-4 text-sm">
                <Stat label="Tournaments hosted" value={String(stats.tournamentsHosted)} />
                <Stat label="Active tournaments" value={String(stats.activeTournaments)} />
                <Stat label="Players served" value={String(stats.totalPlayersServed)} />
                <Stat label="Prize pools distributed" value={formatGBP(stats.totalPrizePoolsDistributedPence)} />
              </dl>
            ) : (
              <StatsError />
            )}
          </section>
          <SignedInDevices devices={devices} dashboard="/td/dashboard" />
        </div>
      </div>
      <WithdrawDialog open={withdrawOpen} balancePence={balancePence} cancelTo="/td/dashboard" error={actionData?.withdrawError} />
      <SignOutOthersDialog open={signOutOthersOpen} others={devices.filter((d) => !d.current).length} dashboard="/td/dashboard" />
    </AppShell>
  );
}

export function Stat({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function TournamentList({ items }: { items: { id: string; slug: string; name: string; venue: string; date: string; time: string; status: TournamentStatus }[] }) {
  return (
    <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
      {items.map((t) => (
        <li key={t.id}>
          <Link to={`/tournament/${t.slug}`} className="flex items-center justify-between gap-3 py-3 hover:underline">
            <span className="min-w-0">
              <span className="block truncate font-medium">{t.name}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {t.venue} · {formatDate(t.date)} · {t.time}
              </span>
            </span>
            <Badge tone={statusTone[t.status]}>{statusLabels[t.status]}</Badge>
          </Link>
        </li>
      ))}
    </ul>
  );
}
