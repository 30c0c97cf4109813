// The frame of signed-in pages, drawn by their layout routes (routes/_director, routes/_player): logo, the role's
// navigation, theme toggle and Logout (a form, so it works without JavaScript), and the main column.
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { Logo } from "./icons.tsx";
import { headerBarClass } from "./styles.ts";
import { ThemeToggle } from "./theme-toggle.tsx";
import { ToastRegion } from "./toaster.tsx";

export type NavItem = { to: string; label: string };

// Pages join these lists as they are built.
export const organiserNav: NavItem[] = [
  { to: "/td/dashboard", label: "Dashboard" },
  { to: "/td/tournaments", label: "My Tournaments" },
  { to: "/td/create-tournament", label: "Create Tournament" },
  { to: "/td/tables", label: "Tables" },
  { to: "/td/series", label: "Series" },
  { to: "/td/leagues", label: "Leagues" },
];
export const playerNav: NavItem[] = [
  { to: "/player/dashboard", label: "Dashboard" },
  { to: "/player/tournaments?tab=available", label: "Browse Tournaments" },
  { to: "/player/tournaments?tab=registered", label: "My Tournaments" },
];

/** A nav item with a query (…?tab=x) is current only when the query matches too. */
function isCurrent(item: NavItem, location: { pathname: string; search: string }): boolean {
  const [path, query] = item.to.split("?");
  if (location.pathname !== path) return false;
  if (!query) return true;
  const wanted = new URLSearchParams(query);
  const actual = new URLSearchParams(location.search);
  return [...wanted].every(([k, v]) => (actual.get(k) ?? (k === "tab" ? "available" : null)) === v);
}

export function AppShell({ nav, children }: { nav: NavItem[]; children: ReactNode }) {
  const location = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={headerBarClass}>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <Link
            to={nav[0]?.to ?? "/"}
            aria-label="Break & Run"
            className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight"
          >
            <Logo className="text-baize-700 dark:text-baize-400" />
            <span className="hidden sm:inline">Break &amp; Run</span>
          </Link>
          <div className="flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <Form method="post" action="/logout">
              <button type="submit" className="btn-ghost px-3" data-testid="logout">
                Logout
              </button>
            </Form>
          </div>
        </div>
        {/* Every item in sight on a phone too: the list wraps rather than scrolling items off the edge. */}
        <nav aria-label="Main" className="mx-auto max-w-6xl px-2">
          <ul className="flex flex-wrap gap-x-1">
            {nav.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={isCurrent(item, location) ? "page" : undefined}
                  className={
                    "block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap " +
                    (isCurrent(item, location)
                      ? "border-baize-700 text-baize-800 dark:border-baize-400 dark:text-baize-300"
                      : "border-transparent text-slate-600 hover:text-slate-900 " +
                        "dark:text-slate-400 dark:hover:text-slate-100")
                  }
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8">
        <ToastRegion className="mb-6" />
        {children}
      </main>
    </>
  );
}
