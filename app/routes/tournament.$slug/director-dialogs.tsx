// The director's dialogs on the tournament page: starting, finalizing, the
// tournament's settings (a result's is result-dialog.tsx). Each opens from a
// link (?confirm=), so it works without JavaScript; the page draws one only while
// its link is open, and so loads this module only then (decision 016: dialog code
// only where used).
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { PrizeTable } from "~/components/prize-table.tsx";
import { choiceCardClass, dialogFieldClass } from "~/components/styles.ts";
import { formatGBP, penceToDecimal } from "~/domain/pence.ts";
import { topUpMessage } from "~/features/money/domain/settlement.ts";
import { NO_SHOW_MINUTES } from "~/features/floor/domain/queue.ts";
import {
  breakRuleOptions,
  resultsFromTablesOptions,
  type BreakRule,
  type ResultsFromTables,
} from "~/features/floor/domain/table-scoring.ts";
import { pageActionPath } from "~/features/tournaments/domain/page-actions.ts";
import { usePageSubmitting } from "./page-action.ts";

export function StartDialog({
  name,
  paidCount,
  absentNames,
  teamEvent,
  slug,
}: {
  name: string;
  paidCount: number;
  /** Paid entries not checked in (decisions 013–015, 021): the director may drop them, by name, or keep everyone. */
  absentNames: string[];
  teamEvent: boolean;
  slug: string;
}) {
  const busy = usePageSubmitting();
  const absent = absentNames.length;
  const noun = (n: number) => (teamEvent ? (n === 1 ? "team" : "teams") : n === 1 ? "player" : "players");
  const have = absent === 1 ? "has" : "have";
  const absentText = `${absent} ${noun(absent)} ${have} not checked in: ${absentNames.join(", ")}`;
  // Dropping leaves a draw only when at least two are here.
  const canDrop = paidCount - absent >= 2;
  return (
    <ConfirmDialog
      open
      title={`Start ${name}?`}
      description={
        <>
          The draw is made at random from the {paidCount} paid {noun(paidCount)} and the bracket is fixed. Registration
          closes and unpaid holds are released.
        </>
      }
      confirmLabel="Start Tournament"
      cancelTo={`/tournament/${slug}`}
      action={pageActionPath(slug, "play")}
      navigate={false}
      busy={busy}
    >
      <input type="hidden" name="intent" value="start" />
      {absent > 0 ? (
        <fieldset className="mt-4 space-y-2">
          <legend className="text-sm font-semibold">{absentText}</legend>
          {/* Everyone plays unless the director chooses otherwise: a tick may simply have been missed. */}
          <label className={`${choiceCardClass} flex items-start gap-2 p-3`}>
            <input type="radio" name="dropAbsent" value="no" defaultChecked className="mt-1" />
            <span className="text-sm">
              Start with all {paidCount} {noun(paidCount)}
            </span>
          </label>
          <label className={`${choiceCardClass} flex items-start gap-2 p-3`}>
            <input type="radio" name="dropAbsent" value="yes" disabled={!canDrop} className="mt-1" />
            <span className="text-sm">
              Drop {absentNames.join(", ")}: {teamEvent ? "their captains get the" : "they get their"} entry fees back
              to their balances (the site fee is kept)
              {canDrop ? null : (
                <span className="block">
                  Fewer than 2 {noun(2)} have checked in, so there is no draw without the others.
                </span>
              )}
            </span>
          </label>
        </fieldset>
      ) : null}
    </ConfirmDialog>
  );
}

export type PreviewRow = { playerId: string; playerName: string; position: string; amountPence: number };

/** What finalize settles of the money paid at the bar (DESIGN §10). */
type SettlementView = {
  cashEntries: number;
  cashTakenPence: number;
  keptPence: number;
  siteFeesChargedPence: number;
  directorBalanceChangePence: number;
  paidInCash: { name: string; position: string | null; amountPence: number }[];
  shortfallPence: number;
};

export function FinalizeDialog({
  slug,
  preview,
  settlement,
  problem,
}: {
  slug: string;
  preview: { rows: PreviewRow[]; poolPence: number; rakePence: number } | null;
  settlement: SettlementView | null;
  problem: string | null;
}) {
  const busy = usePageSubmitting();
  const back = `/tournament/${slug}?tab=bracket&confirm=finalize`;
  const short = settlement && settlement.shortfallPence > 0 ? settlement.shortfallPence : 0;
  // The prizes handed over in cash at the venue (a walk-in's), marked in the table.
  const cash = settlement?.paidInCash ?? [];
  return (
    <ConfirmDialog
      open
      title="Confirm payouts"
      description={
        preview ? (
          <div className="space-y-3">
            <p>
              {cash.length > 0
                ? "This pays the prizes of those who entered online into their balances (the rest you hand over in " +
                  "cash) and cannot be undone."
                : "This pays the prizes into the players' balances and cannot be undone."}
            </p>
            <PrizeTable
              rows={preview.rows.map((row) => ({
                name: row.playerName,
                position: row.position,
                amountPence: row.amountPence,
                paidInCash: cash.some(
                  (c) => c.name === row.playerName && c.position === row.position && c.amountPence === row.amountPence,
                ),
              }))}
              testId="payout-preview"
            />
            <p>
              Prize pool {formatGBP(preview.poolPence)} · your rake {formatGBP(preview.rakePence)}
            </p>
            {settlement ? <CashSettlement settlement={settlement} /> : null}
          </div>
        ) : (
          <p>{problem ?? "Payouts are not available yet."}</p>
        )
      }
      confirmLabel="Confirm Payouts"
      cancelTo={`/tournament/${slug}?tab=bracket`}
      action={pageActionPath(slug, "play")}
      navigate={false}
      busy={busy}
      instead={
        short > 0
          ? {
              to: `/balance/top-up?${new URLSearchParams({ amount: penceToDecimal(short), return: back })}`,
              label: `Top up ${formatGBP(short)} by card`,
            }
          : undefined
      }
    >
      <input type="hidden" name="intent" value="finalize" />
    </ConfirmDialog>
  );
}

