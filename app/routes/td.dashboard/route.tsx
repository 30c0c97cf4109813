import { Link, useActionData, useLoaderData } from "react-router";
import { Badge, statusTone } from "~/components/badges.tsx";
import { DashboardShell } from "~/components/dashboard-shell.tsx";
import { formatDate } from "~/domain/dates.ts";
import { formatGBP } from "~/domain/pence.ts";
import { headlinePrice } from "~/features/money/domain/headline-price.ts";
import { Price } from "~/components/price.tsx";
import { type Headline, statusLabels, type TournamentStatus } from "~/domain/tournaments.ts";
import {
  directorStatsQuery,
  directorTournamentsQuery,
  recentTransactionsQuery,
} from "~/features/money/server/dashboard.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { dashboardAction, dashboardDialogs } from "~/web/dashboard-form.server.ts";
import { signedInDevicesQuery } from "~/features/accounts/server/sessions.server.ts";
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
  return {
    name: user.name,
    balancePence: user.balancePence,
    active: all.filter((t) => t.status !== "finished"),
    past: all.filter((t) => t.status === "finished").slice(0, 5),
    transactions,
    stats,
    devices,
    ...dashboardDialogs(request),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return dashboardAction(request, context, "/td/dashboard");
}

export default function OrganiserDashboard() {
  const page = useLoaderData<typeof loader>();
  const { active, past, stats } = page;
  const createLink = (
    <Link to="/td/create-tournament" className="btn-primary">
      Create Tournament
    </Link>
  );
  return (
    <DashboardShell
      path="/td/dashboard"
      page={page}
      actionData={useActionData<typeof action>()}
      intro="Your tournaments, takings and tables at a glance."
      headerAction={createLink}
      stats={{
        title: "Statistics",
        rows: stats && [
          ["Tournaments hosted", String(stats.tournamentsHosted)],
          ["Active tournaments", String(stats.activeTournaments)],
          ["Players served", String(stats.totalPlayersServed)],
          ["Prize pools distributed", formatGBP(stats.totalPrizePoolsDistributedPence)],
        ],
      }}
    >
      <section className="card" aria-labelledby="active-title">
        <h2 id="active-title" className="text-lg font-semibold">
          Active Tournaments
        </h2>
        {active.length === 0 ? (
          <div className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            <p>No active tournaments.</p>
            <Link to="/td/create-tournament" className="btn-secondary mt-3">
              {past.length === 0 ? "Create your first tournament" : "Create a tournament"}
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
        {past.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">Finished tournaments will appear here.</p>
        ) : (
          <TournamentList items={past} />
        )}
      </section>
    </DashboardShell>
  );
}

function TournamentList({
  items,
}: {
  items: (Headline & {
    status: TournamentStatus;
    playerCount: number;
    maxPlayers: number;
  })[];
}) {
  return (
    <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
      {items.map((t) => (
        <li key={t.id}>
          <Link to={`/tournament/${t.slug}`} className="flex items-center justify-between gap-3 py-3 hover:underline">
            <span className="min-w-0">
              <span className="block truncate font-medium">{t.name}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {t.venue} · {formatDate(t.date)} · {t.time} · {t.playerCount}/{t.maxPlayers} players
              </span>
              <Price price={headlinePrice(t)} className="block text-sm text-slate-600 dark:text-slate-400" />
            </span>
            <Badge tone={statusTone[t.status]}>{statusLabels[t.status]}</Badge>
          </Link>
        </li>
      ))}
    </ul>
  );
}
