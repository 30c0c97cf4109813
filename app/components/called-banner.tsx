// "You're up on Table 3" (decisions 013–015): where a player looks — their dashboard,
// My tournaments, the tournament page — says it as soon as the director gives
// their match a table (the page hears of it on the tournament's live channel).
// The region is always in the page, empty until called, so screen readers
// announce the message when it appears.
import { Link } from "react-router";
import { upOnText } from "~/features/live/domain/push.ts";
import { BellIcon } from "./more-icons.tsx";

export type Call = {
  /** The tournament's id: the key when a player is in more than one. */
  id: string;
  table: string;
  opponent: string | null;
  /** The tournament's name and page, when the banner is not on that page already. */
  tournament?: { name: string; slug: string };
};

/** `className`: spacing for when it shows (it takes no room while empty). */
export function CalledBanner({ calls, className = "" }: { calls: readonly Call[]; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={`grid gap-3 empty:hidden ${className}`}
      data-testid="called"
    >
      {calls.map((call) => (
        <div
          key={call.id}
          className={
            "flex items-start gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950 " +
            "dark:border-amber-500 dark:bg-amber-950 dark:text-amber-50"
          }
        >
          <BellIcon width="28" height="28" className="mt-0.5 shrink-0 text-amber-600 dark:text-amber-400" />
          <div className="min-w-0 wrap-anywhere">
            <p className="text-xl font-bold">{upOnText(call.table)}</p>
            <p className="text-sm font-medium">
              vs {call.opponent ?? "TBD"}
              {call.tournament ? (
                <>
                  {" · "}
                  <Link to={`/tournament/${call.tournament.slug}?tab=bracket`} className="underline">
                    {call.tournament.name}
                  </Link>
                </>
              ) : null}
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