/**
 * The till (DESIGN §10): what a landlord counting it needs — the cash taken at the bar, the prizes to hand
 * over in cash and to whom, what the night leaves the director (the rake), and what their balance pays in or receives.
 */
function CashSettlement({ settlement: s }: { settlement: SettlementView }) {
  const change = s.directorBalanceChangePence;
  const row = "flex justify-between gap-2";
  return (
    <div
      className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
      data-testid="settlement"
    >
      <p className="font-semibold">The till</p>
      <dl className="space-y-1">
        {s.cashEntries > 0 ? (
          <div className={row}>
            <dt>
              Cash taken at the bar{" "}
              <span className="text-slate-600 dark:text-slate-400">
                ({s.cashEntries} {s.cashEntries === 1 ? "entry" : "entries"}, entry and site fees)
              </span>
            </dt>
            <dd className="tabular-nums">{formatGBP(s.cashTakenPence)}</dd>
          </div>
        ) : null}
        {s.paidInCash.length > 0 ? (
          <div>
            <dt>Hand over in cash</dt>
            <dd>
              <ul className="mt-0.5 space-y-0.5 ps-3">
                {s.paidInCash.map((c) => (
                  <li key={`${c.name}-${c.position}`} className={row}>
                    <span>
                      {c.name}
                      {c.position ? ` (${c.position})` : ""}
                    </span>
                    <span className="tabular-nums">{formatGBP(c.amountPence)}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {change !== 0 ? (
          <div className={row}>
            <dt>
              {change < 0 ? "Paid in from your balance" : "Paid into your balance"}{" "}
              <span className="text-slate-600 dark:text-slate-400">
                (
                {change < 0
                  ? "the prizes paid online beyond the entry fees held online"
                  : "the rake and the entry fees held online, less the prizes paid online"}
                {s.siteFeesChargedPence > 0
                  ? `, and the cash entries' site fees (${formatGBP(s.siteFeesChargedPence)})`
                  : ""}
                )
              </span>
            </dt>
            <dd className="tabular-nums">{formatGBP(Math.abs(change))}</dd>
          </div>
        ) : null}
        <div className={`${row} font-semibold`}>
          <dt>You keep (your rake on every entry)</dt>
          <dd className="tabular-nums">{formatGBP(s.keptPence)}</dd>
        </div>
      </dl>
      {s.shortfallPence > 0 ? (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400">
          {topUpMessage(s.shortfallPence)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The tournament's settings, before and during play: the floor's switch and no-show minutes (decision 013), and how
 * a result confirmed at a table is taken and who breaks (decision 012). One form, saved together.
 */
export function SettingsDialog({
  slug,
  cancelTo,
  autoAssign,
  noShowMinutes,
  resultsFromTables,
  breakRule,
}: {
  slug: string;
  cancelTo: string;
  autoAssign: boolean;
  noShowMinutes: number;
  resultsFromTables: ResultsFromTables;
  breakRule: BreakRule;
}) {
  const busy = usePageSubmitting();
  return (
    <ConfirmDialog
      open
      title="Tournament settings"
      description="How matches reach the tables, and how results from the tables are taken."
      confirmLabel="Save settings"
      cancelTo={cancelTo}
      action={pageActionPath(slug, "play")}
      navigate={false}
      busy={busy}
    >
      <div className="space-y-4 text-sm">
        <input type="hidden" name="intent" value="settings" />
        {/* Unticked, the box sends nothing: this says "false" first and a ticked box overrides it. */}
        <input type="hidden" name="autoAssign" value="false" />
        <div>
          <label className="flex min-h-11 items-center gap-3 font-medium">
            <input
              type="checkbox"
              name="autoAssign"
              value="true"
              defaultChecked={autoAssign}
              className="size-5 accent-baize-700"
            />
            Assign tables automatically
          </label>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            When a table frees, the match that has waited longest goes to it. You can still set tables by hand.
          </p>
        </div>
        <label className="block space-y-1 font-medium">
          <span className="block">No-show minutes</span>
          <input
            type="number"
            name="noShowMinutes"
            min={NO_SHOW_MINUTES.min}
            max={NO_SHOW_MINUTES.max}
            step={1}
            inputMode="numeric"
            required
            defaultValue={noShowMinutes}
            className={dialogFieldClass}
          />
        </label>
        {[
          {
            name: "resultsFromTables",
            label: "Results from tables",
            options: resultsFromTablesOptions,
            value: resultsFromTables,
          },
          { name: "breakRule", label: "Break rule", options: breakRuleOptions, value: breakRule },
        ].map((setting) => (
          <label key={setting.name} className="block space-y-1 font-medium">
            <span className="block">{setting.label}</span>
            <select name={setting.name} defaultValue={setting.value} className={dialogFieldClass}>
              {setting.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </ConfirmDialog>
  );
}
