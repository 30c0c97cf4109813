// A table's code refused (none such: 404; too many wrong ones from this address: 429), shown in place of the
// tablet's page — the board and its change page alike; anything else is the site's own error page.
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ErrorBoundary as PageError } from "./document.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

export const tooManyCodes = (error: unknown) => isRouteErrorResponse(error) && error.status === 429;

export function CodeRefused() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || (error.status !== 404 && error.status !== 429)) return <PageError />;
  const tooMany = tooManyCodes(error);
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 p-6 text-center">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <h1 className="text-4xl font-bold">{tooMany ? "Too many wrong codes" : "Invalid access code"}</h1>
      <p className="text-lg text-slate-600 dark:text-slate-300">
        {tooMany
          ? "Too many codes that are not a table's were tried from this network. Wait a minute, then try again."
          : "Check the code on the director's Tables page."}
      </p>
      <Link to="/scoreboard" className="btn-primary px-8 py-3 text-lg">
        Try Again
      </Link>
    </main>
  );
}
