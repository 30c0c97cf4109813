// Changing a tablet's table, the deliberate step (decision 024): the
// board's "Change Table" button must be held (or, without JavaScript, leads
// here), and here the tablet needs the new table's code or the director's
// sign-in. A passer-by who gets this far has neither: "Back to the table" is
// the big button, and the page goes back to the board by itself after two
// minutes untouched (its meta refresh; the script's timer, reset by each tap,
// when it runs). Never hydrated, like the board: the tablet's one small script
// keeps that time and switches the theme, which lives here, out of the way.
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { CodeRefused, tooManyCodes } from "~/components/code-refused.tsx";
import type { StaticPage } from "~/components/static-page.ts";
import { errorHeaders } from "~/domain/errors.ts";
import { AccessCodeInput } from "~/components/access-code-input.tsx";
import { ThemeToggle } from "~/components/theme-toggle.tsx";
import { appContext } from "~/context.server.ts";
import { signedOut } from "~/features/accounts/server/sign-out.server.ts";
import { signedIn, visitor } from "~/web/access.server.ts";
import { findByCode, isCodeRefusal, sentCode } from "~/features/floor/server/table-codes.server.ts";
import { tableByCodeQuery, tablesQuery } from "~/features/floor/server/tables.server.ts";
import { rememberCode } from "~/features/floor/server/tablets.server.ts";
import type { Route } from "./+types/route";

/** A tablet left here goes back to its board by itself after this long. */
const BACK_AFTER_SECONDS = 120;

export const handle = { hydrate: false, script: "/scoreboard.js" } satisfies StaticPage;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = await visitor(context);
  // The code is checked as the board checks it: a wrong one counts against the address.
  const table = await findByCode(db, sentCode(request, params.code), tableByCodeQuery).catch((error: unknown) => {
    if (!isCodeRefusal(error)) throw error;
    throw data(error.message, { status: error.status, headers: errorHeaders(error) });
  });
  // A director signed in on this tablet picks one of their tables (a second read, only for them).
  const director =
    db.session?.userType === "organiser" ? await db.read({ tables: tablesQuery(db.session.userId) }) : null;
  const signedInDirector = director?.user?.userType === "organiser" ? director : null;
  const url = new URL(request.url);
  return {
    table: { id: table.id, name: table.name, accessCode: table.accessCode },
    tables: signedInDirector ? signedInDirector.tables.map(({ id, name }) => ({ id, name })) : null,
    here: url.pathname,
  };
}

/**
 * The signed-in director picks a table: the tablet goes to it and remembers it, and the director's sign-in ends on
 * this tablet (it stays at a table anyone can reach).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const director = await signedIn(request, context, "organiser");
  const form = await request.formData();
  const tableId = String(form.get("tableId") ?? "").slice(0, 64);
  const { tables } = await director.read({ tables: tablesQuery(director.id) });
  const table = tables.find((t) => t.id === tableId);
  if (!table) throw data("You can only pick one of your own tables", { status: 404 });
  const headers = new Headers({ "Set-Cookie": await signedOut(context) });
  const remember = rememberCode(request, table.accessCode, context.get(appContext).env.APP_ENV === "production");
  if (remember) headers.append("Set-Cookie", remember);
  return redirect(`/scoreboard/${table.accessCode}`, { status: 303, headers });
}

/** A 429 says when to try again (Retry-After), as on the board. */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** A refused code, as the board shows it. */
export function ErrorBoundary() {
  return <CodeRefused />;
}

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData
    ? [
        { title: `Change table — ${loaderData.table.name}` },
        { httpEquiv: "refresh", content: `${BACK_AFTER_SECONDS}; url=/scoreboard/${loaderData.table.accessCode}` },
      ]
    : [{ title: `${tooManyCodes(error) ? "Too many wrong codes" : "Invalid access code"} — Break & Run` }];

export default function ChangeTable() {
  const { table, tables, here } = useLoaderData<typeof loader>();
  const board = `/scoreboard/${table.accessCode}`;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-xl flex-col gap-6 p-6"
      data-back-to={board}
      data-back-after={BACK_AFTER_SECONDS}
    >
      <div>
        <h1 className="text-3xl font-bold">Change table</h1>
        <p className="mt-1 text-lg text-slate-600 dark:text-slate-300">
          This tablet shows <strong>{table.name}</strong>.
        </p>
      </div>
      <Link to={board} reloadDocument className="btn-primary py-3 text-lg" data-testid="back-to-table">
        Back to {table.name}
      </Link>

      <section className="card" aria-labelledby="code-title">
        <h2 id="code-title" className="text-lg font-semibold">
          Move this tablet to another table
        </h2>
        <Form method="get" action="/scoreboard" reloadDocument className="mt-3 space-y-3">
          <label htmlFor="code" className="block text-sm font-medium">
            The new table's access code
          </label>
          <AccessCodeInput placeholder="K7M2QX9P" />
          <button type="submit" className="btn-secondary w-full py-3">
            Go to that table
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="director-title">
        <h2 id="director-title" className="text-lg font-semibold">
          Director
        </h2>
        {tables ? (
          <Form method="post" reloadDocument className="mt-3">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Pick the table. You are then signed out of this tablet.
            </p>
            <ul className="mt-3 grid grid-cols-2 gap-2">
              {tables.map((t) => (
                <li key={t.id}>
                  <button
                    type="submit"
                    name="tableId"
                    value={t.id}
                    className="btn-secondary w-full"
                    aria-current={t.id === table.id ? "true" : undefined}
                  >
                    {t.name}
                  </button>
                </li>
              ))}
            </ul>
          </Form>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            No code to hand?{" "}
            <Link
              to={`/login?${new URLSearchParams({ redirectTo: here })}`}
              reloadDocument
              className="font-medium text-baize-700 underline dark:text-baize-300"
            >
              Sign in as the director
            </Link>{" "}
            and pick one of your tables.
          </p>
        )}
      </section>

      <section className="flex items-center justify-between text-sm text-slate-600 dark:text-slate-300">
        <span>Light or dark screen</span>
        <ThemeToggle />
      </section>
    </main>
  );
}
