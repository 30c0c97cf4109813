// The table setup sheet (decision 026): one QR code per table, leading to its scoreboard with its code, and the table's
// name and code in large type. Printed and left by the tables, a tablet is set up by scanning. Two tables to an A4
// landscape page (`print-sheet` in app.css); no client code of its own beyond the Print button.
import { Link, useLoaderData } from "react-router";
import { useHydrated } from "~/components/hydrated.ts";
import { appContext } from "~/context.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { qrCode } from "~/features/screens/server/qr-code.server.ts";
import { tablesQuery } from "~/features/floor/server/tables.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Table Setup Sheet — Break & Run" }];

const TABLES_A_PAGE = 2;

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "organiser");
  const { env } = context.get(appContext);
  const { tables } = await claim.read({ tables: tablesQuery(claim.id) });
  return {
    tables: tables.map(({ id, name, accessCode }) => {
      const url = `${env.APP_URL}/scoreboard/${accessCode}`;
      return { id, name, accessCode, url, qr: qrCode(url) };
    }),
  };
}

type SheetTable = Awaited<ReturnType<typeof loader>>["tables"][number];

export default function TablesPrint() {
  const { tables } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const pages: SheetTable[][] = [];
  for (let i = 0; i < tables.length; i += TABLES_A_PAGE) pages.push(tables.slice(i, i + TABLES_A_PAGE));
  return (
    <main id="main" className="print-sheet mx-auto max-w-6xl px-4 py-6">
      <div className="print:hidden">
        <Link to="/td/tables" className="text-sm font-medium text-baize-700 underline dark:text-baize-300">
          ← Back to tables
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Table Setup Sheet</h1>
        <p className="mt-1 max-w-prose text-slate-600 dark:text-slate-300">
          Print this and leave each table's part beside it. Scanning the QR code with a tablet opens that table's
          scoreboard; the code under it does the same typed into <strong>/scoreboard</strong>.
        </p>
        <div className="mt-4">
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => window.print()}>
              Print
            </button>
          ) : (
            <p className="text-sm font-medium" data-testid="print-hint">
              Use your browser's Print to print this sheet (A4 landscape, two tables a page).
            </p>
          )}
        </div>
      </div>

      {tables.length === 0 ? (
        <p className="card mt-6 text-center text-slate-600 dark:text-slate-300">
          No tables yet.{" "}
          <Link to="/td/tables" className="font-medium underline">
            Add your tables
          </Link>{" "}
          first.
        </p>
      ) : (
        pages.map((page) => (
          <div key={page[0]?.id} className="sheet-page mt-6 grid gap-6 md:grid-cols-2">
            {page.map((table) => (
              <TableSetup key={table.id} table={table} />
            ))}
          </div>
        ))
      )}
    </main>
  );
}

function TableSetup({ table }: { table: SheetTable }) {
  const titleId = `table-${table.id}`;
  return (
    <section className="sheet-table card flex flex-col items-center text-center" aria-labelledby={titleId}>
      <h2 id={titleId} className="sheet-name text-4xl font-bold break-words">
        {table.name}
      </h2>
      <svg
        className="sheet-qr mt-4 aspect-square w-full max-w-72"
        viewBox={`0 0 ${table.qr.size} ${table.qr.size}`}
        shapeRendering="crispEdges"
        role="img"
        aria-label={`QR code: ${table.url}`}
        data-testid="table-qr"
      >
        <rect width={table.qr.size} height={table.qr.size} fill="#fff" />
        <path d={table.qr.path} fill="#000" />
      </svg>
      <p className="mt-4 text-sm tracking-wide text-slate-600 uppercase dark:text-slate-300">Access code</p>
      <p className="sheet-code font-mono text-5xl font-bold tracking-widest" data-testid="table-code">
        {table.accessCode}
      </p>
      <p className="mt-3 text-sm break-all text-slate-600 dark:text-slate-300">{table.url}</p>
    </section>
  );
}
