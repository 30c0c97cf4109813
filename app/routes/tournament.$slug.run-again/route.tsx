// "Run again" (decision 020): a dialog asking when the copy starts — a week later by default — then a new open
// tournament with the same settings and no entries, and the director lands on it. Its own address, so it works
// without JavaScript and adds nothing to the tournament page's code.
import { data, Link, useActionData, useLoaderData } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { FieldError } from "~/components/fields.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { inputClass } from "~/components/styles.ts";
import { appContext } from "~/context.server.ts";
import { first } from "~/db/batch.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { isDomainError } from "~/domain/errors.ts";
import { nameField } from "~/domain/text.ts";
import {
  parseStartsAt,
  runAgainDates,
  runAgainName,
  START_FORMAT,
} from "~/features/tournaments/domain/tournament-edit.ts";
import { signedIn } from "~/web/access.server.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { flashToast } from "~/web/session.server.ts";
import { runAgain } from "~/features/tournaments/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { tournamentRow } from "~/features/tournaments/server/tournament-ref.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Run ${loaderData?.tournament.name ?? "a tournament"} again — Break & Run` },
];

/** The director's own tournament; another director's is not found. */
async function readOwn(request: Request, context: Route.LoaderArgs["context"], slug: string) {
  const organiser = await signedIn(request, context, "organiser");
  const { t } = slug.length > 120 ? { t: null } : await organiser.read({ t: first(tournamentRow({ slug })) });
  if (!t || t.organiserId !== organiser.id) throw data({ message: "Tournament not found" }, { status: 404 });
  return { organiser, t };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { t } = await readOwn(request, context, params.slug);
  const start = runAgainDates(t, Date.now());
  return {
    tournament: { slug: t.slug, name: t.name, venue: t.venue, date: t.date, time: t.time },
    start: { date: start.date, time: start.time, name: runAgainName(t.name, start.date) },
    hasDeadline: t.registrationDeadline !== null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { organiser, t } = await readOwn(request, context, params.slug);
  const { env } = context.get(appContext);
  const form = await request.formData();
  const text = (name: string, max = 20) => String(form.get(name) ?? "").slice(0, max);
  const values = { date: text("date"), time: text("time"), name: text("name", 200) };
  // A form without the field (an older page) gets the suggested name; a blank one is refused.
  const named = form.has("name") ? nameField("Tournament name").safeParse(values.name) : { success: true as const };
  if (!named.success) {
    return data({ error: null, nameError: named.error.issues[0]?.message ?? null, values }, { status: 400 });
  }
  const now = Date.now();
  const chosen = values.date && values.time ? parseStartsAt(`${values.date}T${values.time}`, now) : null;
  if (!chosen || "error" in chosen) {
    return data({ error: chosen?.error ?? START_FORMAT, nameError: null, values }, { status: 400 });
  }
  try {
    const copy = await perform(context.get(appContext), organiser, runAgain, {
      organiserId: organiser.id,
      t,
      startsAt: chosen,
      name: "data" in named ? named.data : undefined,
      now,
    });
    return redirectWithCookies(`/tournament/${copy.slug}`, [
      await flashToast(env, {
        type: "success",
        title: "Tournament created",
        description: `${copy.name} on ${formatDate(copy.date)} at ${copy.time}: open for entries`,
      }),
    ]);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.message, nameError: null, values }, { status: error.status });
  }
}

export default function RunAgain() {
  const { tournament: t, start, hasDeadline } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useIsSubmitting();
  const values = reply?.values ?? start;
  const errorId = "run-again-error";
  const nameErrorId = "run-again-name-error";
  const described = reply?.error ? errorId : undefined;
  return (
    <>
      <Link to={`/tournament/${t.slug}`} className="text-sm font-medium text-baize-700 dark:text-baize-300">
        ← Back to the tournament
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight wrap-anywhere">{t.name}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        {t.venue} · {formatDate(t.date)} · {t.time}
      </p>
      <ConfirmDialog
        open
        title={`Run ${t.name} again?`}
        description={
          <>
            A new tournament opens for entries with the same settings: format, fees, rake and payouts. Nobody is entered
            yet.{hasDeadline ? " Its registration deadline is as long before the start as this one's." : ""}
          </>
        }
        confirmLabel="Run again"
        cancelTo={`/tournament/${t.slug}`}
        busy={busy}
      >
        <div className="space-y-1.5">
          <label htmlFor="run-again-name" className="block text-sm font-medium">
            The new night's name
          </label>
          <input
            id="run-again-name"
            name="name"
            type="text"
            required
            maxLength={100}
            defaultValue={values.name}
            aria-invalid={reply?.nameError ? true : undefined}
            aria-describedby={reply?.nameError ? nameErrorId : undefined}
            className={inputClass}
          />
          <FieldError id={nameErrorId} errors={reply?.nameError ? [reply.nameError] : undefined} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor="run-again-date" className="block text-sm font-medium">
              Date
            </label>
            <input
              id="run-again-date"
              name="date"
              type="date"
              required
              defaultValue={values.date}
              aria-invalid={reply?.error ? true : undefined}
              aria-describedby={described}
              className={inputClass}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="run-again-time" className="block text-sm font-medium">
              Start time
            </label>
            <input
              id="run-again-time"
              name="time"
              type="time"
              required
              defaultValue={values.time}
              aria-invalid={reply?.error ? true : undefined}
              aria-describedby={described}
              className={inputClass}
            />
          </div>
        </div>
        <FieldError id={errorId} errors={reply?.error ? [reply.error] : undefined} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The venue's time (UK). Suggested: a week on, {formatDate(start.date)} at {start.time}.
        </p>
      </ConfirmDialog>
    </>
  );
}
