// The creation form's live prize pool preview, and its sums in short for a phone.
import type { ReactNode } from "react";
import type { PrizePreview as Preview } from "~/features/money/domain/prize-preview.ts";
import { formatGBP } from "~/domain/pence.ts";

/** The sums in short, beside the fees (a phone shows the full preview only below the whole form). */
export function PrizeSummary({
  preview,
  className,
  children,
}: {
  preview: Preview | null;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-label="Prizes in short"
      data-testid="prize-summary"
      className={
        "rounded-lg border border-baize-200 bg-baize-50 p-3 text-sm dark:border-baize-800 dark:bg-baize-950 " +
        (className ?? "")
      }
    >
      {preview ? (
        <dl className="space-y-1">
          <Row label="Each player pays" value={formatGBP(preview.playerPaysPence)} />
          <Row label="Prize pool if full" value={formatGBP(preview.poolIfFullPence)} strong />
          <Row
            label="Payouts if full"
            value={preview.payouts.map((row, i) => (
              // A line breaks between positions, never inside one.
              <span key={row.position} className="whitespace-nowrap">
                {i > 0 ? " · " : ""}
                {row.position} {formatGBP(row.amountEachPence)}
                {row.players > 1 ? " each" : ""}
              </span>
            ))}
          />
        </dl>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">The sums show here once the fees add up.</p>
      )}
      {children}
    </section>
  );
}

export function PrizePreview({ preview }: { preview: Preview | null }) {
  return (
    <section className="card" aria-labelledby="preview-title" aria-live="polite">
      <h2 id="preview-title" className="text-lg font-semibold">
        Prize pool preview
      </h2>
      {preview ? (
        <>
          <dl className="mt-4 space-y-2 text-sm" data-testid="prize-preview">
            <Row label="Each player pays" value={formatGBP(preview.playerPaysPence)} strong />
            <Row label="Site fee (per player)" value={formatGBP(preview.siteFeePence)} />
            <Row label="Your rake (per entry)" value={formatGBP(preview.rakePerEntryPence)} />
            <Row label="To the prize pool (per entry)" value={formatGBP(preview.poolPerEntryPence)} />
            <div className="my-3 border-t border-slate-200 dark:border-slate-800" />
            <Row label="Prize pool if full" value={formatGBP(preview.poolIfFullPence)} strong />
            <Row label="Your rake if full" value={formatGBP(preview.rakeIfFullPence)} />
          </dl>
          <h3 className="mt-5 text-sm font-semibold">Payouts if full</h3>
          <table className="mt-2 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Position</th>
                <th scope="col">Each</th>
              </tr>
            </thead>
            <tbody>
              {preview.payouts.map((row) => (
                <tr key={row.position} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <th scope="row" className="py-1.5 text-left font-medium">
                    {row.position}
                    {row.players > 1 ? (
                      <span className="font-normal text-slate-500 dark:text-slate-400">
                        {" "}
                        ({row.players} {preview.teamSize > 1 ? "teams" : "players"})
                      </span>
                    ) : null}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">
                    {formatGBP(row.amountEachPence)}
                    {row.players > 1 ? " each" : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
            Paid from the real pool when you confirm payouts: fewer entries, smaller pool.
          </p>
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Enter the entry fee, rake, max players and payout structure to see the prizes.
        </p>
      )}
    </section>
  );
}

function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="shrink-0 text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? "text-base font-bold" : "font-medium"}`}>{value}</dd>
    </div>
  );
}
