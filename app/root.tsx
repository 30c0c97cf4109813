import { data } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { appContext } from "./context.server.ts";
import { getThemeFromRequest } from "./theme.server.ts";
import type { RootData } from "./components/document.tsx";
import { takeToast } from "./web/session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  // No database here: each page reads its own viewer with its data, in its one round trip.
  const { env } = context.get(appContext);
  const [theme, flashed] = await Promise.all([
    getThemeFromRequest(request, env.SESSION_SECRET, env.APP_ENV === "production"),
    takeToast(request, env),
  ]);
  const toast = flashed.toast ? { ...flashed.toast, id: crypto.randomUUID() } : null;
  return data<RootData>(
    { theme, toast },
    flashed.setCookie ? { headers: { "Set-Cookie": flashed.setCookie } } : undefined,
  );
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
  // Installable (decisions 013–015): web push on iPhone and iPad works only from a web app on the Home Screen.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

// The document, the app and the error page: in the file every page loads with React (decision 016).
export { App as default, ErrorBoundary, Layout } from "./components/document.tsx";
