// What the player's and the director's dashboards share: the welcome, the
// two columns, the balance with Withdraw, the statistics card, the signed-in
// devices, and the dialogs those open (by URL, so they work without JS).
import type { ReactNode } from "react";
import { ActionToast } from "./form.tsx";
import { BalanceCard, StatsError, TransactionsList, WithdrawDialog, type TransactionRow } from "./money-panels.tsx";
import { SignedInDevices, SignOutOthersDialog, type DeviceView } from "./signed-in-devices.tsx";
import type { WithdrawErrors, WithdrawValues } from "~/features/money/domain/withdrawals.ts";

type DashboardData = {
  name: string;
  balancePence: number;
  transactions: TransactionRow[];
  devices: DeviceView[];
  withdrawOpen: boolean;
  signOutOthersOpen: boolean;
};

type Props = {
  /** The dashboard's own path, where its dialogs open and close. */
  path: string;
  page: DashboardData;
  actionData:
    | { toast?: ActionToast | null; withdrawErrors?: WithdrawErrors | null; withdrawValues?: WithdrawValues | null }
    | undefined;
  intro: string;
  /** Beside the welcome (the director's Create Tournament). */
  headerAction?: ReactNode;
  /** The statistics card: its title and rows, or null when they could not be read. */
  stats: { title: string; rows: [label: string, value: string][] | null };
  /** The main column's cards, above the transactions. */
  children: ReactNode;
};

export function DashboardShell({ path, page, actionData, intro, headerAction, stats, children }: Props) {
  const { name, balancePence, transactions, devices, withdrawOpen, signOutOthersOpen } = page;
  const rows = stats.rows;
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Welcome, {name}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{intro}</p>
        </div>
        {headerAction}
      </div>

      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          {children}
          <TransactionsList transactions={transactions} />
        </div>
        <div className="space-y-6">
          <BalanceCard balancePence={balancePence} withdrawHref={`${path}?withdraw=1`} />
          <section className="card" aria-labelledby="stats-title">
            <h2 id="stats-title" className="text-lg font-semibold">
              {stats.title}
            </h2>
            {rows ? (
              <dl className="mt-3 grid grid-cols-2 gap-4 text-sm">
                {rows.map(([label, value], i) => (
                  // An odd last figure spans the card (the player's total earnings).
                  <div key={label} className={i === rows.length - 1 && i % 2 === 0 ? "col-span-2" : undefined}>
                    <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                    <dd className="text-2xl font-bold tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <StatsError />
            )}
          </section>
          <SignedInDevices devices={devices} dashboard={path} />
        </div>
      </div>
      <WithdrawDialog
        open={withdrawOpen}
        balancePence={balancePence}
        cancelTo={path}
        errors={actionData?.withdrawErrors}
        values={actionData?.withdrawValues}
      />
      <SignOutOthersDialog
        open={signOutOthersOpen}
        others={devices.filter((d) => !d.current).length}
        dashboard={path}
      />
    </>
  );
}
