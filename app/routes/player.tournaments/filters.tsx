// The player's tournament lists' search: words and a top entry fee, kept in the URL. Without JavaScript a Search
// button sends them; with it they apply as the player types.
import { useEffect, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { fieldSurfaceClass, inputClass } from "~/components/styles.ts";

export function SearchFilters({ tab, q, maxFee }: { tab: "available" | "registered"; q: string; maxFee: string }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The boxes follow the URL (Clear Filters, back button) but never while
  // the player is typing in them.
  const [query, setQuery] = useState(q);
  const [fee, setFee] = useState(maxFee);
  useEffect(() => {
    if (document.activeElement?.id !== "q") setQuery(q);
    if (document.activeElement?.id !== "maxFee") setFee(maxFee);
  }, [q, maxFee]);
  const filtered = Boolean(q || maxFee);

  // With JavaScript, filters apply as the player types (the URL keeps them).
  function applySoon() {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
    }, 250);
  }

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      className="mt-6 grid gap-3 sm:grid-cols-[1fr_12rem_auto]"
      onChange={applySoon}
    >
      <input type="hidden" name="tab" value={tab} />
      <div className="relative">
        <label htmlFor="q" className="sr-only">
          Search tournaments
        </label>
        <input
          id="q"
          name="q"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          maxLength={100}
          placeholder="Search tournaments, venues, or directors..."
          className={`block w-full ${fieldSurfaceClass} py-2.5 pr-10 pl-3 text-base shadow-sm`}
        />
        {q ? (
          <Link
            to={`/player/tournaments?${new URLSearchParams({ tab, ...(maxFee ? { maxFee } : {}) })}`}
            replace
            className={
              "absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-md " +
              "text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
            }
            aria-label="Clear search"
          >
            ×
          </Link>
        ) : null}
      </div>
      <div>
        <label htmlFor="maxFee" className="sr-only">
          Max entry fee
        </label>
        <input
          id="maxFee"
          name="maxFee"
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={fee}
          onChange={(event) => setFee(event.target.value)}
          placeholder="Max entry fee"
          className={inputClass}
        />
      </div>
      <div className="flex gap-2">
        <noscript>
          <button type="submit" className="btn-primary">
            Search
          </button>
        </noscript>
        {filtered ? (
          <Link to={`/player/tournaments?tab=${tab}`} replace className="btn-secondary">
            Clear Filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
