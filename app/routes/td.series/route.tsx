// The director's series (decision 029): each with its nights count, leading to its page, and "New series" — the
// name, the points table with the defaults filled in, best N and top N. A plain form, checked by the API's schema.
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { ActionToast, useIsSubmitting } from "~/components/form.tsx";
import { SeriesFields, seriesFormValues } from "~/components/series-form.tsx";
import { isDomainError } from "~/domain/errors.ts";
import { CreateSeriesSchema, rulesText } from "~/features/series/domain/series.ts";
import { signedIn } from "~/web/access.server.ts";
import { errorToast } from "~/web/forms.server.ts";
import { nightsPerSeriesQuery, readSeriesForm } from "~/features/series/server/series-edit.server.ts";
import { createSeries } from "~/features/series/server/use-cases.server.ts";
import { organiserSeriesQuery, seriesJson } from "~/features/series/server/series.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { appContext } from "~/context.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Series — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "organiser");
  const { mine, nights } = await claim.read({
    mine: organiserSeriesQuery(claim.id),
    nights: nightsPerSeriesQuery(claim.id),
  });
  return {
    series: mine.map((row) => {
      const s = seriesJson(row);
      return { id: s.id, slug: s.slug, name: s.name, rules: rulesText(s), nights: nights.get(s.id) ?? 0 };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const organiser = await signedIn(request, context, "organiser");
  const form = readSeriesForm(await request.formData(), CreateSeriesSchema);
  if (!form.ok) return data({ errors: form.errors, values: form.values, toast: null }, { status: 400 });
  try {
    const app = context.get(appContext);
    const created = await perform(app, organiser, createSeries, { organiserId: organiser.id, fields: form.value });
    return redirect(`/td/series/${created.slug}`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { errors: {}, values: null, toast: errorToast("Could not create the series", error.message) },
      { status: error.status },
    );
  }
}

export default function DirectorSeries() {
  const { series } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsSubmitting();
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <h1 className="text-3xl font-bold tracking-tight">Series</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        A season of weekly nights with a ranking: add your nights to a series and it ranks the players.
      </p>
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <section aria-labelledby="mine-title">
          <h2 id="mine-title" className="text-lg font-semibold">
            Your series
          </h2>
          {series.length === 0 ? (
            <p className="card mt-3 text-slate-600 dark:text-slate-300">No series yet. Start one here.</p>
          ) : (
            <ul className="mt-3 grid gap-3">
              {series.map((s) => (
                <li key={s.id} className="card p-4" data-testid="series-row">
                  <Link to={`/td/series/${s.slug}`} className="font-semibold underline wrap-anywhere">
                    {s.name}
                  </Link>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                    {s.nights === 1 ? "1 night" : `${s.nights} nights`}
                  </p>
                  <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{s.rules}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card h-fit" aria-labelledby="new-title">
          <h2 id="new-title" className="text-lg font-semibold">
            New series
          </h2>
          {/* A fresh form once a series is made (the page is left for it); kept as sent beside its errors. */}
          <Form method="post" className="mt-3 space-y-4" noValidate>
            <SeriesFields
              id="new-series"
              values={actionData?.values ?? seriesFormValues(null)}
              errors={actionData?.errors}
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Creating..." : "Create series"}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
