import { parseWithZod } from "@conform-to/zod/v4";
import { inputProps, useForm } from "~/components/use-form.ts";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { TrashIcon } from "~/components/more-icons.tsx";
import { ActionToast } from "~/components/form.tsx";
import { FieldError } from "~/components/fields.tsx";
import { useHydrated } from "~/components/hydrated.ts";
import { inputClass } from "~/components/styles.ts";
import { useCopy } from "~/components/copy-box.tsx";
import { appContext } from "~/context.server.ts";
import { isDomainError } from "~/domain/errors.ts";
import { TableSchema } from "~/features/floor/domain/tables.ts";
import { errorToast, redirectWithCookies } from "~/web/forms.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { flashToast } from "~/web/session.server.ts";
import { addTable, newTableCode, removeTable, sendTabletTo } from "~/features/floor/server/use-cases.server.ts";
import { tablesQuery } from "~/features/floor/server/tables.server.ts";
import { tabletsOnline } from "~/features/live/server/live.server.ts";
import { Badge } from "~/components/badges.tsx";
import { perform } from "~/web/use-case.server.ts";
import { DeleteTableDialog, NewCodeDialog, SendTablet } from "./dialogs.tsx";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Table Access Codes — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "organiser");
  const app = context.get(appContext);
  const { env } = app;
  const url = new URL(request.url);
  // Which have a tablet on them now, asked of their push channel beside the read.
  const [{ tables }, tablets] = await Promise.all([
    claim.read({ tables: tablesQuery(claim.id) }),
    tabletsOnline(app, claim.id),
  ]);
  return {
    tables: tables.map((t) => ({ ...t, tablet: tablets === null ? null : tablets.has(t.id) })),
    origin: env.APP_URL,
    confirmDelete: url.searchParams.get("delete"),
    confirmNewCode: url.searchParams.get("new-code"),
    sendFrom: url.searchParams.get("send"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const organiser = await signedIn(request, context, "organiser");
  const app = context.get(appContext);
  const { env } = app;
  const organiserId = organiser.id;
  const formData = await request.formData();
  if (formData.get("intent") === "new-code") {
    // a code seen by the wrong people is replaced; tablets using it are disconnected.
    const tableId = String(formData.get("tableId") ?? "").slice(0, 64);
    try {
      const table = await perform(app, organiser, newTableCode, { organiserId, tableId });
      const description = `${table.name}'s new code is ${table.accessCode}`;
      return redirectWithCookies("/td/tables", [
        await flashToast(env, { type: "success", title: "New code", description }),
      ]);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return redirectWithCookies("/td/tables", [
        await flashToast(env, { type: "error", title: "Error", description: error.message }),
      ]);
    }
  }
  if (formData.get("intent") === "send-tablet") {
    // The tablet at one table goes to another (decision 024): it follows at once, or at its next refresh.
    const tableId = String(formData.get("tableId") ?? "").slice(0, 64);
    const toTableId = String(formData.get("toTableId") ?? "").slice(0, 64);
    try {
      const sent = await perform(app, organiser, sendTabletTo, { organiserId, tableId, toTableId });
      const description = `${sent.from}'s tablet goes to ${sent.to}`;
      return redirectWithCookies("/td/tables", [
        await flashToast(env, { type: "success", title: "Tablet sent", description }),
      ]);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return redirectWithCookies("/td/tables", [
        await flashToast(env, { type: "error", title: "Error", description: error.message }),
      ]);
    }
  }
  if (formData.get("intent") === "delete") {
    const tableId = String(formData.get("tableId") ?? "").slice(0, 64);
    try {
      await perform(app, organiser, removeTable, { organiserId, tableId });
      return redirectWithCookies("/td/tables", [
        await flashToast(env, { type: "success", title: "Table deleted", description: "Table removed successfully" }),
      ]);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return redirectWithCookies("/td/tables", [
        await flashToast(env, { type: "error", title: "Error", description: error.message }),
      ]);
    }
  }
  const submission = parseWithZod(formData, { schema: TableSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  try {
    await perform(app, organiser, addTable, { organiserId, name: submission.value.name });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { result: submission.reply({ formErrors: [error.message] }), toast: errorToast("Error", error.message) },
      { status: error.status },
    );
  }
  return redirectWithCookies("/td/tables", [
    await flashToast(env, { type: "success", title: "Table created", description: "New table added successfully" }),
  ]);
}

export default function Tables() {
  const { tables, origin, confirmDelete, confirmNewCode, sendFrom } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  // One field, checked on submit: the action's answer is as quick as Zod's weight on the page would be.
  const [form, fields] = useForm<typeof TableSchema>({
    id: "add-table",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    required: ["name"],
    checkOnBlur: false,
  });

  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <h1 className="text-3xl font-bold tracking-tight">Table Access Codes</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Each table gets a code. Type it into the tablet at that table once.
      </p>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <AddTable form={form} fields={fields} adding={busy("add")} newest={tables.at(-1)?.id ?? "none"} />
          <TablesList
            tables={tables}
            origin={origin}
            leaving={navigation.state === "loading" && navigation.location.pathname !== "/td/tables"}
          />
        </div>
        <SetupHelp printable={tables.length > 0} />
      </div>

      <DeleteTableDialog table={tables.find((t) => t.id === confirmDelete)} busy={busy("delete")} />
      <NewCodeDialog table={tables.find((t) => t.id === confirmNewCode)} busy={busy("new-code")} />
      <SendTablet from={tables.find((t) => t.id === sendFrom)} tables={tables} />
    </>
  );
}

type AddForm = ReturnType<typeof useForm<typeof TableSchema>>;

/** The form that adds a table by its name; a new one (`newest`) once a table is added. */
function AddTable({
  form,
  fields,
  adding,
  newest,
}: {
  form: AddForm[0];
  fields: AddForm[1];
  adding: boolean;
  newest: string;
}) {
  return (
    <section className="card" aria-labelledby="add-title">
      <h2 id="add-title" className="text-lg font-semibold">
        Add Table
      </h2>
      {/* A new form once a table is added: the name typed for it is cleared. */}
      <Form key={newest} method="post" className="mt-3" {...form.props}>
        <input type="hidden" name="intent" value="add" />
        <label htmlFor={fields.name.id} className="block text-sm font-medium">
          Table Name
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            {...inputProps(fields.name, { type: "text" })}
            placeholder="e.g., Table 1"
            autoComplete="off"
            className={`${inputClass} min-w-0`}
          />
          <button type="submit" className="btn-primary shrink-0" disabled={adding}>
            {adding ? "Adding..." : "Add Table"}
          </button>
        </div>
        <FieldError id={fields.name.errorId} errors={fields.name.errors ?? form.errors} />
      </Form>
    </section>
  );
}

/** The director's tables, each with its code and scoreboard address. */
function TablesList({
  tables,
  origin,
  leaving,
}: {
  tables: { id: string; name: string; accessCode: string; tablet: boolean | null }[];
  origin: string;
  /** Going to another page: its data is on the way. */
  leaving: boolean;
}) {
  return (
    <section aria-labelledby="tables-title">
      <h2 id="tables-title" className="sr-only">
        Your tables
      </h2>
      {leaving ? (
        <p className="card text-slate-600 dark:text-slate-300">Loading tables...</p>
      ) : tables.length === 0 ? (
        <p className="card text-center text-slate-600 dark:text-slate-300">
          No tables yet. Add your first table above.
        </p>
      ) : (
        <ul className="grid gap-3">
          {tables.map((table) => (
            <TableRow
              key={table.id}
              table={table}
              url={`${origin}/scoreboard/${table.accessCode}`}
              canSend={tables.length > 1}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** How the tablets are set up, and (once there are tables) the printable sheet of their codes. */
function SetupHelp({ printable }: { printable: boolean }) {
  return (
    <aside className="card h-fit" aria-labelledby="help-title">
      <h2 id="help-title" className="text-lg font-semibold">
        Setting up the tablets
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Place a tablet at each table.</li>
        <li>
          Open <strong>/scoreboard</strong> on it and enter that table's access code (or open its scoreboard URL).
        </li>
        <li>When you manage a tournament, assign matches to tables: the tablet updates by itself within 5 seconds.</li>
        <li>
          The tablet remembers its table. To move it, hold its <strong>Change Table</strong> button, or use{" "}
          <strong>Send tablet</strong> here.
        </li>
      </ol>
      {printable ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          Or print a QR code for each table and scan it with the tablet:{" "}
          <Link to="/td/tables/print" className="font-medium text-baize-700 underline dark:text-baize-300">
            Print the setup sheet
          </Link>
        </p>
      ) : null}
    </aside>
  );
}

function TableRow({
  table,
  url,
  canSend,
}: {
  table: { id: string; name: string; accessCode: string; tablet: boolean | null };
  url: string;
  canSend: boolean;
}) {
  const { copy, copied } = useCopy();
  // Copying needs JavaScript; without it the code and URL are selectable text.
  const hydrated = useHydrated();
  return (
    <li className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="table-row">
      <div className="min-w-0 flex-1">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="min-w-0 truncate">{table.name}</span>
          {table.tablet === null ? null : table.tablet ? (
            <Badge tone="green">Tablet on</Badge>
          ) : (
            <Badge tone="slate">No tablet</Badge>
          )}
        </h3>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-slate-500 dark:text-slate-400">Access code</span>
          <code
            className={
              "rounded bg-slate-100 px-2 py-0.5 font-mono text-base font-bold tracking-widest select-all " +
              "dark:bg-slate-800"
            }
          >
            {table.accessCode}
          </code>
        </p>
        <p className="mt-1 truncate text-xs text-slate-500 select-all dark:text-slate-400">{url}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {hydrated ? (
          <>
            <button
              type="button"
              className="btn-secondary min-w-28 px-3"
              onClick={() => copy("code", table.accessCode, "Access code copied to clipboard")}
            >
              {copied === "code" ? "Copied" : "Copy Code"}
            </button>
            <button
              type="button"
              className="btn-secondary min-w-28 px-3"
              onClick={() => copy("url", url, "Scoreboard URL copied to clipboard")}
            >
              {copied === "url" ? "Copied" : "Copy URL"}
            </button>
          </>
        ) : null}
        {canSend ? (
          <Link
            to={`/td/tables?send=${table.id}`}
            preventScrollReset
            className="btn-secondary px-3 whitespace-nowrap"
            aria-label={`Send ${table.name}'s tablet to another table`}
          >
            Send tablet
          </Link>
        ) : null}
        <Link
          to={`/td/tables?new-code=${table.id}`}
          preventScrollReset
          className="btn-secondary px-3 whitespace-nowrap"
          aria-label={`New code for ${table.name}`}
        >
          New code
        </Link>
        <Link
          to={`/td/tables?delete=${table.id}`}
          preventScrollReset
          className="btn-ghost px-3 text-red-700 dark:text-red-400"
          aria-label={`Delete ${table.name}`}
        >
          <TrashIcon />
        </Link>
      </div>
    </li>
  );
}
