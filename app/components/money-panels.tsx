// The balance card with its Withdraw dialog, and the recent transactions.
import { useState } from "react";
import { Link } from "react-router";
import { formatGBP, parsePence, withdrawalFee } from "~/domain/pence.ts";
import {
  MIN_WITHDRAWAL_PENCE,
  WITHDRAWAL_TOO_SMALL,
  type WithdrawErrors,
  type WithdrawValues,
} from "~/features/money/domain/withdrawals.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { useIsSubmitting } from "./form.tsx";
import { LocalDateTime } from "./local-date-time.tsx";
import { plainInputClass } from "./styles.ts";

export function BalanceCard({ balancePence, withdrawHref }: { balancePence: number; withdrawHref: string }) {
  return (
    <section className="card" aria-labelledby="balance-title">
      <h2 id="balance-title" className="text-sm font-medium text-slate-600 dark:text-slate-400">
        Balance
      </h2>
      <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="balance">
        {formatGBP(balancePence)}
      </p>
      {balancePence >= MIN_WITHDRAWAL_PENCE ? (
        <Link to={withdrawHref} preventScrollReset className="btn-secondary mt-4 w-full">
          Withdraw
        </Link>
      ) : (
        <>
          <button
            type="button"
            className="btn-secondary mt-4 w-full"
            disabled
            aria-describedby={balancePence > 0 ? "withdraw-minimum" : undefined}
          >
            Withdraw
          </button>
          {balancePence > 0 ? (
            <p id="withdraw-minimum" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {WITHDRAWAL_TOO_SMALL}.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

export function WithdrawDialog({
  open,
  balancePence,
  cancelTo,
  errors,
  values,
}: {
  open: boolean;
  balancePence: number;
  cancelTo: string;
  /** The server's message for each field it refused. */
  errors?: WithdrawErrors | null;
  /** What was typed before a refusal (the page comes back filled in without JavaScript). */
  values?: WithdrawValues | null;
}) {
  const busy = useIsSubmitting();
  const [amount, setAmount] = useState(values?.amount ?? "");
  const pence = parsePence(amount);
  const over = pence !== null && pence > balancePence;
  const under = pence !== null && pence > 0 && pence < MIN_WITHDRAWAL_PENCE;
  const preview = pence !== null && !under && pence > 0 && !over ? withdrawalFee(pence) : null;
  return (
    <ConfirmDialog
      open={open}
      title="Withdraw"
      description={
        `You have ${formatGBP(balancePence)} available. ` +
        "Withdrawals are paid within 3-5 business days; a 3% fee applies."
      }
      confirmLabel="Withdraw"
      cancelTo={cancelTo}
      busy={busy}
    >
      <input type="hidden" name="intent" value="withdraw" />
      <div className="space-y-2">
        <label htmlFor="withdraw-amount" className="block text-sm font-medium">
          Amount (£)
        </label>
        <input
          id="withdraw-amount"
          name="amount"
          type="number"
          min={MIN_WITHDRAWAL_PENCE / 100}
          max={balancePence / 100}
          step={0.01}
          inputMode="decimal"
          required
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-describedby="withdraw-preview withdraw-error"
          aria-invalid={errors?.amount ? true : undefined}
          className={plainInputClass}
        />
        <p id="withdraw-error" className={errorClass} aria-live="polite">
          {over
            ? `You only have ${formatGBP(balancePence)} available`
            : under
              ? WITHDRAWAL_TOO_SMALL
              : (errors?.amount ?? null)}
        </p>
        <dl id="withdraw-preview" className="space-y-1 text-sm" aria-live="polite">
          <div className="flex justify-between">
            <dt className="text-slate-600 dark:text-slate-300">Fee (3%)</dt>
            <dd className="tabular-nums">{preview ? formatGBP(preview.feePence) : "—"}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>You receive</dt>
            <dd className="tabular-nums">{preview ? formatGBP(preview.netPence) : "—"}</dd>
          </div>
        </dl>
      </div>
      <BankAccount errors={errors} values={values} />
    </ConfirmDialog>
  );
}

/** The bank account the withdrawal is paid into: its name, sort code and number. */
function BankAccount({ errors, values }: { errors?: WithdrawErrors | null; values?: WithdrawValues | null }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Pay it into</legend>
      <BankField
        name="accountName"
        label="Name on the account"
        autoComplete="name"
        error={errors?.accountName}
        defaultValue={values?.accountName}
      />
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
        <BankField
          name="sortCode"
          label="Sort code"
          placeholder="12-34-56"
          inputMode="numeric"
          maxLength={8}
          error={errors?.sortCode}
          defaultValue={values?.sortCode}
        />
        <BankField
          name="accountNumber"
          label="Account number"
          placeholder="12345678"
          inputMode="numeric"
          maxLength={10}
          error={errors?.accountNumber}
          defaultValue={values?.accountNumber}
        />
      </div>
    </fieldset>
  );
}

const errorClass = "text-sm font-medium text-red-700 dark:text-red-400";

function BankField({
  name,
  label,
  error,
  defaultValue,
  placeholder,
  inputMode,
  maxLength,
  autoComplete = "off",
}: {
  name: keyof WithdrawErrors;
  label: string;
  error: string | undefined;
  defaultValue: string | undefined;
  placeholder?: string;
  inputMode?: "numeric";
  maxLength?: number;
  autoComplete?: string;
}) {
  const id = `withdraw-${name}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        required
        defaultValue={defaultValue}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className={plainInputClass}
      />
      <p id={`${id}-error`} className={errorClass} aria-live="polite">
        {error ?? null}
      </p>
    </div>
  );
}

export type TransactionRow = { id: string; type: string; description: string; amountPence: number; createdAt: number };

const credits = new Set(["deposit", "payout", "rake"]);
const creditClass = "text-baize-700 dark:text-baize-300";
const typeLabels: Record<string, string> = {
  deposit: "Deposit",
  entry_fee: "Entry fee",
  payout: "Payout",
  withdraw: "Withdrawal",
  rake: "Rake",
  site_fee: "Site fee",
  refund: "Refund",
};

export function TransactionsList({ transactions }: { transactions: TransactionRow[] }) {
  return (
    <section className="card" aria-labelledby="transactions-title">
      <h2 id="transactions-title" className="text-lg font-semibold">
        Recent Transactions
      </h2>
      {transactions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No transactions yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {transactions.map((t) => {
            const credit = credits.has(t.type);
            return (
              <li
                key={t.id}
                className="flex items-start justify-between gap-3 py-2.5 text-sm"
                data-testid="transaction"
              >
                <div className="min-w-0">
                  <p className="font-medium">{typeLabels[t.type] ?? t.type}</p>
                  <p className="truncate text-slate-600 dark:text-slate-400">{t.description}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    <LocalDateTime instant={t.createdAt} />
                  </p>
                </div>
                <p className={`shrink-0 font-semibold tabular-nums ${credit ? creditClass : ""}`}>
                  {credit ? "+" : "−"}
                  {formatGBP(Math.abs(t.amountPence))}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function StatsError() {
  return (
    <p className="mt-3 text-sm text-red-700 dark:text-red-400">
      Unable to load statistics. Please try refreshing the page.
    </p>
  );
}
