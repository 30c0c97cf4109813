import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "./icons.tsx";
import { headerBarClass } from "./styles.ts";
import { ThemeToggle } from "./theme-toggle.tsx";

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
      <p>© 2025 Break &amp; Run. Pool tournaments, run properly.</p>
    </footer>
  );
}
