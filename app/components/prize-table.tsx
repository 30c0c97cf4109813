// Prizes as rows of player, position and amount: the payouts to confirm at
// finalize, and the prizes paid on a finished tournament's page.
import { formatGBP } from "~/domain/pence.ts";
import { nameLinkClass } from "./styles.ts";

/** `href`: the player's profile, where their name links (a finished singles event's prizes). */
export type PrizeRow = { name: string; position: string; amountPence: number; paidInCash?: boolean; href?: string };

export function PrizeTable({ rows, testId }: { rows: PrizeRow[]; testId?: string }) {
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className="py-1.5">
            Player
          </th>
          <th scope="col" className="py-1.5">
            Position
          </th>
          <th scope="col" className="py-1.5 text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two players may share a name; the rows never reorder
          <tr key={i} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
            <td className="py-1.5 font-medium text-slate-900 dark:text-slate-100">
              {row.href ? (
                <a href={row.href} className={nameLinkClass}>
                  {row.name}
                </a>
              ) : (
                row.name
              )}
            </td>
            <td className="py-1.5">{row.position}</td>
            <td className="py-1.5 text-right tabular-nums">
              {formatGBP(row.amountPence)}
              {row.paidInCash ? (
                <span className="block text-xs text-slate-600 dark:text-slate-400">paid in cash at the venue</span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
