// A tab that is a link: tabs live in the URL (?tab=…) so they work without
// JavaScript and can be shared.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function TabLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={current ? "page" : undefined}
      className={
        "-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold " +
        (current
          ? "border-baize-700 text-baize-800 dark:border-baize-400 dark:text-baize-300"
          : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100")
      }
    >
      {children}
    </Link>
  );
}
