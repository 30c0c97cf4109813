// A public page's error boundary, drawn under its layout's site header: "{What} not found" for a 404, else
// "Something went wrong".
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

export function PageNotFound({ what }: { what: string }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? `${what} not found` : "Something went wrong"}</h1>
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </main>
  );
}
