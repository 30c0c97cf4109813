import type { ReactNode } from "react";

/** A list with nothing in it yet: what is missing, and what to do about it. */
export function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="card mt-6 flex flex-col items-center py-12 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{text}</p>
      {children}
    </div>
  );
}
