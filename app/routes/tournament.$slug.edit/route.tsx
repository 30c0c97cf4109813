// Editing a tournament after creating it (decision 020): the creation form's fields, filled with what is stored;
// those that can no longer change are disabled with the reason beside them. A plain form: without JavaScript it
// posts and comes back; with it the action checks each field as the director leaves it, as creation does.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { isNetworkError } from "~/components/data-reads.ts";
import { FormError } from "~/components/fields.tsx";
import { useHydrated } from "~/components/hydrated.ts";
import { ActionToast, useIsSubmitting } from "~/components/form.tsx";
import { PrizePreview } from "~/components/prize-preview.tsx";
import { TournamentFields } from "~/components/tournament-form.tsx";
import { useForm, VALIDATE_INTENT } from "~/components/use-form.ts";
import { appContext } from "~/context.server.ts";
import { previewFromValues } from "~/features/tournaments/domain/creation-preview.ts";
import { instantToLocalInput, UK_TIME_ZONE } from "~/domain/dates.ts";
import { isDomainError } from "~/domain/errors.ts";
import { fewestMaxPlayers, fieldLocks, storedFields } from "~/features/tournaments/domain/tournament-edit.ts";
import { editTournamentSchema } from "~/features/tournaments/domain/tournament-schema.ts";
import { signedIn } from "~/web/access.server.ts";
import { editTournament } from "~/features/tournaments/server/use-cases.server.ts";
import { errorToast, redirectWithCookies } from "~/web/forms.server.ts";
import { organiserSeriesQuery } from "~/features/series/server/series.server.ts";
import { flashToast } from "~/web/session.server.ts";
import { editReadQuery, settingsOf } from "~/features/tournaments/server/tournament-edit.server.ts";
import { perform } from "~/web/use-case.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Edit ${loaderData?.tournament.name ?? "tournament"} — Break & Run` },
];

const notFound = () => data({ message: "Tournament not found" }, { status: 404 });

/** The director's own tournament and its locks, in one read; another director's is not found. */
async function readOwn(request: Request, context: Route.LoaderArgs["context"], slug: string, now: number) {
  const organiser = await signedIn(request, context, "organiser");
  if (slug.length > 120) throw notFound();
  const { edit, series } = await organiser.read({
    edit: editReadQuery({ slug }, now),
    series: organiserSeriesQuery(organiser.id),
  });
  if (!edit.t || edit.t.organiserId !== organiser.id) throw notFound();
  return { organiser, t: edit.t, facts: edit.facts, series: series.map((s) => ({ id: s.id, name: s.name })) };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { t, facts, series } = await readOwn(request, context, params.slug, Date.now());
  const stored = storedFields(settingsOf(t));
  return {
    tournament: { slug: t.slug, name: t.name },
    // The deadline as the form's field shows it: the venue's time.
    values: {
      ...stored,
      registrationDeadline:
        t.registrationDeadline === null ? undefined : instantToLocalInput(t.registrationDeadline, UK_TIME_ZONE),
    },
    locked: fieldLocks(facts),
    fewest: Math.max(2, fewestMaxPlayers(facts)),
    series,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const now = Date.now();
  const { organiser, t, facts } = await readOwn(request, context, params.slug, now);
  const app = context.get(appContext);
  const sent = await request.formData();
  // A field the form did not send (disabled: it can no longer change) keeps what is stored.
  const form = new FormData();
  for (const [name, value] of Object.entries(storedFields(settingsOf(t)))) {
    if (!sent.has(name) && value !== undefined) form.append(name, value);
  }
  for (const [name, value] of sent) form.append(name, value);
  const values = Object.fromEntries([...form].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const submission = parseWithZod(form, { schema: editTournamentSchema(t) });
  const preview = previewFromValues(values);

  if (sent.get("intent") === VALIDATE_INTENT) return data({ result: submission.reply(), preview: null, toast: null });
  if (sent.get("intent") === "preview") return data({ result: submission.reply(), preview, toast: null });
  if (submission.status !== "success")
    return data({ result: submission.reply(), preview, toast: null }, { status: 400 });
  try {
    const edit = { organiserId: organiser.id, t, facts, next: submission.value, now };
    const { changed } = await perform(app, organiser, editTournament, edit);
    return redirectWithCookies(`/tournament/${t.slug}`, [
      await flashToast(app.env, {
        type: "success",
        title: "Tournament updated",
        description: changed.length > 0 ? "Your changes are saved" : "Nothing was changed",
      }),
    ]);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const field = error.field;
    const result = field
      ? submission.reply({ fieldErrors: { [field]: [error.message] } })
      : submission.reply({ formErrors: [error.message] });
    return data({ result, preview, toast: errorToast("Could not save", error.message) }, { status: error.status });
  }
}

/** A check that cannot reach the server (a dropped connection) is only a missed check, as on creation. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  if (intent !== VALIDATE_INTENT) return serverAction();
  try {
    return await serverAction();
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return { result: null, preview: null, toast: null };
  }
}

export default function EditTournament() {
  const { tournament: t, values, locked, fewest, series } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsSubmitting();
  const hydrated = useHydrated();
  const [form, fields] = useForm<ReturnType<typeof editTournamentSchema>>({
    id: "edit-tournament",
    lastResult: actionData?.result,
    defaultValue: values,
    serverCheck: true,
  });
  const preview =
    previewFromValues({
      entryFee: fields.entryFee.value,
      siteFee: fields.siteFee.value,
      rakeType: fields.rakeType.value,
      rakeValue: fields.rakeValue.value,
      maxPlayers: fields.maxPlayers.value,
      payoutStructure: fields.payoutStructure.value,
      matchType: fields.matchType.value,
    }) ??
    actionData?.preview ??
    null;
  const previewButton = (className: string) => (
    <noscript>
      <button type="submit" name="intent" value="preview" className={className} formNoValidate>
        Preview
      </button>
    </noscript>
  );

  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <div className="mb-6">
        <Link to={`/tournament/${t.slug}`} className="text-sm font-medium text-baize-700 dark:text-baize-300">
          ← Back to the tournament
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight wrap-anywhere">Edit {t.name}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          What can no longer change is greyed out, with the reason beside it.
        </p>
      </div>
      <Form
        method="post"
        className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
        {...form.props}
      >
        {/* The deadline is shown and read in the venue's time. */}
        <input type="hidden" name="timeZone" value={UK_TIME_ZONE} />
        <div className="space-y-6">
          <FormError id={form.errorId} errors={form.errors} />
          <TournamentFields
            fields={fields}
            hydrated={hydrated}
            preview={preview}
            previewButton={previewButton("btn-secondary mt-3 w-full")}
            locked={locked}
            deadlineHint="UK time. Leave empty to take entries until the draw."
            minPlayers={fewest}
            series={series}
          />
        </div>
        <aside className="space-y-4 lg:sticky lg:top-36 lg:self-start" aria-label="Prize pool preview">
          <PrizePreview preview={preview} />
          {previewButton("btn-secondary hidden w-full lg:flex")}
          <button type="submit" name="intent" value="save" className="btn-primary w-full" disabled={busy}>
            {busy ? "Saving..." : "Save changes"}
          </button>
          <Link to={`/tournament/${t.slug}`} className="btn-ghost w-full">
            Cancel
          </Link>
        </aside>
      </Form>
    </>
  );
}
