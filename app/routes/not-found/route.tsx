import { data, Link } from "react-router";

// Every unknown path lands here, with HTTP status 404.
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "404 Page Not Found — Break & Run" }];

export default function NotFound() {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-slate-600 dark:text-slate-300">Did you forget to add the page to the router?</p>
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </main>
  );
}
