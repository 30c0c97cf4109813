// A director's panel that folds away: a native <details>, so it opens and closes without JavaScript and from the
// keyboard. The page decides which panels start open (the tournament's state, or a form that came back to one);
// once the director opens or closes one, it stays so while the page revalidates, until the page asks it open again.
import { type ReactNode, useEffect, useState } from "react";

export function Panel({
  id,
  title,
  titleId,
  summary,
  open: asked,
  className = "",
  children,
}: {
  /** The anchor the page's forms come back to. */
  id?: string;
  title: ReactNode;
  titleId: string;
  /** A line beside the title that says what is inside while it is closed. */
  summary?: ReactNode;
  /** Open when the page is drawn, and opened again when this turns true. */
  open: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(asked);
  useEffect(() => {
    if (asked) setOpen(true);
  }, [asked]);
  return (
    <section id={id} className={`card scroll-mt-24 p-0 ${className}`} aria-labelledby={titleId}>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group">
        <summary
          className={
            "flex min-h-11 cursor-pointer list-none items-center gap-3 rounded-xl px-6 py-2.5 " +
            "[&::-webkit-details-marker]:hidden"
          }
        >
          <span className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {summary ? <span className="block text-sm text-slate-600 dark:text-slate-400">{summary}</span> : null}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400"
          >
            <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </summary>
        <div className="space-y-4 px-6 pt-1 pb-6">{children}</div>
      </details>
    </section>
  );
}
