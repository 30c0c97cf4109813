// The public pages' header and footer, drawn by their layout routes (routes/_public, routes/_plain, routes/_auth).
import type { ReactNode } from "react";
import { Link, useMatches } from "react-router";
import { Logo } from "./icons.tsx";
import { headerBarClass } from "./styles.ts";
import { ThemeToggle } from "./theme-toggle.tsx";

/**
 * What a page puts in the site header beside the theme toggle (the landing page's Sign In, the tournament page's
 * Dashboard or Sign In): its route's `handle`, given the page's loader data — undefined on the page's error page.
 * The header is its layout's (routes/_public and routes/_plain read this), so the page says what goes in it rather
 * than drawing it.
 */
export type SiteHeaderHandle<Data = undefined> = { siteHeader: (data: Data | undefined) => ReactNode };

const hasSiteHeader = (handle: unknown): handle is SiteHeaderHandle<unknown> =>
  typeof handle === "object" &&
  handle !== null &&
  typeof (handle as Partial<SiteHeaderHandle<unknown>>).siteHeader === "function";

/** What the deepest matched route that names it puts in the site header, or nothing. */
export function usePageHeaderItems(): ReactNode {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    if (hasSiteHeader(match.handle)) return match.handle.siteHeader(match.loaderData);
  }
  return null;
}

export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className={headerBarClass}>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight">
          <Logo className="text-baize-700 dark:text-baize-400" />
          <span className="whitespace-nowrap">Break &amp; Run</span>
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {children}
        </div>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer
      className={
        "border-t border-slate-200 py-8 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400"
      }
    >
      <p>© {new Date().getUTCFullYear()} Break &amp; Run. Pool tournaments, run properly.</p>
    </footer>
  );
}
