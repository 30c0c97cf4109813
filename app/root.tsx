import { useEffect, type ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { isTheme, ThemeProvider, useTheme } from "./components/theme.tsx";
import type { Route } from "./+types/root";
import "./app.css";
import { appContext } from "./context.server.ts";
import { getThemeFromRequest } from "./theme.server.ts";
import { THEME_STORAGE_KEY } from "./components/theme-toggle.tsx";
import { ToastProvider, type ToastMessage } from "./components/toaster.tsx";
import { useNonce } from "./components/nonce.tsx";
import { staticPageScript } from "./components/static-page.ts";
import { takeToast } from "./services/session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  // No database here: each page reads its own viewer with its data, in its one round trip.
  const { env } = context.get(appContext);
  const [theme, flashed] = await Promise.all([
    getThemeFromRequest(request, env.SESSION_SECRET, env.APP_ENV === "production"),
    takeToast(request, env),
  ]);
  const toast: ToastMessage | null = flashed.toast ? { ...flashed.toast, id: crypto.randomUUID() } : null;
  return data({ theme, toast }, flashed.setCookie ? { headers: { "Set-Cookie": flashed.setCookie } } : undefined);
}

export const meta: Route.MetaFunction = () => [
  { title: "Break & Run — pool tournaments, run properly" },
  {
    name: "description",
    content:
      "Run local pool knockout tournaments: take entries by card, run live brackets on your tables " +
      "and pay out prizes to the penny.",
  },
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (issue 19): web push on iPhone and iPad works only from a web app on the Home Screen.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

// When localStorage remembers a choice, apply it before the first paint.
const restoreStoredTheme = `(() => {
  try {
    const t = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
    if (t === "dark" || t === "light") {
      const c = document.documentElement.classList;
      c.remove("dark", "light");
      c.add(t);
    }
  } catch {}
})();`;

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <ThemeProvider specifiedTheme={rootData?.theme ?? "light"} themeAction="/action/set-theme">
      <Document toast={rootData?.toast ?? null}>{children}</Document>
    </ThemeProvider>
  );
}

function Document({ children, toast }: { children: ReactNode; toast: ToastMessage | null }) {
  const [current, setTheme] = useTheme();
  const nonce = useNonce();
  // A page that opts out of hydration (the tablet scoreboard) gets its own small script instead of React's.
  const ownScript = staticPageScript(useMatches());

  // localStorage is the browser's memory of the choice; the cookie only lets
  // the server render it. If they disagree (a late cookie write, a cleared
  // cookie), the stored choice wins and the cookie is brought in line.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, after hydration
  useEffect(() => {
    try {
      const stored = localStorage.getItem(THEME_STORAGE_KEY);
      if (isTheme(stored) && stored !== current) {
        setTheme(stored);
      }
    } catch {
      // Storage can be unavailable (private mode); the cookie still works.
    }
  }, []);

  return (
    <html lang="en-GB" className={current} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={current === "light" ? "light dark" : "dark light"} />
        <Meta />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, allowed by its CSP nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: restoreStoredTheme }} />
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

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
