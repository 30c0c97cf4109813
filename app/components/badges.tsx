import type { ReactNode } from "react";

const tones = {
  green: "bg-baize-100 text-baize-900 dark:bg-baize-900 dark:text-baize-100",
  blue: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  red: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  slate: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
} as const;

const badgeClass =
  "inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    // One line, never squeezed: "Full (2 paying)" and "In Progress" stay readable beside a long name.
    <span className={`${badgeClass} ${tones[tone]}`}>{children}</span>
  );
}

export const statusTone = { open: "green", in_progress: "blue", finished: "slate" } as const;
