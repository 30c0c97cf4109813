// "Print" on the printable pages (the wall bracket, the draw sheet): the browser's print dialog once the page is
// hydrated. Before that (or without JavaScript) the page itself is what prints, so `fallback` says to use the
// browser's Print, or nothing where a note would clutter the screen (the wall).
import type { ReactNode } from "react";
import { useHydrated } from "./hydrated.ts";

export function PrintButton({ label = "Print", fallback = null }: { label?: string; fallback?: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) return fallback;
  return (
    <button type="button" className="btn-secondary print:hidden" onClick={() => window.print()}>
      {label}
    </button>
  );
}
