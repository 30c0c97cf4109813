// The document every page is drawn in (the root route's Layout), the app and
// the error page. Apart from root.tsx so that it travels in the framework
// file every page loads anyway (decision 016).
import { useEffect, useRef, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useLocation,
  useRevalidator,
  useRouteLoaderData,
  useRouteError,
} from "react-router";
import { isNetworkError } from "./data-reads.ts";
import { isTheme, type Theme, ThemeProvider, useTheme } from "./theme.tsx";
import { THEME_STORAGE_KEY } from "./theme-toggle.tsx";
import { ToastProvider, useToast, type ToastMessage } from "./toaster.tsx";
import { useNonce } from "./nonce.tsx";
import { staticPageScript } from "./static-page.ts";

/** What the root route's loader (root.tsx) gives every page: the theme chosen, a toast flashed by the last write. */
export type RootData = { theme: Theme | null; toast: ToastMessage | null };

// When localStorage remembers a choice, apply it before the first paint.
const restoreStoredTheme = `(() => {
  try {
    const t = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
    if (t === "dark" || t === "light") {
      const c = document.documentElement.classList;
      c.remove("dark", "light", "system");
      c.add(t);
    }
  } catch {}
})();`;

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<RootData>("root");
  return (
    <ThemeProvider specifiedTheme={rootData?.theme ?? null} themeAction="/action/set-theme">
      <Document toast={rootData?.toast ?? null}>{children}</Document>
    </ThemeProvider>
  );
}

function Document({ children, toast }: { children: ReactNode; toast: ToastMessage | null }) {
  const [current, setTheme, chosen] = useTheme();
  const nonce = useNonce();
  // A page that opts out of hydration (the tablet scoreboard) gets its own small script instead of React's. Only
  // the server draws such a page, so the browser's bundle leaves the check out (decision 016).
  const matches = useMatches();
  const ownScript = import.meta.env.SSR ? staticPageScript(matches) : null;

  // localStorage is the browser's memory of the choice; the cookie only lets
  // the server render it. If they disagree (a late cookie write, a cleared
  // cookie), the stored choice wins and the cookie is brought in line.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, after hydration
  useEffect(() => {
    try {
      const stored = localStorage.getItem(THEME_STORAGE_KEY);
      if (isTheme(stored) && (stored !== current || !chosen)) {
        setTheme(stored);
      }
    } catch {
      // Storage can be unavailable (private mode); the cookie still works.
    }
  }, []);

  return (
    // Nobody has chosen: the device's own setting (app.css's dark variant follows it under `system`).
    <html lang="en-GB" className={chosen ? current : "system"} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={!chosen || current === "light" ? "light dark" : "dark light"} />
        <Meta />
        {/* The server writes it; hydration keeps what the server wrote, so the browser's bundle need not carry it. */}
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, allowed by its CSP nonce
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? restoreStoredTheme : "" }}
          suppressHydrationWarning
        />
        <Links />
      </head>
      <body className="min-h-screen">
        <ToastProvider initial={toast}>{children}</ToastProvider>
        {ownScript ? (
          <script src={ownScript} nonce={nonce} defer />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export function App() {
  return <Outlet />;
}

/**
 * In place of an error page when the connection dropped (a write the network lost: the router shows the
 * route's error page, which no longer listens for updates): the page is read again as soon as the network
 * is back (the read waits for it, components/data-reads.ts) and comes back by itself, with a note to check
 * what was last done.
 */
export function ConnectionLost() {
  const revalidator = useRevalidator();
  const location = useLocation();
  const { show } = useToast();
  const told = useRef(show);
  told.current = show;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the error page replaces the page
  useEffect(() => {
    void revalidator.revalidate();
    return () =>
      told.current({
        type: "error",
        title: "Connection lost",
        description: "What you last did may not have been sent: check it.",
      });
  }, []);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Connection lost</h1>
      <p className="text-slate-600 dark:text-slate-300" role="status">
        What you last did may not have been sent. This page comes back by itself as soon as the connection does: then
        check it.
      </p>
      <a href={`${location.pathname}${location.search}`} className="btn-primary">
        Reload
      </a>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isNetworkError(error)) return <ConnectionLost />;
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "404 Page Not Found" : `${error.status} ${error.statusText || "Error"}`;
    details = typeof error.data === "string" && error.data ? error.data : details;
  }
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-300">{details}</p>
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </main>
  );
}
