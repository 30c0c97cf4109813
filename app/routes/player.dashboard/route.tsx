import { useLoaderData } from "react-router";
import { AppShell, playerNav } from "~/components/app-shell.tsx";
import { formatGBP } from "~/domain/money.ts";
import { requirePlayer } from "~/services/guards.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePlayer(request, context);
  return { name: user.name, balance: formatGBP(user.balancePence) };
}

export default function PlayerDashboard() {
  const { name, balance } = useLoaderData<typeof loader>();
  return (
    <AppShell nav={playerNav}>
      <h1 className="text-3xl font-bold tracking-tight">Welcome, {name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Your player dashboard.</p>
      <section aria-labelledby="balance-title" className="card mt-8 max-w-sm">
        <h2 id="balance-title" className="text-sm font-medium text-slate-600 dark:text-slate-400">
          Balance
        </h2>
        <p className="mt-1 text-3xl font-bold">{balance}</p>
      </section>
    </AppShell>
  );
}
