// A director's series (decision 029), for its director only (anyone else: not found): its rules to edit — the
// points locked once a night in it is finalized, with why — its nights to add (their own, not finished, in no
// series) and remove (not once finished; confirmed first), the public page and the printable ranking. Plain forms.
import type { ComponentProps } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { Badge } from "~/components/badges.tsx";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { ActionToast } from "~/components/form.tsx";
import { SeriesFields, seriesFormValues } from "~/components/series-form.tsx";
import { inputClass } from "~/components/styles.ts";
import { appContext } from "~/context.server.ts";
import { formatDateTime, tournamentStartInstant } from "~/domain/dates.ts";
import { isDomainError } from "~/domain/errors.ts";
import { rulesText, UpdateSeriesSchema } from "~/features/series/domain/series.ts";
import { signedIn } from "~/web/access.server.ts";
import { moveNight } from "~/features/series/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { errorToast, redirectWithCookies } from "~/web/forms.server.ts";
import { editSeries } from "~/features/series/server/use-cases.server.ts";
import { readSeriesForm, seriesChangeQuery, seriesDirectorQuery } from "~/features/series/server/series-edit.server.ts";
import { flashToast } from "~/web/session.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.series.name ?? "Series"} — Break & Run` },
];

const notFound = () => data("Series not found", { status: 404 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const organiser = await signedIn(request, context, "organiser");
  if (params.slug.length > 120) throw notFound();
  // The director's own series and what their page shows, in one read; anyone else's is not found.
  const { page, joinable } = await organiser.read(seriesDirectorQuery(params.slug, organiser.id));
  if (!page || page.series.organiserId !== organiser.id) throw notFound();
  const url = new URL(request.url);
  const finalized = page.nights.some((n) => n.finalized);
  return {
    series: { id: page.series.id, slug: page.series.slug, name: page.series.name },
    values: seriesFormValues({ name: page.series.name, ...page.rules }),
    rulesText: rulesText(page.rules),
    pointsLocked: finalized ? "a night in the series is finalized" : null,
    nights: page.nights.map((n) => ({
      ...n,
      when: n.startsAt === null ? "Date to be set" : formatDateTime(n.startsAt),
    })),
    joinable: joinable.map((t) => {
      const startsAt = tournamentStartInstant(t.date, t.time);
      return { id: t.id, name: t.name, when: startsAt === null ? "" : formatDateTime(startsAt) };
    }),
    ranked: page.standings.length,
    confirmRemove: url.searchParams.get("remove"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const organiser = await signedIn(request, context, "organiser");
  if (params.slug.length > 120) throw notFound();
  const app = context.get(appContext);
  const form = await request.formData();
  const intent = form.get("intent");
  const moving = intent === "add-night" || intent === "remove-night";
  const now = Date.now();
  // One read: the series and, for a night joining or leaving, that night; then the write.
  const { row, night } = await organiser.read(
    seriesChangeQuery(params.slug, moving ? String(form.get("tournamentId") ?? "") : null, now),
  );
  if (!row || row.organiserId !== organiser.id) throw notFound();
  const here = `/td/series/${row.slug}`;
  const done = async (title: string, description: string) =>
    redirectWithCookies(here, [await flashToast(app.env, { type: "success", title, description })]);
  try {
    if (moving) {
      const adding = intent === "add-night";
      await perform(app, organiser, moveNight, {
        organiserId: organiser.id,
        night,
        seriesId: adding ? row.id : null,
        from: adding ? undefined : row.id,
        now,
      });
      return await done(
        adding ? "Night added" : "Night removed",
        adding ? "It counts in the series" : "It no longer counts",
      );
    }
    const read = readSeriesForm(form, UpdateSeriesSchema);
    if (!read.ok) return data({ errors: read.errors, values: read.values, toast: null }, { status: 400 });
    await perform(app, organiser, editSeries, { organiserId: organiser.id, row, fields: read.value });
    return await done("Series saved", "The ranking follows the new rules");
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const errors: Record<string, string> = error.field === "points" ? { points: error.message } : {};
    return data({ errors, values: null, toast: errorToast("Could not save", error.message) }, { status: error.status });
  }
}

export default function DirectorSeriesPage() {
  const {
    series,
    values,
    rulesText: rules,
    pointsLocked,
    nights,
    joinable,
    ranked,
    confirmRemove,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const here = `/td/series/${series.slug}`;
  const removing = nights.find((n) => n.id === confirmRemove && n.status !== "finished");
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <Link to="/td/series" className="text-sm font-medium text-baize-700 dark:text-baize-300">
        ← All series
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight wrap-anywhere">{series.name}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{rules}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={`/series/${series.slug}`} className="btn-secondary">
          Public page
        </Link>
        <Link to={`${here}/print`} className="btn-secondary">
          Print ranking
        </Link>
      </div>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <NightsCard nights={nights} joinable={joinable} ranked={ranked} here={here} busy={busy} />
        <RulesCard
          values={actionData?.values ?? values}
          errors={actionData?.errors}
          pointsLocked={pointsLocked}
          busy={busy}
        />
      </div>

      <RemoveNightDialog night={removing} here={here} busy={busy("remove-night")} />
    </>
  );
}

type Loaded = Awaited<ReturnType<typeof loader>>;

/** Whether the form with this intent is being sent. */
type Busy = (intent: string) => boolean;

/** The series' nights: each linked, with when and who won, removable until it is finished; a night to add. */
function NightsCard({
  nights,
  joinable,
  ranked,
  here,
  busy,
}: Pick<Loaded, "nights" | "joinable" | "ranked"> & { here: string; busy: Busy }) {
  return (
    <section className="card space-y-4" aria-labelledby="nights-title">
      <h2 id="nights-title" className="text-lg font-semibold">
        Nights
      </h2>
      {nights.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No nights yet: add one below.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="series-nights">
          {nights.map((n) => (
            <li key={n.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <Link to={`/tournament/${n.slug}`} className="font-medium underline wrap-anywhere">
                  {n.name}
                </Link>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {n.when}
                  {n.winners.length > 0 ? ` · Won by ${n.winners.join(" and ")}` : ""}
                </span>
              </span>
              {n.status === "finished" ? (
                <Badge tone={n.finalized ? "green" : "slate"}>{n.finalized ? "Finalized" : "Archived"}</Badge>
              ) : (
                <Link
                  to={`${here}?remove=${n.id}`}
                  preventScrollReset
                  className="btn-ghost px-3 text-red-700 dark:text-red-400"
                  aria-label={`Remove ${n.name} from the series`}
                >
                  Remove
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {joinable.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Every night of yours that is not finished is already in a series.{" "}
          <Link to="/td/create-tournament" className="font-medium underline">
            Create a tournament
          </Link>{" "}
          and choose this series.
        </p>
      ) : (
        <Form method="post" preventScrollReset className="space-y-1.5">
          <input type="hidden" name="intent" value="add-night" />
          <label htmlFor="add-night" className="block text-sm font-medium">
            Add a night
          </label>
          <div className="flex gap-2">
            <select id="add-night" name="tournamentId" required className={`${inputClass} min-w-0`}>
              {joinable.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.when ? `${t.name} (${t.when})` : t.name}
                </option>
              ))}
            </select>
            <button type="submit" className="btn-primary shrink-0" disabled={busy("add-night")}>
              Add
            </button>
          </div>
        </Form>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {ranked === 0 ? "Nobody ranked yet." : `${ranked} ${ranked === 1 ? "player" : "players"} ranked.`}
      </p>
    </section>
  );
}

/** The series' rules to edit: its name, the points (locked once a night is finalized), best N and top N. */
function RulesCard({
  values,
  errors,
  pointsLocked,
  busy,
}: {
  values: ComponentProps<typeof SeriesFields>["values"];
  errors: ComponentProps<typeof SeriesFields>["errors"];
  pointsLocked: string | null;
  busy: Busy;
}) {
  return (
    <section className="card h-fit" aria-labelledby="rules-title">
      <h2 id="rules-title" className="text-lg font-semibold">
        Rules
      </h2>
      <Form method="post" className="mt-3 space-y-4" noValidate>
        <input type="hidden" name="intent" value="edit" />
        <SeriesFields id="edit-series" values={values} errors={errors} pointsLocked={pointsLocked} />
        <button type="submit" className="btn-primary w-full" disabled={busy("edit")}>
          {busy("edit") ? "Saving..." : "Save changes"}
        </button>
      </Form>
    </section>
  );
}

/** Taking a night out of the series, confirmed first. */
function RemoveNightDialog({
  night,
  here,
  busy,
}: {
  night: { id: string; name: string } | undefined;
  here: string;
  busy: boolean;
}) {
  return (
    <ConfirmDialog
      open={Boolean(night)}
      title={`Remove ${night?.name ?? ""} from the series?`}
      description="The night stays as it is; it no longer counts in this series' ranking. You can add it again later."
      confirmLabel="Remove"
      cancelTo={here}
      destructive
      busy={busy}
    >
      <input type="hidden" name="intent" value="remove-night" />
      <input type="hidden" name="tournamentId" value={night?.id ?? ""} />
    </ConfirmDialog>
  );
}
